import type { DualOrder, DualProduct } from '@fairex/contract';
import { dualReceipt, dualReserveObligation, fromScaledBigint } from '@fairex/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean, fundUser, reportFigures } from '../../test-support/money-test';
import { composeSecondProcess, startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { userAccountBalances } from '../ledger';

const en = serverMessages.en;
const refusal = (code: string) => ({ type: 'error', message: en[`dual.errors.${code}` as keyof typeof en] });

const btc = 1;
const usdt = 3;
const oneBtc = 100_000_000n;
const oneUsdt = 1_000_000n;
const dayMs = 86_400_000;
const startIso = '2026-12-01T10:00:00.000Z';
const t0 = Date.parse(startIso);
/** Whole seconds, so the tick stepped at the settlement time is recorded at or after it. */
const settleAt = t0 + 7 * dayMs;
const laterSettleAt = t0 + 8 * dayMs;

type Balance = { balance: bigint; held: bigint };
const userIds = { a: 9301, poor: 9302, racer: 9303, filler: 9304, putter: 9305 } as const;
type Who = keyof typeof userIds;
const principals: Record<string, Principal> = {
  'staff-admin': { kind: 'staff', staffId: 191, roles: ['admin'] },
  'staff-finance': { kind: 'staff', staffId: 192, roles: ['finance'] },
  'staff-support': { kind: 'staff', staffId: 193, roles: ['support'] },
  ...Object.fromEntries(
    Object.entries(userIds).map(([who, userId]) => [
      `user-${who}`,
      { kind: 'user', userId, verificationLevel: 1 },
    ]),
  ),
};

describe.each(testDatabases())('dual investment on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock(startIso);
  let keys = 0;
  let callId = 0;
  let capacityId = 0;
  let putId = 0;

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
      headers: { ...(token ? { authorization: token } : {}), 'idempotency-key': `dual-test-${++keys}` },
      payload: { lang: 'en', ...body },
    });
  const okOf = async <T>(reply: ReturnType<typeof get>): Promise<T> => {
    const { status, body } = await reply;
    expect(status).toBe(200);
    expect(body.type, JSON.stringify(body)).toBe('ok');
    return body.message as T;
  };
  const buy = (who: Who, id: number, num: unknown, extra: Record<string, unknown> = {}) =>
    post('/dual/buyDual', { id, num, ...extra }, `user-${who}`);
  const account = async (who: Who, currencyId: number) => {
    const row = (await userAccountBalances(testApp.database.db, userIds[who])).find(
      (r) => r.currencyId === currencyId && r.kind === 2,
    );
    return { balance: row?.balance ?? 0n, held: row?.held ?? 0n };
  };
  const product = (id: number) => okOf<DualProduct>(get(`/dual/detail?id=${id}`));
  const orders = async (who: Who) =>
    (await okOf<{ list: DualOrder[] }>(post('/dual/dual_list', { page: 1, limit: 50 }, `user-${who}`))).list;

  const callBody = {
    names: { en: 'BTC high sell 7 days', zh: 'BTC 高卖 7 天' },
    pair: 'BTC/USDT',
    type: 'call',
    linked_price: '0',
    annual_rate: '0.1',
    days: 7,
    settle_at: settleAt,
    unit_price: '0.01',
    min_shares: 2,
    max_shares: 10,
    total_shares: 1000,
    active: true,
  };
  /** The reservation of `shares` shares of the call product, from the same pure rule. */
  let linkedUnits = 0n;
  const obligation = (shares: number) =>
    dualReserveObligation({
      direction: 'call',
      amount: BigInt(shares) * 1_000_000n,
      linkedPrice: linkedUnits,
      annualRatePpm: 100_000n,
      days: 7,
      baseScale: 8,
    });

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, staffStandIns: principals });
    await testApp.services.market.step(clock.now());
    const reference = testApp.services.market.referencePrice('BTC/USDT');
    if (!reference) throw new Error('no BTC/USDT price');
    // The linked price: the current price rounded to a whole USDT (the outcome is read off the tick).
    linkedUnits = BigInt(reference.price.split('.')[0] ?? '0') * oneUsdt;
    callBody.linked_price = fromScaledBigint(linkedUnits, 6);
    for (const who of ['a', 'racer', 'filler', 'putter'] as const) {
      await fundUser(testApp.database, { userId: userIds[who], currencyId: btc, units: 10n * oneBtc });
      await fundUser(testApp.database, { userId: userIds[who], currencyId: usdt, units: 100_000n * oneUsdt });
    }
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('lets finance or admin set products (audited) and fund the reserve from house; unfunded is full', async () => {
    expect((await post('/admin/dual/products/save', callBody, 'staff-support')).status).toBe(403);
    expect((await post('/admin/dual/products/save', callBody, 'user-a')).status).toBe(403);
    const created = await okOf<DualProduct>(post('/admin/dual/products/save', callBody, 'staff-finance'));
    callId = created.id;
    expect(created).toMatchObject({ type: 'call', currency_id: btc, invest_currency: 'BTC', full: true });
    expect((await buy('a', callId, 2)).body).toEqual(refusal('reserve_full'));
    // Base: the yield of 100 shares; quote: the USDT outcome of exactly 2 + 2 + 2 + 2 shares (8).
    const fund = (currencyId: number, units: bigint, scale: number) =>
      post(
        '/admin/dual/reserve/fund',
        { product_id: callId, currency_id: currencyId, amount: fromScaledBigint(units, scale) },
        'staff-admin',
      );
    expect((await fund(2, 1n, 8)).body).toEqual(refusal('currency_not_in_pair'));
    await okOf(fund(btc, obligation(100).base, 8));
    const funded = await okOf<DualProduct>(fund(usdt, obligation(2).quote * 4n, 6));
    expect(funded.reserve.account).toBe(`pool:dual:${callId}`);
    // One order of 8 would need a little more than four of 2 (each rounds its payout down).
    expect(funded).toMatchObject({ full: false, room_shares: 7 });
    const audit = (await testApp.database.db.execute(
      `select action from audit_log where target_type = 'dual_product' order by id`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((row) => row.action)).toEqual([
      'dual.product_save',
      'dual.reserve_fund',
      'dual.reserve_fund',
    ]);
    // The capacity product: ample reserve, five shares in all, settling a day later.
    const capacity = await okOf<DualProduct>(
      post(
        '/admin/dual/products/save',
        { ...callBody, min_shares: 1, total_shares: 5, settle_at: laterSettleAt },
        'staff-finance',
      ),
    );
    capacityId = capacity.id;
    // A put linked far above the price: it settles below, paid in BTC from the reserve's BTC hold.
    const put = await okOf<DualProduct>(
      post(
        '/admin/dual/products/save',
        {
          ...callBody,
          type: 'put',
          unit_price: '100',
          min_shares: 1,
          linked_price: fromScaledBigint(linkedUnits * 2n, 6),
        },
        'staff-finance',
      ),
    );
    putId = put.id;
    for (const [currencyId, amount] of [
      [btc, '1'],
      [usdt, '100'],
    ] as const) {
      await okOf(
        post(
          '/admin/dual/reserve/fund',
          { product_id: putId, currency_id: currencyId, amount },
          'staff-admin',
        ),
      );
    }
    await okOf(
      post(
        '/admin/dual/reserve/fund',
        { product_id: capacityId, currency_id: btc, amount: '1' },
        'staff-admin',
      ),
    );
    await okOf(
      post(
        '/admin/dual/reserve/fund',
        { product_id: capacityId, currency_id: usdt, amount: '10000000' },
        'staff-admin',
      ),
    );
  });

  it('refuses bad orders with a localised error and changes nothing', async () => {
    const before = [await account('a', btc), await account('a', usdt)];
    expect((await buy('a', callId, 1)).body).toEqual(refusal('below_minimum'));
    expect((await buy('a', callId, 11)).body).toEqual(refusal('above_maximum'));
    expect((await buy('a', callId, '2.5')).body).toEqual(refusal('shares_invalid'));
    expect((await buy('a', callId, 2.5)).body).toEqual(refusal('shares_invalid'));
    expect((await buy('a', callId, '0')).body).toEqual(refusal('shares_invalid'));
    expect((await buy('a', callId, '-2')).body).toEqual(refusal('shares_invalid'));
    expect((await buy('a', callId, 2, { type: 'put' })).body).toEqual(refusal('product_mismatch'));
    expect((await buy('a', callId, 2, { currency_id: 2 })).body).toEqual(refusal('product_mismatch'));
    expect((await buy('a', 999, 2)).body).toEqual(refusal('product_not_found'));
    expect((await buy('poor', callId, 2)).body).toEqual({
      type: 'error',
      message: en['ledger.errors.insufficient_balance'],
    });
    // An ended product: past its settlement time.
    const ended = await okOf<DualProduct>(
      post('/admin/dual/products/save', { ...callBody, settle_at: t0 - 1000 }, 'staff-finance'),
    );
    expect(ended).toMatchObject({ ended: true, full: true });
    expect((await buy('a', ended.id, 2)).body).toEqual(refusal('product_ended'));
    // Nobody sets a price, a tick or an outcome: an extra field is a parameter error.
    const extra = await buy('a', callId, 2, { settle_price: '1' });
    expect(extra.body.type).toBe('error');
    expect([await account('a', btc), await account('a', usdt)]).toEqual(before);
    expect((await product(callId)).sold_shares).toBe(0);
    expect(await orders('a')).toEqual([]);
  });

  it('accepts exactly as many parallel orders as the reserve covers, and as the shares left allow', async () => {
    const first = await okOf<DualOrder>(buy('a', callId, 2, { currency_id: btc, type: 'call' }));
    expect(first).toMatchObject({
      state: 'purchased',
      shares: 2,
      amount: '0.02000000',
      invest_currency: 'BTC',
    });
    expect(await account('a', btc)).toEqual({ balance: 10n * oneBtc, held: 2_000_000n });
    // The reserve covers 8 shares: 2 taken, three more orders of 2 fit, not eight.
    const attempts = 8;
    const replies = await Promise.all(Array.from({ length: attempts }, () => buy('racer', callId, '2')));
    const accepted = replies.filter((reply) => reply.body.type === 'ok').length;
    for (const reply of replies.filter((r) => r.body.type !== 'ok')) {
      expect(reply.body).toEqual(refusal('reserve_full'));
    }
    expect(accepted).toBe(3);
    const shown = await product(callId);
    expect(shown).toMatchObject({ sold_shares: 8, full: true, room_shares: 0 });
    expect(shown.reserve.quote.available).toBe('0.000000');

    const capacityReplies = await Promise.all(
      Array.from({ length: attempts }, () => buy('filler', capacityId, 1)),
    );
    const filled = capacityReplies.filter((reply) => reply.body.type === 'ok').length;
    for (const reply of capacityReplies.filter((r) => r.body.type !== 'ok')) {
      expect(reply.body).toEqual(refusal('sold_out'));
    }
    expect(filled).toBe(5);
    expect(await product(capacityId)).toMatchObject({ sold_shares: 5, remaining_shares: 0, full: true });
    reportFigures(testDatabase.name, [
      {
        label: 'dual orders past the reserve',
        tried: attempts,
        bad: accepted - 3,
        badLabel: 'accepted beyond it',
      },
      {
        label: 'dual orders past the shares',
        tried: attempts,
        bad: filled - 5,
        badLabel: 'accepted beyond them',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('settles each order once on the tick recorded at the settlement time, also after a restart', async () => {
    const { scheduler, market } = testApp.services;
    // Staff raise the rate: new orders only; the orders sold keep 10% (the receipt below uses it).
    const changed = await okOf<DualProduct>(
      post('/admin/dual/products/save', { ...callBody, id: callId, annual_rate: '0.5' }, 'staff-admin'),
    );
    expect(changed.annual_rate).toBe('0.5');
    expect((await orders('a')).map((order) => order.annual_rate)).toEqual(['0.1']);
    // `type` defaults to call (spec), so a put is bought naming it.
    const buyOnce = () =>
      testApp.call({
        method: 'POST',
        url: '/api/dual/buyDual',
        headers: { authorization: 'user-putter', 'idempotency-key': 'dual-put-once' },
        payload: { lang: 'en', id: putId, num: '1', type: 'put' },
      });
    const putBought = await okOf<DualOrder>(buyOnce());
    // A retry with the same key replays the stored reply: one order, one hold.
    expect(await okOf<DualOrder>(buyOnce())).toEqual(putBought);
    expect(await orders('putter')).toHaveLength(1);
    expect(putBought).toMatchObject({ amount: '100.000000', invest_currency: 'USDT' });
    const putterBefore = { btc: await account('putter', btc), usdt: await account('putter', usdt) };
    const due = () => scheduler.pending('dual:settle');
    expect(await due()).toBe(10);
    await scheduler.runDue();
    expect(await due()).toBe(10);
    // The market records a tick at the settlement time; this process dies before settling.
    clock.set(new Date(settleAt).toISOString());
    await market.step(clock.now());
    const instrument = market.instrumentBySymbol('BTC/USDT');
    if (!instrument) throw new Error('no pair');
    const [tick] = await market.ticksBetween({
      instrumentId: instrument.id,
      from: new Date(settleAt),
      to: new Date(settleAt + 3_600_000),
      limit: 1,
    });
    if (!tick) throw new Error('no tick at settlement');
    // Ten minutes later a restarted process catches up: the later price is not the one used.
    clock.set(new Date(settleAt + 10 * 60_000).toISOString());
    await market.step(clock.now());
    const aBefore = [await account('a', btc), await account('a', usdt)];
    const restarted = (await composeSecondProcess(testApp, clock)).services.scheduler;
    await Promise.all([restarted.runDue(), scheduler.runDue()]);
    await restarted.runDue();
    await scheduler.runDue();
    expect(await due()).toBe(5); // the capacity product's five settle a day later

    const [aOrder] = await orders('a');
    if (!aOrder) throw new Error('no order');
    // The receipt: the stored tick, recomputed by the same pure rule the web uses.
    const receipt = dualReceipt(
      {
        direction: 'call',
        amount: 2_000_000n,
        linkedPrice: linkedUnits,
        annualRatePpm: 100_000n,
        days: 7,
        baseScale: 8,
      },
      aOrder.settle_tick?.price ?? '',
      6,
    );
    if (!receipt) throw new Error('no receipt');
    expect(aOrder).toMatchObject({
      state: 'success',
      settle_tick: { id: tick.id, price: tick.price, time: tick.time },
      payout: {
        side: receipt.payout.currency,
        amount: fromScaledBigint(receipt.payout.amount, receipt.payout.currency === 'base' ? 8 : 6),
      },
    });
    const [btcBefore, usdtBefore] = aBefore as [Balance, Balance];
    const [btcAfter, usdtAfter] = [await account('a', btc), await account('a', usdt)];
    if (receipt.payout.currency === 'base') {
      expect(btcAfter).toEqual({
        balance: btcBefore.balance - 2_000_000n + receipt.payout.amount,
        held: 0n,
      });
      expect(usdtAfter).toEqual(usdtBefore);
    } else {
      expect(btcAfter).toEqual({ balance: btcBefore.balance - 2_000_000n, held: 0n });
      expect(usdtAfter.balance).toBe(usdtBefore.balance + receipt.payout.amount);
    }
    const racer = await orders('racer');
    expect(racer.map((order) => [order.state, order.settle_tick?.id])).toEqual(
      Array.from({ length: 3 }, () => ['success', tick.id]),
    );
    // The put: paid in the other currency (BTC) from its reservation, recomputed the same way.
    const [putOrder] = await orders('putter');
    const putReceipt = dualReceipt(
      {
        direction: 'put',
        amount: 100n * oneUsdt,
        linkedPrice: linkedUnits * 2n,
        annualRatePpm: 100_000n,
        days: 7,
        baseScale: 8,
      },
      putOrder?.settle_tick?.price ?? '',
      6,
    );
    expect(putReceipt?.outcome).toBe('below');
    expect(putOrder).toMatchObject({
      state: 'success',
      settle_tick: { id: tick.id },
      payout: { side: 'base', amount: fromScaledBigint(putReceipt?.payout.amount ?? 0n, 8) },
    });
    expect(await account('putter', usdt)).toEqual({
      balance: putterBefore.usdt.balance - 100n * oneUsdt,
      held: 0n,
    });
    expect((await account('putter', btc)).balance).toBe(
      putterBefore.btc.balance + (putReceipt?.payout.amount ?? 0n),
    );
    const shown = await product(callId);
    expect(shown.reserve.base.reserved).toBe('0.00000000');
    expect(shown.reserve.quote.reserved).toBe('0.000000');
    await expectLedgerClean(testApp.database);
    console.log(
      `[dual ${testDatabase.name}] settled on tick ${tick.id} at ${tick.price} (linked ${callBody.linked_price}): ` +
        `${receipt.outcome}, paid ${aOrder.payout?.amount} ${aOrder.payout?.currency} for 0.02 BTC`,
    );
    reportFigures(testDatabase.name, [
      {
        label: 'dual settlements across a restart',
        tried: 5,
        bad: racer.length + 2 - 5,
        badLabel: 'settled other than once',
      },
    ]);
  });

  it('fails an order with no recorded tick within the tolerance: everything released, nothing paid', async () => {
    const { scheduler } = testApp.services;
    const fillerBefore = await account('filler', btc);
    expect(fillerBefore.held).toBe(5n * 1_000_000n);
    // No tick is recorded from the settlement time for more than the hour's tolerance.
    clock.set(new Date(laterSettleAt + 1000).toISOString());
    await scheduler.runDue();
    expect((await orders('filler'))[0]?.state).toBe('settling');
    clock.set(new Date(laterSettleAt + 3_600_001).toISOString());
    await scheduler.runDue();
    const filler = await orders('filler');
    expect(filler.map((order) => [order.state, order.fail_reason, order.payout])).toEqual(
      Array.from({ length: 5 }, () => ['fail', 'no_reference_tick', null]),
    );
    expect(await account('filler', btc)).toEqual({ balance: fillerBefore.balance, held: 0n });
    expect(await scheduler.pending('dual:settle')).toBe(0);
    await expectLedgerClean(testApp.database);
  });

  it('has no route that sets a price, a tick or an outcome', () => {
    const writes = testApp.app.registeredRoutes
      .filter((route) => route.method === 'POST' && /dual/.test(route.url))
      .map((route) => route.url)
      .sort();
    expect(writes).toEqual([
      '/api/admin/dual/products/save',
      '/api/admin/dual/reserve/fund',
      '/api/dual/buyDual',
      '/api/dual/dual_list',
    ]);
  });
});
