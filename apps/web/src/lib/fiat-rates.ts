import { fiatRatesRoute } from '@fairex/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callRoute } from './api-route';
import { useFiatStore } from './stores/fiat-store';

/** Spec section 9: rates refresh at most once a day. */
export const fiatRatesRefreshMs = 86_400_000;

export const fiatRatesQuery = queryOptions({
  queryKey: ['fiat-rates'],
  queryFn: ({ signal }) => callRoute(fiatRatesRoute, { empty: null, signal }),
  staleTime: fiatRatesRefreshMs,
  refetchInterval: fiatRatesRefreshMs,
});

/** Loads the rate table and keeps the chosen fiat's stored rate in step with it. */
export function useFiatRates() {
  const query = useQuery(fiatRatesQuery);
  const applyRates = useFiatStore((state) => state.applyRates);
  useEffect(() => {
    if (query.data) {
      applyRates(query.data, Date.now());
    }
  }, [query.data, applyRates]);
  return query;
}
