import type { Instrument, Locale, Quote } from '@fairex/contract';
import { compareDecimal } from '@fairex/domain';
import { multiplyDecimalText } from '../../../lib/market/fiat-price';
import { assetNamesFor } from './asset-names';

/** Results shown for a query, at most. */
export const searchResultsMax = 50;
/** Hot searches: the most-traded instruments by 24 h volume. */
export const hotSearchCount = 5;

function normalise(text: string): string {
  return text.toUpperCase().replace(/[\s/_.-]+/g, '');
}

/**
 * Instruments whose symbol, base or name matches `query`, ignoring case, spaces and separators
 * ("btcusdt" finds "BTC/USDT", "ethereum" finds ETH, "特斯拉" in Chinese finds TSLA): names in
 * the reader's `locale` and in English. Tickers starting with the query come first, then names
 * starting with it, then anything containing it.
 */
export function filterInstruments(
  instruments: readonly Instrument[],
  query: string,
  locale: Locale = 'en',
): Instrument[] {
  const needle = normalise(query.trim());
  if (needle === '') {
    return [];
  }
  const tickerStarts: Instrument[] = [];
  const nameStarts: Instrument[] = [];
  const contains: Instrument[] = [];
  for (const instrument of instruments) {
    const symbol = normalise(instrument.symbol);
    const names = assetNamesFor(instrument.base, locale).map(normalise);
    if (symbol.startsWith(needle) || normalise(instrument.base).startsWith(needle)) {
      tickerStarts.push(instrument);
    } else if (names.some((name) => name.startsWith(needle))) {
      nameStarts.push(instrument);
    } else if (symbol.includes(needle) || names.some((name) => name.includes(needle))) {
      contains.push(instrument);
    }
  }
  return [...tickerStarts, ...nameStarts, ...contains].slice(0, searchResultsMax);
}

/** What a day's trading was worth in the quote currency: base volume x last price, exact. */
export function notionalVolume(quote: Quote): string {
  return multiplyDecimalText(quote.volume, quote.last) ?? '0';
}

/**
 * The `count` most traded by 24 h notional volume (base volume x last, so a cheap coin's large
 * unit count does not outrank BTC), optionally of one kind.
 */
export function topByVolume(quotes: readonly Quote[], count: number, kind?: Quote['kind']): Quote[] {
  return quotes
    .filter((quote) => kind === undefined || quote.kind === kind)
    .map((quote) => ({ quote, notional: notionalVolume(quote) }))
    .sort((left, right) => {
      const compared = compareDecimal(right.notional, left.notional);
      return compared.ok ? compared.value : 0;
    })
    .slice(0, count)
    .map((entry) => entry.quote);
}
