import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLiveOrPolling } from '../../../lib/live-or-polling';
import { overlayQuotes } from '../../../lib/market/quote-buffer';
import { useLiveQuotes } from '../../../lib/market/use-market-stream';
import { quotationQuery } from '../../../lib/queries/market-snapshot';
import { topSpotQuotes } from './home-quotes-logic';

const quotesPollMs = 3_000;
/** A slow snapshot refresh even while the socket is live, in case pushes stall. */
const quotesSafetyRefreshMs = 15_000;

/**
 * Home's top spot pairs, live: socket pushes are buffered in a ref and applied once per animation
 * frame (conventions rule 6); while the socket is down the snapshot is polled instead.
 */
export function useHomeQuotes() {
  const refetchInterval = useLiveOrPolling(quotesPollMs) || quotesSafetyRefreshMs;
  const query = useQuery({ ...quotationQuery, refetchInterval });
  const top = useMemo(() => topSpotQuotes(query.data ?? []), [query.data]);
  const symbols = useMemo(() => top.map((quote) => quote.symbol), [top]);
  const live = useLiveQuotes(symbols);
  const quotes = useMemo(() => overlayQuotes(top, live), [top, live]);
  return { quotes, isPending: query.isPending };
}
