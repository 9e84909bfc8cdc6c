import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './file-storage';

const safeKey = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]{2,5}$/;
const contentTypeSuffix = '.type';

function isSafeKey(key: string): boolean {
  return safeKey.test(key) && !key.includes('..') && !key.includes('//');
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Writes beside the target and renames, so a crash never leaves half a file to be served. */
async function writeAtomically(filePath: string, data: Uint8Array | string): Promise<void> {
  const temporaryPath = `${filePath}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporaryPath, data);
    await rename(temporaryPath, filePath);
  } catch (error) {
    await rm(temporaryPath, { force: true });
    throw error;
  }
}

/** Files under one root directory; keys are checked so no `../` can leave it. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const filePath = this.pathOf(key);
    await mkdir(path.dirname(filePath), { recursive: true });
    // The type goes first: a file without its type is never served (get answers null).
    await writeAtomically(`${filePath}${contentTypeSuffix}`, contentType);
    await writeAtomically(filePath, bytes);
  }

  async get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    // A key that could never have been stored is simply not there.
    if (!isSafeKey(key)) return null;
    const filePath = this.pathOf(key);
    try {
      const [bytes, contentType] = await Promise.all([
        readFile(filePath),
        readFile(`${filePath}${contentTypeSuffix}`, 'utf8'),
      ]);
      return { bytes, contentType };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const filePath = this.pathOf(key);
    await rm(filePath, { force: true });
    await rm(`${filePath}${contentTypeSuffix}`, { force: true });
  }
}
