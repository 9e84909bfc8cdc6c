/**
 * The wallet's queries, one definition per resource for every feature that shows a balance
 * (assets, trade, Home): one cache entry per key, so a wallet change event refreshes them all.
 */
import { type AccountKindName, walletDetailRoute, walletListRoute } from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../api-route';
import { spotQueryKeys } from '../market/spot-query-keys';

/** Every wallet query sits under the user root: a new session refetches, a logout drops them. */
export const walletQueryRoot = spotQueryKeys.walletRoot;

/** POST /wallet/list: every account of the user, with totals. */
export function walletListQuery() {
  return queryOptions({
    queryKey: [...walletQueryRoot, 'list'],
    queryFn: ({ signal }) => callRoute(walletListRoute, { empty: null, signal }),
    staleTime: 15_000,
  });
}

/** POST /wallet/detail: one currency's account of one kind. */
export function walletDetailQuery(currency: number, type: AccountKindName) {
  return queryOptions({
    queryKey: [...walletQueryRoot, 'detail', currency, type],
    queryFn: ({ signal }) =>
      callRoute(walletDetailRoute, { empty: null, params: { currency, type }, signal }),
    staleTime: 15_000,
  });
}
