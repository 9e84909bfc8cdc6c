import { currencyQuotationNewRoute, marketTickRoute } from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../api-route';

/** How long a quotes snapshot counts as fresh; live pushes overlay it in between. */
const quotesStaleMs = 2_000;

/**
 * GET /currency/quotation_new: every instrument's quote. Home, Markets and Trade read this one
 * cache entry, so a screen change never fetches the same snapshot twice.
 */
export const quotationQuery = queryOptions({
  queryKey: ['market', 'quotation'],
  queryFn: ({ signal }) => callRoute(currencyQuotationNewRoute, { empty: [], signal }),
  staleTime: quotesStaleMs,
});

/** GET /market/tick {id}: one recorded price tick (a fill or a settlement cites it); never changes. */
export function tickQuery(id: string) {
  return queryOptions({
    queryKey: ['market', 'tick', id],
    queryFn: ({ signal }) => callRoute(marketTickRoute, { empty: null, params: { id }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
