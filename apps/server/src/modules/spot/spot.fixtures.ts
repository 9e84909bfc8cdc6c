/**
 * Test helpers: traders made directly (a wallet user and a session, no codes), funded through a
 * real ledger entry, and calls to the spot routes as a client makes them.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { fundUser } from '../../test-support/money-test';
import type { TestApp } from '../../test-support/test-app';
import { findOrCreateWalletUser, issueSession } from '../accounts';
import { userAccountBalances } from '../ledger';

export type Reply = { status: number; body: { type: unknown; message: unknown } };
export type Trader = { readonly userId: number; readonly token: string };

export const btcId = 1;
export const ethId = 2;
export const usdtId = 3;
export const oneBtc = 100_000_000n;
export const oneUsdt = 1_000_000n;

export function spotFixtures(testApp: () => TestApp) {
  const db = () => testApp().database.db;
  const clock = { now: () => new Date() };

  const caller = {
    post: (path: string, body: Record<string, unknown>, call: { token?: string; key?: string } = {}) =>
      testApp().call({
        method: 'POST',
        url: `/api${path}`,
        headers: {
          ...(call.token ? { authorization: call.token } : {}),
          ...(call.key ? { 'idempotency-key': call.key } : {}),
        },
        payload: { ...body, lang: 'en' },
      }),
    get: (path: string, call: { token?: string } = {}) =>
      testApp().call({
        method: 'GET',
        url: `/api${path}${path.includes('?') ? '&' : '?'}lang=en`,
        headers: call.token ? { authorization: call.token } : {},
      }),
  };

  async function okMessage<T>(reply: Promise<Reply> | Reply): Promise<T> {
    const { status, body } = await reply;
    expect(status).toBe(200);
    expect(body.type, JSON.stringify(body)).toBe('ok');
    return body.message as T;
  }

  /** A user with a session and these spot funds (smallest units). */
  async function newTrader(funds: readonly { currencyId: number; units: bigint }[] = []): Promise<Trader> {
    const address = `0x${randomBytes(20).toString('hex')}`;
    const { userId } = await findOrCreateWalletUser(db(), { address, clock });
    const token = await issueSession(db(), {
      userId,
      stayLoggedIn: false,
      clock,
      clientAddress: '127.0.0.1',
    });
    for (const fund of funds) await fundUser(testApp().database, { userId, ...fund });
    return { userId, token };
  }

  /** The trader's spot account of a currency. */
  async function spotBalance(trader: Trader, currencyId: number): Promise<{ balance: bigint; held: bigint }> {
    const account = (await userAccountBalances(db(), trader.userId)).find(
      (row) => row.currencyId === currencyId && row.kind === 2,
    );
    return { balance: account?.balance ?? 0n, held: account?.held ?? 0n };
  }

  /** A system account's balance (fees, rounding). */
  async function systemBalance(name: string, currencyId: number): Promise<bigint> {
    const result = (await db().execute(
      `select balance::text from ledger_accounts where system_name = '${name}' and currency_id = ${currencyId}`,
    )) as unknown as { rows: { balance: string }[] };
    return BigInt(result.rows[0]?.balance ?? '0');
  }

  const trade = (trader: Trader, body: Record<string, unknown>, key?: string) =>
    caller.post('/coin/trade', body, { token: trader.token, ...(key ? { key } : {}) });

  return { caller, okMessage, newTrader, spotBalance, systemBalance, trade };
}
