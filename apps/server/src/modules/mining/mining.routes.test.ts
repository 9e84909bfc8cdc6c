import type { MiningOrder, MiningProduct } from '@fairex/contract';
import { miningEarlyRedemption, miningReceipt, toScaledBigint } from '@fairex/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean, fundUser, reportFigures } from '../../test-support/money-test';
import { composeSecondProcess, startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { userAccountBalances } from '../ledger';

const en = serverMessages.en;
const refusal = (code: string) => ({
  type: 'error',
  message: en[`mining.errors.${code}` as keyof typeof en],
});

const usdt = 3;
const oneUsdt = 1_000_000n;
const dayMs = 86_400_000;
const startIso = '2026-12-01T10:00:00.000Z';
const t0 = Date.parse(startIso);
/** Day 1's dividend: the next 00:00 UTC. */
const day1 = Date.parse('2026-12-02T00:00:00.000Z');

const userIds = { a: 9201, b: 9202, poor: 9203, racer: 9204 } as const;
type Who = keyof typeof userIds;
const principals: Record<string, Principal> = {
  'staff-admin': { kind: 'staff', staffId: 91, roles: ['admin'] },
  'staff-finance': { kind: 'staff', staffId: 92, roles: ['finance'] },
  'staff-support': { kind: 'staff', staffId: 93, roles: ['support'] },
  ...Object.fromEntries(
    Object.entries(userIds).map(([who, userId]) => [
      `user-${who}`,
      { kind: 'user', userId, verificationLevel: 1 },
    ]),
  ),
};

describe.each(testDatabases())('mining on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock(startIso);
  let keys = 0;
  let productId = 0;

  const get = (url: string, token?: string) =>
    testApp.call({
      method: 'GET',
      url: `/api${url}${url.includes('?') ? '&' : '?'}lang=en`,
      headers: token ? { authorization: token } : {},
    });
  const post = (url: string, body: Record<string, unknown>, token?: string) =>
    testApp.call({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...(token ? { authorization: token } : {}), 'idempotency-key': `mining-test-${++keys}` },
      payload: { lang: 'en', ...body },
    });
  const okOf = async <T>(reply: ReturnType<typeof get>): Promise<T> => {
    const { status, body } = await reply;
    expect(status).toBe(200);
    expect(body.type, JSON.stringify(body)).toBe('ok');
    return body.message as T;
  };
  const subscribe = (who: Who, amount: string) =>
    post('/lh/deposit', { config_id: productId, amount }, `user-${who}`);
  const account = async (who: Who) => {
    const row = (await userAccountBalances(testApp.database.db, userIds[who])).find(
      (r) => r.currencyId === usdt && r.kind === 2,
    );
    return { balance: row?.balance ?? 0n, held: row?.held ?? 0n };
  };
  const product = async () =>
    (await okOf<{ list: MiningProduct[] }>(get('/lh/deposit/config?category=lock'))).list.find(
      (p) => p.id === productId,
    ) as MiningProduct;
  const orders = async (who: Who) =>
    (await okOf<{ list: MiningOrder[] }>(get('/lh/deposit/order?page=1&limit=50', `user-${who}`))).list;

  const restartedScheduler = async () => (await composeSecondProcess(testApp, clock)).services.scheduler;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, staffStandIns: principals });
    for (const who of ['a', 'b', 'racer'] as const) {
      await fundUser(testApp.database, { userId: userIds[who], currencyId: usdt, units: 10_000n * oneUsdt });
    }
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const productBody = {
    category: 'lock',
    names: { en: 'USDT lock 5 days', zh: 'USDT 锁仓 5 天' },
    currency_id: usdt,
    daily_rate: '0.004',
    days: 5,
    min_amount: '100',
    max_amount: '2000',
    capacity: '6000',
    dividend_minute: 0,
    penalty_rate: '0.004',
    active: true,
  };

  it('lets finance or admin set products (audited) and fund the reserve from house; a product with no reserve is full', async () => {
    expect((await post('/admin/mining/products/save', productBody, 'staff-support')).status).toBe(403);
    expect((await post('/admin/mining/products/save', productBody, 'user-a')).status).toBe(403);
    const created = await okOf<MiningProduct>(
      post('/admin/mining/products/save', productBody, 'staff-finance'),
    );
    productId = created.id;
    expect(created).toMatchObject({ daily_rate: '0.004', full: true, subscribed: '0.000000' });
    expect((await subscribe('a', '1000')).body).toEqual(refusal('reserve_full'));
    // 100 USDT of reserve covers 5 days x 0.4% of 5000 USDT.
    const funded = await okOf<MiningProduct>(
      post('/admin/mining/reserve/fund', { product_id: productId, amount: '100' }, 'staff-admin'),
    );
    expect(funded.reserve).toMatchObject({ account: `pool:mining:${productId}`, balance: '100.000000' });
    expect(funded).toMatchObject({ full: false, room: '2000.000000' });
    const audit = (await testApp.database.db.execute(
      `select action from audit_log where target_type = 'mining_product' order by id`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((row) => row.action)).toEqual(['mining.product_save', 'mining.reserve_fund']);
  });

  it('refuses bad subscriptions with a localised error and changes nothing', async () => {
    const before = await account('a');
    expect((await subscribe('a', '99')).body).toEqual(refusal('below_minimum'));
    expect((await subscribe('a', '2001')).body).toEqual(refusal('above_maximum'));
    expect((await subscribe('a', '100.0000001')).body).toEqual(refusal('amount_invalid'));
    expect((await subscribe('poor', '100')).body).toEqual({
      type: 'error',
      message: en['ledger.errors.insufficient_balance'],
    });
    expect((await post('/lh/deposit', { config_id: 999, amount: '100' }, 'user-a')).body).toEqual(
      refusal('product_not_found'),
    );
    // Nobody sets a dividend or a rate: an extra field is a parameter error.
    const extra = await post(
      '/lh/deposit',
      { config_id: productId, amount: '100', daily_rate: '1' },
      'user-a',
    );
    expect(extra.body.type).toBe('error');
    expect(await account('a')).toEqual(before);
    expect((await product()).subscribed).toBe('0.000000');
  });

  it('accepts exactly as many parallel subscriptions as the reserve covers', async () => {
    await okOf<MiningOrder>(subscribe('a', '1000'));
    await okOf<MiningOrder>(subscribe('b', '1000'));
    expect(await account('a')).toEqual({ balance: 10_000n * oneUsdt, held: 1000n * oneUsdt });
    // 100 reserve - 2 x 20 reserved = 60 left: three more orders of 1000 fit, not eight.
    const attempts = 8;
    const replies = await Promise.all(Array.from({ length: attempts }, () => subscribe('racer', '1000')));
    const accepted = replies.filter((reply) => reply.body.type === 'ok').length;
    const refusedOthers = replies.filter((reply) => reply.body.type !== 'ok');
    expect(accepted).toBe(3);
    for (const reply of refusedOthers) {
      expect([refusal('reserve_full'), refusal('capacity_full')]).toContainEqual(reply.body);
    }
    const shown = await product();
    expect(shown).toMatchObject({ subscribed: '5000.000000', full: true });
    expect(shown.reserve).toMatchObject({ reserved: '100.000000', available: '0.000000' });
    reportFigures(testDatabase.name, [
      {
        label: 'mining subscriptions past the reserve',
        tried: attempts,
        bad: accepted - 3,
        badLabel: 'accepted beyond it',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('pays each day once across a restart and downtime, redeems early with the penalty shown, returns principal at maturity', async () => {
    const { scheduler } = testApp.services;
    // Only mining's own items are counted: other modules schedule work on the same days.
    const dividendsDue = () => scheduler.pending('mining:dividend');
    const before = await dividendsDue();
    await scheduler.runDue();
    expect(await dividendsDue()).toBe(before);
    // The server is down through days 1 and 2; a restarted process catches both up, once each.
    clock.set(new Date(day1 + dayMs).toISOString());
    const restarted = await restartedScheduler();
    await restarted.runDue();
    expect(await dividendsDue()).toBe(before - 10); // 5 orders x 2 days
    await scheduler.runDue();
    await restarted.runDue();
    expect(await dividendsDue()).toBe(before - 10);
    const [aOrder] = await orders('a');
    if (!aOrder) throw new Error('no order');
    expect(aOrder.dividends.map((d) => [d.day, d.amount])).toEqual([
      [1, '4.000000'],
      [2, '4.000000'],
    ]);
    expect(await account('a')).toEqual({ balance: 10_008n * oneUsdt, held: 1000n * oneUsdt });

    // Early redemption after 2 paid days: 0.4% x 3 x 1000 = 12, exactly what the web shows.
    const shown = miningEarlyRedemption(
      {
        amount: 1000n * oneUsdt,
        dailyRatePpm: 4000n,
        days: 5,
        penaltyRatePpm: 4000n,
        subscribedAtMs: t0,
        dividendMinute: 0,
      },
      2,
    );
    expect(shown.penalty).toBe(12n * oneUsdt);
    const reserveBefore = await product();
    const redeemed = await okOf<MiningOrder>(post('/lh/deposit/order/cancel', { id: aOrder.id }, 'user-a'));
    expect(redeemed).toMatchObject({
      state: 'redeemed',
      early: true,
      penalty: '12.000000',
      returned: '988.000000',
    });
    expect(await account('a')).toEqual({ balance: (10_008n - 12n) * oneUsdt, held: 0n });
    expect((await post('/lh/deposit/order/cancel', { id: aOrder.id }, 'user-a')).body).toEqual(
      refusal('order_not_active'),
    );
    expect((await post('/lh/deposit/order/cancel', { id: aOrder.id }, 'user-b')).body).toEqual(
      refusal('order_not_found'),
    );
    const reserveAfter = await product();
    // The penalty went into the reserve; 3 unpaid days x 4 were freed.
    expect(units(reserveAfter.reserve.balance) - units(reserveBefore.reserve.balance)).toBe(12n * oneUsdt);
    expect(units(reserveBefore.reserve.reserved) - units(reserveAfter.reserve.reserved)).toBe(12n * oneUsdt);
    expect(reserveAfter.subscribed).toBe('4000.000000');

    // A redemption racing the day's dividend: each is applied once, in some order.
    clock.set(new Date(day1 + 2 * dayMs).toISOString());
    const [bOrder] = await orders('b');
    if (!bOrder) throw new Error('no order');
    const [, redemption] = await Promise.all([
      scheduler.runDue(),
      post('/lh/deposit/order/cancel', { id: bOrder.id }, 'user-b'),
    ]);
    expect(redemption.body.type).toBe('ok');
    await restarted.runDue();
    const [bAfter] = await orders('b');
    if (!bAfter) throw new Error('no order');
    const paid = bAfter.dividends.length;
    expect([2, 3]).toContain(paid);
    const receipt = miningReceipt(
      {
        amount: 1000n * oneUsdt,
        dailyRatePpm: 4000n,
        days: 5,
        penaltyRatePpm: 4000n,
        subscribedAtMs: bAfter.subscribed_at,
        dividendMinute: 0,
      },
      { paidDays: paid, redeemedEarly: true },
    );
    expect(units(bAfter.penalty ?? '')).toBe(receipt.penalty);
    expect(await account('b')).toEqual({
      balance: 10_000n * oneUsdt + receipt.totalDividends - (receipt.penalty ?? 0n),
      held: 0n,
    });

    // Maturity: the racer's three orders get day 5 and their principal back, once.
    clock.set(new Date(day1 + 4 * dayMs).toISOString());
    await scheduler.runDue();
    await restarted.runDue();
    expect(await dividendsDue()).toBe(0);
    const racer = await orders('racer');
    expect(racer.map((o) => [o.state, o.early, o.dividends.length, o.returned])).toEqual(
      Array.from({ length: 3 }, () => ['redeemed', false, 5, '1000.000000']),
    );
    expect(await account('racer')).toEqual({ balance: (10_000n + 3n * 20n) * oneUsdt, held: 0n });
    const final = await product();
    expect(final).toMatchObject({ subscribed: '0.000000', reserve: { reserved: '0.000000' } });
    await expectLedgerClean(testApp.database);
  });

  it('has no route that sets a dividend, a penalty or a rate of an order', () => {
    const writes = testApp.app.registeredRoutes
      .filter((route) => route.method === 'POST' && /lh\/|mining/.test(route.url))
      .map((route) => route.url)
      .sort();
    expect(writes).toEqual([
      '/api/admin/mining/products/save',
      '/api/admin/mining/reserve/fund',
      '/api/lh/deposit',
      '/api/lh/deposit/order/cancel',
    ]);
  });
});

function units(text: string): bigint {
  const parsed = toScaledBigint(text, 6);
  if (!parsed.ok) throw new Error(`not an amount: ${text}`);
  return parsed.value;
}
