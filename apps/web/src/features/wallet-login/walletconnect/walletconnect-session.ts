/**
 * Pairing with a phone wallet over WalletConnect v2, through its official provider SDK
 * (@walletconnect/universal-provider). Only ever imported dynamically, when WalletConnect is
 * chosen; the SDK itself is the publisher's browser bundle, a file of its own that this module
 * loads as a script, so nothing of it lands in Home's or the login page's JavaScript.
 */

import type { UniversalProvider } from '@walletconnect/universal-provider';
import sdkUrl from '@walletconnect/universal-provider/dist/index.umd.js?url';
import type { Eip1193Provider } from '../wallet-provider';
import { walletConnectNamespaces, walletConnectRequest } from './walletconnect-rules';

export type WalletConnectOptions = {
  /** The operator's WalletConnect Cloud project id (WALLETCONNECT_PROJECT_ID). */
  readonly projectId: string;
  /** The chain the sign-in message names (the server's SIWE_CHAIN_ID). */
  readonly chainId: number;
  /** The page that asks, for the wallet's approval screen. */
  readonly app: { readonly name: string; readonly url: string; readonly icon: string };
  /** The pairing URI, once there is one: shown as a QR code and a link for phone wallets. */
  readonly onUri: (uri: string) => void;
};

export type WalletConnectPairing = {
  /** EIP-1193 over the paired session: eth_requestAccounts and personal_sign. */
  readonly provider: Eip1193Provider;
  readonly close: () => Promise<void>;
};

/** The global the SDK's UMD bundle defines. */
const sdkGlobal = '@walletconnect/universal-provider';
type Sdk = { UniversalProvider: typeof UniversalProvider };

let sdk: Promise<Sdk> | null = null;

/** Loads the SDK script once; a failed load may be tried again. */
function loadSdk(): Promise<Sdk> {
  sdk ??= new Promise<Sdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = sdkUrl;
    script.async = true;
    script.onload = () => {
      const loaded = (globalThis as Record<string, unknown>)[sdkGlobal] as Sdk | undefined;
      if (loaded?.UniversalProvider) resolve(loaded);
      else reject(new Error('WalletConnect SDK did not load'));
    };
    script.onerror = () => reject(new Error('WalletConnect SDK did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    sdk = null;
    throw error;
  });
  return sdk;
}

/**
 * Connects to the relay, shows the pairing URI and waits until a wallet approves the session.
 * Rejects when the relay cannot be reached or the wallet declines; the caller bounds the wait.
 */
export async function pairWalletConnect(options: WalletConnectOptions): Promise<WalletConnectPairing> {
  const { UniversalProvider } = await loadSdk();
  const universal = await UniversalProvider.init({
    projectId: options.projectId,
    metadata: {
      name: options.app.name,
      description: options.app.name,
      url: options.app.url,
      icons: [options.app.icon],
    },
  });
  universal.on('display_uri', (uri: string) => options.onUri(uri));
  const close = async () => {
    await universal.disconnect().catch(() => undefined);
  };
  try {
    const session = await universal.connect({ namespaces: walletConnectNamespaces(options.chainId) });
    if (!session) throw new Error('WalletConnect: no session');
    const provider: Eip1193Provider = {
      request: (args) =>
        walletConnectRequest(args, {
          session,
          chainId: options.chainId,
          send: (request, chain) => universal.request(request, chain),
        }),
    };
    return { provider, close };
  } catch (error) {
    await close();
    throw error;
  }
}
