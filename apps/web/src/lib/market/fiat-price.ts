import {
  formatAmount,
  formatDecimal,
  parseDecimal,
  roundDecimalHalfUp,
  stripTrailingZeros,
} from '@fairex/domain';

/** Quote currencies whose prices convert to the chosen fiat through the USD rate (USDT counts as USD). */
const usdLikeQuotes: ReadonlySet<string> = new Set(['USD', 'USDT']);

/** The exact product of two decimal texts, e.g. ("64000.5", "7.25") -> "464003.625"; null if either is malformed. */
export function multiplyDecimalText(left: string, right: string): string | null {
  const a = parseDecimal(left);
  const b = parseDecimal(right);
  if (!a.ok || !b.ok) {
    return null;
  }
  const digits = a.value.digits * b.value.digits;
  const product = {
    negative: a.value.negative !== b.value.negative && digits !== 0n,
    digits,
    scale: a.value.scale + b.value.scale,
  };
  return formatDecimal(stripTrailingZeros(product));
}

export type FiatPriceInput = {
  /** The native price, decimal text in `quote`. */
  price: string;
  /** The instrument's quote currency, e.g. "USDT". */
  quote: string;
  /** Units of the chosen fiat per 1 USD, decimal text. */
  rate: string;
};

/** The price in the chosen fiat, exact; null when the quote currency is not USD-like or data is bad. */
export function toFiatPrice({ price, quote, rate }: FiatPriceInput): string | null {
  if (!usdLikeQuotes.has(quote.toUpperCase())) {
    return null;
  }
  return multiplyDecimalText(price, rate);
}

/** Fraction digits for a fiat figure: the instrument's own, at least 2, at most 8. */
export function fiatDecimals(priceDecimals: number): number {
  return Math.min(8, Math.max(2, priceDecimals));
}

/** Formats a price with thousands separators and the given fraction digits ("--" if malformed). */
export function formatPrice(price: string, decimals: number): string {
  return formatAmount(price, { decimals, thousandsSeparator: ',' });
}

/** A USDT figure in the chosen fiat (USDT counts as USD), rounded to 2 decimals; null if malformed. */
export function fiatFigure(usdt: string, rate: string): string | null {
  const product = multiplyDecimalText(usdt, rate);
  if (product === null) return null;
  const parsed = parseDecimal(product);
  if (!parsed.ok) return null;
  return formatDecimal(roundDecimalHalfUp(parsed.value, 2));
}
