import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { codeLength } from '@fairex/contract';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { defaultNicknameDigits, invitationCodeAlphabet, invitationCodeLength } from './accounts.domain';

/**
 * Password hashing: argon2id at the OWASP Password Storage Cheat Sheet's first configuration
 * (m = 19 MiB, t = 2, p = 1), which are also @node-rs/argon2's defaults, stated here so a library
 * upgrade cannot silently change them. Hashes carry their parameters, so raising these later
 * keeps old hashes verifiable.
 */
export const argon2MemoryCostKib = 19_456;
export const argon2TimeCost = 2;
export const argon2Parallelism = 1;
/** Algorithm.Argon2id; a const enum cannot be read under isolatedModules. */
const argon2id = 2 as Algorithm;
const argon2Options = {
  algorithm: argon2id,
  memoryCost: argon2MemoryCostKib,
  timeCost: argon2TimeCost,
  parallelism: argon2Parallelism,
};

export const sessionTokenBytes = 32;
const codeSaltBytes = 16;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

let dummyHash: Promise<string> | null = null;
/** A hash of a random password nobody knows: verified against when there is no real hash. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

/**
 * Always runs one argon2 verification, against a dummy hash when the account has none (unknown
 * name, wallet-only user), so every failure costs the same time.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    await verify(await dummyPasswordHash(), password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** Six digits from the operating system's CSPRNG, leading zeros kept. */
export function newVerificationCode(): string {
  return String(randomInt(0, 10 ** codeLength)).padStart(codeLength, '0');
}

function saltedDigest(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/** Stored as `<salt>$<sha256(salt:code)>`: a per-row salt, never the code itself. */
export function hashVerificationCode(code: string): string {
  const salt = randomBytes(codeSaltBytes).toString('hex');
  return `${salt}$${saltedDigest(salt, code)}`;
}

/** A row that no code can ever match: sent in place of a real code where one must not go out. */
export function unmatchableCodeHash(): string {
  return `${randomBytes(codeSaltBytes).toString('hex')}$${randomBytes(32).toString('hex')}`;
}

export function codeMatches(storedHash: string, code: string): boolean {
  const [salt, digest] = storedHash.split('$');
  if (!salt || !digest) return false;
  const expected = Buffer.from(digest, 'hex');
  const actual = Buffer.from(saltedDigest(salt, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Opaque session tokens: 32 random bytes, base64url (43 characters). */
export function newSessionToken(): string {
  return randomBytes(sessionTokenBytes).toString('base64url');
}

/** Sessions are stored by this hash, so a database leak yields no usable token. */
export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function randomInvitationIndexes(): number[] {
  return Array.from({ length: invitationCodeLength }, () => randomInt(0, invitationCodeAlphabet.length));
}

export function randomNicknameDigits(): string {
  return String(randomInt(0, 10 ** defaultNicknameDigits)).padStart(defaultNicknameDigits, '0');
}
