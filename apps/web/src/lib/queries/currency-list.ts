import { currencyListRoute } from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../api-route';

/**
 * GET /currency/list: the coin entries (one per currency and chain), null when unavailable. One
 * definition for the deposit picker and the saved-address form (each selects what it shows).
 */
export function currencyListQuery() {
  return queryOptions({
    queryKey: ['currency-list'] as const,
    queryFn: ({ signal }) => callRoute(currencyListRoute, { empty: null, signal }),
    staleTime: 5 * 60_000,
  });
}
