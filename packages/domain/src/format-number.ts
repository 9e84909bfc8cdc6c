/**
 * Display formatting of amounts (product spec section 5), done on string digits and bigints:
 * never parseFloat, never a JS number. Formatting never throws on data: anything that is not a
 * decimal (see decimal.ts for the accepted text) shows as `invalidNumberPlaceholder`.
 *
 * Rounding is half away from zero on the digits ("half-up": 1.005 -> "1.01", -1.005 -> "-1.01").
 * A value that rounds to zero shows without a sign: "-0.001" -> "0.00".
 *
 * Separators are the caller's (locale's) concern: by default there is no thousands separator and
 * the decimal separator is ".".
 */
import {
  compareDecimalValues,
  type Decimal,
  type DecimalResult,
  decimalFromScaled,
  decimalScaleMax,
  formatDecimal,
  parseDecimal,
  roundDecimalHalfUp,
  type ScaledDecimal,
} from './decimal';
import { invariant } from './invariant';

/** What a display shows for input that is not a decimal: "", "abc", "1e5", "NaN", a bad scale. */
export const invalidNumberPlaceholder = '--';
/** Fraction digits `formatAmount` shows unless told otherwise. */
export const amountDecimalsDefault = 2;
/** Fraction digits of an abbreviated figure: "1.5K". */
export const compactUnitDecimals = 1;
/** Fraction digits `formatCompact` shows for figures not abbreviated: "999.1235". */
export const compactPlainDecimals = 4;

/** A decimal string ("1234.5") or a bigint in smallest units with its scale ({ value: 12345n, scale: 1 }). */
export type DecimalInput = string | ScaledDecimal;

export type NumberSeparators = {
  /** Put between groups of three integer digits; default none. */
  readonly thousandsSeparator?: string;
  /** Put between the integer and fraction digits; default ".". */
  readonly decimalSeparator?: string;
};

export type FormatAmountOptions = NumberSeparators & {
  /** Fraction digits to show, 0 to 64; default `amountDecimalsDefault`. */
  readonly decimals?: number;
};

/**
 * Abbreviations, largest first. A figure is abbreviated with a unit when its magnitude is strictly
 * above 10^exponent (the spec's "above 1000"): 1000 itself shows as "1000.0000", 1000.01 as "1.0K".
 * B (above 1,000,000,000) extends the spec's K and M so that large volumes stay short.
 */
const compactUnits = [
  { suffix: 'B', exponent: 9 },
  { suffix: 'M', exponent: 6 },
  { suffix: 'K', exponent: 3 },
] as const;

/** A rounded figure of 1000.0 in a unit carries into the next unit: 999,950 -> "1.0M", not "1000.0K". */
const compactCarryDigits = 1000n * 10n ** BigInt(compactUnitDecimals);

function toDecimal(input: DecimalInput): DecimalResult<Decimal> {
  return typeof input === 'string' ? parseDecimal(input) : decimalFromScaled(input);
}

/**
 * Puts `separator` between groups of three digits of an integer part: ("1234567", ",") ->
 * "1,234,567"; a leading "-" is kept. Text that is not an optionally signed run of digits is
 * returned unchanged.
 */
export function groupThousands(intPart: string, separator: string): string {
  if (!/^-?\d+$/.test(intPart)) {
    return intPart;
  }
  const sign = intPart.startsWith('-') ? '-' : '';
  const digits = intPart.slice(sign.length);
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) {
    groups.unshift(digits.slice(Math.max(0, end - 3), end));
  }
  return sign + groups.join(separator);
}

function applySeparators(text: string, separators: NumberSeparators): string {
  const { thousandsSeparator = '', decimalSeparator = '.' } = separators;
  const [integerPart = '', fractionPart] = text.split('.');
  const grouped = thousandsSeparator === '' ? integerPart : groupThousands(integerPart, thousandsSeparator);
  return fractionPart === undefined ? grouped : `${grouped}${decimalSeparator}${fractionPart}`;
}

/**
 * An amount with a fixed number of fraction digits, rounded half-up: ("1234.567") -> "1234.57",
 * ({ value: 5n, scale: 0 }, { decimals: 4 }) -> "5.0000", ("1e5") -> "--".
 * Throws an InvariantError if `decimals` is not an integer from 0 to 64 (a bug, not bad data).
 */
export function formatAmount(value: DecimalInput, options: FormatAmountOptions = {}): string {
  const { decimals = amountDecimalsDefault, ...separators } = options;
  invariant(
    Number.isInteger(decimals) && decimals >= 0 && decimals <= decimalScaleMax,
    `decimals must be an integer from 0 to ${decimalScaleMax}, got ${decimals}`,
  );
  const parsed = toDecimal(value);
  if (!parsed.ok) {
    return invalidNumberPlaceholder;
  }
  return applySeparators(formatDecimal(roundDecimalHalfUp(parsed.value, decimals)), separators);
}

function magnitudeAbove(value: Decimal, exponent: number): boolean {
  const threshold: Decimal = { negative: false, digits: 10n ** BigInt(exponent), scale: 0 };
  return compareDecimalValues({ ...value, negative: false }, threshold) > 0;
}

function inUnit(value: Decimal, exponent: number): Decimal {
  return roundDecimalHalfUp({ ...value, scale: value.scale + exponent }, compactUnitDecimals);
}

/**
 * A short figure for lists and tickers (spec: "above 1000 abbreviated with K (1 decimal), above
 * 1,000,000 with M, otherwise 4 decimals"): "999.12345" -> "999.1235", "1000" -> "1000.0000",
 * "1250" -> "1.3K", "-2500000" -> "-2.5M", "7000000000" -> "7.0B", "abc" -> "--".
 */
export function formatCompact(value: DecimalInput, separators: NumberSeparators = {}): string {
  const parsed = toDecimal(value);
  if (!parsed.ok) {
    return invalidNumberPlaceholder;
  }
  const decimal = parsed.value;
  const unitIndex = compactUnits.findIndex((unit) => magnitudeAbove(decimal, unit.exponent));
  const unit = compactUnits[unitIndex];
  if (unit === undefined) {
    return applySeparators(formatDecimal(roundDecimalHalfUp(decimal, compactPlainDecimals)), separators);
  }
  const largerUnit = compactUnits[unitIndex - 1];
  let figure = inUnit(decimal, unit.exponent);
  let suffix: string = unit.suffix;
  if (largerUnit !== undefined && figure.digits >= compactCarryDigits) {
    figure = inUnit(decimal, largerUnit.exponent);
    suffix = largerUnit.suffix;
  }
  return `${applySeparators(formatDecimal(figure), separators)}${suffix}`;
}
