/**
 * The calls of the IEO screens: projects (public), one project and the public inputs of its
 * allocation, the caller's subscriptions, the balance the subscription is paid from, and the
 * subscription itself (money-moving, with an Idempotency-Key).
 */
import {
  ieoAllocationInputsRoute,
  ieoMyOrdersRoute,
  ieoOrderRoute,
  ieoProjectDetailRoute,
  ieoProjectListRoute,
} from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callMoneyRoute, callRoute } from '../../../lib/api-route';
import { walletDetailQuery } from '../../../lib/queries/wallet-queries';
import { userQueryRoot } from '../../../lib/session';

const ieoQueryRoot = ['ieo'] as const;
/** The caller's own: under the user root, so a new session refetches and a logout drops them. */
const ieoUserRoot = [userQueryRoot, 'ieo'] as const;

/** Lists refresh while open: states and figures change with the clock and other subscribers. */
const liveMs = 15_000;
const projectPageSize = 50;

/** Keyed by language: descriptions come in the caller's. */
export function projectListQuery(lang: string) {
  return queryOptions({
    queryKey: [...ieoQueryRoot, 'list', lang],
    queryFn: ({ signal }) =>
      callRoute(ieoProjectListRoute, {
        empty: null,
        params: { page: 1, limit: projectPageSize },
        signal,
      }),
    refetchInterval: liveMs,
  });
}

export function projectQuery(projectId: number, lang: string) {
  return queryOptions({
    queryKey: [...ieoQueryRoot, 'detail', projectId, lang],
    queryFn: ({ signal }) =>
      callRoute(ieoProjectDetailRoute, { empty: null, params: { project_id: projectId }, signal }),
    refetchInterval: liveMs,
  });
}

export function allocationInputsQuery(projectId: number) {
  return queryOptions({
    queryKey: [...ieoQueryRoot, 'allocation', projectId],
    queryFn: ({ signal }) =>
      callRoute(ieoAllocationInputsRoute, { empty: null, params: { project_id: projectId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const myOrdersPageSize = 50;

export function myOrdersQuery() {
  return queryOptions({
    queryKey: [...ieoUserRoot, 'orders'],
    queryFn: ({ signal }) =>
      callRoute(ieoMyOrdersRoute, { empty: null, params: { page: 1, limit: myOrdersPageSize }, signal }),
    refetchInterval: liveMs,
  });
}

/** The caller's spot balance of the payable currency (what a subscription is paid from). */
export function spotBalanceQuery(currencyId: number) {
  return walletDetailQuery(currencyId, 'change');
}

export function subscribe(
  params: { projectId: number; amount: string; payCurrencyId: number; price: string },
  idempotencyKey: string,
) {
  return callMoneyRoute(ieoOrderRoute, {
    params: {
      project_id: params.projectId,
      amount: params.amount,
      pay_currency: params.payCurrencyId,
      price: params.price,
    },
    idempotencyKey,
  });
}
