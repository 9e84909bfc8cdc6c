import {
  type DepositRecord,
  depositRecordSchema,
  walletChargeReqRoute,
  walletGetInAddressRoute,
} from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import i18next from 'i18next';
import { ApiError } from '../../../lib/api-client';
import {
  buildRequest,
  decideApiOutcome,
  effectsOf,
  parseReplyText,
  requestTimeoutMs,
} from '../../../lib/api-outcome';
import { callRoute } from '../../../lib/api-route';
import { appRoutes, navigateTo, redirectDelayMs } from '../../../lib/navigation';
import { currencyListQuery } from '../../../lib/queries/currency-list';
import { userQueryRoot } from '../../../lib/session';
import { useAppStore } from '../../../lib/stores/app-store';
import { showToast } from '../../../lib/toast';
import type { DepositAttempt } from '../deposit-rules';

/** GET /currency/list: the coin entries (one per currency and chain); null when unavailable. */
export const coinListQuery = currencyListQuery;

/** POST /wallet/get_in_address: the operator's address for the currency and chain. */
export function depositAddressQuery(currency: number, chain: string | null) {
  return queryOptions({
    queryKey: [userQueryRoot, 'deposit-address', currency, chain],
    queryFn: ({ signal }) =>
      callRoute(walletGetInAddressRoute, {
        empty: null,
        params: { currency, ...(chain ? { chain } : {}) },
        signal,
      }),
    retry: false,
  });
}

/**
 * POST /wallet/charge_req with an Idempotency-Key header (the shared client sends no custom
 * headers, so this one call is made here). Answers the request, or throws ApiError after showing
 * the message as every call does (spec section 8).
 */
export async function submitDeposit(attempt: DepositAttempt, idempotencyKey: string): Promise<DepositRecord> {
  const { token, lang } = useAppStore.getState();
  const request = buildRequest({
    method: 'POST',
    path: walletChargeReqRoute.path,
    params: {
      currency: attempt.currency,
      chain: attempt.chain,
      amount: attempt.amount,
      voucher: attempt.voucher,
      type: 0,
    },
    token,
    lang,
  });
  let status: number;
  let body: unknown = null;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: { ...request.headers, 'Idempotency-Key': idempotencyKey },
      body: request.body,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    status = response.status;
    // Read in full inside the try: a timeout mid-body is a timeout, not a bad reply.
    if (status === 200) body = parseReplyText(await response.text());
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const text = i18next.t(timedOut ? 'common:api.timeout' : 'common:api.network');
    showToast(text);
    throw new ApiError(timedOut ? 'timeout' : 'network', text);
  }
  const outcome = decideApiOutcome(status, body);
  if (outcome.kind === 'success') {
    const parsed = depositRecordSchema.safeParse(outcome.data);
    if (parsed.success) return parsed.data;
    const text = i18next.t('common:api.badReply');
    showToast(text);
    throw new ApiError('bad-reply', text);
  }
  const effects = effectsOf(outcome, { login: appRoutes.login, realMark: appRoutes.realMark });
  const text = 'key' in effects.toast ? i18next.t(effects.toast.key) : effects.toast.text;
  showToast(text);
  if (effects.clearSession) useAppStore.getState().clearSession();
  const redirectTo = effects.redirectTo;
  if (redirectTo !== null) setTimeout(() => navigateTo(redirectTo), redirectDelayMs);
  throw new ApiError(outcome.kind === 'unavailable' ? 'failure' : outcome.kind, text);
}
