import { describe, expect, it } from 'vitest';
import { inAppBrowserLink, isWalletName, walletDescriptor } from './wallet-catalogue';
import { connectPath, readLoginOptions, selectPath } from './wallet-routes';

const page = 'https://fairex.example/#/pages/common/wallet-connect?wallet=metamask';

describe('inAppBrowserLink', () => {
  it('opens the page in each wallet app', () => {
    expect(inAppBrowserLink('metamask', page)).toBe(
      'https://metamask.app.link/dapp/fairex.example/#/pages/common/wallet-connect?wallet=metamask',
    );
    expect(inAppBrowserLink('coinbase', page)).toBe(
      `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page)}`,
    );
    expect(inAppBrowserLink('trust', page)).toBe(
      `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(page)}`,
    );
    expect(decodeURIComponent(inAppBrowserLink('tokenpocket', page))).toBe(
      `tpdapp://open?params={"url":"${page}"}`,
    );
    expect(inAppBrowserLink('imtoken', page)).toBe(
      `imtokenv2://navigate/DappView?url=${encodeURIComponent(page)}`,
    );
  });
});

describe('the catalogue', () => {
  it('recognises wallet names and describes them', () => {
    expect(isWalletName('metamask')).toBe(true);
    expect(isWalletName('MetaMask')).toBe(false);
    expect(isWalletName(null)).toBe(false);
    expect(walletDescriptor('walletconnect').downloadUrl).toBeNull();
    expect(walletDescriptor('trust').label).toBe('Trust Wallet');
  });
});

describe('wallet routes', () => {
  it('carries "stay logged in" and the return path between the two pages', () => {
    const options = { stay: true, redirect: '/pages/fund/assets' };
    const connect = connectPath('coinbase', options);
    expect(connect).toBe(
      '/pages/common/wallet-connect?wallet=coinbase&stay=1&redirect=%2Fpages%2Ffund%2Fassets',
    );
    const query = new URLSearchParams(connect.split('?')[1]);
    expect(readLoginOptions(query)).toEqual(options);
    expect(selectPath({ stay: false, redirect: null })).toBe('/pages/common/wallet-select');
  });
});
