import type { Quote } from '@fairex/contract';
import { compareDecimal, parseDecimal } from '@fairex/domain';
import { fiatDecimals, formatPrice, multiplyDecimalText, toFiatPrice } from '../../../lib/market/fiat-price';

/** Spot pairs shown on Home: the most traded by 24 h volume. */
export const homeQuotesCount = 6;

/** The `count` spot quotes most traded by 24 h notional volume (base volume x last, exact). */
export function topSpotQuotes(quotes: readonly Quote[], count = homeQuotesCount): Quote[] {
  return quotes
    .filter((quote) => quote.kind === 'spot')
    .map((quote) => ({ quote, notional: multiplyDecimalText(quote.volume, quote.last) ?? '0' }))
    .sort((left, right) => {
      const compared = compareDecimal(right.notional, left.notional);
      return compared.ok ? compared.value : 0;
    })
    .slice(0, count)
    .map((entry) => entry.quote);
}

/**
 * A USDT- or USD-quoted price in the chosen fiat, exact (price x rate on bigints), formatted with
 * grouping and the price's own digits (2 to 8); null for other quote currencies or malformed text.
 */
export function fiatPriceText(symbol: string, price: string, rate: string): string | null {
  const product = toFiatPrice({ price, quote: symbol.split('/')[1] ?? '', rate });
  const parsed = parseDecimal(price);
  if (product === null || !parsed.ok) {
    return null;
  }
  return formatPrice(product, fiatDecimals(parsed.value.scale));
}
