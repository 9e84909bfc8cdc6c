import { type Locale, localeTags } from '@fairex/contract';
import { useMemo } from 'react';
import { useAppStore } from './stores/app-store';
import { useFiatStore } from './stores/fiat-store';

/** The fiat's narrow symbol in the reader's locale ("$", "¥", "€"); the code if Intl lacks one. */
export function fiatSymbol(code: string, locale: Locale): string {
  try {
    const parts = new Intl.NumberFormat(localeTags[locale], {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

export type FiatDisplay = { code: string; rate: string; symbol: string };

/** The chosen fiat, its rate against USD, and its symbol in the reader's locale. */
export function useFiatDisplay(): FiatDisplay {
  const code = useFiatStore((state) => state.fiat);
  const rate = useFiatStore((state) => state.rate);
  const lang = useAppStore((state) => state.lang);
  return useMemo(() => ({ code, rate, symbol: fiatSymbol(code, lang) }), [code, rate, lang]);
}
