import { describe, expect, it } from 'vitest';
import {
  detectedWallets,
  type Eip1193Provider,
  isMobileUserAgent,
  mergeCandidates,
  type ProviderCandidate,
  pickProvider,
  walletOfCandidate,
  walletOfFlags,
} from './wallet-provider';

function provider(flags: Partial<Eip1193Provider> = {}): Eip1193Provider {
  return { request: async () => null, ...flags };
}

function injected(flags: Partial<Eip1193Provider> = {}): ProviderCandidate {
  return { provider: provider(flags), info: null };
}

function announced(rdns: string, flags: Partial<Eip1193Provider> = {}): ProviderCandidate {
  return { provider: provider(flags), info: { uuid: rdns, name: rdns, icon: '', rdns } };
}

describe('walletOfFlags', () => {
  it('reads each wallet from its own flag', () => {
    expect(walletOfFlags(provider({ isMetaMask: true }))).toBe('metamask');
    expect(walletOfFlags(provider({ isCoinbaseWallet: true }))).toBe('coinbase');
    expect(walletOfFlags(provider({ isTrust: true }))).toBe('trust');
    expect(walletOfFlags(provider({ isTrustWallet: true }))).toBe('trust');
    expect(walletOfFlags(provider({ isTokenPocket: true }))).toBe('tokenpocket');
    expect(walletOfFlags(provider({ isImToken: true }))).toBe('imtoken');
  });

  it('prefers a wallet’s own flag over the isMetaMask it sets for compatibility', () => {
    expect(walletOfFlags(provider({ isMetaMask: true, isTrust: true }))).toBe('trust');
    expect(walletOfFlags(provider({ isMetaMask: true, isTokenPocket: true }))).toBe('tokenpocket');
    expect(walletOfFlags(provider({ isMetaMask: true, isImToken: true }))).toBe('imtoken');
    expect(walletOfFlags(provider({ isMetaMask: true, isCoinbaseWallet: true }))).toBe('coinbase');
  });

  it('knows no wallet without flags', () => {
    expect(walletOfFlags(provider())).toBeNull();
  });
});

describe('walletOfCandidate and pickProvider', () => {
  it('names an announced provider by its rdns, whatever its flags say', () => {
    expect(walletOfCandidate(announced('io.metamask'))).toBe('metamask');
    expect(walletOfCandidate(announced('io.metamask.flask'))).toBe('metamask');
    expect(walletOfCandidate(announced('com.coinbase.wallet', { isMetaMask: true }))).toBe('coinbase');
    expect(walletOfCandidate(announced('com.trustwallet.app'))).toBe('trust');
    expect(walletOfCandidate(announced('pro.tokenpocket'))).toBe('tokenpocket');
    expect(walletOfCandidate(announced('im.token'))).toBe('imtoken');
  });

  it('falls back to flags for an rdns it does not know', () => {
    expect(walletOfCandidate(announced('io.rabby', { isMetaMask: true }))).toBe('metamask');
    expect(walletOfCandidate(announced('io.metamaskfake'))).toBeNull();
  });

  it('picks the right provider among several', () => {
    const metamask = announced('io.metamask', { isMetaMask: true });
    const coinbase = announced('com.coinbase.wallet', { isCoinbaseWallet: true });
    const legacy = injected({ isMetaMask: true, isTrust: true });
    const all = [legacy, metamask, coinbase];
    expect(pickProvider('metamask', all)).toBe(metamask.provider);
    expect(pickProvider('coinbase', all)).toBe(coinbase.provider);
    expect(pickProvider('trust', all)).toBe(legacy.provider);
    expect(pickProvider('imtoken', all)).toBeNull();
    expect(pickProvider('walletconnect', all)).toBeNull();
  });

  it('prefers an announcement over a legacy injection of the same wallet', () => {
    const legacy = injected({ isMetaMask: true });
    const modern = announced('io.metamask');
    expect(pickProvider('metamask', [legacy, modern])).toBe(modern.provider);
  });

  it('lists the detected wallets', () => {
    const found = detectedWallets([injected({ isMetaMask: true }), announced('im.token'), injected()]);
    expect([...found].sort()).toEqual(['imtoken', 'metamask']);
  });
});

describe('mergeCandidates', () => {
  it('adds window.ethereum and its providers list once each, keeping announcement info', () => {
    const metamask = provider({ isMetaMask: true });
    const coinbase = provider({ isCoinbaseWallet: true });
    const ethereum = { ...provider({ isCoinbaseWallet: true }), providers: [metamask, coinbase, 'junk'] };
    const announcedMetaMask: ProviderCandidate = {
      provider: metamask,
      info: { uuid: '1', name: 'MetaMask', icon: '', rdns: 'io.metamask' },
    };
    const merged = mergeCandidates([announcedMetaMask], ethereum);
    expect(merged.map((candidate) => candidate.provider)).toEqual([metamask, coinbase, ethereum]);
    expect(merged[0]?.info?.rdns).toBe('io.metamask');
  });

  it('ignores a window.ethereum that is no provider', () => {
    expect(mergeCandidates([], undefined)).toEqual([]);
    expect(mergeCandidates([], { isMetaMask: true })).toEqual([]);
  });
});

describe('isMobileUserAgent', () => {
  it('tells phone browsers from desktop ones', () => {
    expect(
      isMobileUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      ),
    ).toBe(true);
    expect(
      isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36'),
    ).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36')).toBe(false);
  });
});
