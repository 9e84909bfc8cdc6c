/**
 * A small exact decimal toolkit. Money is never a JS number here (conventions rule 1): values are
 * decimal strings on the wire and bigints in the asset's smallest unit, and every step below works
 * on string digits and bigints only.
 *
 * Accepted text: an optional sign, one or more digits, and optionally a point followed by one or
 * more digits, e.g. "12", "-0.5", "+1.250". Refused: "", ".5", "5.", "1e5", "1,000", " 1", "NaN",
 * "Infinity", and anything longer than `decimalTextLengthMax` characters.
 */
import { invariant } from './invariant';

/** Longest decimal text accepted (sign and point included). */
export const decimalTextLengthMax = 100;
/** Largest scale or number of decimals a caller may ask for. */
export const decimalScaleMax = 64;

/** An exact decimal: (negative ? -1 : 1) x digits / 10^scale. Zero is never negative. */
export type Decimal = { readonly negative: boolean; readonly digits: bigint; readonly scale: number };

/** An amount in an asset's smallest unit with the asset's scale: 123n at scale 2 is 1.23. */
export type ScaledDecimal = { readonly value: bigint; readonly scale: number };

export type DecimalError = 'invalidFormat' | 'tooLong' | 'excessPrecision';
export type DecimalResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: DecimalError };

const decimalPattern = /^([+-]?)(\d+)(?:\.(\d+))?$/;

function ok<T>(value: T): DecimalResult<T> {
  return { ok: true, value };
}

function fail<T>(error: DecimalError): DecimalResult<T> {
  return { ok: false, error };
}

function assertScale(scale: number, label: string): void {
  invariant(
    Number.isInteger(scale) && scale >= 0 && scale <= decimalScaleMax,
    `${label} must be an integer from 0 to ${decimalScaleMax}, got ${scale}`,
  );
}

function assertDecimal(value: Decimal): void {
  invariant(
    value.digits >= 0n && Number.isInteger(value.scale) && value.scale >= 0,
    `a Decimal needs digits >= 0 and an integer scale >= 0, got ${value.digits} at ${value.scale}`,
  );
}

function powerOfTen(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** Parses decimal text, keeping the scale as written ("1.50" has scale 2). "-0" parses as zero. */
export function parseDecimal(text: string): DecimalResult<Decimal> {
  if (text.length > decimalTextLengthMax) {
    return fail('tooLong');
  }
  const match = decimalPattern.exec(text);
  if (match === null) {
    return fail('invalidFormat');
  }
  const [, sign = '', integerPart = '', fractionPart = ''] = match;
  const digits = BigInt(integerPart + fractionPart);
  return ok({ negative: sign === '-' && digits !== 0n, digits, scale: fractionPart.length });
}

/** Reads a scaled bigint as a Decimal; refuses a scale that is not an integer in 0..decimalScaleMax. */
export function decimalFromScaled(scaled: ScaledDecimal): DecimalResult<Decimal> {
  const { value, scale } = scaled;
  if (!Number.isInteger(scale) || scale < 0 || scale > decimalScaleMax) {
    return fail('invalidFormat');
  }
  return ok({ negative: value < 0n, digits: value < 0n ? -value : value, scale });
}

/** Writes a Decimal with exactly `scale` fraction digits and no "-" on zero: "-1.50", "0.00", "12". */
export function formatDecimal(value: Decimal): string {
  assertDecimal(value);
  const { scale } = value;
  const padded = value.digits.toString().padStart(scale + 1, '0');
  const integerPart = padded.slice(0, padded.length - scale);
  const fractionPart = padded.slice(padded.length - scale);
  const sign = value.negative && value.digits !== 0n ? '-' : '';
  return scale === 0 ? `${sign}${integerPart}` : `${sign}${integerPart}.${fractionPart}`;
}

/** Drops trailing fraction zeros: 1.500 becomes 1.5 and 2.00 becomes 2. The value is unchanged. */
export function stripTrailingZeros(value: Decimal): Decimal {
  assertDecimal(value);
  let { digits, scale } = value;
  while (scale > 0 && digits % 10n === 0n) {
    digits /= 10n;
    scale -= 1;
  }
  return { negative: value.negative && digits !== 0n, digits, scale };
}

/** The canonical text of a decimal: no "+", no leading or trailing zeros, no "-0". "+01.50" -> "1.5". */
export function normalizeDecimal(text: string): DecimalResult<string> {
  const parsed = parseDecimal(text);
  return parsed.ok ? ok(formatDecimal(stripTrailingZeros(parsed.value))) : parsed;
}

/**
 * Converts decimal text to an integer count of 10^-scale units: ("1.23", 2) -> 123n. Trailing
 * zeros beyond the scale are fine ("1.230" at scale 2); any other extra digit is refused with
 * 'excessPrecision', never rounded away (reliability case 8).
 */
export function toScaledBigint(text: string, scale: number): DecimalResult<bigint> {
  assertScale(scale, 'scale');
  const parsed = parseDecimal(text);
  if (!parsed.ok) {
    return parsed;
  }
  const { negative, digits } = parsed.value;
  let magnitude: bigint;
  if (parsed.value.scale > scale) {
    const divisor = powerOfTen(parsed.value.scale - scale);
    if (digits % divisor !== 0n) {
      return fail('excessPrecision');
    }
    magnitude = digits / divisor;
  } else {
    magnitude = digits * powerOfTen(scale - parsed.value.scale);
  }
  return ok(negative ? -magnitude : magnitude);
}

/** Writes an integer count of 10^-scale units as decimal text with exactly `scale` fraction digits. */
export function fromScaledBigint(value: bigint, scale: number): string {
  assertScale(scale, 'scale');
  return formatDecimal({ negative: value < 0n, digits: value < 0n ? -value : value, scale });
}

/** Decimal text without trailing fraction zeros ("12.500000" -> "12.5", "2.000" -> "2", "100" stays). */
export function trimDecimalText(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Like fromScaledBigint, without trailing zeros ("1.50000000" -> "1.5", "2.000" -> "2"). */
export function fromScaledBigintTrimmed(value: bigint, scale: number): string {
  return trimDecimalText(fromScaledBigint(value, scale));
}

/** numerator / denominator rounded up (towards +infinity); the denominator is positive. */
export function ceilDivide(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('ceilDivide needs a positive denominator');
  const quotient = numerator / denominator;
  return quotient * denominator < numerator ? quotient + 1n : quotient;
}

function signedAtScale(value: Decimal, scale: number): bigint {
  const magnitude = value.digits * powerOfTen(scale - value.scale);
  return value.negative ? -magnitude : magnitude;
}

/** Orders two Decimals by value: -1, 0 or 1. "1.50" equals "1.5". */
export function compareDecimalValues(left: Decimal, right: Decimal): -1 | 0 | 1 {
  assertDecimal(left);
  assertDecimal(right);
  const scale = Math.max(left.scale, right.scale);
  const leftScaled = signedAtScale(left, scale);
  const rightScaled = signedAtScale(right, scale);
  if (leftScaled < rightScaled) {
    return -1;
  }
  return leftScaled > rightScaled ? 1 : 0;
}

/**
 * Orders two decimal texts by value: -1, 0 or 1, or the parse error of the first malformed side.
 * The two sides are a comparator's pair, so they stay positional (usable after a `.ok` check).
 */
export function compareDecimal(left: string, right: string): DecimalResult<-1 | 0 | 1> {
  const leftParsed = parseDecimal(left);
  if (!leftParsed.ok) {
    return leftParsed;
  }
  const rightParsed = parseDecimal(right);
  if (!rightParsed.ok) {
    return rightParsed;
  }
  return ok(compareDecimalValues(leftParsed.value, rightParsed.value));
}

/**
 * Rounds to `decimals` fraction digits, half away from zero on the digits themselves ("half-up"
 * as money is usually rounded: 1.005 -> 1.01, -1.005 -> -1.01, 1.004 -> 1.00). Fewer digits are
 * padded with zeros. A result of zero is never negative: -0.004 -> 0.00.
 */
export function roundDecimalHalfUp(value: Decimal, decimals: number): Decimal {
  assertDecimal(value);
  assertScale(decimals, 'decimals');
  if (decimals >= value.scale) {
    const digits = value.digits * powerOfTen(decimals - value.scale);
    return { negative: value.negative && digits !== 0n, digits, scale: decimals };
  }
  const divisor = powerOfTen(value.scale - decimals);
  const quotient = value.digits / divisor;
  const remainder = value.digits % divisor;
  const digits = remainder * 2n >= divisor ? quotient + 1n : quotient;
  return { negative: value.negative && digits !== 0n, digits, scale: decimals };
}

/** `roundDecimalHalfUp` on decimal text: ("2.345", 2) -> "2.35"; ("7", 2) -> "7.00". */
export function roundHalfUp(text: string, decimals: number): DecimalResult<string> {
  assertScale(decimals, 'decimals');
  const parsed = parseDecimal(text);
  return parsed.ok ? ok(formatDecimal(roundDecimalHalfUp(parsed.value, decimals))) : parsed;
}
