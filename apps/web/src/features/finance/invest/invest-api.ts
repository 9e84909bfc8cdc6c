/** Dual investment's calls: products (public), one product, the caller's orders, and buying. */
import { dualBuyRoute, dualDetailRoute, dualIndexRoute, dualListRoute } from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callMoneyRoute, callRoute } from '../../../lib/api-route';
import { userQueryRoot } from '../../../lib/session';

export const investQueryKeys = {
  products: ['invest', 'products'],
  orders: [userQueryRoot, 'invest', 'orders'],
} as const;

/** GET /dual/index: every product with its reserve. */
export const investProductsQuery = queryOptions({
  queryKey: investQueryKeys.products,
  queryFn: ({ signal }) =>
    callRoute(dualIndexRoute, { empty: { list: [], now: Date.now() }, params: {}, signal }),
  staleTime: 10_000,
});

/** GET /dual/detail?id=: one product. */
export function investProductQuery(id: number) {
  return queryOptions({
    queryKey: [...investQueryKeys.products, id],
    queryFn: ({ signal }) => callRoute(dualDetailRoute, { empty: null, params: { id }, signal }),
    staleTime: 5_000,
  });
}

/** POST /dual/dual_list: the caller's orders (first 50, newest first). */
export const investOrdersQuery = queryOptions({
  queryKey: investQueryKeys.orders,
  queryFn: ({ signal }) =>
    callRoute(dualListRoute, {
      empty: { list: [], page: 1, limit: 50, total: 0 },
      params: { page: 1, limit: 50 },
      signal,
    }),
  refetchInterval: 15_000,
});

export function buyDual(
  params: { id: number; num: string; currency_id: number; type: 'call' | 'put' },
  key: string,
) {
  return callMoneyRoute(dualBuyRoute, { params, idempotencyKey: key });
}
