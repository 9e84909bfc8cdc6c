import type { SpotDepth, SpotMarket, SpotOrder, SpotPublicTrade, SpotTradesEvent } from '@fairex/contract';
import { spotRecentTradesDefault } from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { readStored, writeStored } from '../../../lib/browser-storage';
import { useSpotOrderEvents, useSpotStream } from '../../../lib/market/use-spot-stream';
import { useAppStore } from '../../../lib/stores/app-store';
import { depthQuery, pairOpenOrdersQuery, tradesQuery } from '../api/spot-api';
import { applyOrderUpdate, newerDepth } from '../trade-rules';

/** How often the book and trades are fetched while the socket is down. */
const spotPollMs = 3_000;

/** localStorage: the pair last opened on the trade screen, e.g. "ETH/USDT". */
const lastPairKey = 'spotSymbol';

export function readLastPair(): string | null {
  return readStored(lastPairKey);
}

export function rememberPair(symbol: string): void {
  writeStored(lastPairKey, symbol);
}

/** New trades first, each once, at most the recent-trades length. */
function mergeTrades(
  held: readonly SpotPublicTrade[],
  incoming: readonly SpotPublicTrade[],
): SpotPublicTrade[] {
  const seen = new Set<number>();
  return [...incoming]
    .reverse()
    .concat(held)
    .filter((trade) => {
      if (seen.has(trade.id)) return false;
      seen.add(trade.id);
      return true;
    })
    .slice(0, spotRecentTradesDefault);
}

/**
 * The book and recent trades of a pair: the HTTP snapshot first, then `spot:depth` and
 * `spot:trades` pushes over it (a snapshot older than a push never wins, by `seq`).
 */
export function useSpotBook(symbol: string) {
  const queryClient = useQueryClient();
  // Without the socket the snapshots are polled instead (spec: live, else polling).
  const live = useAppStore((state) => state.socket) === 'connected';
  const pollMs = live ? false : spotPollMs;
  const depthSnapshot = useQuery({ ...depthQuery(symbol), refetchInterval: pollMs });
  const trades = useQuery({ ...tradesQuery(symbol), refetchInterval: pollMs });
  const [pushed, setPushed] = useState<SpotDepth | null>(null);
  const onDepth = useCallback((depth: SpotDepth) => setPushed((held) => newerDepth(held, depth)), []);
  const onTrades = useCallback(
    (event: SpotTradesEvent) =>
      queryClient.setQueryData<SpotPublicTrade[]>(tradesQuery(symbol).queryKey, (held) =>
        mergeTrades(held ?? [], event.trades),
      ),
    [queryClient, symbol],
  );
  useSpotStream(symbol, { onDepth, onTrades });
  const snapshot = depthSnapshot.data ?? null;
  const latest = pushed?.symbol === symbol ? pushed : null;
  const depth = snapshot === null ? latest : latest === null ? snapshot : newerDepth(snapshot, latest);
  return {
    depth,
    depthPending: depthSnapshot.isPending && latest === null,
    trades: trades.data ?? [],
    tradesPending: trades.isPending,
  };
}

/** The signed-in user's open orders of the pair, kept current by `spot:order`. */
export function usePairOpenOrders(market: SpotMarket, enabled: boolean) {
  const queryClient = useQueryClient();
  const options = pairOpenOrdersQuery(market);
  const query = useQuery({ ...options, enabled });
  useSpotOrderEvents((order: SpotOrder) => {
    if (order.currency_id !== market.currency_id || order.legal_id !== market.legal_id) return;
    queryClient.setQueryData<SpotOrder[]>(options.queryKey, (held) => applyOrderUpdate(held ?? [], order));
  });
  return query;
}
