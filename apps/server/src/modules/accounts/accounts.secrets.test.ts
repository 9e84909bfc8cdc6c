import { describe, expect, it } from 'vitest';
import {
  codeMatches,
  hashPassword,
  hashVerificationCode,
  newSessionToken,
  newVerificationCode,
  randomInvitationIndexes,
  sessionTokenHash,
  unmatchableCodeHash,
  verifyPassword,
} from './accounts.secrets';

describe('accounts secrets', () => {
  it('makes 6-digit codes over the whole range, leading zeros kept', () => {
    const codes = Array.from({ length: 2000 }, () => newVerificationCode());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(new Set(codes.map((code) => code[0])).size).toBe(10);
  });

  it('stores codes salted and hashed, matching only the right code', () => {
    const first = hashVerificationCode('012345');
    const second = hashVerificationCode('012345');
    expect(first).not.toBe(second);
    expect(first).not.toContain('012345');
    expect(codeMatches(first, '012345')).toBe(true);
    expect(codeMatches(first, '012346')).toBe(false);
    expect(codeMatches('garbage', '012345')).toBe(false);
    const decoy = unmatchableCodeHash();
    expect(
      Array.from({ length: 100 }, (_, index) => String(index).padStart(6, '0')).some((code) =>
        codeMatches(decoy, code),
      ),
    ).toBe(false);
  });

  it('makes 43-character tokens and stores their SHA-256', () => {
    const token = newSessionToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSessionToken()).not.toBe(token);
    expect(sessionTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionTokenHash(token)).toBe(sessionTokenHash(token));
  });

  it('hashes passwords with argon2id at m=19456, t=2, p=1', async () => {
    const hash = await hashPassword('secret123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'secret123')).toBe(true);
    expect(await verifyPassword(hash, 'secret124')).toBe(false);
    expect(await verifyPassword(null, 'secret123')).toBe(false);
    expect(await verifyPassword('not a hash', 'secret123')).toBe(false);
  });

  it('draws 8 invitation indexes', () => {
    expect(randomInvitationIndexes()).toHaveLength(8);
  });
});
