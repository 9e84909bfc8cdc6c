/**
 * The spot pairs (GET /coin/markets): the trade screens place orders on them, the markets screens
 * mark what can be traded. One query and key for both, so either screen fills the other's cache.
 * Only lazy pages import it (the pairs' schema is not in Home's bundle).
 */
import { coinMarketsRoute } from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../api-route';
import { spotQueryKeys } from './spot-query-keys';

export const spotPairsQuery = queryOptions({
  queryKey: spotQueryKeys.markets,
  queryFn: ({ signal }) => callRoute(coinMarketsRoute, { empty: [], signal }),
  staleTime: 30_000,
});
