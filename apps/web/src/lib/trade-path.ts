/** The spot screen on one pair, with a back button. */
export const tradePairPath = '/pages/transaction/currency';

/**
 * The trade screen opened on a pair with a side selected (?symbol=ETH/USDT&side=sell): a coin
 * page's Buy and Sell, a listed IEO token's Sell. In lib because more than one feature links there.
 */
export function tradePath(symbol: string, side: 'buy' | 'sell'): string {
  return `${tradePairPath}?symbol=${encodeURIComponent(symbol)}&side=${side}`;
}
