import type { WalletNonce } from '@fairex/contract';
import { hexToString, isHex, verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { runWalletLogin, type WalletLoginBody, type WalletLoginDeps } from './wallet-login-flow';
import type { Eip1193Provider } from './wallet-provider';

/** Anvil's first well-known development key: never holds anything. */
const testKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const account = privateKeyToAccount(testKey);

const nonce: WalletNonce = {
  nonce: 'k3f9ZtQ2mX8pLw7a',
  domain: 'localhost:8080',
  uri: 'http://localhost:8080',
  chain_id: 1,
  statement: 'Sign in to Fairex.',
  issued_at: '2026-11-20T10:00:00.000Z',
  expiration_time: '2026-11-20T10:10:00.000Z',
};

type TestProviderOptions = {
  accounts?: () => Promise<unknown>;
  sign?: (data: unknown) => Promise<unknown>;
};

/** An injected provider as a wallet extension exposes it, signing with a local viem account. */
function testProvider(options: TestProviderOptions = {}): Eip1193Provider & { calls: string[] } {
  const calls: string[] = [];
  return {
    isMetaMask: true,
    calls,
    async request({ method, params }) {
      calls.push(method);
      const args = (params ?? []) as unknown[];
      switch (method) {
        case 'eth_requestAccounts':
          return options.accounts ? options.accounts() : [account.address.toLowerCase()];
        case 'personal_sign': {
          if (options.sign) return options.sign(args[0]);
          const data = args[0];
          return account.signMessage({
            message: typeof data === 'string' && isHex(data) ? { raw: data } : String(data),
          });
        }
        default:
          throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
      }
    },
  };
}

function deps(provider: Eip1193Provider, overrides: Partial<WalletLoginDeps> = {}) {
  const steps: string[] = [];
  const bodies: WalletLoginBody[] = [];
  const value: WalletLoginDeps = {
    provider,
    wallet: 'metamask',
    stay: true,
    fetchNonce: async () => nonce,
    login: async (body) => {
      bodies.push(body);
      return 'session-token';
    },
    onStep: (step) => steps.push(step),
    ...overrides,
  };
  return { value, steps, bodies };
}

const rejection = () =>
  Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }));

describe('runWalletLogin with an injected test provider', () => {
  it('connects, signs the server’s EIP-4361 message and logs in', async () => {
    const provider = testProvider();
    const { value, steps, bodies } = deps(provider);
    const result = await runWalletLogin(value);

    expect(result).toEqual({ kind: 'ok', address: account.address, token: 'session-token' });
    expect(steps).toEqual(['accounts', 'nonce', 'sign', 'login']);
    expect(provider.calls).toEqual(['eth_requestAccounts', 'personal_sign']);
    const body = bodies[0];
    if (!body) throw new Error('no login call');
    expect(body.address).toBe(account.address); // checksummed
    expect(body.wallet).toBe('metamask');
    expect(body.stay).toBe(true);
    expect(
      await verifyMessage({
        address: account.address,
        message: body.message,
        signature: body.signature as `0x${string}`,
      }),
    ).toBe(true);

    const fields = parseSiweMessage(body.message);
    expect(fields).toMatchObject({
      domain: nonce.domain,
      address: account.address,
      statement: nonce.statement,
      uri: nonce.uri,
      version: '1',
      chainId: nonce.chain_id,
      nonce: nonce.nonce,
    });
    expect(fields.issuedAt?.toISOString()).toBe(nonce.issued_at);
    expect(fields.expirationTime?.toISOString()).toBe(nonce.expiration_time);
    expect(
      body.message.startsWith(`${nonce.domain} wants you to sign in with your Ethereum account:\n`),
    ).toBe(true);
  });

  it('sends the message to personal_sign as hex of its UTF-8 text', async () => {
    let signed: unknown = null;
    const provider = testProvider({
      sign: async (data) => {
        signed = data;
        return account.signMessage({ message: { raw: data as `0x${string}` } });
      },
    });
    const { value, bodies } = deps(provider);
    await runWalletLogin(value);
    expect(typeof signed === 'string' && isHex(signed)).toBe(true);
    expect(hexToString(signed as unknown as `0x${string}`)).toBe(bodies[0]?.message);
  });

  it('fails with "rejected" when the user refuses the connection or the signature', async () => {
    const refuseConnect = deps(testProvider({ accounts: rejection }));
    expect(await runWalletLogin(refuseConnect.value)).toEqual({
      kind: 'failed',
      failure: { kind: 'rejected' },
    });

    const refuseSign = deps(testProvider({ sign: rejection }));
    expect(await runWalletLogin(refuseSign.value)).toEqual({ kind: 'failed', failure: { kind: 'rejected' } });
    expect(refuseSign.bodies).toEqual([]);
  });

  it('fails with "no address" when the wallet answers no account', async () => {
    const { value } = deps(testProvider({ accounts: async () => [] }));
    expect(await runWalletLogin(value)).toEqual({ kind: 'failed', failure: { kind: 'no-address' } });
  });

  it('fails with "wallet connection failed" when the wallet errors on connect', async () => {
    const pending = () => Promise.reject(Object.assign(new Error('Already processing'), { code: -32002 }));
    const { value } = deps(testProvider({ accounts: pending }));
    expect(await runWalletLogin(value)).toEqual({
      kind: 'failed',
      failure: { kind: 'wallet-connection-failed' },
    });
  });

  it('fails with "connection failed, try again" when the nonce or signature is unusable', async () => {
    const noNonce = deps(testProvider(), { fetchNonce: async () => null });
    expect(await runWalletLogin(noNonce.value)).toEqual({
      kind: 'failed',
      failure: { kind: 'connection-failed' },
    });

    const offline = deps(testProvider(), { fetchNonce: () => Promise.reject(new Error('offline')) });
    expect(await runWalletLogin(offline.value)).toEqual({
      kind: 'failed',
      failure: { kind: 'connection-failed' },
    });

    const badDomain = deps(testProvider(), {
      fetchNonce: async () => ({ ...nonce, domain: 'not a domain' }),
    });
    expect(await runWalletLogin(badDomain.value)).toEqual({
      kind: 'failed',
      failure: { kind: 'connection-failed' },
    });

    const garbage = deps(testProvider({ sign: async () => 'nope' }));
    expect(await runWalletLogin(garbage.value)).toEqual({
      kind: 'failed',
      failure: { kind: 'connection-failed' },
    });
  });

  it('shows the server’s reason when it refuses the login', async () => {
    const refused = Object.assign(new Error('The sign-in message has expired'), {
      name: 'ApiError',
      kind: 'failure',
    });
    const { value } = deps(testProvider(), { login: () => Promise.reject(refused) });
    expect(await runWalletLogin(value)).toEqual({
      kind: 'failed',
      failure: { kind: 'server', text: 'The sign-in message has expired' },
    });
  });
});
