/** The quick exchange calls: directions, the quote before confirming, and the exchange itself. */
import {
  type ExchangeResult,
  userGetTransferFeeRoute,
  userGetTransferListRoute,
  userTransferRoute,
} from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';
import { spotQueryKeys } from '../../../lib/market/spot-query-keys';

/** POST /user/getTransferList: the directions with the available balance of each from currency. */
export const directionsQuery = queryOptions({
  queryKey: [...spotQueryKeys.exchange, 'directions'],
  queryFn: ({ signal }) => callRoute(userGetTransferListRoute, { empty: [], signal }),
  staleTime: 10_000,
});

export type QuoteRequest = { from: number; to: number; number: string };

/** POST /user/getTransferFee for an amount (or the best level when the amount is blank). */
export function quoteQuery(request: QuoteRequest) {
  return queryOptions({
    queryKey: [...spotQueryKeys.exchange, 'quote', request.from, request.to, request.number],
    queryFn: ({ signal }) =>
      callRoute(userGetTransferFeeRoute, {
        empty: null,
        params: { from_currency_id: request.from, to_currency_id: request.to, number: request.number },
        signal,
      }),
    staleTime: 3_000,
    refetchInterval: 5_000,
    retry: false,
  });
}

/** POST /user/Transfer with the attempt's Idempotency-Key. */
export function submitExchange(
  params: { from: number; to: number; number: string; minReceive: string | null },
  idempotencyKey: string,
): Promise<ExchangeResult | null> {
  return callRoute(userTransferRoute, {
    empty: null,
    idempotencyKey,
    params: {
      number: params.number,
      from_currency_id: params.from,
      to_currency_id: params.to,
      min_receive: params.minReceive ?? '',
    },
  });
}
