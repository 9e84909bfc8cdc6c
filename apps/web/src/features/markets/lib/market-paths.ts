/** Perpetual symbols read "BTC-PERP"; the row shows "BTC" with a "Perp" tag. */
const perpetualSuffix = '-PERP';

/** Routes of the markets feature. */
export const marketRoutes = {
  list: '/pages/market/market',
  search: '/pages/market/search',
  detail: '/pages/market/detail',
  trade: '/pages/transaction/index',
  contract: '/pages/transaction/contract',
} as const;

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
