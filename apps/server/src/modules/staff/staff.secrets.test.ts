import { describe, expect, it } from 'vitest';
import { staffTokenPrefix } from './staff.domain';
import { createTotpSecretBox, newStaffToken, newTotpSecret, staffTokenHash } from './staff.secrets';
import { totpSecretFromBase32 } from './staff.totp';

const key = 'an operator secret key of 32+ characters';

describe('TOTP secrets at rest', () => {
  it('seals with STAFF_TOTP_KEY (AES-256-GCM, a fresh IV each time) and opens with the same key', () => {
    const box = createTotpSecretBox(key);
    const secret = newTotpSecret();
    const sealed = box.seal(secret);
    expect(box.encrypted).toBe(true);
    expect(sealed.startsWith('aesgcm:')).toBe(true);
    expect(sealed).not.toContain(secret);
    expect(box.seal(secret)).not.toBe(sealed);
    expect(box.open(sealed)).toEqual(totpSecretFromBase32(secret));
  });

  it('cannot open a sealed secret without the key, with another key, or once tampered with', () => {
    const sealed = createTotpSecretBox(key).seal(newTotpSecret());
    expect(createTotpSecretBox(undefined).open(sealed)).toBeNull();
    expect(createTotpSecretBox(`${key}!`).open(sealed)).toBeNull();
    const [scheme, iv, tag, body] = sealed.split(':');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    expect(createTotpSecretBox(key).open([scheme, iv, tag, flipped].join(':'))).toBeNull();
    expect(createTotpSecretBox(key).open('garbage')).toBeNull();
  });

  it('without a key stores plain base32, which a box with a key still reads', () => {
    const secret = newTotpSecret();
    const stored = createTotpSecretBox(undefined).seal(secret);
    expect(stored).toBe(`plain:${secret}`);
    expect(createTotpSecretBox(key).open(stored)).toEqual(totpSecretFromBase32(secret));
  });

  it('refuses a short key', () => {
    expect(() => createTotpSecretBox('too short')).toThrow(/STAFF_TOTP_KEY/);
  });
});

describe('staff tokens', () => {
  it('are prefixed, random, and stored as a SHA-256 hex digest', () => {
    const token = newStaffToken();
    expect(token.startsWith(staffTokenPrefix)).toBe(true);
    expect(token).toHaveLength(staffTokenPrefix.length + 43);
    expect(newStaffToken()).not.toBe(token);
    expect(staffTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});
