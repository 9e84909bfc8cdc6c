import type { WalletName } from '@fairex/contract';
import { assertNever } from '@fairex/domain';
import type { InjectedWalletName } from './wallet-catalogue';
import { type ProviderCandidate, pickProvider } from './wallet-provider';

/**
 * The wallet login flow as pure decisions (spec sections 4 and 8): which failure a situation is,
 * which message a failure shows, and the state machine connecting -> connected | failed -> retry.
 */

/** The steps of one attempt, in order. */
export const walletSteps = ['detect', 'accounts', 'nonce', 'sign', 'login'] as const;
export type WalletStep = (typeof walletSteps)[number];

/** Every way an attempt can end without a session. */
export type WalletFailure =
  /** A wallet name we do not know. */
  | { kind: 'not-supported' }
  /** WalletConnect without a project id from the operator. */
  | { kind: 'walletconnect-unconfigured' }
  /** WalletConnect's relay gave no pairing URI in time (offline, blocked). */
  | { kind: 'walletconnect-unreachable' }
  /** A desktop browser with no wallet at all. */
  | { kind: 'not-installed'; wallet: InjectedWalletName }
  /** A phone browser with no wallet: open the page inside the wallet app. */
  | { kind: 'open-in-wallet'; wallet: InjectedWalletName }
  /** Some wallet is present, but not the one chosen. */
  | { kind: 'not-detected'; wallet: InjectedWalletName }
  /** eth_requestAccounts answered no usable address. */
  | { kind: 'no-address' }
  /** The wallet refused or failed to connect (eth_requestAccounts threw). */
  | { kind: 'wallet-connection-failed' }
  /** The user said no in the wallet (EIP-1193 error 4001). */
  | { kind: 'rejected' }
  /** A later step failed (nonce, signing, network): try again. */
  | { kind: 'connection-failed' }
  /** The server refused the login and said why. */
  | { kind: 'server'; text: string };

export type WalletFlowState =
  | { kind: 'connecting'; step: WalletStep; attempt: number }
  | { kind: 'connected'; address: string; attempt: number }
  | { kind: 'failed'; failure: WalletFailure; step: WalletStep; attempt: number };

export type WalletFlowEvent =
  | { type: 'step'; step: WalletStep }
  | { type: 'connected'; address: string }
  | { type: 'failed'; failure: WalletFailure }
  | { type: 'retry' };

export const initialWalletFlowState: WalletFlowState = { kind: 'connecting', step: 'detect', attempt: 1 };

/** Whether a Retry makes sense: everything but a wallet this build cannot use at all. */
export function isRetryable(failure: WalletFailure): boolean {
  return failure.kind !== 'not-supported' && failure.kind !== 'walletconnect-unconfigured';
}

/** The state machine. Events that do not apply to the current state leave it unchanged. */
export function walletFlowReducer(state: WalletFlowState, event: WalletFlowEvent): WalletFlowState {
  switch (event.type) {
    case 'step':
      return state.kind === 'connecting' ? { ...state, step: event.step } : state;
    case 'connected':
      return state.kind === 'connecting'
        ? { kind: 'connected', address: event.address, attempt: state.attempt }
        : state;
    case 'failed':
      return state.kind === 'connecting'
        ? { kind: 'failed', failure: event.failure, step: state.step, attempt: state.attempt }
        : state;
    case 'retry':
      return state.kind === 'failed' && isRetryable(state.failure)
        ? { kind: 'connecting', step: 'detect', attempt: state.attempt + 1 }
        : state;
    default:
      return assertNever(event);
  }
}

/** What the page knows before it talks to any wallet. */
export type WalletSituation = {
  /** The `wallet` query parameter, checked: null when it names no wallet of the catalogue. */
  wallet: WalletName | null;
  /** WalletConnect's project id from the operator, null when not configured. */
  walletConnectProjectId: string | null;
  candidates: readonly ProviderCandidate[];
  mobile: boolean;
};

/** The provider to talk to, or why there is none. */
export type ProviderDecision =
  | { kind: 'use'; wallet: InjectedWalletName; provider: ProviderCandidate['provider'] }
  /** Pair a phone wallet through WalletConnect with the operator's project id. */
  | { kind: 'walletconnect'; projectId: string }
  | { kind: 'fail'; failure: WalletFailure };

export function decideProvider(situation: WalletSituation): ProviderDecision {
  const { wallet } = situation;
  if (wallet === null) {
    return { kind: 'fail', failure: { kind: 'not-supported' } };
  }
  if (wallet === 'walletconnect') {
    return situation.walletConnectProjectId === null
      ? { kind: 'fail', failure: { kind: 'walletconnect-unconfigured' } }
      : { kind: 'walletconnect', projectId: situation.walletConnectProjectId };
  }
  const provider = pickProvider(wallet, situation.candidates);
  if (provider !== null) {
    return { kind: 'use', wallet, provider };
  }
  if (situation.candidates.length > 0) {
    return { kind: 'fail', failure: { kind: 'not-detected', wallet } };
  }
  return {
    kind: 'fail',
    failure: situation.mobile ? { kind: 'open-in-wallet', wallet } : { kind: 'not-installed', wallet },
  };
}

/** EIP-1193 "user rejected the request". */
export const userRejectedCode = 4001;

function codeOf(value: unknown): number | null {
  if (typeof value !== 'object' || value === null) return null;
  const code = (value as { code?: unknown }).code;
  return typeof code === 'number' ? code : null;
}

/** Wallets wrap the EIP-1193 error differently; look through `cause` and `data.originalError`. */
export function isUserRejection(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    if (codeOf(current) === userRejectedCode) return true;
    const record = current as { cause?: unknown; data?: { originalError?: unknown } };
    current = record.cause ?? record.data?.originalError;
  }
  return false;
}

/** The API client's rejection: the server's own text when it refused the call. */
function serverRefusal(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { name, kind, message } = error as { name?: unknown; kind?: unknown; message?: unknown };
  if (name !== 'ApiError' || kind !== 'failure' || typeof message !== 'string') return null;
  return message.trim() === '' ? null : message;
}

/** Which failure an error thrown at `step` is. */
export function classifyError(error: unknown, step: WalletStep): WalletFailure {
  if (isUserRejection(error)) {
    return { kind: 'rejected' };
  }
  if (step === 'accounts') {
    return { kind: 'wallet-connection-failed' };
  }
  if (step === 'login') {
    const text = serverRefusal(error);
    if (text !== null) return { kind: 'server', text };
  }
  return { kind: 'connection-failed' };
}

/** The first account of an eth_requestAccounts reply, or null when it holds no address. */
export function firstAddress(reply: unknown): `0x${string}` | null {
  if (!Array.isArray(reply)) return null;
  const first: unknown = reply[0];
  return typeof first === 'string' && /^0x[0-9a-fA-F]{40}$/.test(first) ? (first as `0x${string}`) : null;
}

/** Message keys of the wallet namespace (spec section 8), or the server's own text. */
export type WalletMessage = { key: WalletMessageKey } | { text: string };

export type WalletMessageKey =
  | 'wallet:messages.notInstalled.metamask'
  | 'wallet:messages.notInstalled.coinbase'
  | 'wallet:messages.notInstalled.trust'
  | 'wallet:messages.notInstalled.tokenpocket'
  | 'wallet:messages.notInstalled.imtoken'
  | 'wallet:messages.openInWallet'
  | 'wallet:messages.notDetected'
  | 'wallet:messages.notSupported'
  | 'wallet:messages.walletConnectUnconfigured'
  | 'wallet:messages.walletConnectUnreachable'
  | 'wallet:messages.noAddress'
  | 'wallet:messages.walletConnectionFailed'
  | 'wallet:messages.rejected'
  | 'wallet:messages.connectionFailed';

/** One "not installed" message per wallet, as the spec lists them. */
const notInstalledKeys: Record<InjectedWalletName, WalletMessageKey> = {
  metamask: 'wallet:messages.notInstalled.metamask',
  coinbase: 'wallet:messages.notInstalled.coinbase',
  trust: 'wallet:messages.notInstalled.trust',
  tokenpocket: 'wallet:messages.notInstalled.tokenpocket',
  imtoken: 'wallet:messages.notInstalled.imtoken',
};

export function failureMessage(failure: WalletFailure): WalletMessage {
  switch (failure.kind) {
    case 'not-supported':
      return { key: 'wallet:messages.notSupported' };
    case 'walletconnect-unconfigured':
      return { key: 'wallet:messages.walletConnectUnconfigured' };
    case 'walletconnect-unreachable':
      return { key: 'wallet:messages.walletConnectUnreachable' };
    case 'not-installed':
      return { key: notInstalledKeys[failure.wallet] };
    case 'open-in-wallet':
      return { key: 'wallet:messages.openInWallet' };
    case 'not-detected':
      return { key: 'wallet:messages.notDetected' };
    case 'no-address':
      return { key: 'wallet:messages.noAddress' };
    case 'wallet-connection-failed':
      return { key: 'wallet:messages.walletConnectionFailed' };
    case 'rejected':
      return { key: 'wallet:messages.rejected' };
    case 'connection-failed':
      return { key: 'wallet:messages.connectionFailed' };
    case 'server':
      return { text: failure.text };
    default:
      return assertNever(failure);
  }
}

export type ProgressKey =
  | 'wallet:progress.detect'
  | 'wallet:progress.accounts'
  | 'wallet:progress.nonce'
  | 'wallet:progress.sign'
  | 'wallet:progress.login';

const progressKeys: Record<WalletStep, ProgressKey> = {
  detect: 'wallet:progress.detect',
  accounts: 'wallet:progress.accounts',
  nonce: 'wallet:progress.nonce',
  sign: 'wallet:progress.sign',
  login: 'wallet:progress.login',
};

/** What the user is asked to do or wait for at a step. */
export function progressMessage(step: WalletStep): ProgressKey {
  return progressKeys[step];
}

/**
 * Where to go after the login: the page login was opened from when it is one of ours (a path
 * inside the app, never another origin), else Home.
 */
export function safeRedirect(value: string | null, fallback: string): string {
  if (value === null || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback;
  }
  if (value.startsWith('/pages/common/wallet-') || value.startsWith('/pages/common/login')) {
    return fallback;
  }
  return value;
}

/** The three steps the page shows; the five flow steps fold into them. */
export const visibleSteps = ['connect', 'sign', 'login'] as const;
export type VisibleStep = (typeof visibleSteps)[number];
export type StepStatus = 'done' | 'active' | 'pending' | 'failed';

const visibleStepOf: Record<WalletStep, VisibleStep> = {
  detect: 'connect',
  accounts: 'connect',
  nonce: 'sign',
  sign: 'sign',
  login: 'login',
};

export function stepStatuses(state: WalletFlowState): Record<VisibleStep, StepStatus> {
  if (state.kind === 'connected') {
    return { connect: 'done', sign: 'done', login: 'done' };
  }
  const current = visibleSteps.indexOf(visibleStepOf[state.step]);
  const here: StepStatus = state.kind === 'failed' ? 'failed' : 'active';
  const statusAt = (index: number): StepStatus => {
    if (index < current) return 'done';
    return index === current ? here : 'pending';
  };
  return { connect: statusAt(0), sign: statusAt(1), login: statusAt(2) };
}
