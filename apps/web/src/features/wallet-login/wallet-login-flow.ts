import type { WalletName, WalletNonce } from '@fairex/contract';
import { getAddress, stringToHex } from 'viem';
import { buildSiweMessage } from './siwe-message';
import { classifyError, firstAddress, type WalletFailure, type WalletStep } from './wallet-flow';
import type { Eip1193Provider } from './wallet-provider';

/** POST /user/walletLogin, as walletLoginBodySchema has it. */
export type WalletLoginBody = {
  address: string;
  signature: string;
  message: string;
  wallet: WalletName;
  stay: boolean;
};

/** What one attempt needs from the world: the provider, the two server calls, progress reports. */
export type WalletLoginDeps = {
  provider: Eip1193Provider;
  wallet: WalletName;
  stay: boolean;
  /** GET /user/walletNonce; null when the call answered nothing usable. */
  fetchNonce: () => Promise<WalletNonce | null>;
  /** POST /user/walletLogin; resolves the session token. */
  login: (body: WalletLoginBody) => Promise<string>;
  onStep: (step: WalletStep) => void;
};

export type WalletLoginResult =
  | { kind: 'ok'; address: `0x${string}`; token: string }
  | { kind: 'failed'; failure: WalletFailure };

const signaturePattern = /^0x[0-9a-fA-F]{130,}$/;

class StepFailure extends Error {
  constructor(readonly failure: WalletFailure) {
    super(failure.kind);
  }
}

/**
 * One attempt: eth_requestAccounts, the server's nonce, the EIP-4361 message signed with
 * personal_sign, then the login. Never throws: every error becomes a WalletFailure.
 */
export async function runWalletLogin(deps: WalletLoginDeps): Promise<WalletLoginResult> {
  let step: WalletStep = 'accounts';
  const enter = (next: WalletStep) => {
    step = next;
    deps.onStep(next);
  };
  try {
    enter('accounts');
    const accounts = await deps.provider.request({ method: 'eth_requestAccounts' });
    const found = firstAddress(accounts);
    if (found === null) {
      throw new StepFailure({ kind: 'no-address' });
    }
    const address = getAddress(found);

    enter('nonce');
    const nonce = await deps.fetchNonce();
    if (nonce === null) {
      throw new StepFailure({ kind: 'connection-failed' });
    }

    enter('sign');
    const message = buildSiweMessage(nonce, address);
    const signature = await deps.provider.request({
      method: 'personal_sign',
      params: [stringToHex(message), address],
    });
    if (typeof signature !== 'string' || !signaturePattern.test(signature)) {
      throw new StepFailure({ kind: 'connection-failed' });
    }

    enter('login');
    const token = await deps.login({ address, signature, message, wallet: deps.wallet, stay: deps.stay });
    if (token.trim() === '') {
      throw new StepFailure({ kind: 'connection-failed' });
    }
    return { kind: 'ok', address, token };
  } catch (error) {
    const failure = error instanceof StepFailure ? error.failure : classifyError(error, step);
    return { kind: 'failed', failure };
  }
}
