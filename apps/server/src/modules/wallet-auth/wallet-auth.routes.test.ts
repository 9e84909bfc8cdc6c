import type { Locale, WalletNonce } from '@fairex/contract';
import { eq, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResolver } from '../../platform/http/route-policy';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { createSessionResolver } from '../accounts';
import { users } from '../accounts/accounts.schema';
import { siweNonces } from './wallet-auth.schema';

const publicUrl = 'https://app.fairex.test';
const chainId = 1;
const minute = 60_000;
const startedAt = new Date('2026-11-05T10:00:00.000Z');

const messages = {
  invalidMessage: 'The sign-in message is not valid, please try again',
  wrongDomain: 'This sign-in request was made for a different website',
  wrongUri: 'This sign-in request names a different web address',
  wrongChain: 'This sign-in request is for a different blockchain network',
  addressMismatch: 'The signed message does not match your wallet address',
  expired: 'This sign-in request has expired, please try again',
  notYetValid: "This sign-in request is not valid yet, please check your device's time",
  badSignature: 'The wallet signature could not be verified',
  nonceInvalid: 'This sign-in request has already been used or has expired, please try again',
  frozen: 'This account has been frozen, please contact customer service',
  parameter: 'Parameter error',
};

type Reply = { status: number; body: { type: unknown; message: unknown } };
type MessageFields = Partial<Parameters<typeof createSiweMessage>[0]>;
type SignedLogin = { address: string; signature: string; message: string };

const refusal = (message: string): Reply => ({ status: 200, body: { type: 'error', message } });

describe.each(testDatabases())('Sign-In with Ethereum on $name', (testDatabase) => {
  let testApp: TestApp;
  let now = startedAt;
  const clock = { now: () => now };

  let realSessions: SessionResolver | null = null;
  const sessions: SessionResolver = { resolve: async (token) => realSessions?.resolve(token) ?? null };

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, {
      clock,
      sessions,
      env: { PUBLIC_URL: publicUrl, SIWE_CHAIN_ID: String(chainId) },
    });
    realSessions = createSessionResolver({ db: testApp.database.db, clock });
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function walletNonce(): Promise<WalletNonce> {
    const reply = await testApp.call({ method: 'GET', url: '/api/user/walletNonce?lang=en' });
    expect(reply.status).toBe(200);
    expect(reply.body.type).toBe('ok');
    return reply.body.message as WalletNonce;
  }

  /** The message a well-behaved client builds from the nonce reply, with any field overridden. */
  function messageFor(account: { address: Address }, nonce: WalletNonce, overrides: MessageFields = {}) {
    return createSiweMessage({
      address: account.address,
      chainId: nonce.chain_id,
      domain: nonce.domain,
      uri: nonce.uri,
      nonce: nonce.nonce,
      statement: nonce.statement,
      issuedAt: new Date(nonce.issued_at),
      expirationTime: new Date(nonce.expiration_time),
      version: '1',
      ...overrides,
    });
  }

  async function signed(
    signer: PrivateKeyAccount,
    options: { nonce?: WalletNonce; fields?: MessageFields; messageAccount?: { address: Address } } = {},
  ): Promise<SignedLogin> {
    const nonce = options.nonce ?? (await walletNonce());
    const message = messageFor(options.messageAccount ?? signer, nonce, options.fields);
    return { address: signer.address, signature: await signer.signMessage({ message }), message };
  }

  function login(body: SignedLogin & Record<string, unknown>, lang: Locale = 'en'): Promise<Reply> {
    return testApp.call({ method: 'POST', url: '/api/user/walletLogin', payload: { ...body, lang } });
  }

  async function userInfo(token: string) {
    const reply = await testApp.call({
      method: 'GET',
      url: '/api/user/info',
      headers: { authorization: token },
    });
    expect(reply.body.type).toBe('ok');
    return reply.body.message as { id: number; account: string; wallet_address: string | null };
  }

  async function userCount(): Promise<number> {
    const [row] = await testApp.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  }

  it('states a public policy on both routes', () => {
    for (const url of ['/api/user/walletNonce', '/api/user/walletLogin']) {
      const route = testApp.app.registeredRoutes.find((entry) => entry.url === url);
      expect(route?.policy, url).toEqual({ kind: 'public' });
    }
  });

  it('issues a fresh random nonce with the pieces of the message, stored for ten minutes', async () => {
    const first = await walletNonce();
    const second = await walletNonce();
    expect(first).toEqual({
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      domain: 'app.fairex.test',
      uri: publicUrl,
      chain_id: chainId,
      statement: 'Sign in to Fairex',
      issued_at: startedAt.toISOString(),
      expiration_time: new Date(startedAt.getTime() + 10 * minute).toISOString(),
    });
    expect(second.nonce).not.toBe(first.nonce);
    const [stored] = await testApp.database.db
      .select()
      .from(siweNonces)
      .where(eq(siweNonces.nonce, first.nonce));
    expect(stored?.expiresAt.getTime()).toBe(startedAt.getTime() + 10 * minute);
    expect(stored?.consumedAt).toBeNull();
    const withParameter = await testApp.call({ method: 'GET', url: '/api/user/walletNonce?address=0x1' });
    expect(withParameter).toEqual(refusal(messages.parameter));
  });

  it('creates an account on the first sign-in and reuses it on the next', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const before = await userCount();

    const first = await login(await signed(wallet));
    expect(first.body.type).toBe('ok');
    const firstToken = String(first.body.message);
    const info = await userInfo(firstToken);
    expect(info.account.toLowerCase()).toBe(wallet.address.toLowerCase());
    expect(await userCount()).toBe(before + 1);

    // Form-encoded, lower-case address in the body, `stay` as the string form clients send.
    const again = await signed(wallet);
    const form = new URLSearchParams({
      ...again,
      address: again.address.toLowerCase(),
      stay: '1',
      lang: 'en',
    });
    const second = await testApp.call({
      method: 'POST',
      url: '/api/user/walletLogin',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(second.body.type).toBe('ok');
    expect(second.body.message).not.toBe(firstToken);
    expect((await userInfo(String(second.body.message))).id).toBe(info.id);
    expect(await userCount()).toBe(before + 1);
  });

  it('refuses a replay of a signed message that was already used', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const body = await signed(wallet);
    expect((await login(body)).body.type).toBe('ok');
    expect(await login(body)).toEqual(refusal(messages.nonceInvalid));
    now = new Date(now.getTime() + 5 * minute);
    expect(await login(body)).toEqual(refusal(messages.nonceInvalid));
    now = startedAt;
  });

  it('lets exactly one of several simultaneous logins with one message through', async () => {
    for (let round = 0; round < 3; round += 1) {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const body = await signed(wallet);
      const replies = await Promise.all(Array.from({ length: 4 }, () => login(body)));
      expect(replies.filter((reply) => reply.body.type === 'ok')).toHaveLength(1);
      for (const reply of replies.filter((entry) => entry.body.type !== 'ok')) {
        expect(reply).toEqual(refusal(messages.nonceInvalid));
      }
    }
  });

  it('creates one account when a new wallet signs in twice at once', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const before = await userCount();
    const bodies = await Promise.all([signed(wallet), signed(wallet), signed(wallet)]);
    const replies = await Promise.all(bodies.map((body) => login(body)));
    for (const reply of replies) expect(reply.body.type, JSON.stringify(reply.body)).toBe('ok');
    const ids = await Promise.all(
      replies.map(async (reply) => (await userInfo(String(reply.body.message))).id),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await userCount()).toBe(before + 1);
  });

  it('takes an invitation code on the first sign-in and refuses an unknown one', async () => {
    const inviter = privateKeyToAccount(generatePrivateKey());
    const inviterToken = String((await login(await signed(inviter))).body.message);
    const [row] = await testApp.database.db
      .select({ id: users.id, code: users.invitationCode })
      .from(users)
      .where(eq(users.id, (await userInfo(inviterToken)).id));

    const before = await userCount();
    const stranger = privateKeyToAccount(generatePrivateKey());
    expect(await login({ ...(await signed(stranger)), extension_code: 'NOSUCH99' })).toEqual(
      refusal('This invitation code does not exist'),
    );
    expect(await userCount()).toBe(before);

    const invited = privateKeyToAccount(generatePrivateKey());
    const reply = await login({ ...(await signed(invited)), extension_code: row?.code ?? '' });
    expect(reply.body.type).toBe('ok');
    const [created] = await testApp.database.db
      .select({ inviterId: users.inviterId })
      .from(users)
      .where(eq(users.id, (await userInfo(String(reply.body.message))).id));
    expect(created?.inviterId).toBe(row?.id);
  });

  it('refuses a message made for another site, address or network', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const before = await userCount();
    const cases: [MessageFields, string][] = [
      [{ domain: 'fairex-login.example' }, messages.wrongDomain],
      [{ domain: 'app.fairex.test:8443' }, messages.wrongDomain],
      [{ scheme: 'http' }, messages.wrongDomain],
      [{ uri: 'https://fairex-login.example' }, messages.wrongUri],
      [{ uri: `${publicUrl}/login` }, messages.wrongUri],
      [{ chainId: 56 }, messages.wrongChain],
    ];
    for (const [fields, message] of cases) {
      expect(await login(await signed(wallet, { fields })), JSON.stringify(fields)).toEqual(refusal(message));
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses an expired message, one not valid yet, and one issued in the future', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const expired = await signed(wallet, { fields: { expirationTime: new Date(now.getTime() - 1000) } });
    expect(await login(expired)).toEqual(refusal(messages.expired));
    const early = await signed(wallet, { fields: { notBefore: new Date(now.getTime() + minute) } });
    expect(await login(early)).toEqual(refusal(messages.notYetValid));
    const future = await signed(wallet, { fields: { issuedAt: new Date(now.getTime() + 60 * minute) } });
    expect(await login(future)).toEqual(refusal(messages.notYetValid));

    // Not before is reached once the clock gets there; the nonce was left unused by the refusal.
    now = new Date(now.getTime() + minute);
    expect((await login(early)).body.type).toBe('ok');
    now = startedAt;
  });

  it('refuses a message whose nonce has expired, even without an expiration time of its own', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const body = await signed(wallet, { fields: { expirationTime: undefined } });
    now = new Date(startedAt.getTime() + 10 * minute);
    expect(await login(body)).toEqual(refusal(messages.nonceInvalid));
    now = startedAt;
  });

  it('refuses a nonce the server never issued', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const invented = { ...(await walletNonce()), nonce: 'a'.repeat(32) };
    expect(await login(await signed(wallet, { nonce: invented }))).toEqual(refusal(messages.nonceInvalid));
    const short = { ...(await walletNonce()), nonce: 'abcdefgh' };
    expect(await login(await signed(wallet, { nonce: short }))).toEqual(refusal(messages.nonceInvalid));
  });

  it("refuses another wallet's nonce once it was used", async () => {
    const alice = privateKeyToAccount(generatePrivateKey());
    const bob = privateKeyToAccount(generatePrivateKey());
    const nonce = await walletNonce();
    expect((await login(await signed(alice, { nonce }))).body.type).toBe('ok');
    expect(await login(await signed(bob, { nonce }))).toEqual(refusal(messages.nonceInvalid));
  });

  it('refuses a message naming one address signed by another key', async () => {
    const alice = privateKeyToAccount(generatePrivateKey());
    const mallory = privateKeyToAccount(generatePrivateKey());
    const before = await userCount();
    // Mallory signs a message that names Alice and claims to be Alice.
    const forged = await signed(mallory, { messageAccount: alice });
    expect(await login({ ...forged, address: alice.address })).toEqual(refusal(messages.badSignature));
    // Mallory signs a message naming Alice but presents her own address.
    expect(await login(forged)).toEqual(refusal(messages.addressMismatch));
    // Alice's own signature presented for Mallory's address.
    const alices = await signed(alice);
    expect(await login({ ...alices, address: mallory.address })).toEqual(refusal(messages.addressMismatch));
    expect(await userCount()).toBe(before);
    // The refused attempts left Alice's nonce usable by Alice herself.
    expect((await login(alices)).body.type).toBe('ok');
  });

  it('refuses malformed messages and signatures with a clear message', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const body = await signed(wallet);
    const resign = async (message: string) => ({
      address: wallet.address,
      message,
      signature: await wallet.signMessage({ message }),
    });
    expect(await login(await resign(`Please sign\n${body.message}`))).toEqual(
      refusal(messages.invalidMessage),
    );
    expect(await login(await resign(`${body.message}\nGift: 100 ETH`))).toEqual(
      refusal(messages.invalidMessage),
    );
    expect(await login(await resign('Sign in to Fairex'))).toEqual(refusal(messages.invalidMessage));
    expect(await login({ ...body, signature: `0x${'ab'.repeat(65)}` })).toEqual(
      refusal(messages.badSignature),
    );
    expect(await login({ ...body, signature: `0x${'00'.repeat(65)}` })).toEqual(
      refusal(messages.badSignature),
    );
    expect(await login({ ...body, signature: 'not hex' })).toEqual(refusal(messages.parameter));
    expect(await login({ ...body, address: '0x1234' })).toEqual(refusal(messages.parameter));
    expect(await login({ ...body, admin: true })).toEqual(refusal(messages.parameter));
    expect(await login({ ...body, message: 'x'.repeat(5000) })).toEqual(refusal(messages.parameter));
    // None of that used the nonce up.
    expect((await login(body)).body.type).toBe('ok');
  });

  it('answers in the caller’s language', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const reply = await login(await signed(wallet, { fields: { chainId: 56 } }), 'zh');
    expect(reply).toEqual(refusal('此登录请求对应的区块链网络不正确'));
  });

  it('refuses a frozen account', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const token = String((await login(await signed(wallet))).body.message);
    const { id } = await userInfo(token);
    await testApp.database.db.update(users).set({ loginFrozen: true }).where(eq(users.id, id));
    expect(await login(await signed(wallet))).toEqual(refusal(messages.frozen));
  });
});
