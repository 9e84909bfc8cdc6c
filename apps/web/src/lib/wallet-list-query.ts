/**
 * POST /wallet/list: every account per kind with the USDT totals. The Assets screens and Home's
 * total read the same query (one cache entry, refreshed by the wallet-changed event); only lazy
 * chunks import it.
 */
import { walletListRoute } from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from './api-route';
import { userQueryRoot } from './session';

/** Every wallet query sits under the user root: a new session refetches, a logout drops them. */
export const walletQueryRoot = [userQueryRoot, 'wallet'] as const;

export function walletListQuery() {
  return queryOptions({
    queryKey: [...walletQueryRoot, 'list'],
    queryFn: ({ signal }) => callRoute(walletListRoute, { empty: null, signal }),
    staleTime: 15_000,
  });
}
