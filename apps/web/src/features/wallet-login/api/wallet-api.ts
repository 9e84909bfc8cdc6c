import {
  getSettingRoute,
  userWalletLoginRoute,
  userWalletNonceRoute,
  type WalletNonce,
} from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';
import type { WalletLoginBody } from '../wallet-login-flow';

/** GET /user/walletNonce: the server's pieces of the message to sign; null on a soft failure. */
export function fetchWalletNonce(): Promise<WalletNonce | null> {
  return callRoute(userWalletNonceRoute, { empty: null });
}

/** POST /user/walletLogin: the session token. */
export function postWalletLogin(body: WalletLoginBody): Promise<string> {
  return callRoute(userWalletLoginRoute, { empty: '', params: { ...body, stay: body.stay ? '1' : '0' } });
}

const walletConnectKeyword = 'walletconnect_project_id';

/** GET /getSetting?keyword=walletconnect_project_id: the operator's project id, or null when unset. */
export function walletConnectProjectIdQuery() {
  return queryOptions({
    queryKey: ['setting', walletConnectKeyword],
    queryFn: async ({ signal }) => {
      const value = await callRoute(getSettingRoute, {
        empty: null,
        params: { keyword: walletConnectKeyword },
        signal,
      });
      return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
