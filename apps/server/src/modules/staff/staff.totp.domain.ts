/**
 * TOTP (RFC 6238) as authenticator apps expect it: HMAC-SHA-1, 6 digits, 30-second steps, a code
 * of the step before or after accepted too (clock drift), each step's code used at most once.
 * Pure: the HMAC and the time come in as arguments (the service passes node:crypto and its clock).
 */

export const totpDigits = 6;
export const totpStepSeconds = 30;
/** Steps either side of the current one whose codes are still accepted. */
export const totpWindowSteps = 1;
/** 160-bit secrets, the length RFC 4226 recommends for HMAC-SHA-1. */
export const totpSecretBytes = 20;

/** HMAC-SHA-1 of `message` under `key`; supplied by the caller. */
export type HmacSha1 = (key: Uint8Array, message: Uint8Array) => Uint8Array;

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as otpauth:// URIs carry secrets. */
export function base32Encode(bytes: Uint8Array): string {
  let output = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += base32Alphabet[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) output += base32Alphabet[(buffer << (5 - bits)) & 31];
  return output;
}

/** Base32 to bytes; case, spaces and `=` padding are ignored. Null for any other character. */
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = base32Alphabet.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Uint8Array.from(bytes);
}

/** The 30-second step a moment falls in (T in RFC 6238, with T0 = 0). */
export function totpStepAt(epochMs: number): number {
  return Math.floor(epochMs / 1000 / totpStepSeconds);
}

/** The step counter as 8 big-endian bytes. */
function counterBytes(step: number): Uint8Array {
  const bytes = new Uint8Array(8);
  let rest = step;
  for (let index = 7; index >= 0; index -= 1) {
    bytes[index] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return bytes;
}

/** HOTP (RFC 4226) of one counter: dynamic truncation to `digits` digits, leading zeros kept. */
export function hotpCode(params: {
  secret: Uint8Array;
  counter: number;
  hmac: HmacSha1;
  digits?: number;
}): string {
  const digits = params.digits ?? totpDigits;
  const mac = params.hmac(params.secret, counterBytes(params.counter));
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary =
    (((mac[offset] ?? 0) & 0x7f) << 24) |
    ((mac[offset + 1] ?? 0) << 16) |
    ((mac[offset + 2] ?? 0) << 8) |
    (mac[offset + 3] ?? 0);
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** Compares two codes in time independent of where they differ. */
function sameCode(expected: string, actual: string): boolean {
  if (expected.length !== actual.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index += 1) {
    difference |= expected.charCodeAt(index) ^ actual.charCodeAt(index);
  }
  return difference === 0;
}

/**
 * The step whose code `code` is, within ±1 step of now and later than `lastUsedStep` (so a code
 * that already signed in, or an older one, is refused); null when none matches.
 */
export function matchTotp(params: {
  secret: Uint8Array;
  code: string;
  nowMs: number;
  lastUsedStep: number | null;
  hmac: HmacSha1;
}): number | null {
  if (!/^\d{6}$/.test(params.code)) return null;
  const current = totpStepAt(params.nowMs);
  let matched: number | null = null;
  // Every candidate is computed, so the time taken does not tell which step matched.
  for (let step = current - totpWindowSteps; step <= current + totpWindowSteps; step += 1) {
    const candidate = hotpCode({ secret: params.secret, counter: step, hmac: params.hmac });
    const usable = params.lastUsedStep === null || step > params.lastUsedStep;
    if (sameCode(candidate, params.code) && usable && matched === null) matched = step;
  }
  return matched;
}

/** The otpauth:// URI authenticator apps read (usually from a QR code). */
export function otpauthUri(params: { issuer: string; account: string; secretBase32: string }): string {
  const label = `${encodeURIComponent(params.issuer)}:${encodeURIComponent(params.account)}`;
  const query = new URLSearchParams({
    secret: params.secretBase32,
    issuer: params.issuer,
    algorithm: 'SHA1',
    digits: String(totpDigits),
    period: String(totpStepSeconds),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
