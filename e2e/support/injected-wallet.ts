import type { Page } from 'playwright-core';
import { type Hex, isHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * A browser wallet for browser tests: an EIP-1193 provider injected as window.ethereum before the
 * page loads (flags like MetaMask's), optionally also announced through EIP-6963, whose requests
 * call back into Node, where a viem local account signs. No extension, no network.
 */

/** A step the test can make the wallet refuse once, as a user pressing "Reject" would (4001). */
export type RefusableStep = 'connect' | 'sign';

export type TestWalletOptions = {
  /** The provider's identity flags; default `{ isMetaMask: true }`. */
  flags?: Readonly<Record<string, boolean>>;
  /** Also answer `eip6963:requestProvider` with this info; default: window.ethereum only. */
  announce?: { rdns: string; name: string } | null;
  /** What eth_chainId answers; default 1. */
  chainId?: number;
};

export type TestWallet = {
  /** The account's checksummed address. */
  readonly address: Hex;
  /** Every message the wallet signed, as UTF-8 text, oldest first. */
  readonly signedMessages: readonly string[];
  /** Every JSON-RPC method the page called, oldest first. */
  readonly calls: readonly string[];
  /** The next request of this step fails with EIP-1193 error 4001; later ones succeed. */
  refuseNext(step: RefusableStep): void;
};

type BridgeReply = { result: unknown } | { error: { code: number; message: string } };

const bridgeName = '__fairexTestWalletRequest';

/**
 * Runs in the page before any of its scripts: defines window.ethereum over the Node bridge and,
 * when asked, announces it through EIP-6963. Plain JavaScript in a string, so that no transpiler
 * helper (esbuild's __name, for one) leaks into the page.
 */
const injectedProviderSource = `(setup) => {
  const listeners = new Map();
  const provider = {
    ...setup.flags,
    async request(args) {
      const bridge = window[setup.bridge];
      if (typeof bridge !== 'function') {
        throw Object.assign(new Error('test wallet bridge missing'), { code: -32603 });
      }
      const reply = await bridge(args.method, args.params ?? []);
      if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
      return reply.result;
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(listener);
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };
  Object.defineProperty(window, 'ethereum', { value: provider, configurable: true, writable: false });
  if (setup.announce) {
    const detail = Object.freeze({
      info: Object.freeze({
        uuid: '6f9b6c1e-7d1a-4d3e-9a55-2f3b4c5d6e7f',
        name: setup.announce.name,
        icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
        rdns: setup.announce.rdns,
      }),
      provider,
    });
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  }
}`;

/**
 * Installs the test wallet into `page` (call before `page.goto`): window.ethereum answers
 * eth_requestAccounts, eth_accounts, eth_chainId and personal_sign, signing with `privateKey`.
 */
export async function installTestWallet(
  page: Page,
  privateKey: Hex,
  options: TestWalletOptions = {},
): Promise<TestWallet> {
  const account = privateKeyToAccount(privateKey);
  const chainIdHex = `0x${(options.chainId ?? 1).toString(16)}`;
  const signedMessages: string[] = [];
  const calls: string[] = [];
  const refusals = new Set<RefusableStep>();
  let connected = false;

  const refuse = (step: RefusableStep): BridgeReply | null => {
    if (!refusals.delete(step)) return null;
    return { error: { code: 4001, message: 'User rejected the request.' } };
  };

  await page.exposeFunction(bridgeName, async (method: string, params: unknown): Promise<BridgeReply> => {
    calls.push(method);
    const args = Array.isArray(params) ? (params as unknown[]) : [];
    switch (method) {
      case 'eth_requestAccounts': {
        const refused = refuse('connect');
        if (refused) return refused;
        connected = true;
        // Wallets answer lower-case addresses; the page must checksum them itself.
        return { result: [account.address.toLowerCase()] };
      }
      case 'eth_accounts':
        return { result: connected ? [account.address.toLowerCase()] : [] };
      case 'eth_chainId':
        return { result: chainIdHex };
      case 'net_version':
        return { result: String(options.chainId ?? 1) };
      case 'personal_sign': {
        const refused = refuse('sign');
        if (refused) return refused;
        const data = args[0];
        if (typeof data !== 'string') {
          return { error: { code: -32602, message: 'personal_sign needs a message' } };
        }
        const raw = isHex(data) ? data : null;
        signedMessages.push(raw ? Buffer.from(raw.slice(2), 'hex').toString('utf8') : data);
        const signature = await account.signMessage({ message: raw ? { raw } : data });
        return { result: signature };
      }
      default:
        return { error: { code: 4200, message: `The test wallet does not support ${method}` } };
    }
  });
  const setup = {
    bridge: bridgeName,
    flags: { ...(options.flags ?? { isMetaMask: true }) },
    announce: options.announce ?? null,
  };
  await page.addInitScript({ content: `(${injectedProviderSource})(${JSON.stringify(setup)});` });

  return {
    address: account.address,
    signedMessages,
    calls,
    refuseNext: (step) => {
      refusals.add(step);
    },
  };
}
