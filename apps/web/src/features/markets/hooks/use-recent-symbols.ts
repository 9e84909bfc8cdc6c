import { useCallback, useState } from 'react';
import { readStoredJson, writeStored } from '../../../lib/browser-storage';
import { parseRecentSymbols, pushRecentSymbol, recentSymbolsStorageKey } from '../lib/recent-symbols';

function readRecent(): string[] {
  return parseRecentSymbols(readStoredJson(recentSymbolsStorageKey));
}

/** Remembers an opened instrument on this device (detail page). */
export function rememberRecentSymbol(symbol: string): void {
  writeStored(recentSymbolsStorageKey, JSON.stringify(pushRecentSymbol(readRecent(), symbol)));
}

/** Recently viewed symbols, newest first, with a clear action. */
export function useRecentSymbols() {
  const [recent, setRecent] = useState(readRecent);
  const clear = useCallback(() => {
    writeStored(recentSymbolsStorageKey, null);
    setRecent([]);
  }, []);
  return { recent, clear };
}
