import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalScaleMax, fromScaledBigint, parseDecimal } from './decimal';
import {
  amountDecimalsDefault,
  formatAmount,
  formatCompact,
  groupThousands,
  invalidNumberPlaceholder,
} from './format-number';
import { InvariantError } from './invariant';

const invalidInputs = [
  '',
  ' ',
  'abc',
  '1e5',
  '1E-12',
  'NaN',
  'nan',
  'Infinity',
  '-Infinity',
  'undefined',
  'null',
  '.5',
  '5.',
  '-',
  '1,000',
  '1 000',
  '0x1F',
  '1.2.3',
  '9'.repeat(101),
];

describe('groupThousands', () => {
  it.each([
    ['0', ',', '0'],
    ['12', ',', '12'],
    ['123', ',', '123'],
    ['1234', ',', '1,234'],
    ['123456', ',', '123,456'],
    ['1234567', ',', '1,234,567'],
    ['-1234567', '.', '-1.234.567'],
    ['-123', ',', '-123'],
    ['1234567', '\u202f', '1\u202f234\u202f567'],
    ['1234567', '', '1234567'],
    ['123456789012345678901234567890', ',', '123,456,789,012,345,678,901,234,567,890'],
  ])('groups %s with %j as %s', (intPart, separator, expected) => {
    expect(groupThousands(intPart, separator)).toBe(expected);
  });

  it.each(['', '-', '1.5', 'abc', '+12', ' 1234'])(
    'returns %j unchanged as it is no integer part',
    (text) => {
      expect(groupThousands(text, ',')).toBe(text);
    },
  );

  it('property: dropping the separators gives the input back, in groups of three after the first', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?\d{1,40}$/), (intPart) => {
        const grouped = groupThousands(intPart, ',');
        expect(grouped.replaceAll(',', '')).toBe(intPart);
        const [first = '', ...rest] = grouped.replace('-', '').split(',');
        expect(first.length).toBeGreaterThanOrEqual(1);
        expect(first.length).toBeLessThanOrEqual(3);
        for (const group of rest) expect(group).toHaveLength(3);
      }),
    );
  });
});

describe('formatAmount', () => {
  it(`shows ${amountDecimalsDefault} decimals by default, rounded half-up`, () => {
    expect(formatAmount('1234.567')).toBe('1234.57');
    expect(formatAmount('1234.565')).toBe('1234.57');
    expect(formatAmount('1234.564')).toBe('1234.56');
    expect(formatAmount('-1234.565')).toBe('-1234.57');
    expect(formatAmount('5')).toBe('5.00');
  });

  it.each([
    ['0', 2, '0.00'],
    ['-0', 2, '0.00'],
    ['-0.00', 2, '0.00'],
    ['-0.004', 2, '0.00'],
    ['-0.005', 2, '-0.01'],
    ['+1.25', 2, '1.25'],
    ['007.1', 2, '7.10'],
    ['9.999', 2, '10.00'],
    ['2.5', 0, '3'],
    ['0.000000000001', 12, '0.000000000001'],
    ['0.000000000001', 2, '0.00'],
    ['0.000000000005', 11, '0.00000000001'],
    ['123456789012345678901234567890', 2, '123456789012345678901234567890.00'],
    ['-123456789012345678901234567890.125', 2, '-123456789012345678901234567890.13'],
    ['1.23456789', 8, '1.23456789'],
  ])('formats %s with %i decimals as %s', (value, decimals, expected) => {
    expect(formatAmount(value, { decimals })).toBe(expected);
  });

  it.each([
    [{ value: 123456n, scale: 2 }, 2, '1234.56'],
    [{ value: -5n, scale: 3 }, 2, '-0.01'],
    [{ value: -4n, scale: 3 }, 2, '0.00'],
    [{ value: 1n, scale: 12 }, 12, '0.000000000001'],
    [{ value: 5n, scale: 0 }, 4, '5.0000'],
    [{ value: 10n ** 30n, scale: 0 }, 0, `1${'0'.repeat(30)}`],
  ])('formats the scaled bigint %o with %i decimals as %s', (value, decimals, expected) => {
    expect(formatAmount(value, { decimals })).toBe(expected);
  });

  it('applies the caller’s separators', () => {
    expect(formatAmount('1234567.891', { thousandsSeparator: ',' })).toBe('1,234,567.89');
    expect(formatAmount('-1234567.891', { thousandsSeparator: '.', decimalSeparator: ',' })).toBe(
      '-1.234.567,89',
    );
    expect(formatAmount('1234567', { decimals: 0, thousandsSeparator: ' ' })).toBe('1 234 567');
  });

  it.each(invalidInputs)('shows the placeholder for the invalid input %j', (value) => {
    expect(formatAmount(value)).toBe(invalidNumberPlaceholder);
  });

  it.each([-1, 1.5, Number.NaN])('shows the placeholder for the scaled bigint with scale %s', (scale) => {
    expect(formatAmount({ value: 1n, scale })).toBe(invalidNumberPlaceholder);
  });

  it.each([-1, 0.5, decimalScaleMax + 1, Number.NaN])(
    'throws an InvariantError for %s decimals, valid input or not',
    (decimals) => {
      expect(() => formatAmount('1', { decimals })).toThrow(InvariantError);
      expect(() => formatAmount('abc', { decimals })).toThrow(InvariantError);
    },
  );

  it('property: a scaled bigint and its decimal text format alike', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        (value, scale, decimals) => {
          expect(formatAmount({ value, scale }, { decimals })).toBe(
            formatAmount(fromScaledBigint(value, scale), { decimals }),
          );
        },
      ),
    );
  });

  it('property: any text gives the placeholder exactly when it is no decimal, and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[+-]?\d{1,30}(\.\d{1,20})?$/)), (text) => {
        const shown = formatAmount(text);
        expect(shown === invalidNumberPlaceholder).toBe(!parseDecimal(text).ok);
        if (shown !== invalidNumberPlaceholder) expect(shown).toMatch(/^-?\d+\.\d{2}$/);
      }),
    );
  });
});

describe('formatCompact', () => {
  it.each([
    ['0', '0.0000'],
    ['-0', '0.0000'],
    ['-0.00001', '0.0000'],
    ['0.000000000001', '0.0000'],
    ['0.00005', '0.0001'],
    ['1.23456', '1.2346'],
    ['-1.23455', '-1.2346'],
    ['999.99994', '999.9999'],
    ['999.99995', '1000.0000'],
    ['1000', '1000.0000'],
    ['1000.0000', '1000.0000'],
    ['-1000', '-1000.0000'],
  ])('shows %s, not above 1000, with 4 decimals: %s', (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });

  it.each([
    ['1000.00001', '1.0K'],
    ['1000.1', '1.0K'],
    ['1049.99', '1.0K'],
    ['1050', '1.1K'],
    ['1250', '1.3K'],
    ['-1250', '-1.3K'],
    ['12345.678', '12.3K'],
    ['999949.99', '999.9K'],
  ])('abbreviates %s, above 1000, with K: %s', (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });

  it.each([
    ['999950', '1.0M'],
    ['1000000', '1.0M'],
    ['1000000.01', '1.0M'],
    ['2500000', '2.5M'],
    ['-2500000', '-2.5M'],
    ['999949999.99', '999.9M'],
  ])('abbreviates %s with M, carrying a rounded 1000.0K up: %s', (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });

  it.each([
    ['999950000', '1.0B'],
    ['1000000000', '1.0B'],
    ['7000000000', '7.0B'],
    ['-7050000000', '-7.1B'],
    ['999999999999.99', '1000.0B'],
    ['123456789012345678901234567890', '123456789012345678901.2B'],
  ])('abbreviates %s with B, the largest unit: %s', (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });

  it('reads scaled bigints too', () => {
    expect(formatCompact({ value: 150000n, scale: 2 })).toBe('1.5K');
    expect(formatCompact({ value: 100000n, scale: 2 })).toBe('1000.0000');
    expect(formatCompact({ value: 1n, scale: 12 })).toBe('0.0000');
    expect(formatCompact({ value: 1n, scale: -1 })).toBe(invalidNumberPlaceholder);
  });

  it('applies the caller’s separators', () => {
    expect(formatCompact('1250', { decimalSeparator: ',' })).toBe('1,3K');
    expect(formatCompact('12345678901234', { thousandsSeparator: ',' })).toBe('12,345.7B');
    expect(formatCompact('999.5', { decimalSeparator: ',' })).toBe('999,5000');
  });

  it.each(invalidInputs)('shows the placeholder for the invalid input %j', (value) => {
    expect(formatCompact(value)).toBe(invalidNumberPlaceholder);
  });

  it('property: every decimal shows as 4 decimals or one of K, M, B with 1 decimal, never "1000.0K" or "1000.0M"', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[+-]?\d{1,30}(\.\d{1,20})?$/), (text) => {
        const shown = formatCompact(text);
        expect(shown).toMatch(/^-?(\d+\.\d{4}|\d+\.\d[KMB])$/);
        expect(shown).not.toMatch(/^-?1000\.0[KM]$/);
      }),
    );
  });
});
