import { tradePairPath } from '../../../lib/trade-path';

/** Perpetual symbols read "BTC-PERP"; the row shows "BTC" with a "Perp" tag. */
const perpetualSuffix = '-PERP';

/** Routes of the markets feature. */
export const marketRoutes = {
  list: '/pages/market/market',
  search: '/pages/market/search',
  detail: '/pages/market/detail',
  trade: '/pages/transaction/index',
  contract: '/pages/transaction/contract',
  /** The spot screen on one pair (?symbol=ETH/USDT&side=sell), with a back button. */
  tradePair: tradePairPath,
} as const;

export { tradePath } from '../../../lib/trade-path';

/**
 * Whether an instrument can be traded on spot now: `trading` (a pair that takes orders),
 * `paused` (a pair that does not right now), `none` (no spot pair: perpetuals, stocks, coins not
 * listed for trading), or `unknown` while the pairs are still loading.
 */
export type SpotTradeability = 'trading' | 'paused' | 'none' | 'unknown';

export function spotTradeability(
  symbol: string,
  pairs: readonly { readonly symbol: string; readonly status: 'trading' | 'paused' }[] | undefined,
): SpotTradeability {
  if (pairs === undefined) return 'unknown';
  return pairs.find((pair) => pair.symbol === symbol)?.status ?? 'none';
}

export function detailPath(symbol: string): string {
  return `${marketRoutes.detail}?symbol=${encodeURIComponent(symbol)}`;
}

/** "BTC/USDT" -> "BTC-USDT", for data-testid values. */
export function symbolTestId(symbol: string): string {
  return symbol.replace(/\//g, '-');
}

/** "BTC/USDT" -> { base: "BTC", quote: "USDT" }; "BTC-PERP" -> { base: "BTC" }; "AAPL" stays whole. */
export function splitSymbol(symbol: string): { base: string; quote: string | null } {
  if (symbol.endsWith(perpetualSuffix)) {
    return { base: symbol.slice(0, -perpetualSuffix.length), quote: null };
  }
  const slash = symbol.indexOf('/');
  return slash < 0
    ? { base: symbol, quote: null }
    : { base: symbol.slice(0, slash), quote: symbol.slice(slash + 1) };
}
