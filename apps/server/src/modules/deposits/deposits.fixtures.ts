/**
 * Shared by the deposits route and race tests: users with sessions, uploads, calls and balances.
 */

import { randomBytes } from 'node:crypto';
import type { DepositRecord } from '@fairex/contract';
import sharp from 'sharp';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import type { Clock } from '../../platform/clock';
import type { Principal } from '../../platform/http/route-policy';
import type { TestApp } from '../../test-support/test-app';
import { findOrCreateWalletUser, issueSession } from '../accounts';
import { userAccountBalances, userAccountKinds } from '../ledger';

export const financeToken = 'staff-finance';
export const complianceToken = 'staff-compliance';

/** Staff identities arrive with the operator console; until then these tokens stand in. */
export const staffStandIns: Record<string, Principal> = {
  [financeToken]: { kind: 'staff', staffId: 7, roles: ['finance'] },
  [complianceToken]: { kind: 'staff', staffId: 8, roles: ['compliance'] },
};

export type Reply = { status: number; body: { type: unknown; message: unknown } };
export type TestUser = { userId: number; token: string };

export const usdtId = 3;
export const trc20Address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const erc20Address = '0x52908400098527886E0F7030069857D2E4169EE7';

/** A small PNG voucher as a multipart body, as a browser sends it to POST /upload. */
async function voucherUploadBody(): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const image = await sharp({ create: { width: 24, height: 16, channels: 4, background: '#0ecb81' } })
    .png()
    .toBuffer();
  const boundary = `----deposit${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="voucher.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function depositCalls(testApp: () => TestApp, clock: Clock) {
  const db = () => testApp().database.db;

  function call(
    method: 'GET' | 'POST',
    url: string,
    token: string | undefined,
    payload?: object,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    return testApp().call({
      method,
      url: `/api${url}`,
      headers: { ...(token ? { authorization: token } : {}), ...headers },
      ...(payload ? { payload: { lang: 'en', ...payload } } : {}),
    });
  }

  async function okMessage<T>(reply: Promise<Reply> | Reply): Promise<T> {
    const { body } = await reply;
    expect(body.type, JSON.stringify(body)).toBe('ok');
    return body.message as T;
  }

  async function newUser(): Promise<TestUser> {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const { userId } = await findOrCreateWalletUser(db(), { address, clock });
    const token = await issueSession(db(), {
      userId,
      stayLoggedIn: false,
      clock,
      clientAddress: '127.0.0.1',
    });
    return { userId, token };
  }

  /** Uploads a small PNG as the user; answers its path. */
  async function uploadVoucher(user: TestUser): Promise<string> {
    const body = await voucherUploadBody();
    const reply = await testApp().call({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { authorization: user.token, ...body.headers },
    });
    return okMessage<string>(reply);
  }

  async function setAddress(body: object): Promise<Reply> {
    return call('POST', '/admin/deposit-addresses/save', financeToken, body);
  }

  function chargeReq(user: TestUser, body: object, headers: Record<string, string> = {}) {
    return call('POST', '/wallet/charge_req', user.token, body, headers);
  }

  /** Uploads a voucher and submits a USDT deposit on TRC20; answers the pending request. */
  async function deposit(user: TestUser, amount = '100'): Promise<DepositRecord> {
    const voucher = await uploadVoucher(user);
    return okMessage<DepositRecord>(
      chargeReq(user, { amount, currency: usdtId, type: 0, chain: 'TRC20', voucher }),
    );
  }

  function decide(body: object, token = financeToken) {
    return call('POST', '/admin/deposits/decide', token, body);
  }

  /** The user's spot balance of a currency, in smallest units. */
  async function spotBalance(user: TestUser, currencyId = usdtId): Promise<bigint> {
    const balances = await userAccountBalances(db(), user.userId);
    const spot = balances.find(
      (entry) => entry.currencyId === currencyId && entry.kind === userAccountKinds.change,
    );
    return spot ? BigInt(spot.balance) : 0n;
  }

  return { call, okMessage, newUser, uploadVoucher, setAddress, chargeReq, deposit, decide, spotBalance };
}
