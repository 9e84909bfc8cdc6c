/** Recently viewed instruments kept on the device, newest first. */
export const recentSymbolsMax = 10;
export const recentSymbolsStorageKey = 'marketRecentSymbols';

/** Puts `symbol` first, drops an earlier copy, and keeps at most `recentSymbolsMax`. */
export function pushRecentSymbol(list: readonly string[], symbol: string): string[] {
  return [symbol, ...list.filter((entry) => entry !== symbol)].slice(0, recentSymbolsMax);
}

/** Reads the stored list, tolerating anything malformed (returns []). */
export function parseRecentSymbols(stored: unknown): string[] {
  if (!Array.isArray(stored)) {
    return [];
  }
  const symbols = stored.filter(
    (entry): entry is string => typeof entry === 'string' && entry.length > 0 && entry.length <= 32,
  );
  return [...new Set(symbols)].slice(0, recentSymbolsMax);
}
