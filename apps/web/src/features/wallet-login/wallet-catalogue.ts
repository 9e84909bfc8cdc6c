import type { WalletName } from '@fairex/contract';
import { assertNever } from '@fairex/domain';

/** The wallets that live in the browser as an injected EIP-1193 provider (all but WalletConnect). */
export type InjectedWalletName = Exclude<WalletName, 'walletconnect'>;

export type WalletDescriptor = {
  readonly name: WalletName;
  /** Shown as-is in every locale: brand names are not translated. */
  readonly label: string;
  /** EIP-6963 reverse-DNS ids this wallet announces itself with (prefix match). */
  readonly rdns: readonly string[];
  /** Where the operator's users get the app; null for WalletConnect (any wallet app). */
  readonly downloadUrl: string | null;
};

/** Spec section 1: the six wallets of the login dialog, in the order it lists them. */
export const walletCatalogue: readonly WalletDescriptor[] = [
  {
    name: 'metamask',
    label: 'MetaMask',
    rdns: ['io.metamask'],
    downloadUrl: 'https://metamask.io/download/',
  },
  { name: 'walletconnect', label: 'WalletConnect', rdns: [], downloadUrl: null },
  {
    name: 'coinbase',
    label: 'Coinbase Wallet',
    rdns: ['com.coinbase.wallet'],
    downloadUrl: 'https://www.coinbase.com/wallet/downloads',
  },
  {
    name: 'trust',
    label: 'Trust Wallet',
    rdns: ['com.trustwallet.app'],
    downloadUrl: 'https://trustwallet.com/download',
  },
  {
    name: 'tokenpocket',
    label: 'TokenPocket',
    rdns: ['pro.tokenpocket'],
    downloadUrl: 'https://www.tokenpocket.pro/en/download/app',
  },
  { name: 'imtoken', label: 'imToken', rdns: ['im.token'], downloadUrl: 'https://token.im/download' },
];

export function walletDescriptor(name: WalletName): WalletDescriptor {
  const found = walletCatalogue.find((entry) => entry.name === name);
  if (!found) {
    throw new Error(`no catalogue entry for wallet ${name}`);
  }
  return found;
}

export function isWalletName(value: unknown): value is WalletName {
  return typeof value === 'string' && walletCatalogue.some((entry) => entry.name === value);
}

/**
 * A link that opens `pageUrl` inside the wallet app's own browser (its documented universal link
 * or URL scheme), for a phone browser that has no wallet of its own.
 */
export function inAppBrowserLink(wallet: InjectedWalletName, pageUrl: string): string {
  const encoded = encodeURIComponent(pageUrl);
  switch (wallet) {
    case 'metamask':
      return `https://metamask.app.link/dapp/${pageUrl.replace(/^https?:\/\//, '')}`;
    case 'coinbase':
      return `https://go.cb-w.com/dapp?cb_url=${encoded}`;
    case 'trust':
      return `https://link.trustwallet.com/open_url?coin_id=60&url=${encoded}`;
    case 'tokenpocket':
      return `tpdapp://open?params=${encodeURIComponent(JSON.stringify({ url: pageUrl }))}`;
    case 'imtoken':
      return `imtokenv2://navigate/DappView?url=${encoded}`;
    default:
      return assertNever(wallet);
  }
}
