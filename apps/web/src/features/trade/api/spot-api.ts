/**
 * The calls of the trade screens: pairs, book and trades (public), the user's orders, placing and
 * cancelling (money-moving: one Idempotency-Key per attempt), the spot balance and the quotes.
 */
import {
  coinCancelRoute,
  coinDepthRoute,
  coinListRoute,
  coinOrderRoute,
  coinTradeRoute,
  coinTradesRoute,
  type RouteInput,
  type SpotOrder,
  type SpotOrderList,
  spotDepthLevelsDefault,
  spotPageSize,
  spotRecentTradesDefault,
} from '@fairex/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';
import { spotPairsQuery } from '../../../lib/market/spot-pairs-query';
import { spotQueryKeys } from '../../../lib/market/spot-query-keys';
import { walletDetailQuery } from '../../../lib/queries/wallet-queries';

export { spotQueryKeys };

/** The pairs, shared with the markets screens (which mark what cannot be traded). */
export const marketsQuery = spotPairsQuery;

export function depthQuery(symbol: string) {
  return queryOptions({
    queryKey: [...spotQueryKeys.depth, symbol],
    queryFn: ({ signal }) =>
      callRoute(coinDepthRoute, { empty: null, params: { symbol, limit: spotDepthLevelsDefault }, signal }),
    staleTime: 2_000,
  });
}

export function tradesQuery(symbol: string) {
  return queryOptions({
    queryKey: [...spotQueryKeys.trades, symbol],
    queryFn: ({ signal }) =>
      callRoute(coinTradesRoute, { empty: [], params: { symbol, limit: spotRecentTradesDefault }, signal }),
    staleTime: 2_000,
  });
}

/** The spot account of one currency; same key as the assets screens, so a wallet change event refreshes it. */
export function spotBalanceQuery(currencyId: number) {
  return walletDetailQuery(currencyId, 'change');
}

export type OrderTab = 'doing' | 'complete';

const emptyList = (page: number): SpotOrderList => ({ list: [], page, limit: spotPageSize, total: 0 });

/** Open orders of one pair (the trade screen shows the first 50). */
export function pairOpenOrdersQuery(market: { currency_id: number; legal_id: number }) {
  return queryOptions({
    queryKey: [...spotQueryKeys.orders, 'pair', market.currency_id, market.legal_id],
    queryFn: async ({ signal }) => {
      const page = await callRoute(coinListRoute, {
        empty: emptyList(1),
        params: {
          status: 'doing',
          page: 1,
          limit: 50,
          currency_id: market.currency_id,
          legal_id: market.legal_id,
        },
        signal,
      });
      return page.list;
    },
  });
}

/** GET /coin/list, 10 a page, newest first. */
export function ordersQuery(tab: OrderTab) {
  return infiniteQueryOptions({
    queryKey: [...spotQueryKeys.orders, 'list', tab],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callRoute(coinListRoute, {
        empty: emptyList(pageParam),
        params: { status: tab, page: pageParam, limit: spotPageSize },
        signal,
      }),
    getNextPageParam: (last) =>
      last.list.length < spotPageSize || last.page * spotPageSize >= last.total ? undefined : last.page + 1,
  });
}

export function orderDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...spotQueryKeys.orders, 'detail', id],
    queryFn: ({ signal }) => callRoute(coinOrderRoute, { empty: null, params: { id }, signal }),
  });
}

/** POST /coin/trade with the attempt's Idempotency-Key. */
export function placeOrder(
  params: RouteInput<typeof coinTradeRoute>,
  idempotencyKey: string,
): Promise<SpotOrder | null> {
  return callRoute(coinTradeRoute, { empty: null, params, idempotencyKey });
}

/** POST /coin/cancel: the unfilled rest comes back. */
export function cancelOrder(id: number, idempotencyKey: string): Promise<SpotOrder | null> {
  return callRoute(coinCancelRoute, { empty: null, params: { id }, idempotencyKey });
}

export { quotationQuery, tickQuery } from '../../../lib/queries/market-snapshot';
