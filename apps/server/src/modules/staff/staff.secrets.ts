import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { staffTokenPrefix } from './staff.domain';
import { totpSecretBytes, totpSecretFromBase32, totpSecretToBase32 } from './staff.totp';

/** Opaque staff tokens: the prefix and 32 random bytes, base64url. */
const staffTokenBytes = 32;
/** STAFF_TOTP_KEY must carry at least this many characters (e.g. `openssl rand -base64 32`). */
export const staffTotpKeyLengthMin = 32;
const aesKeyBytes = 32;
const gcmIvBytes = 12;

export function newStaffToken(): string {
  return `${staffTokenPrefix}${randomBytes(staffTokenBytes).toString('base64url')}`;
}

/** Staff sessions are stored by this hash, so a database leak yields no usable token. */
export function staffTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh 160-bit TOTP secret, base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return totpSecretToBase32(randomBytes(totpSecretBytes));
}

/**
 * Seals TOTP secrets at rest. With STAFF_TOTP_KEY, AES-256-GCM under a key derived from it by
 * HKDF-SHA-256 (`aesgcm:<iv>:<tag>:<ciphertext>`, base64url); without a key, `plain:<base32>`
 * (the server warns outside demo mode). Either form is read back whatever is configured now,
 * except that a sealed secret needs the key it was sealed with.
 */
export type TotpSecretBox = {
  readonly encrypted: boolean;
  seal(secretBase32: string): string;
  /** The secret's bytes, or null when it cannot be read (no key, wrong key, damaged). */
  open(stored: string): Uint8Array | null;
};

export function createTotpSecretBox(keyText: string | undefined): TotpSecretBox {
  if (keyText !== undefined && keyText.length < staffTotpKeyLengthMin) {
    throw new Error(`STAFF_TOTP_KEY needs at least ${staffTotpKeyLengthMin} characters`);
  }
  const key =
    keyText === undefined
      ? null
      : Buffer.from(hkdfSync('sha256', keyText, 'fairex-staff-totp', 'aes-256-gcm', aesKeyBytes));
  return {
    encrypted: key !== null,
    seal(secretBase32) {
      if (!key) return `plain:${secretBase32}`;
      const iv = randomBytes(gcmIvBytes);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
      return `aesgcm:${parts.join(':')}`;
    },
    open(stored) {
      if (stored.startsWith('plain:')) return totpSecretFromBase32(stored.slice('plain:'.length));
      const [scheme, iv, tag, sealed] = stored.split(':');
      if (scheme !== 'aesgcm' || !key || !iv || !tag || !sealed) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const secret = Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]);
        return totpSecretFromBase32(secret.toString('utf8'));
      } catch {
        return null;
      }
    },
  };
}
