import type {
  WithdrawalList,
  WithdrawalQueue,
  WithdrawalQueueEntry,
  WithdrawalRecord,
  WithdrawInfo,
} from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean, reportFigures } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { holdByReference, userAccountBalances } from '../ledger';
import { btcEquivalent } from './withdrawals.domain';
import {
  freshAddress,
  payoutStandInOf,
  payPassword,
  type Reply,
  type Withdrawer,
  withdrawalFixtures,
} from './withdrawals.fixtures';
import { withdrawalPayouts, withdrawals } from './withdrawals.schema';

const en = serverMessages.en;
const refusal = (key: string) => ({ type: 'error', message: en[key] });
const mine = (code: string) => refusal(`withdrawals.errors.${code}`);
const insufficient = refusal('ledger.errors.insufficient_balance');

const staff: Record<string, Principal> = {
  'staff-finance': { kind: 'staff', staffId: 71, roles: ['finance'] },
  'staff-compliance': { kind: 'staff', staffId: 72, roles: ['compliance'] },
  'staff-admin': { kind: 'staff', staffId: 73, roles: ['admin'] },
};

const btc = 1;
const usdt = 3;
const oneBtc = 100_000_000n;
const oneUsdt = 1_000_000n;

describe.each(testDatabases())('withdrawals on $name', (testDatabase) => {
  let testApp: TestApp;
  const fixtures = withdrawalFixtures(() => testApp);
  const { caller, okMessage, newWithdrawer, saveAddress, saveCard, withdrawCode } = fixtures;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { env: { DEMO: 'true' }, staffStandIns: staff });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const spot = async (user: Withdrawer, currencyId: number) => {
    const account = (await userAccountBalances(db(), user.userId)).find(
      (row) => row.currencyId === currencyId && row.kind === 2,
    );
    return { balance: account?.balance ?? 0n, held: account?.held ?? 0n };
  };
  const fees = async (currencyId: number) => {
    const result = (await db().execute(
      `select balance::text from ledger_accounts where system_name = 'fees' and currency_id = ${currencyId}`,
    )) as unknown as { rows: { balance: string }[] };
    return BigInt(result.rows[0]?.balance ?? '0');
  };
  const withdraw = (user: Withdrawer, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    testApp.call({
      method: 'POST',
      url: '/api/wallet/out',
      headers: { authorization: user.token, ...headers },
      payload: { lang: 'en', ...body },
    });
  const decide = (body: Record<string, unknown>, token = 'staff-finance') =>
    caller.post('/admin/withdrawals/decide', body, { token });
  const cancel = (user: Withdrawer, id: unknown) =>
    caller.post('/user/withdraw/cancel', { id }, { token: user.token });
  const payoutOf = async (withdrawalId: number) => {
    const [row] = await db()
      .select()
      .from(withdrawalPayouts)
      .where(eq(withdrawalPayouts.withdrawalId, withdrawalId));
    return row ?? null;
  };

  /** A Lv1 user with 2 BTC and a saved BTC address, and a withdraw code. */
  async function readyBtcUser(funds = 2n * oneBtc) {
    const user = await newWithdrawer({ funds: [{ currencyId: btc, units: funds }] });
    const addressId = await saveAddress(user, { currency: btc, chain: 'BTC', address: freshAddress('BTC') });
    return { user, addressId };
  }

  it('holds amount + fee at request, and pays it out once on approval', async () => {
    const { user, addressId } = await readyBtcUser();
    const feesBefore = await fees(btc);
    const info = await okMessage<WithdrawInfo>(caller.get('/user/withdraw/info', { token: user.token }));
    expect(info).toMatchObject({ level: 1, limit_btc: '200.00000000', used_btc: '0.00000000' });
    expect(info.currencies.find((currency) => currency.id === btc)).toMatchObject({
      code: 'BTC',
      withdraw_min: '0.00100000',
      withdraw_fee: '0.00020000',
      available: '2.00000000',
    });

    const record = await okMessage<WithdrawalRecord>(
      withdraw(user, {
        currency: btc,
        number: '0.5',
        address_id: addressId,
        pay_password: payPassword,
        code: await withdrawCode(user),
      }),
    );
    expect(record).toMatchObject({
      currency: 'BTC',
      chain: 'BTC',
      amount: '0.50000000',
      fee: '0.00020000',
      total: '0.50020000',
      status: 'pending',
      can_cancel: true,
      destination: { kind: 'address', id: addressId },
    });
    expect(await spot(user, btc)).toEqual({ balance: 2n * oneBtc, held: 50_020_000n });
    expect((await holdByReference(db(), `withdrawal:${record.id}`))?.state).toBe('pending');
    await expectLedgerClean(testApp.database);

    const afterRequest = await okMessage<WithdrawInfo>(
      caller.get('/user/withdraw/info', { token: user.token }),
    );
    expect(afterRequest.used_btc).toBe('0.50000000');
    expect(afterRequest.currencies.find((currency) => currency.id === btc)?.available).toBe('1.49980000');

    const pending = await okMessage<WithdrawalQueue>(
      testApp.call({
        method: 'GET',
        url: `/api/admin/withdrawals?user_id=${user.userId}`,
        headers: { authorization: 'staff-finance' },
      }),
    );
    expect(pending.list.map((entry) => entry.id)).toEqual([record.id]);
    expect(pending.list[0]).toMatchObject({
      btc_equivalent: '0.50000000',
      limit_btc: '200.00000000',
      payout: null,
      destination_detail: { kind: 'address', chain: 'BTC' },
    });

    const approved = await okMessage<WithdrawalQueueEntry>(decide({ id: record.id, decision: 'approve' }));
    expect(approved).toMatchObject({ status: 'approved', decided_by: 71, can_cancel: false });
    expect(await spot(user, btc)).toEqual({ balance: 2n * oneBtc - 50_020_000n, held: 0n });
    expect((await fees(btc)) - feesBefore).toBe(20_000n);
    expect((await holdByReference(db(), `withdrawal:${record.id}`))?.state).toBe('posted');

    // The worker sends it through the stand-in, once, with what the user receives.
    await vi.waitFor(async () => expect((await payoutOf(record.id))?.status).toBe('sent'), {
      timeout: 10_000,
      interval: 50,
    });
    const payout = await payoutOf(record.id);
    const standIn = payoutStandInOf(testApp);
    const calls = standIn.calls.filter((call) => call.withdrawalId === record.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      currency: 'BTC',
      chain: 'BTC',
      amount: '0.50000000',
      payoutId: payout?.id,
    });
    expect(payout).toMatchObject({ attempts: 1, externalRef: `local-${payout?.id}` });

    expect(await decide({ id: record.id, decision: 'reject', reason: 'too late' })).toMatchObject({
      body: mine('already_decided'),
    });
    expect(await cancel(user, record.id)).toMatchObject({ body: mine('already_decided') });

    const list = await okMessage<WithdrawalList>(caller.get('/user/withdraw/list', { token: user.token }));
    expect(list).toMatchObject({ page: 1, limit: 10, total: 1 });
    expect(list.list[0]).toMatchObject({ id: record.id, status: 'approved', reason: '' });
    await expectLedgerClean(testApp.database);
  });

  it('releases the hold on rejection, with the reason shown to the user', async () => {
    const { user, addressId } = await readyBtcUser();
    const record = await okMessage<WithdrawalRecord>(
      withdraw(user, {
        currency: String(btc),
        number: '1',
        address: String(addressId),
        pay_password: payPassword,
        code: await withdrawCode(user),
      }),
    );
    expect((await spot(user, btc)).held).toBe(oneBtc + 20_000n);
    expect(await decide({ id: record.id, decision: 'reject' })).toMatchObject({
      body: mine('reason_required'),
    });
    expect(await decide({ id: record.id, decision: 'reject', reason: '   ' })).toMatchObject({
      body: mine('reason_required'),
    });
    const rejected = await okMessage<WithdrawalQueueEntry>(
      decide({ id: record.id, decision: 'reject', reason: 'Address under review' }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Address under review', payout: null });
    expect(await spot(user, btc)).toEqual({ balance: 2n * oneBtc, held: 0n });
    expect((await holdByReference(db(), `withdrawal:${record.id}`))?.state).toBe('released');
    expect(await payoutOf(record.id)).toBeNull();
    expect(await decide({ id: record.id, decision: 'approve' })).toMatchObject({
      body: mine('already_decided'),
    });
    const list = await okMessage<WithdrawalList>(caller.get('/user/withdraw/list', { token: user.token }));
    expect(list.list[0]).toMatchObject({
      status: 'rejected',
      reason: 'Address under review',
      can_cancel: false,
    });
    await expectLedgerClean(testApp.database);
  });

  it("applies an admin's new fee, minimum and 24-hour limit to later requests; a pending one keeps its own", async () => {
    const { user, addressId } = await readyBtcUser();
    const other = await readyBtcUser();
    const admin = (path: string, body: Record<string, unknown>) =>
      okMessage(caller.post(path, body, { token: 'staff-admin' }));
    const earlier = await okMessage<WithdrawalRecord>(
      withdraw(user, {
        currency: btc,
        number: '0.5',
        address_id: addressId,
        pay_password: payPassword,
        code: await withdrawCode(user),
      }),
    );
    expect(earlier.fee).toBe('0.00020000');
    try {
      await admin('/admin/content/withdrawal-fees/update', {
        currency_id: btc,
        withdraw_min: '0.01',
        withdraw_fee: '0.0005',
      });
      await admin('/admin/content/withdrawal-limits/update', { level: 1, limit_btc: '0.5' });
      const info = await okMessage<WithdrawInfo>(caller.get('/user/withdraw/info', { token: user.token }));
      expect(info).toMatchObject({
        limit_btc: '0.50000000',
        used_btc: '0.50000000',
        remaining_btc: '0.00000000',
      });
      expect(info.currencies.find((currency) => currency.id === btc)).toMatchObject({
        withdraw_min: '0.01000000',
        withdraw_fee: '0.00050000',
      });
      // Refused before the code is checked, so one code serves all three.
      const code = await withdrawCode(other.user);
      const request = (number: string) =>
        withdraw(other.user, {
          currency: btc,
          number,
          address_id: other.addressId,
          pay_password: payPassword,
          code,
        });
      expect((await request('0.005')).body).toEqual(mine('amount_below_minimum'));
      expect((await request('0.6')).body).toEqual(mine('limit_exceeded'));
      const later = await okMessage<WithdrawalRecord>(request('0.4'));
      expect(later).toMatchObject({ fee: '0.00050000', total: '0.40050000' });
      expect((await spot(other.user, btc)).held).toBe(40_050_000n);

      // Each request records the limit it was checked against.
      const queue = await okMessage<WithdrawalQueue>(
        testApp.call({
          method: 'GET',
          url: '/api/admin/withdrawals',
          headers: { authorization: 'staff-finance' },
        }),
      );
      expect(queue.list.find((entry) => entry.id === later.id)).toMatchObject({ limit_btc: '0.50000000' });
      expect(queue.list.find((entry) => entry.id === earlier.id)).toMatchObject({
        limit_btc: '200.00000000',
      });
      // The pending request pays the fee it was made with.
      const feesBefore = await fees(btc);
      await okMessage(decide({ id: earlier.id, decision: 'approve' }));
      expect((await fees(btc)) - feesBefore).toBe(20_000n);
    } finally {
      await admin('/admin/content/withdrawal-fees/update', {
        currency_id: btc,
        withdraw_min: '0.001',
        withdraw_fee: '0.0002',
      });
      await admin('/admin/content/withdrawal-limits/update', { level: 1, limit_btc: '200' });
    }
    await expectLedgerClean(testApp.database);
  });

  it('releases the hold when the user cancels, once', async () => {
    const { user, addressId } = await readyBtcUser();
    const record = await okMessage<WithdrawalRecord>(
      withdraw(user, {
        currency: 'btc',
        number: '0.25',
        address_id: addressId,
        pay_password: payPassword,
        code: await withdrawCode(user),
      }),
    );
    const cancelled = await okMessage<WithdrawalRecord>(cancel(user, record.id));
    expect(cancelled).toMatchObject({ status: 'cancelled', can_cancel: false });
    expect(cancelled.decided_at).not.toBeNull();
    expect(await spot(user, btc)).toEqual({ balance: 2n * oneBtc, held: 0n });
    expect(await cancel(user, record.id)).toMatchObject({ body: mine('already_decided') });
    expect(await decide({ id: record.id, decision: 'approve' })).toMatchObject({
      body: mine('already_decided'),
    });
    await expectLedgerClean(testApp.database);
  });

  it('withdraws USDT to a TRC20 address and to the bank card, valued in BTC at the recorded price', async () => {
    const user = await newWithdrawer({ funds: [{ currencyId: usdt, units: 1000n * oneUsdt }] });
    const trc20 = await saveAddress(user, { currency: usdt, chain: 'TRC20', address: freshAddress('TRC20') });
    const cardId = await saveCard(user);
    const market = testApp.services.market;
    const btcPrice = market.referencePrice('BTC/USDT');
    expect(btcPrice).not.toBeNull();

    // A named chain must agree with the address's.
    expect(
      await withdraw(user, {
        currency: usdt,
        number: '100',
        address_id: trc20,
        chain: 'ERC20',
        pay_password: payPassword,
        code: '000000',
      }),
    ).toMatchObject({ body: mine('chain_invalid') });

    const toAddress = await okMessage<WithdrawalRecord>(
      withdraw(user, {
        currency: usdt,
        number: '100.5',
        address_id: trc20,
        chain: 'trc20',
        pay_password: payPassword,
        code: await withdrawCode(user),
      }),
    );
    expect(toAddress).toMatchObject({
      chain: 'TRC20',
      amount: '100.500000',
      fee: '1.000000',
      total: '101.500000',
    });
    const [stored] = await db().select().from(withdrawals).where(eq(withdrawals.id, toAddress.id));
    expect(stored?.priceTicks).toEqual({ currency: null, btc: btcPrice?.tickId });
    expect(BigInt(stored?.btcEquivalent ?? '0')).toBe(
      btcEquivalent({
        amount: 100_500_000n,
        scale: 6,
        code: 'USDT',
        usdtPrice: null,
        btcPrice: btcPrice?.price ?? null,
      }),
    );

    // A minute later (one code a minute per purpose), to the bank card.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      const toCard = await okMessage<WithdrawalRecord>(
        withdraw(user, {
          currency: usdt,
          number: '50',
          bank_card_id: cardId,
          pay_password: payPassword,
          code: await withdrawCode(user),
        }),
      );
      expect(toCard).toMatchObject({
        chain: null,
        destination: { kind: 'bank_card', id: cardId, card: '**** 7890', real_name: 'Ada Lovelace' },
      });
      expect(JSON.stringify(toCard)).not.toContain('6222021234567890');
      const staffView = await okMessage<WithdrawalQueueEntry>(decide({ id: toCard.id, decision: 'approve' }));
      expect(staffView.destination_detail).toMatchObject({
        kind: 'bank_card',
        bankAccount: '6222021234567890',
      });
    } finally {
      vi.useRealTimers();
    }
    expect(await spot(user, usdt)).toEqual({ balance: (1000n - 51n) * oneUsdt, held: 101_500_000n });
    await expectLedgerClean(testApp.database);
  });

  it('shows every rule of the form clearly (spec section 5)', async () => {
    const { user, addressId } = await readyBtcUser(oneBtc / 100n);
    const other = await readyBtcUser();
    const ethAddress = await saveAddress(user, {
      currency: 2,
      chain: 'ERC20',
      address: freshAddress('ERC20'),
    });
    const base = {
      currency: btc,
      number: '0.001',
      address_id: addressId,
      pay_password: payPassword,
      code: '123456',
    };
    const cases: [Record<string, unknown>, object][] = [
      [{ ...base, address_id: undefined }, mine('destination_required')],
      [{ ...base, address_id: '' }, mine('destination_required')],
      [{ ...base, bank_card_id: 5 }, mine('destination_ambiguous')],
      [{ ...base, address_id: other.addressId }, mine('destination_not_found')],
      [{ ...base, address_id: 999_999 }, mine('destination_not_found')],
      [{ ...base, address_id: ethAddress }, mine('destination_currency_mismatch')],
      [{ ...base, bank_card_id: 999_999, address_id: undefined }, mine('destination_not_found')],
      [{ ...base, number: '0.0009' }, mine('amount_below_minimum')],
      [{ ...base, number: '0.000000001' }, mine('amount_too_many_decimals')],
      [{ ...base, number: '0' }, mine('amount_invalid')],
      [{ ...base, number: '-1' }, mine('amount_invalid')],
      [{ ...base, number: '1e5' }, mine('amount_invalid')],
      [{ ...base, number: '1'.repeat(30) }, mine('amount_too_large')],
      [{ ...base, number: '0.05' }, insufficient],
      [{ ...base, currency: 99 }, mine('currency_not_found')],
      [{ ...base, currency: 'ZZZ' }, mine('currency_not_found')],
    ];
    for (const [body, expected] of cases) {
      expect(await withdraw(user, body), JSON.stringify(body)).toMatchObject({ status: 200, body: expected });
    }
    expect(await spot(user, btc)).toEqual({ balance: oneBtc / 100n, held: 0n });
    expect(await db().select().from(withdrawals).where(eq(withdrawals.userId, user.userId))).toEqual([]);
  });

  it('refuses a missing or wrong payment password or code, holding nothing (reliability case 13)', async () => {
    const { user, addressId } = await readyBtcUser();
    const code = await withdrawCode(user);
    const base = { currency: btc, number: '0.1', address_id: addressId };
    const wrongCode = code === '111111' ? '222222' : '111111';
    const attempts: [Record<string, unknown>, object][] = [
      [{ ...base, code }, refusal('errors.parameter_error')],
      [{ ...base, pay_password: payPassword }, refusal('errors.parameter_error')],
      [{ ...base, pay_password: '', code }, refusal('errors.parameter_error')],
      [{ ...base, pay_password: 'wrong-one', code }, refusal('accounts.errors.pay_password_wrong')],
      [{ ...base, pay_password: payPassword, code: wrongCode }, refusal('accounts.errors.code_invalid')],
    ];
    for (const [body, expected] of attempts) {
      expect(await withdraw(user, body), JSON.stringify(body)).toMatchObject({ status: 200, body: expected });
    }
    expect(await spot(user, btc)).toEqual({ balance: 2n * oneBtc, held: 0n });
    expect(await db().select().from(withdrawals).where(eq(withdrawals.userId, user.userId))).toEqual([]);
    // The right password and the right code go through.
    await okMessage(withdraw(user, { ...base, pay_password: payPassword, code }));
    reportFigures(testDatabase.name, [
      {
        label: 'withdrawals without the right password or code',
        tried: attempts.length,
        bad: 0,
        badLabel: 'accepted',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('sends unverified users to verification (998)', async () => {
    const user = await newWithdrawer({ level: 0, funds: [{ currencyId: btc, units: oneBtc }] });
    const reply = await withdraw(user, {
      currency: btc,
      number: '0.1',
      address_id: 1,
      pay_password: payPassword,
      code: '123456',
    });
    expect(reply).toMatchObject({ status: 200, body: { type: 998 } });
    const info = await okMessage<WithdrawInfo>(caller.get('/user/withdraw/info', { token: user.token }));
    expect(info).toMatchObject({ level: 0, limit_btc: '0.00000000', remaining_btc: '0.00000000' });
  });

  it("keeps users out of each other's withdrawals and off the staff routes (reliability case 16)", async () => {
    const { user, addressId } = await readyBtcUser();
    const intruder = await newWithdrawer();
    const record = await okMessage<WithdrawalRecord>(
      withdraw(user, {
        currency: btc,
        number: '0.1',
        address_id: addressId,
        pay_password: payPassword,
        code: await withdrawCode(user),
      }),
    );
    const probes: Reply[] = [await cancel(intruder, record.id), await cancel(intruder, 999_999)];
    for (const probe of probes)
      expect(probe).toMatchObject({ status: 200, body: mine('withdrawal_not_found') });
    const list = await okMessage<WithdrawalList>(
      caller.get('/user/withdraw/list', { token: intruder.token }),
    );
    expect(list.list).toEqual([]);
    const staffProbes = [
      await caller.get('/admin/withdrawals', { token: user.token }),
      await caller.post(
        '/admin/withdrawals/decide',
        { id: record.id, decision: 'approve' },
        { token: user.token },
      ),
      await caller.get('/admin/withdrawals', { token: 'staff-compliance' }),
      await caller.post(
        '/admin/withdrawals/decide',
        { id: record.id, decision: 'approve' },
        { token: 'staff-compliance' },
      ),
      await caller.get('/admin/withdrawals'),
    ];
    for (const probe of staffProbes) expect(probe.status).toBe(403);
    expect(await caller.get('/user/withdraw/list')).toMatchObject({ body: { type: 999 } });
    expect(
      await caller.post('/wallet/out', {
        currency: btc,
        number: '0.1',
        address_id: addressId,
        pay_password: payPassword,
        code: '123456',
      }),
    ).toMatchObject({ body: { type: 999 } });
    const pending = await okMessage<WithdrawalRecord>(cancel(user, record.id));
    expect(pending.status).toBe('cancelled');
    reportFigures(testDatabase.name, [
      {
        label: 'access probes on withdrawals',
        tried: probes.length + staffProbes.length,
        bad: 0,
        badLabel: 'leaks',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('answers malformed bodies with a localised error, never a 5xx (reliability case 18)', async () => {
    const { user, addressId } = await readyBtcUser();
    const valid = {
      currency: btc,
      number: '0.1',
      address_id: addressId,
      pay_password: payPassword,
      code: '123456',
    };
    const bodies: unknown[] = [
      {},
      { ...valid, extra: 1 },
      { ...valid, currency: -1 },
      { ...valid, currency: [1] },
      { ...valid, number: { value: 1 } },
      { ...valid, number: null },
      { ...valid, number: 'NaN' },
      { ...valid, number: 'Infinity' },
      { ...valid, address_id: 'abc' },
      { ...valid, address_id: 1.5 },
      { ...valid, code: '12345' },
      { ...valid, code: 123456 },
      { ...valid, pay_password: '' },
      { ...valid, pay_password: 'x'.repeat(10_000) },
      { ...valid, chain: '<script>' },
      JSON.parse(
        `{"currency":1,"number":"0.1","__proto__":{"admin":true},"pay_password":"x","code":"123456"}`,
      ),
      'number=0.1&currency=%ZZ',
      '{"currency": 1, "number": ',
      [valid],
    ];
    let serverErrors = 0;
    for (const body of bodies) {
      const reply = await testApp.app.inject({
        method: 'POST',
        url: '/api/wallet/out?lang=en',
        headers: {
          authorization: user.token,
          'content-type':
            typeof body === 'string' && !body.startsWith('{')
              ? 'application/x-www-form-urlencoded'
              : 'application/json',
        },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      if (reply.statusCode >= 500) serverErrors += 1;
      expect(reply.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(reply.json().type, JSON.stringify(body)).not.toBe('ok');
    }
    const otherBodies: [string, string, unknown][] = [
      ['POST', '/api/user/withdraw/cancel', { id: 'x' }],
      ['POST', '/api/user/withdraw/cancel', { id: 1, extra: true }],
      ['GET', '/api/user/withdraw/list?page=-1', undefined],
      ['GET', '/api/user/withdraw/list?limit=1000', undefined],
      ['GET', '/api/user/withdraw/list?page=abc', undefined],
    ];
    for (const [method, url, payload] of otherBodies) {
      const reply = await testApp.call({
        method: method as 'GET' | 'POST',
        url,
        headers: { authorization: user.token },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      if (reply.status >= 500) serverErrors += 1;
      expect(reply.body.type, url).toBe('error');
    }
    const staffBodies = [
      { id: 1, decision: 'maybe' },
      { id: 'one', decision: 'approve' },
      { id: 1, decision: 'reject', reason: 'x'.repeat(500) },
      { decision: 'approve' },
    ];
    for (const body of staffBodies) {
      const reply = await decide(body);
      if (reply.status >= 500) serverErrors += 1;
      expect(reply.body.type).toBe('error');
    }
    expect(await db().select().from(withdrawals).where(eq(withdrawals.userId, user.userId))).toEqual([]);
    reportFigures(testDatabase.name, [
      {
        label: 'malformed withdrawal requests',
        tried: bodies.length + otherBodies.length + staffBodies.length,
        bad: serverErrors,
        badLabel: '5xx replies',
      },
    ]);
  });

  it('makes one request per Idempotency-Key, however often it is retried (reliability case 3)', async () => {
    const { user, addressId } = await readyBtcUser();
    const body = {
      currency: btc,
      number: '0.3',
      address_id: addressId,
      pay_password: payPassword,
      code: await withdrawCode(user),
    };
    const key = 'withdraw-retry-0001';
    const first = await withdraw(user, body, { 'idempotency-key': key });
    const again = await withdraw(user, body, { 'idempotency-key': key });
    expect(first.body.type).toBe('ok');
    expect(again.body).toEqual(first.body);
    const changed = await withdraw(user, { ...body, number: '0.4' }, { 'idempotency-key': key });
    expect(changed.body.type).toBe('error');
    const rows = await db().select().from(withdrawals).where(eq(withdrawals.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.idempotencyKey).toBe(key);
    expect((await spot(user, btc)).held).toBe(30_020_000n);

    // Cancelling twice with one key: the stored reply, one release.
    const cancelKey = { 'idempotency-key': 'cancel-retry-0001' };
    const cancelled = await testApp.call({
      method: 'POST',
      url: '/api/user/withdraw/cancel',
      headers: { authorization: user.token, ...cancelKey },
      payload: { id: rows[0]?.id, lang: 'en' },
    });
    const cancelledAgain = await testApp.call({
      method: 'POST',
      url: '/api/user/withdraw/cancel',
      headers: { authorization: user.token, ...cancelKey },
      payload: { id: rows[0]?.id, lang: 'en' },
    });
    expect(cancelledAgain.body).toEqual(cancelled.body);
    expect(cancelled.body.type).toBe('ok');
    expect((await spot(user, btc)).held).toBe(0n);
    reportFigures(testDatabase.name, [
      {
        label: 'retried withdrawal requests',
        tried: 2,
        bad: rows.length - 1,
        badLabel: 'duplicate requests',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('lists the caller’s withdrawals newest first, 10 a page', async () => {
    const { user, addressId } = await readyBtcUser();
    const record = await okMessage<WithdrawalRecord>(
      withdraw(user, {
        currency: btc,
        number: '0.002',
        address_id: addressId,
        pay_password: payPassword,
        code: await withdrawCode(user),
      }),
    );
    const first = await okMessage<WithdrawalList>(caller.get('/user/withdraw/list', { token: user.token }));
    expect(first.list.map((entry) => entry.id)).toEqual([record.id]);
    const second = await okMessage<WithdrawalList>(
      testApp.call({
        method: 'GET',
        url: '/api/user/withdraw/list?page=2&limit=10',
        headers: { authorization: user.token },
      }),
    );
    expect(second).toMatchObject({ list: [], page: 2, total: 1 });
    await okMessage(cancel(user, record.id));
  });
});
