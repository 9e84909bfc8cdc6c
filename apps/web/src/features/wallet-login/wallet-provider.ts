import type { WalletName } from '@fairex/contract';
import { type InjectedWalletName, walletCatalogue } from './wallet-catalogue';

/** An EIP-1193 provider as wallets inject it; the flags are how each wallet marks itself. */
export type Eip1193Provider = {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
  isMetaMask?: boolean;
  isCoinbaseWallet?: boolean;
  isTrust?: boolean;
  isTrustWallet?: boolean;
  isTokenPocket?: boolean;
  isImToken?: boolean;
  /** Coinbase Wallet's extension lists every injected provider here when several are installed. */
  providers?: unknown;
};

/** EIP-6963 `info` of an announced provider. */
export type Eip6963Info = { uuid: string; name: string; icon: string; rdns: string };

/** One provider found in the page: announced through EIP-6963 (with info) or injected as window.ethereum. */
export type ProviderCandidate = { provider: Eip1193Provider; info: Eip6963Info | null };

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { request?: unknown }).request === 'function'
  );
}

/**
 * Which wallet injected a provider, from its flags. Trust, TokenPocket, imToken and Coinbase also
 * set isMetaMask so that sites written for MetaMask work, so their own flags are asked first;
 * isMetaMask alone means MetaMask. A provider with none of the flags is no wallet we support.
 */
export function walletOfFlags(provider: Eip1193Provider): InjectedWalletName | null {
  if (provider.isImToken === true) return 'imtoken';
  if (provider.isTokenPocket === true) return 'tokenpocket';
  if (provider.isTrust === true || provider.isTrustWallet === true) return 'trust';
  if (provider.isCoinbaseWallet === true) return 'coinbase';
  if (provider.isMetaMask === true) return 'metamask';
  return null;
}

function walletOfRdns(rdns: string): WalletName | null {
  const match = walletCatalogue.find((entry) =>
    entry.rdns.some((prefix) => rdns === prefix || rdns.startsWith(`${prefix}.`)),
  );
  return match?.name ?? null;
}

/** Which wallet a candidate is: its EIP-6963 rdns when it announced one we know, else its flags. */
export function walletOfCandidate(candidate: ProviderCandidate): WalletName | null {
  const byRdns = candidate.info ? walletOfRdns(candidate.info.rdns) : null;
  return byRdns ?? walletOfFlags(candidate.provider);
}

/**
 * The provider to use for `wallet` among everything found: EIP-6963 announcements come first
 * (each names its wallet unambiguously), then window.ethereum and its `providers` list.
 */
export function pickProvider(
  wallet: WalletName,
  candidates: readonly ProviderCandidate[],
): Eip1193Provider | null {
  const ordered = [
    ...candidates.filter((candidate) => candidate.info !== null),
    ...candidates.filter((candidate) => candidate.info === null),
  ];
  return ordered.find((candidate) => walletOfCandidate(candidate) === wallet)?.provider ?? null;
}

/** The wallets present in this browser, for the "Detected" marks of the wallet list. */
export function detectedWallets(candidates: readonly ProviderCandidate[]): ReadonlySet<WalletName> {
  const found = new Set<WalletName>();
  for (const candidate of candidates) {
    const wallet = walletOfCandidate(candidate);
    if (wallet !== null) found.add(wallet);
  }
  return found;
}

/**
 * Merges EIP-6963 announcements with the legacy injections (window.ethereum and its
 * `providers`), one entry per provider object: an announced one keeps its info.
 */
export function mergeCandidates(
  announced: readonly ProviderCandidate[],
  injected: unknown,
): ProviderCandidate[] {
  const merged: ProviderCandidate[] = [];
  const seen = new Set<Eip1193Provider>();
  const add = (candidate: ProviderCandidate) => {
    if (seen.has(candidate.provider)) return;
    seen.add(candidate.provider);
    merged.push(candidate);
  };
  for (const candidate of announced) add(candidate);
  if (isEip1193Provider(injected)) {
    const list = Array.isArray(injected.providers) ? injected.providers : [];
    for (const provider of list) {
      if (isEip1193Provider(provider)) add({ provider, info: null });
    }
    add({ provider: injected, info: null });
  }
  return merged;
}

/** Phone browsers, where wallets live as apps with their own built-in browser. */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(userAgent);
}
