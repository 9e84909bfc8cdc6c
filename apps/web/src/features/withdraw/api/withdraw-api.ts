/**
 * The calls of the withdrawal screens: the form's facts (GET /user/withdraw/info), the saved
 * addresses and bank cards, the code, the request itself and its cancellation (with an
 * Idempotency-Key), and the two record lists of the records page (10 a page).
 */
import {
  type BankCard,
  type DepositLog,
  rechargeLogRoute,
  smsMailRoute,
  smsSendRoute,
  type UserInfo,
  userCashInfoInternationalRoute,
  userCashInfoRoute,
  userWalletListRoute,
  userWithdrawCancelRoute,
  userWithdrawInfoRoute,
  userWithdrawListRoute,
  type WalletAddress,
  type WithdrawalList,
  type WithdrawalRecord,
  walletOutRoute,
  withdrawalPageSize,
} from '@fairex/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callMoneyRoute, callRoute } from '../../../lib/api-route';
import { userQueryRoot } from '../../../lib/session';
import { type WithdrawAttempt, withdrawParams } from '../withdraw-rules';

export const withdrawQueryKeys = {
  info: [userQueryRoot, 'withdraw', 'info'],
  addresses: [userQueryRoot, 'withdraw', 'addresses'],
  cards: [userQueryRoot, 'withdraw', 'cards'],
  withdrawals: [userQueryRoot, 'withdraw', 'list'],
  deposits: [userQueryRoot, 'withdraw', 'deposits'],
} as const;

/** GET /user/withdraw/info: currencies with minimum, fee and available; the 24-hour limit. */
export function withdrawInfoQuery() {
  return queryOptions({
    queryKey: withdrawQueryKeys.info,
    queryFn: ({ signal }) => callRoute(userWithdrawInfoRoute, { empty: null, signal }),
  });
}

/** The most saved addresses a user may keep (the payout-methods limit). */
const savedAddressesMax = 50;

/** GET /user/wallet/list: every saved address (one page of up to 50). */
export function savedAddressesQuery() {
  return queryOptions({
    queryKey: withdrawQueryKeys.addresses,
    queryFn: async ({ signal }): Promise<WalletAddress[]> => {
      const page = await callRoute(userWalletListRoute, {
        empty: null,
        params: { page: 1, limit: savedAddressesMax },
        signal,
      });
      return page?.list ?? [];
    },
  });
}

/** POST /user/cash_info and /user/cash_info_international: the bound cards (0, 1 or 2). */
export function bankCardsQuery() {
  return queryOptions({
    queryKey: withdrawQueryKeys.cards,
    queryFn: async ({ signal }): Promise<BankCard[]> => {
      const cards = await Promise.all(
        [userCashInfoRoute, userCashInfoInternationalRoute].map((route) =>
          callRoute(route, { empty: null, signal }),
        ),
      );
      return cards.filter((card): card is BankCard => card !== null);
    },
  });
}

const notSent = Symbol('not sent');

/** A `withdraw` code to the bound e-mail, else the bound phone; true when one went out. */
export async function sendWithdrawCode(user: UserInfo): Promise<boolean> {
  const result = user.email
    ? await callRoute(smsMailRoute, {
        empty: notSent,
        params: { user_string: user.email, scene: 'withdraw' },
      })
    : user.mobile && user.area_code
      ? await callRoute(smsSendRoute, {
          empty: notSent,
          params: { area_code: user.area_code, mobile: user.mobile, scene: 'withdraw' },
        })
      : notSent;
  return result !== notSent;
}

/** POST /wallet/out with the attempt's Idempotency-Key. */
export function submitWithdrawal(
  attempt: WithdrawAttempt,
  secrets: { payPassword: string; code: string },
  idempotencyKey: string,
): Promise<WithdrawalRecord> {
  return callMoneyRoute(walletOutRoute, { idempotencyKey, params: withdrawParams(attempt, secrets) });
}

/** POST /user/withdraw/cancel with an Idempotency-Key. */
export function cancelWithdrawal(id: number, idempotencyKey: string): Promise<WithdrawalRecord> {
  return callMoneyRoute(userWithdrawCancelRoute, { idempotencyKey, params: { id } });
}

const emptyWithdrawals: WithdrawalList = { list: [], page: 1, limit: withdrawalPageSize, total: 0 };
const emptyDeposits: DepositLog = { list: [], page: 1, limit: withdrawalPageSize, total: 0 };

/** A page is the last when it ends at or past the total, or came back short. */
function nextPageOf(last: { list: readonly unknown[]; page: number; total: number }, pageSize: number) {
  return last.list.length < pageSize || last.page * pageSize >= last.total ? undefined : last.page + 1;
}

/** GET /user/withdraw/list, newest first, page by page. */
export function withdrawalsQuery() {
  return infiniteQueryOptions({
    queryKey: withdrawQueryKeys.withdrawals,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callRoute(userWithdrawListRoute, {
        empty: { ...emptyWithdrawals, page: pageParam },
        params: { page: pageParam, limit: withdrawalPageSize },
        signal,
      }),
    getNextPageParam: (last) => nextPageOf(last, withdrawalPageSize),
  });
}

/** GET /recharge/log, newest first, page by page. */
export function depositsQuery() {
  return infiniteQueryOptions({
    queryKey: withdrawQueryKeys.deposits,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callRoute(rechargeLogRoute, {
        empty: { ...emptyDeposits, page: pageParam },
        params: { page: pageParam, limit: withdrawalPageSize },
        signal,
      }),
    getNextPageParam: (last) => nextPageOf(last, withdrawalPageSize),
  });
}
