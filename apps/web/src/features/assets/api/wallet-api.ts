import {
  type AccountKindName,
  type BillEntryKind,
  type DemoFundsReply,
  demoFundsRoute,
  transferHistoryRoute,
  userCurrencyListRoute,
  type WalletChangeReply,
  walletBillRoute,
  walletChangeRoute,
  walletDetailRoute,
} from '@fairex/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callMoneyRoute, callRoute } from '../../../lib/api-route';
import { walletQueryRoot } from '../../../lib/wallet-list-query';
import type { TransferAttempt } from '../assets-rules';

/** Shared with Home's total (lib/wallet-list-query). */
export { walletListQuery, walletQueryRoot } from '../../../lib/wallet-list-query';

export function userCurrenciesQuery() {
  return queryOptions({
    queryKey: [...walletQueryRoot, 'currencies'],
    queryFn: ({ signal }) => callRoute(userCurrencyListRoute, { empty: [], signal }),
    staleTime: 15_000,
  });
}

export function walletDetailQuery(currency: number, type: AccountKindName) {
  return queryOptions({
    queryKey: [...walletQueryRoot, 'detail', currency, type],
    queryFn: ({ signal }) =>
      callRoute(walletDetailRoute, { empty: null, params: { currency, type }, signal }),
    staleTime: 15_000,
  });
}

export type BillFilter = {
  readonly currency?: number;
  readonly type?: AccountKindName;
  readonly kind?: BillEntryKind;
};

const emptyPage = { list: [], page: 1, page_size: 10, has_more: false };

/** POST /wallet/legal_log, 10 lines a page, newest first. */
export function billQuery(filter: BillFilter) {
  return infiniteQueryOptions({
    queryKey: [...walletQueryRoot, 'bill', filter],
    queryFn: ({ pageParam, signal }) =>
      callRoute(walletBillRoute, { empty: emptyPage, params: { ...filter, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}

/** GET /wallet/hzhistory, 10 transfers a page, newest first. */
export function transferHistoryQuery() {
  return infiniteQueryOptions({
    queryKey: [...walletQueryRoot, 'transfers'],
    queryFn: ({ pageParam, signal }) =>
      callRoute(transferHistoryRoute, { empty: emptyPage, params: { page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}

/** POST /wallet/change with the attempt's Idempotency-Key. */
export function submitTransfer(attempt: TransferAttempt, idempotencyKey: string): Promise<WalletChangeReply> {
  return callMoneyRoute(walletChangeRoute, {
    idempotencyKey,
    params: {
      currency_id: attempt.currencyId,
      number: attempt.number,
      from_field: attempt.from,
      to_field: attempt.to,
    },
  });
}

/** POST /wallet/demo_funds (demo mode): test funds from the demo faucet. */
export function claimDemoFunds(idempotencyKey: string): Promise<DemoFundsReply> {
  return callMoneyRoute(demoFundsRoute, { idempotencyKey, params: {} });
}
