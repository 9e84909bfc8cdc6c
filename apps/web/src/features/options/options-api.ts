/** The seconds options calls (client-contract.md's microtrade family) by their contract routes. */
import {
  type OptionSubmitBody,
  optionListRoute,
  optionPayableCurrenciesRoute,
  optionPoolRoute,
  optionReceiptRoute,
  optionSecondsRoute,
  optionSubmitRoute,
} from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callMoneyRoute, callRoute } from '../../lib/api-route';

const root = 'options';

export const optionsKeys = { root: [root] as const };

export const termsQuery = queryOptions({
  queryKey: [root, 'terms'],
  queryFn: ({ signal }) => callRoute(optionSecondsRoute, { empty: [], signal }),
  staleTime: 30_000,
});

export const payableQuery = queryOptions({
  queryKey: [root, 'payable'],
  queryFn: ({ signal }) => callRoute(optionPayableCurrenciesRoute, { empty: [], signal }),
});

export const poolQuery = queryOptions({
  queryKey: [root, 'pool'],
  queryFn: ({ signal }) => callRoute(optionPoolRoute, { empty: [], signal }),
});

export function ordersQuery(status: 1 | 3, page: number) {
  return queryOptions({
    queryKey: [root, 'orders', status, page],
    queryFn: ({ signal }) =>
      callRoute(optionListRoute, {
        params: { status, page, limit: 5 },
        empty: { list: [], total: 0, page, limit: 5 },
        signal,
      }),
    refetchInterval: status === 1 ? 2_000 : 5_000,
  });
}

export function receiptQuery(id: number) {
  return queryOptions({
    queryKey: [root, 'receipt', id],
    queryFn: ({ signal }) => callRoute(optionReceiptRoute, { params: { id }, empty: null, signal }),
  });
}

export function submitOption(params: OptionSubmitBody, idempotencyKey: string) {
  return callMoneyRoute(optionSubmitRoute, { params, idempotencyKey });
}
