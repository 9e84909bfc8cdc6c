import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ceilDivide,
  compareDecimal,
  compareDecimalValues,
  type Decimal,
  decimalFromScaled,
  decimalScaleMax,
  decimalTextLengthMax,
  formatDecimal,
  fromScaledBigint,
  fromScaledBigintTrimmed,
  normalizeDecimal,
  parseDecimal,
  roundDecimalHalfUp,
  roundHalfUp,
  stripTrailingZeros,
  toScaledBigint,
  trimDecimalText,
} from './decimal';
import { InvariantError } from './invariant';

/** Decimal text as the wire may carry it: optional sign, leading zeros, up to 30 + 20 digits. */
const decimalText = fc.stringMatching(/^[+-]?\d{1,30}(\.\d{1,20})?$/);
const scale = fc.integer({ min: 0, max: 24 });
const amount = fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n });

function fractionLength(text: string): number {
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

function signedAt(value: Decimal, targetScale: number): bigint {
  const magnitude = value.digits * 10n ** BigInt(targetScale - value.scale);
  return value.negative ? -magnitude : magnitude;
}

function parsed(text: string): Decimal {
  const result = parseDecimal(text);
  if (!result.ok) {
    throw new Error(`test input ${text} does not parse`);
  }
  return result.value;
}

describe('parseDecimal', () => {
  it.each([
    ['0', { negative: false, digits: 0n, scale: 0 }],
    ['-0', { negative: false, digits: 0n, scale: 0 }],
    ['-0.00', { negative: false, digits: 0n, scale: 2 }],
    ['+1.25', { negative: false, digits: 125n, scale: 2 }],
    ['-3', { negative: true, digits: 3n, scale: 0 }],
    ['007.50', { negative: false, digits: 750n, scale: 2 }],
    ['0.000000000001', { negative: false, digits: 1n, scale: 12 }],
    [
      '123456789012345678901234567890',
      { negative: false, digits: 123456789012345678901234567890n, scale: 0 },
    ],
  ])('reads %s', (text, expected) => {
    expect(parseDecimal(text)).toEqual({ ok: true, value: expected });
  });

  it.each([
    '',
    ' ',
    ' 1',
    '1 ',
    'abc',
    '1e5',
    '1E5',
    '.5',
    '5.',
    '.',
    '-',
    '+',
    '--1',
    '+-1',
    '1.2.3',
    '1,000',
    '0x10',
    'NaN',
    'Infinity',
    '-Infinity',
    '١٢',
  ])('refuses %j as invalidFormat', (text) => {
    expect(parseDecimal(text)).toEqual({ ok: false, error: 'invalidFormat' });
  });

  it('accepts text up to decimalTextLengthMax characters and refuses longer text as tooLong', () => {
    const longest = `1.${'0'.repeat(decimalTextLengthMax - 2)}`;
    expect(parseDecimal(longest).ok).toBe(true);
    expect(parseDecimal(`${longest}0`)).toEqual({ ok: false, error: 'tooLong' });
    expect(parseDecimal('x'.repeat(decimalTextLengthMax + 1))).toEqual({ ok: false, error: 'tooLong' });
  });
});

describe('decimalFromScaled', () => {
  it('reads a scaled bigint, sign included', () => {
    expect(decimalFromScaled({ value: -12345n, scale: 2 })).toEqual({
      ok: true,
      value: { negative: true, digits: 12345n, scale: 2 },
    });
    expect(decimalFromScaled({ value: 0n, scale: 0 })).toEqual({
      ok: true,
      value: { negative: false, digits: 0n, scale: 0 },
    });
  });

  it.each([-1, 1.5, decimalScaleMax + 1, Number.NaN])('refuses the scale %s', (badScale) => {
    expect(decimalFromScaled({ value: 1n, scale: badScale })).toEqual({ ok: false, error: 'invalidFormat' });
  });
});

describe('formatDecimal', () => {
  it.each<[Decimal, string]>([
    [{ negative: false, digits: 0n, scale: 0 }, '0'],
    [{ negative: false, digits: 0n, scale: 3 }, '0.000'],
    [{ negative: true, digits: 0n, scale: 2 }, '0.00'],
    [{ negative: true, digits: 150n, scale: 2 }, '-1.50'],
    [{ negative: false, digits: 1n, scale: 12 }, '0.000000000001'],
    [{ negative: false, digits: 42n, scale: 0 }, '42'],
  ])('writes %o as %s', (value, text) => {
    expect(formatDecimal(value)).toBe(text);
  });

  it.each<Decimal>([
    { negative: false, digits: -1n, scale: 0 },
    { negative: false, digits: 1n, scale: -1 },
    { negative: false, digits: 1n, scale: 0.5 },
  ])('refuses the malformed Decimal %o with an InvariantError', (value) => {
    expect(() => formatDecimal(value)).toThrow(InvariantError);
  });
});

describe('stripTrailingZeros and normalizeDecimal', () => {
  it.each([
    ['+01.50', '1.5'],
    ['2.000', '2'],
    ['-0.00', '0'],
    ['-000', '0'],
    ['100', '100'],
    ['-10.010', '-10.01'],
    ['0.000000000001', '0.000000000001'],
  ])('normalises %s to %s', (text, expected) => {
    expect(normalizeDecimal(text)).toEqual({ ok: true, value: expected });
  });

  it('passes parse errors through', () => {
    expect(normalizeDecimal('1e5')).toEqual({ ok: false, error: 'invalidFormat' });
  });

  it('keeps the value and the sign of non-zero values', () => {
    expect(stripTrailingZeros({ negative: true, digits: 1200n, scale: 3 })).toEqual({
      negative: true,
      digits: 12n,
      scale: 1,
    });
    expect(stripTrailingZeros({ negative: true, digits: 0n, scale: 3 })).toEqual({
      negative: false,
      digits: 0n,
      scale: 0,
    });
  });

  it('property: normalising is idempotent and keeps the value', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const once = normalizeDecimal(text);
        expect(once.ok).toBe(true);
        if (!once.ok) return;
        expect(normalizeDecimal(once.value)).toEqual(once);
        expect(compareDecimalValues(parsed(once.value), parsed(text))).toBe(0);
      }),
    );
  });
});

describe('toScaledBigint', () => {
  it.each([
    ['1.23', 2, 123n],
    ['-1.23', 2, -123n],
    ['1.2', 2, 120n],
    ['1.230', 2, 123n],
    ['1.23000000', 2, 123n],
    ['+5', 8, 500000000n],
    ['-0', 8, 0n],
    ['0.00000001', 8, 1n],
    ['123456789012345678901234567890', 0, 123456789012345678901234567890n],
    ['0.000000000001', 12, 1n],
  ])('converts %s at scale %i to %s', (text, atScale, expected) => {
    expect(toScaledBigint(text, atScale)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['1.234', 2],
    ['-1.001', 2],
    ['0.000000001', 8],
    ['0.5', 0],
    ['1e-12', 12],
  ])('refuses %s at scale %i, never rounding silently', (text, atScale) => {
    const result = toScaledBigint(text, atScale);
    expect(result.ok).toBe(false);
  });

  it('names the error: excessPrecision for extra digits, the parse error otherwise', () => {
    expect(toScaledBigint('1.234', 2)).toEqual({ ok: false, error: 'excessPrecision' });
    expect(toScaledBigint('abc', 2)).toEqual({ ok: false, error: 'invalidFormat' });
    expect(toScaledBigint('1'.repeat(decimalTextLengthMax + 1), 2)).toEqual({ ok: false, error: 'tooLong' });
  });

  it.each([-1, 0.5, decimalScaleMax + 1, Number.NaN])(
    'throws an InvariantError for the scale %s',
    (badScale) => {
      expect(() => toScaledBigint('1', badScale)).toThrow(InvariantError);
    },
  );

  it('property: refuses exactly the texts with a non-zero digit beyond the scale', () => {
    fc.assert(
      fc.property(decimalText, scale, (text, atScale) => {
        const value = stripTrailingZeros(parsed(text));
        const result = toScaledBigint(text, atScale);
        expect(result.ok).toBe(value.scale <= atScale);
        if (!result.ok) expect(result.error).toBe('excessPrecision');
      }),
    );
  });
});

describe('fromScaledBigint', () => {
  it.each([
    [123n, 2, '1.23'],
    [-123n, 2, '-1.23'],
    [5n, 3, '0.005'],
    [-5n, 3, '-0.005'],
    [0n, 2, '0.00'],
    [100n, 2, '1.00'],
    [7n, 0, '7'],
    [1n, 12, '0.000000000001'],
    [-(10n ** 30n), 0, `-1${'0'.repeat(30)}`],
  ])('writes %s at scale %i as %s', (value, atScale, text) => {
    expect(fromScaledBigint(value, atScale)).toBe(text);
  });

  it('throws an InvariantError for a bad scale', () => {
    expect(() => fromScaledBigint(1n, -1)).toThrow(InvariantError);
  });

  it('property: bigint -> text -> bigint returns the same bigint, with exactly `scale` fraction digits', () => {
    fc.assert(
      fc.property(amount, scale, (value, atScale) => {
        const text = fromScaledBigint(value, atScale);
        expect(fractionLength(text)).toBe(atScale);
        expect(toScaledBigint(text, atScale)).toEqual({ ok: true, value });
      }),
    );
  });

  it('property: text -> bigint -> text equals the normalised text when the scale holds its digits', () => {
    fc.assert(
      fc.property(decimalText, scale, (text, extraScale) => {
        const atScale = fractionLength(text) + extraScale;
        const scaled = toScaledBigint(text, atScale);
        expect(scaled.ok).toBe(true);
        if (!scaled.ok) return;
        expect(normalizeDecimal(fromScaledBigint(scaled.value, atScale))).toEqual(normalizeDecimal(text));
      }),
    );
  });
});

describe('compareDecimal', () => {
  it.each([
    ['1', '2', -1],
    ['2', '1', 1],
    ['1.50', '1.5', 0],
    ['-0', '0.000', 0],
    ['-1', '0', -1],
    ['-1.1', '-1.01', -1],
    ['0.000000000001', '0', 1],
    ['123456789012345678901234567890', '123456789012345678901234567889.999', 1],
  ] as const)('compares %s with %s as %i', (left, right, expected) => {
    expect(compareDecimal(left, right)).toEqual({ ok: true, value: expected });
  });

  it('returns the parse error of the first malformed side', () => {
    expect(compareDecimal('abc', '1')).toEqual({ ok: false, error: 'invalidFormat' });
    expect(compareDecimal('1', '1e5')).toEqual({ ok: false, error: 'invalidFormat' });
    expect(compareDecimal('1', '9'.repeat(decimalTextLengthMax + 1))).toEqual({
      ok: false,
      error: 'tooLong',
    });
  });

  it('property: agrees with bigint comparison at one scale', () => {
    fc.assert(
      fc.property(amount, amount, scale, (left, right, atScale) => {
        const expected = left < right ? -1 : left > right ? 1 : 0;
        expect(compareDecimal(fromScaledBigint(left, atScale), fromScaledBigint(right, atScale))).toEqual({
          ok: true,
          value: expected,
        });
      }),
    );
  });

  it('property: agrees with bigint comparison across scales, and is antisymmetric', () => {
    fc.assert(
      fc.property(amount, scale, amount, scale, (left, leftScale, right, rightScale) => {
        const leftCommon = left * 10n ** BigInt(rightScale);
        const rightCommon = right * 10n ** BigInt(leftScale);
        const expected = leftCommon < rightCommon ? -1 : leftCommon > rightCommon ? 1 : 0;
        const leftText = fromScaledBigint(left, leftScale);
        const rightText = fromScaledBigint(right, rightScale);
        expect(compareDecimal(leftText, rightText)).toEqual({ ok: true, value: expected });
        expect(compareDecimal(rightText, leftText)).toEqual({ ok: true, value: -expected || 0 });
      }),
    );
  });
});

describe('roundHalfUp', () => {
  it.each([
    ['1.005', 2, '1.01'],
    ['1.004', 2, '1.00'],
    ['-1.005', 2, '-1.01'],
    ['-1.004', 2, '-1.00'],
    ['2.345', 2, '2.35'],
    ['0.5', 0, '1'],
    ['-0.5', 0, '-1'],
    ['0.49999999999999999999', 0, '0'],
    ['9.995', 2, '10.00'],
    ['-0.004', 2, '0.00'],
    ['-0.005', 2, '-0.01'],
    ['7', 2, '7.00'],
    ['-0', 2, '0.00'],
    ['1.20', 4, '1.2000'],
    ['0.000000000001', 12, '0.000000000001'],
    ['0.000000000001', 11, '0.00000000000'],
    ['999999999999999999999999999999.5', 0, '1000000000000000000000000000000'],
  ])('rounds %s to %i decimals as %s', (text, decimals, expected) => {
    expect(roundHalfUp(text, decimals)).toEqual({ ok: true, value: expected });
  });

  it('passes parse errors through', () => {
    expect(roundHalfUp('1e5', 2)).toEqual({ ok: false, error: 'invalidFormat' });
  });

  it('never returns a negative zero, even from a Decimal built by hand', () => {
    expect(roundDecimalHalfUp({ negative: true, digits: 0n, scale: 0 }, 2)).toEqual({
      negative: false,
      digits: 0n,
      scale: 2,
    });
    expect(roundDecimalHalfUp({ negative: true, digits: 4n, scale: 3 }, 2)).toEqual({
      negative: false,
      digits: 0n,
      scale: 2,
    });
  });

  it.each([-1, 1.5, decimalScaleMax + 1])('throws an InvariantError for %s decimals', (decimals) => {
    expect(() => roundHalfUp('1', decimals)).toThrow(InvariantError);
    expect(() => roundDecimalHalfUp(parsed('1'), decimals)).toThrow(InvariantError);
  });

  it('property: never moves the value by more than half a unit of the last kept digit', () => {
    fc.assert(
      fc.property(decimalText, scale, (text, decimals) => {
        const original = parsed(text);
        const rounded = roundDecimalHalfUp(original, decimals);
        expect(rounded.scale).toBe(decimals);
        const common = Math.max(original.scale, decimals);
        const difference = signedAt(rounded, common) - signedAt(original, common);
        const distance = difference < 0n ? -difference : difference;
        const unit = 10n ** BigInt(common - decimals);
        expect(distance * 2n <= unit).toBe(true);
        // a tie goes away from zero: the result is never nearer zero than the original by half a unit
        if (distance * 2n === unit && original.digits !== 0n) {
          expect(rounded.digits * 10n ** BigInt(common - decimals) > original.digits).toBe(true);
        }
      }),
    );
  });

  it('property: is monotone and idempotent', () => {
    fc.assert(
      fc.property(decimalText, decimalText, scale, (left, right, decimals) => {
        const order = compareDecimalValues(parsed(left), parsed(right));
        const roundedLeft = roundDecimalHalfUp(parsed(left), decimals);
        const roundedRight = roundDecimalHalfUp(parsed(right), decimals);
        const roundedOrder = compareDecimalValues(roundedLeft, roundedRight);
        if (order <= 0) expect(roundedOrder).toBeLessThanOrEqual(0);
        if (order >= 0) expect(roundedOrder).toBeGreaterThanOrEqual(0);
        expect(roundDecimalHalfUp(roundedLeft, decimals)).toEqual(roundedLeft);
      }),
    );
  });
});

describe('ceilDivide and fromScaledBigintTrimmed', () => {
  it('rounds a quotient up to the smallest integer q with q x d >= n, for any sign of n', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        (n, d) => {
          const q = ceilDivide(n, d);
          expect(q * d >= n).toBe(true);
          expect((q - 1n) * d < n).toBe(true);
        },
      ),
    );
    expect(() => ceilDivide(1n, 0n)).toThrow(RangeError);
  });

  it('writes scaled units without trailing zeros', () => {
    expect(fromScaledBigintTrimmed(150_000_000n, 8)).toBe('1.5');
    expect(fromScaledBigintTrimmed(2_000n, 3)).toBe('2');
    expect(fromScaledBigintTrimmed(-5n, 2)).toBe('-0.05');
    expect(fromScaledBigintTrimmed(0n, 6)).toBe('0');
  });
});

describe('trimDecimalText', () => {
  it('drops trailing fraction zeros and a bare point, never integer zeros', () => {
    expect(trimDecimalText('12.500000')).toBe('12.5');
    expect(trimDecimalText('50.000000')).toBe('50');
    expect(trimDecimalText('100')).toBe('100');
    expect(trimDecimalText('0.000000')).toBe('0');
    expect(trimDecimalText('-3.10')).toBe('-3.1');
  });
});
