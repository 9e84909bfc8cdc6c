import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Seeds are integers below 2^53, so they stay exact as JavaScript numbers. */
const seedBits = 53n;

/**
 * This installation's secret seed, kept in `file` (made on first use, readable by the owner
 * only). Several processes sharing the directory agree: the file appears whole or not at all
 * (written aside, then hard-linked into place; the first link wins), and later starts read it.
 */
export function installationSeed(file: string): number {
  const existing = readSeed(file);
  if (existing !== null) return existing;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const seed = Number(BigInt(`0x${randomBytes(8).toString('hex')}`) & ((1n << seedBits) - 1n)) || 1;
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, `${seed}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(aside);
  }
  const stored = readSeed(file);
  if (stored === null) throw new Error(`${file} holds no seed`);
  return stored;
}

function readSeed(file: string): number | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const seed = Number(text.trim());
  if (!Number.isSafeInteger(seed) || seed <= 0)
    throw new Error(`${file} is damaged: it must hold one positive integer`);
  return seed;
}
