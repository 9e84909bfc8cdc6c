/**
 * TOTP (RFC 6238) as authenticator apps expect it: HMAC-SHA-1, 6 digits, 30-second steps, a code
 * of the step before or after accepted too (clock drift), each step's code used at most once.
 * The algorithm, base32 and the otpauth:// URI are the otpauth library's; this file holds our
 * policy (window, digits, replay refusal) and the shapes the staff module stores.
 */
import { HOTP, Secret, TOTP } from 'otpauth';

export const totpDigits = 6;
export const totpStepSeconds = 30;
/** Steps either side of the current one whose codes are still accepted. */
export const totpWindowSteps = 1;
/** 160-bit secrets, the length RFC 4226 recommends for HMAC-SHA-1. */
export const totpSecretBytes = 20;

const totpAlgorithm = 'SHA1';

/** Base32 to bytes; case, white space and `=` padding are ignored. Null for any other character. */
export function totpSecretFromBase32(text: string): Uint8Array | null {
  try {
    return new Uint8Array(Secret.fromBase32(text.replace(/\s/g, '')).bytes);
  } catch {
    return null;
  }
}

/** Bytes to base32 (RFC 4648, no padding). */
export function totpSecretToBase32(bytes: Uint8Array): string {
  return new Secret({ buffer: bytes.slice().buffer }).base32;
}

function secretOf(bytes: Uint8Array): Secret {
  return new Secret({ buffer: bytes.slice().buffer });
}

/** The 30-second step a moment falls in (T in RFC 6238, with T0 = 0). */
export function totpStepAt(epochMs: number): number {
  return TOTP.counter({ period: totpStepSeconds, timestamp: epochMs });
}

/** HOTP (RFC 4226) of one counter, leading zeros kept. */
export function hotpCode(params: { secret: Uint8Array; counter: number; digits?: number }): string {
  return HOTP.generate({
    secret: secretOf(params.secret),
    algorithm: totpAlgorithm,
    digits: params.digits ?? totpDigits,
    counter: params.counter,
  });
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
}): number | null {
  if (!/^\d{6}$/.test(params.code)) return null;
  const delta = TOTP.validate({
    token: params.code,
    secret: secretOf(params.secret),
    algorithm: totpAlgorithm,
    digits: totpDigits,
    period: totpStepSeconds,
    timestamp: params.nowMs,
    window: totpWindowSteps,
  });
  if (delta === null) return null;
  const step = totpStepAt(params.nowMs) + delta;
  return params.lastUsedStep === null || step > params.lastUsedStep ? step : null;
}

/** The otpauth:// URI authenticator apps read (usually from a QR code). */
export function otpauthUri(params: { issuer: string; account: string; secretBase32: string }): string {
  return new TOTP({
    issuer: params.issuer,
    label: params.account,
    secret: Secret.fromBase32(params.secretBase32),
    algorithm: totpAlgorithm,
    digits: totpDigits,
    period: totpStepSeconds,
  }).toString();
}
