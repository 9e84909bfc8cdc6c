/** Callers and expected messages shared by the wallet's route, reliability and demo tests. */
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import type { TestApp } from '../../test-support/test-app';
import { findOrCreateWalletUser, issueSession } from '../accounts';
import { userAccountBalances } from '../ledger';

export const walletMessages = {
  parameter: 'Parameter error',
  sessionInvalid: 'Your session has expired, please log in again',
  insufficient: 'Insufficient balance',
  amountRequired: 'Enter an amount',
  amountInvalid: 'Enter a valid amount',
  amountNotPositive: 'The amount must be greater than zero',
  amountDecimals: 'Too many decimal places for this currency',
  amountTooLarge: 'The amount is too large',
  currencyUnknown: 'This currency is not available',
  accountUnknown: 'Choose a valid account',
  sameAccount: 'Choose two different accounts',
  accountUnavailable: "This account's product is not available yet: funds cannot be transferred into it",
  demoClaimed: 'Test funds were already added today; try again tomorrow (UTC)',
  inFlight: 'The same request is still being processed; please wait',
  keyReused: 'This Idempotency-Key was already used for a different request',
};

export type WalletReply = {
  status: number;
  body: { type: unknown; message: unknown };
  headers: Record<string, unknown>;
};
export type TestUser = { userId: number; token: string };

export const currencyIds = { btc: 1, eth: 2, usdt: 3 } as const;

export function walletCallers(testApp: () => TestApp, clock: Clock) {
  const db = (): Database => testApp().database.db;
  async function call(options: InjectOptions): Promise<WalletReply> {
    const response = await testApp().app.inject(options);
    let body: WalletReply['body'];
    try {
      body = response.json();
    } catch {
      body = { type: 'unparsable', message: response.body };
    }
    return { status: response.statusCode, body, headers: response.headers };
  }
  const post = (path: string, body: Record<string, unknown>, token?: string, headers = {}) =>
    call({
      method: 'POST',
      url: `/api${path}`,
      payload: { lang: 'en', ...body },
      headers: { ...(token ? { authorization: token } : {}), ...headers },
    });
  const get = (path: string, token?: string) =>
    call({
      method: 'GET',
      url: `/api${path}${path.includes('?') ? '&' : '?'}lang=en`,
      headers: token ? { authorization: token } : {},
    });
  return {
    db,
    call,
    post,
    get,
    /** A fresh wallet-sign-in user with a session. */
    async newUser(): Promise<TestUser> {
      const address = privateKeyToAccount(generatePrivateKey()).address;
      const { userId } = await findOrCreateWalletUser(db(), { address, clock });
      const token = await issueSession(db(), { userId, stayLoggedIn: false, clock, clientAddress: '' });
      return { userId, token };
    },
    change: (user: TestUser, body: Record<string, unknown>, headers = {}) =>
      post('/wallet/change', body, user.token, headers),
    balances: async (user: TestUser) =>
      (await userAccountBalances(db(), user.userId)).map((row) => ({ ...row })),
    async entryCount(): Promise<number> {
      const result = (await db().execute(sql`select count(*)::int as n from ledger_entries`)) as unknown as {
        rows: { n: number }[];
      };
      return Number(result.rows[0]?.n);
    },
  };
}

export function okMessage(reply: WalletReply): unknown {
  expect(reply.status).toBe(200);
  expect(reply.body.type, JSON.stringify(reply.body)).toBe('ok');
  return reply.body.message;
}
