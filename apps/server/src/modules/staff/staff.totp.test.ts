import { describe, expect, it } from 'vitest';
import {
  totpSecretFromBase32 as base32Decode,
  totpSecretToBase32 as base32Encode,
  hotpCode,
  matchTotp,
  otpauthUri,
  totpStepAt,
} from './staff.totp';

/** The SHA-1 seed of RFC 6238 appendix B. */
const rfcSecret = new TextEncoder().encode('12345678901234567890');

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B, SHA-1 rows: the 8-digit codes, and their last 6 digits as apps show them.
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];

  it.each(vectors)('at %i s gives %s', (seconds, code) => {
    const counter = totpStepAt(seconds * 1000);
    expect(hotpCode({ secret: rfcSecret, counter, digits: 8 })).toBe(code);
    expect(hotpCode({ secret: rfcSecret, counter })).toBe(code.slice(-6));
  });

  it('matches RFC 4226 appendix D HOTP values', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676'];
    expected.forEach((code, counter) => {
      expect(hotpCode({ secret: rfcSecret, counter })).toBe(code);
    });
  });

  it('accepts the step before, now and after, and nothing further', () => {
    const nowMs = 1_234_567_890_000;
    const step = totpStepAt(nowMs);
    const codeAt = (counter: number) => hotpCode({ secret: rfcSecret, counter });
    const match = (code: string, lastUsedStep: number | null = null) =>
      matchTotp({ secret: rfcSecret, code, nowMs, lastUsedStep });
    expect(match(codeAt(step))).toBe(step);
    expect(match(codeAt(step - 1))).toBe(step - 1);
    expect(match(codeAt(step + 1))).toBe(step + 1);
    expect(match(codeAt(step - 2))).toBeNull();
    expect(match(codeAt(step + 2))).toBeNull();
    expect(match('12345')).toBeNull();
    expect(match('abcdef')).toBeNull();
  });

  it('refuses a code of a step already used, or of an earlier one', () => {
    const nowMs = 1_234_567_890_000;
    const step = totpStepAt(nowMs);
    const code = hotpCode({ secret: rfcSecret, counter: step });
    expect(matchTotp({ secret: rfcSecret, code, nowMs, lastUsedStep: step })).toBeNull();
    expect(matchTotp({ secret: rfcSecret, code, nowMs, lastUsedStep: step + 1 })).toBeNull();
    expect(matchTotp({ secret: rfcSecret, code, nowMs, lastUsedStep: step - 1 })).toBe(step);
  });
});

describe('base32 (RFC 4648)', () => {
  const vectors: [string, string][] = [
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ];

  it.each(vectors)('%j encodes as %j and back', (text, encoded) => {
    const bytes = new TextEncoder().encode(text);
    expect(base32Encode(bytes)).toBe(encoded);
    expect(base32Decode(encoded)).toEqual(bytes);
  });

  it('reads lower case, spaces and padding, and refuses other characters', () => {
    expect(base32Decode('mzxw 6ytb oi======')).toEqual(new TextEncoder().encode('foobar'));
    expect(base32Decode('MZXW1')).toBeNull();
  });

  it('round-trips 20-byte secrets', () => {
    const secret = Uint8Array.from({ length: 20 }, (_, index) => (index * 37 + 11) % 256);
    expect(base32Encode(secret)).toHaveLength(32);
    expect(base32Decode(base32Encode(secret))).toEqual(secret);
  });
});

describe('otpauth URI', () => {
  it('names issuer and account and carries the parameters', () => {
    const uri = otpauthUri({ issuer: 'Fairex', account: 'ops@example.com', secretBase32: 'MZXW6YTBOI' });
    // Parameter order is the library's; authenticator apps read them by name.
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(`${parsed.host}${parsed.pathname}`).toBe('totp/Fairex:ops%40example.com');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      secret: 'MZXW6YTBOI',
      issuer: 'Fairex',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
