import {
  type AccountKindName,
  type BillEntryKind,
  type BillPage,
  billReplySchema,
  type DemoFundsReply,
  demoFundsReplySchema,
  type TransferHistory,
  transferHistoryReplySchema,
  type UserCurrency,
  userCurrencyListReplySchema,
  type WalletChangeReply,
  type WalletDetail,
  type WalletList,
  walletChangeReplySchema,
  walletDetailReplySchema,
  walletListReplySchema,
} from '@fairex/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { idempotentPost } from '../../../lib/idempotent-post';
import { userQueryRoot } from '../../../lib/session';
import type { TransferAttempt } from '../assets-rules';

/** Every wallet query sits under the user root: a new session refetches, a logout drops them. */
export const walletQueryRoot = [userQueryRoot, 'wallet'] as const;

export function walletListQuery() {
  return queryOptions({
    queryKey: [...walletQueryRoot, 'list'],
    queryFn: ({ signal }) =>
      apiPost<WalletList | null>('/wallet/list', {
        schema: walletListReplySchema.nullable(),
        empty: null,
        signal,
      }),
    staleTime: 15_000,
  });
}

export function userCurrenciesQuery() {
  return queryOptions({
    queryKey: [...walletQueryRoot, 'currencies'],
    queryFn: ({ signal }) =>
      apiGet<UserCurrency[]>('/currency/user_currency_list', {
        schema: userCurrencyListReplySchema,
        empty: [],
        signal,
      }),
    staleTime: 15_000,
  });
}

export function walletDetailQuery(currency: number, type: AccountKindName) {
  return queryOptions({
    queryKey: [...walletQueryRoot, 'detail', currency, type],
    queryFn: ({ signal }) =>
      apiPost<WalletDetail | null>('/wallet/detail', {
        schema: walletDetailReplySchema.nullable(),
        empty: null,
        params: { currency, type },
        signal,
      }),
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
      apiPost<BillPage>('/wallet/legal_log', {
        schema: billReplySchema,
        empty: emptyPage,
        params: { ...filter, page: pageParam },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}

/** GET /wallet/hzhistory, 10 transfers a page, newest first. */
export function transferHistoryQuery() {
  return infiniteQueryOptions({
    queryKey: [...walletQueryRoot, 'transfers'],
    queryFn: ({ pageParam, signal }) =>
      apiGet<TransferHistory>('/wallet/hzhistory', {
        schema: transferHistoryReplySchema,
        empty: emptyPage,
        params: { page: pageParam },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}

/** POST /wallet/change with the attempt's Idempotency-Key. */
export function submitTransfer(attempt: TransferAttempt, idempotencyKey: string): Promise<WalletChangeReply> {
  return idempotentPost('/wallet/change', {
    schema: walletChangeReplySchema,
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
  return idempotentPost('/wallet/demo_funds', { schema: demoFundsReplySchema, idempotencyKey, params: {} });
}
