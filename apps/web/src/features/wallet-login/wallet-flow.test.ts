import { walletNames } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import {
  classifyError,
  decideProvider,
  failureMessage,
  firstAddress,
  initialWalletFlowState,
  isRetryable,
  isUserRejection,
  safeRedirect,
  stepStatuses,
  type WalletFailure,
  type WalletFlowState,
  walletFlowReducer,
  walletSteps,
} from './wallet-flow';
import type { ProviderCandidate } from './wallet-provider';

const metamask: ProviderCandidate = { provider: { request: async () => null, isMetaMask: true }, info: null };

describe('the wallet flow state machine', () => {
  it('starts connecting, moves through the steps and ends connected', () => {
    let state: WalletFlowState = initialWalletFlowState;
    expect(state).toEqual({ kind: 'connecting', step: 'detect', attempt: 1 });
    for (const step of walletSteps) {
      state = walletFlowReducer(state, { type: 'step', step });
      expect(state).toEqual({ kind: 'connecting', step, attempt: 1 });
    }
    state = walletFlowReducer(state, { type: 'connected', address: '0xabc' });
    expect(state).toEqual({ kind: 'connected', address: '0xabc', attempt: 1 });
  });

  it('fails at the current step, and a retry starts a new attempt', () => {
    let state = walletFlowReducer(initialWalletFlowState, { type: 'step', step: 'sign' });
    state = walletFlowReducer(state, { type: 'failed', failure: { kind: 'rejected' } });
    expect(state).toEqual({ kind: 'failed', failure: { kind: 'rejected' }, step: 'sign', attempt: 1 });
    state = walletFlowReducer(state, { type: 'retry' });
    expect(state).toEqual({ kind: 'connecting', step: 'detect', attempt: 2 });
  });

  it('ignores events that do not apply', () => {
    const connected = walletFlowReducer(initialWalletFlowState, { type: 'connected', address: '0x1' });
    expect(walletFlowReducer(connected, { type: 'failed', failure: { kind: 'rejected' } })).toBe(connected);
    expect(walletFlowReducer(connected, { type: 'retry' })).toBe(connected);
    expect(walletFlowReducer(connected, { type: 'step', step: 'login' })).toBe(connected);
    expect(walletFlowReducer(initialWalletFlowState, { type: 'retry' })).toBe(initialWalletFlowState);
  });

  it('does not retry a wallet this build cannot use', () => {
    const failed = walletFlowReducer(initialWalletFlowState, {
      type: 'failed',
      failure: { kind: 'not-supported' },
    });
    expect(walletFlowReducer(failed, { type: 'retry' })).toBe(failed);
    expect(isRetryable({ kind: 'walletconnect-unconfigured' })).toBe(false);
    expect(isRetryable({ kind: 'connection-failed' })).toBe(true);
    expect(isRetryable({ kind: 'not-installed', wallet: 'metamask' })).toBe(true);
  });

  it('shows the three visible steps', () => {
    expect(stepStatuses(initialWalletFlowState)).toEqual({
      connect: 'active',
      sign: 'pending',
      login: 'pending',
    });
    expect(stepStatuses({ kind: 'connecting', step: 'nonce', attempt: 1 })).toEqual({
      connect: 'done',
      sign: 'active',
      login: 'pending',
    });
    expect(
      stepStatuses({ kind: 'failed', failure: { kind: 'connection-failed' }, step: 'login', attempt: 1 }),
    ).toEqual({ connect: 'done', sign: 'done', login: 'failed' });
    expect(stepStatuses({ kind: 'connected', address: '0x1', attempt: 1 })).toEqual({
      connect: 'done',
      sign: 'done',
      login: 'done',
    });
  });
});

describe('decideProvider', () => {
  const base = { walletConnectProjectId: null, candidates: [], mobile: false };

  it('uses the matching provider', () => {
    expect(decideProvider({ ...base, wallet: 'metamask', candidates: [metamask] })).toEqual({
      kind: 'use',
      wallet: 'metamask',
      provider: metamask.provider,
    });
  });

  it('says a wallet is not installed on a desktop browser without any wallet', () => {
    for (const wallet of ['metamask', 'coinbase', 'trust', 'tokenpocket', 'imtoken'] as const) {
      expect(decideProvider({ ...base, wallet })).toEqual({
        kind: 'fail',
        failure: { kind: 'not-installed', wallet },
      });
    }
  });

  it('asks a phone browser without a wallet to open the page in the wallet app', () => {
    expect(decideProvider({ ...base, wallet: 'trust', mobile: true })).toEqual({
      kind: 'fail',
      failure: { kind: 'open-in-wallet', wallet: 'trust' },
    });
  });

  it('says the chosen wallet was not detected when another one is present', () => {
    expect(decideProvider({ ...base, wallet: 'imtoken', candidates: [metamask], mobile: true })).toEqual({
      kind: 'fail',
      failure: { kind: 'not-detected', wallet: 'imtoken' },
    });
  });

  it('refuses an unknown wallet, and WalletConnect (unconfigured or not in this build)', () => {
    expect(decideProvider({ ...base, wallet: null })).toEqual({
      kind: 'fail',
      failure: { kind: 'not-supported' },
    });
    expect(decideProvider({ ...base, wallet: 'walletconnect', candidates: [metamask] })).toEqual({
      kind: 'fail',
      failure: { kind: 'walletconnect-unconfigured' },
    });
    expect(decideProvider({ ...base, wallet: 'walletconnect', walletConnectProjectId: 'abc' })).toEqual({
      kind: 'walletconnect',
      projectId: 'abc',
    });
  });
});

describe('classifyError', () => {
  const apiFailure = Object.assign(new Error('Signature invalid'), { name: 'ApiError', kind: 'failure' });

  it('treats EIP-1193 4001 as a rejection at any step, however it is wrapped', () => {
    expect(classifyError({ code: 4001, message: 'User rejected' }, 'accounts')).toEqual({ kind: 'rejected' });
    expect(classifyError({ code: 4001 }, 'sign')).toEqual({ kind: 'rejected' });
    expect(isUserRejection(new Error('outer', { cause: { code: 4001 } }))).toBe(true);
    expect(isUserRejection({ code: -32603, data: { originalError: { code: 4001 } } })).toBe(true);
    expect(isUserRejection({ code: -32002 })).toBe(false);
    expect(isUserRejection('4001')).toBe(false);
  });

  it('tells a failed wallet connection from a failed later step', () => {
    expect(classifyError({ code: -32002 }, 'accounts')).toEqual({ kind: 'wallet-connection-failed' });
    expect(classifyError(new Error('boom'), 'sign')).toEqual({ kind: 'connection-failed' });
    expect(classifyError(new Error('offline'), 'nonce')).toEqual({ kind: 'connection-failed' });
  });

  it('keeps the server’s own text when it refused the login', () => {
    expect(classifyError(apiFailure, 'login')).toEqual({ kind: 'server', text: 'Signature invalid' });
    const network = Object.assign(new Error('Network error'), { name: 'ApiError', kind: 'network' });
    expect(classifyError(network, 'login')).toEqual({ kind: 'connection-failed' });
  });
});

describe('failureMessage', () => {
  it('has one "not installed" message per wallet', () => {
    const keys = (['metamask', 'coinbase', 'trust', 'tokenpocket', 'imtoken'] as const).map((wallet) =>
      failureMessage({ kind: 'not-installed', wallet }),
    );
    expect(new Set(keys.map((message) => JSON.stringify(message))).size).toBe(5);
  });

  it('maps every failure to a message of spec section 8', () => {
    const cases: [WalletFailure, unknown][] = [
      [{ kind: 'open-in-wallet', wallet: 'metamask' }, { key: 'wallet:messages.openInWallet' }],
      [{ kind: 'not-detected', wallet: 'coinbase' }, { key: 'wallet:messages.notDetected' }],
      [{ kind: 'not-supported' }, { key: 'wallet:messages.notSupported' }],
      [{ kind: 'walletconnect-unconfigured' }, { key: 'wallet:messages.walletConnectUnconfigured' }],
      [{ kind: 'walletconnect-unreachable' }, { key: 'wallet:messages.walletConnectUnreachable' }],
      [{ kind: 'no-address' }, { key: 'wallet:messages.noAddress' }],
      [{ kind: 'wallet-connection-failed' }, { key: 'wallet:messages.walletConnectionFailed' }],
      [{ kind: 'rejected' }, { key: 'wallet:messages.rejected' }],
      [{ kind: 'connection-failed' }, { key: 'wallet:messages.connectionFailed' }],
      [{ kind: 'server', text: 'Nonce expired' }, { text: 'Nonce expired' }],
    ];
    for (const [failure, message] of cases) {
      expect(failureMessage(failure)).toEqual(message);
    }
  });
});

describe('firstAddress', () => {
  it('takes the first well-formed account', () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(firstAddress([address, '0x1'])).toBe(address);
    expect(firstAddress([])).toBeNull();
    expect(firstAddress(['0x123'])).toBeNull();
    expect(firstAddress(null)).toBeNull();
    expect(firstAddress(address)).toBeNull();
  });
});

describe('safeRedirect', () => {
  it('returns to a page inside the app and nowhere else', () => {
    expect(safeRedirect('/pages/fund/assets', '/home')).toBe('/pages/fund/assets');
    expect(safeRedirect(null, '/home')).toBe('/home');
    expect(safeRedirect('https://evil.example', '/home')).toBe('/home');
    expect(safeRedirect('//evil.example', '/home')).toBe('/home');
    expect(safeRedirect('/\\evil.example', '/home')).toBe('/home');
    expect(safeRedirect('/pages/common/wallet-connect?wallet=metamask', '/home')).toBe('/home');
    expect(safeRedirect('/pages/common/login', '/home')).toBe('/home');
  });
});

it('the catalogue and the contract name the same wallets', async () => {
  const { walletCatalogue } = await import('./wallet-catalogue');
  expect(walletCatalogue.map((entry) => entry.name)).toEqual([...walletNames]);
});
