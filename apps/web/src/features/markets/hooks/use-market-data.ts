import type { Instrument, Quote } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLiveOrPolling } from '../../../lib/live-or-polling';
import { instrumentsQuery, quotationQuery, quotesPollMs, quotesSafetyRefreshMs } from '../api/market-queries';

/** Quotes (polled while the socket is down) and instruments by symbol. */
export function useMarketData() {
  // Polls while the socket is down; a slow refresh even when live, should pushes stall.
  const refetchInterval = useLiveOrPolling(quotesPollMs) || quotesSafetyRefreshMs;
  const quotes = useQuery({ ...quotationQuery, refetchInterval });
  const instruments = useQuery(instrumentsQuery);
  const bySymbol = useMemo(
    () => new Map((instruments.data ?? []).map((instrument) => [instrument.symbol, instrument])),
    [instruments.data],
  );
  return {
    quotes: quotes.data ?? ([] as Quote[]),
    isPending: quotes.isPending,
    isError: quotes.isError && quotes.data === undefined,
    refetch: quotes.refetch,
    instruments: instruments.data ?? ([] as Instrument[]),
    bySymbol,
  };
}
