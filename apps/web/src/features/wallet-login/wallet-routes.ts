import type { WalletName } from '@fairex/contract';

/** The two routes of the wallet dialog (spec section 2). */
export const walletRoutes = {
  select: '/pages/common/wallet-select',
  connect: '/pages/common/wallet-connect',
} as const;

/** What travels from the wallet list to the connect page and back. */
export type WalletLoginOptions = { stay: boolean; redirect: string | null };

function withOptions(base: string, params: URLSearchParams, options: WalletLoginOptions): string {
  if (options.stay) params.set('stay', '1');
  if (options.redirect !== null) params.set('redirect', options.redirect);
  const query = params.toString();
  return query === '' ? base : `${base}?${query}`;
}

export function connectPath(wallet: WalletName, options: WalletLoginOptions): string {
  return withOptions(walletRoutes.connect, new URLSearchParams({ wallet }), options);
}

export function selectPath(options: WalletLoginOptions): string {
  return withOptions(walletRoutes.select, new URLSearchParams(), options);
}

export function readLoginOptions(params: URLSearchParams): WalletLoginOptions {
  return { stay: params.get('stay') === '1', redirect: params.get('redirect') };
}
