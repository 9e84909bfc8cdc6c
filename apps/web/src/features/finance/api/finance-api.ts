/** The Finance tab's calls: products per category (public), the caller's orders, buy and redeem. */
import {
  miningConfigRoute,
  miningOrdersRoute,
  miningRedeemRoute,
  miningSubscribeRoute,
} from '@fairex/contract';
import type { MiningCategory } from '@fairex/domain';
import { queryOptions } from '@tanstack/react-query';
import { callMoneyRoute, callRoute } from '../../../lib/api-route';
import { userQueryRoot } from '../../../lib/session';

export const financeQueryKeys = {
  products: ['finance', 'products'],
  orders: [userQueryRoot, 'finance', 'orders'],
} as const;

/** GET /lh/deposit/config?category=...: the products with their reserves. */
export function productsQuery(category: MiningCategory) {
  return queryOptions({
    queryKey: [...financeQueryKeys.products, category],
    queryFn: ({ signal }) =>
      callRoute(miningConfigRoute, { empty: { list: [], now: Date.now() }, params: { category }, signal }),
    staleTime: 10_000,
  });
}

/** GET /lh/deposit/order: the caller's orders (first 50, newest first). */
export const ordersQuery = queryOptions({
  queryKey: financeQueryKeys.orders,
  queryFn: ({ signal }) =>
    callRoute(miningOrdersRoute, {
      empty: { list: [], page: 1, limit: 50, total: 0 },
      params: { page: 1, limit: 50 },
      signal,
    }),
  refetchInterval: 30_000,
});

export function subscribe(params: { config_id: number; amount: string }, idempotencyKey: string) {
  return callMoneyRoute(miningSubscribeRoute, { params, idempotencyKey });
}

export function redeem(id: string, idempotencyKey: string) {
  return callMoneyRoute(miningRedeemRoute, { params: { id }, idempotencyKey });
}
