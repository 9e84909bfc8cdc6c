import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount';
import { fromScaledBigint } from './decimal';

describe('parseAmount', () => {
  it.each([
    ['1', 8, 100_000_000n],
    ['0.00000001', 8, 1n],
    ['12.5', 6, 12_500_000n],
    [' 3.10 ', 2, 310n],
    ['1.230000', 2, 123n],
  ])('reads %s at scale %i', (text, scale, units) => {
    expect(parseAmount(text, scale)).toEqual({ ok: true, units });
  });

  it.each([
    ['0', 'not_positive'],
    ['0.000000', 'not_positive'],
    ['-1', 'invalid'],
    ['1e-30', 'invalid'],
    ['1e30', 'invalid'],
    ['NaN', 'invalid'],
    ['Infinity', 'invalid'],
    ['', 'invalid'],
    ['1.', 'invalid'],
    ['.5', 'invalid'],
    ['0x10', 'invalid'],
    ['1,5', 'invalid'],
    ['0.000000001', 'too_many_decimals'],
    ['1000000000000000000', 'too_large'],
    ['0000000000000000000001', { ok: true }],
  ])('refuses %s', (text, error) => {
    const result = parseAmount(text, 8);
    if (typeof error === 'object') expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, error });
  });

  it('property: any positive amount at the scale round-trips exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 17n }), fc.integer({ min: 0, max: 8 }), (units, scale) => {
        expect(parseAmount(fromScaledBigint(units, scale), scale)).toEqual({ ok: true, units });
      }),
    );
  });

  it('property: one digit beyond the scale is refused, never rounded', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 17n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (units, scale, extra) => {
          const text = `${fromScaledBigint(units, scale)}${scale === 0 ? '.' : ''}${extra}`;
          expect(parseAmount(text, scale)).toEqual({ ok: false, error: 'too_many_decimals' });
        },
      ),
    );
  });
});
