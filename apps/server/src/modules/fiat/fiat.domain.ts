import { type FiatCode, fiatCodes } from '@fairex/contract';
import { fromScaledBigintTrimmed } from '@fairex/domain';

/**
 * Pure rules of fiat rates: turning a service's JSON numbers into exact decimal strings, merging a
 * live answer into the stored table, and deciding when to ask the service again.
 */

/** Spec section 9: rates are refreshed at most once per 24 hours. */
export const ratesRefreshIntervalMs = 86_400_000;
/** A failed fetch is retried after an hour, not on every request, while the service is down. */
export const failedFetchRetryIntervalMs = 3_600_000;
/** The stored column is NUMERIC(30, 12). */
export const rateDecimalsMax = 12;
/** The contract's decimal strings have at most 18 integer digits. */
const rateIntegerDigitsMax = 18;

export type RateSource = 'live' | 'bundled';
export type StoredRate = {
  readonly currencyCode: string;
  readonly rate: string;
  readonly source: RateSource;
  readonly asOf: Date;
};
export type RateTable = {
  readonly source: RateSource;
  readonly asOf: Date;
  readonly rates: ReadonlyArray<{ currencyCode: FiatCode; rate: string }>;
};

const shortestNumberText = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** Divides by 10^drop, rounding half up (the values are positive). */
function roundDividedByPowerOfTen(value: bigint, drop: number): bigint {
  const divisor = 10n ** BigInt(drop);
  const quotient = value / divisor;
  return (value % divisor) * 2n >= divisor ? quotient + 1n : quotient;
}

/**
 * A positive JSON number as an exact decimal string with at most 12 decimals, rounded half up,
 * never in exponent notation: 1e-7 -> "0.0000001", 0.1 + 0.2 -> "0.3", 25000 -> "25000".
 * Starts from the shortest text that reads back as the same double (what the service meant to
 * publish), then works on its digits with bigints only. Null for anything that is not a usable
 * rate: zero or less, NaN, infinities, below 1e-12 after rounding, or 19 integer digits or more.
 */
export function decimalFromNumber(value: number): string | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  const match = shortestNumberText.exec(String(value));
  if (!match) return null;
  const integerDigits = match[1] ?? '';
  const fractionDigits = match[2] ?? '';
  const exponent = Number(match[3] ?? '0');
  const significand = BigInt(integerDigits + fractionDigits);
  // value = significand x 10^-decimals
  const decimals = fractionDigits.length - exponent;
  const units =
    decimals <= rateDecimalsMax
      ? significand * 10n ** BigInt(rateDecimalsMax - decimals)
      : roundDividedByPowerOfTen(significand, decimals - rateDecimalsMax);
  if (units === 0n) return null;
  const text = fromScaledBigintTrimmed(units, rateDecimalsMax);
  const integerLength = text.split('.')[0]?.length ?? 0;
  return integerLength > rateIntegerDigitsMax ? null : text;
}

/** PostgreSQL pads NUMERIC(30, 12) to 12 decimals; the wire carries "7.12", not "7.120000000000". */
export function normalizeStoredDecimal(stored: string): string {
  if (!stored.includes('.')) return stored;
  return stored.replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * The rows a live answer writes: USD exactly 1, and each other supported code the answer carries.
 * Codes it lacks keep their stored value, so nothing is ever written for them.
 */
export function liveRatesToStore(
  liveRates: Readonly<Record<string, string>>,
): Array<{ currencyCode: FiatCode; rate: string }> {
  const rows: Array<{ currencyCode: FiatCode; rate: string }> = [];
  for (const currencyCode of fiatCodes) {
    const rate = currencyCode === 'USD' ? '1' : liveRates[currencyCode];
    if (rate !== undefined) rows.push({ currencyCode, rate });
  }
  return rows;
}

/** A live answer that names none of the supported fiats but USD taught us nothing: a failure. */
export function carriesSupportedRates(liveRates: Readonly<Record<string, string>>): boolean {
  return fiatCodes.some((code) => code !== 'USD' && liveRates[code] !== undefined);
}

/** When the service may be asked again, from the last attempt and how it went. */
export function nextRefreshAt(lastAttempt: { at: Date; outcome: 'ok' | 'failed' } | null): Date {
  if (!lastAttempt) return new Date(0);
  const waitMs = lastAttempt.outcome === 'ok' ? ratesRefreshIntervalMs : failedFetchRetryIntervalMs;
  return new Date(lastAttempt.at.getTime() + waitMs);
}

/**
 * The table as the client sees it, in the contract's order. Live as soon as one rate is live; its
 * date is the newest of the rows from that source. Null while a supported code has no row.
 */
export function rateTableOf(rows: readonly StoredRate[]): RateTable | null {
  const byCode = new Map(rows.map((row) => [row.currencyCode, row]));
  const ordered: Array<{ currencyCode: FiatCode; row: StoredRate }> = [];
  for (const currencyCode of fiatCodes) {
    const row = byCode.get(currencyCode);
    if (!row) return null;
    ordered.push({ currencyCode, row });
  }
  const source: RateSource = ordered.some(({ row }) => row.source === 'live') ? 'live' : 'bundled';
  const fromSource = ordered.filter(({ row }) => row.source === source);
  const asOfMs = Math.max(...fromSource.map(({ row }) => row.asOf.getTime()));
  return {
    source,
    asOf: new Date(asOfMs),
    rates: ordered.map(({ currencyCode, row }) => ({
      currencyCode,
      // USD is the base: exactly 1 whatever a row says.
      rate: currencyCode === 'USD' ? '1' : normalizeStoredDecimal(row.rate),
    })),
  };
}
