import { describe, expect, it } from 'vitest';
import {
  adjustmentReference,
  normalizedReason,
  parseSignedAmount,
  reasonLengthMax,
  requestFingerprint,
} from './adjustments.domain';

describe('signed adjustment amounts', () => {
  it('credit without a sign or with +, debit with -, at the currency scale', () => {
    expect(parseSignedAmount('12.5', 6)).toEqual({ ok: true, units: 12_500_000n });
    expect(parseSignedAmount('+0.000001', 6)).toEqual({ ok: true, units: 1n });
    expect(parseSignedAmount(' -1.25 ', 8)).toEqual({ ok: true, units: -125_000_000n });
  });

  it('refuse zero, excess digits (never rounded), absurd sizes and junk', () => {
    expect(parseSignedAmount('0', 6)).toEqual({ ok: false, error: 'amount_zero' });
    expect(parseSignedAmount('-0.000', 6)).toEqual({ ok: false, error: 'amount_zero' });
    expect(parseSignedAmount('1.0000001', 6)).toEqual({ ok: false, error: 'amount_too_many_decimals' });
    expect(parseSignedAmount('-1e30', 6)).toEqual({ ok: false, error: 'amount_invalid' });
    expect(parseSignedAmount(`1${'0'.repeat(30)}`, 6)).toEqual({ ok: false, error: 'amount_too_large' });
    for (const junk of ['', '-', '--1', '+-1', '- 1', 'NaN', 'Infinity', '1,5', '0x10', '.5'])
      expect(parseSignedAmount(junk, 6), junk).toEqual({ ok: false, error: 'amount_invalid' });
  });
});

describe('adjustment reasons', () => {
  it('are trimmed and collapsed, 2 to 200 characters', () => {
    expect(normalizedReason('  refund of\n fee  ')).toBe('refund of fee');
    expect(normalizedReason(undefined)).toBeNull();
    expect(normalizedReason(' x ')).toBeNull();
    expect(normalizedReason('y'.repeat(reasonLengthMax))).toHaveLength(reasonLengthMax);
    expect(normalizedReason('y'.repeat(reasonLengthMax + 1))).toBeNull();
  });
});

describe('references and fingerprints', () => {
  it('name the adjustment, and differ whenever the request does', () => {
    expect(adjustmentReference(42)).toBe('adjustment:42');
    const base = { userId: 1, currencyId: 3, accountKind: 'change' as const, units: 5n, reason: 'fix' };
    const variants = [
      { ...base, userId: 2 },
      { ...base, currencyId: 1 },
      { ...base, accountKind: 'legal' as const },
      { ...base, units: -5n },
      { ...base, reason: 'fix!' },
    ];
    for (const variant of variants) expect(requestFingerprint(variant)).not.toBe(requestFingerprint(base));
    expect(requestFingerprint({ ...base })).toBe(requestFingerprint(base));
  });
});
