import { useMemo } from 'react';
import { useAppStore } from '../../../lib/stores/app-store';
import { useFiatStore } from '../../../lib/stores/fiat-store';
import type { FiatDisplay } from '../components/quote-row';
import { fiatSymbol } from '../lib/fiat-symbol';

/** The chosen fiat, its rate and its symbol in the reader's locale. */
export function useFiatDisplay(): FiatDisplay {
  const code = useFiatStore((state) => state.fiat);
  const rate = useFiatStore((state) => state.rate);
  const lang = useAppStore((state) => state.lang);
  return useMemo(() => ({ code, rate, symbol: fiatSymbol(code, lang) }), [code, rate, lang]);
}
