/**
 * Seconds options end to end through the routes, on an injected clock and the simulated market
 * stepped second by second: submit, settlement exactly once at the expiry tick (also after an
 * outage), the pool's cap, bad input, and a walk over every route proving none takes a price, an
 * expiry, an outcome or a payout.
 */
import {
  type OptionOrder,
  type OptionPool,
  type OptionReceipt,
  type OptionTermView,
  optionListRoute,
  optionPayableCurrenciesRoute,
  optionReceiptRoute,
  optionResultRoute,
  optionSecondsRoute,
  optionSubmitRoute,
} from '@fairex/contract';
import { settleOption, toScaledBigint, userAccountKinds } from '@fairex/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean, fundUser } from '../../test-support/money-test';
import { composeSecondProcess, startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { userAccountBalances } from '../ledger';
import { spotFixtures, usdtId } from '../spot/spot.fixtures';
import { optionsExpiryKind, optionsHaltScope } from './options.service';

const admin = 'staff-admin-options';
const staffStandIns: Record<string, Principal> = {
  [admin]: { kind: 'staff', staffId: 1, roles: ['admin'] },
  'staff-support-options': { kind: 'staff', staffId: 2, roles: ['support'] },
};
const oneUsdt = 1_000_000n;

describe.each(testDatabases())('seconds options on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock('2026-11-26T12:00:00.000Z');
  const fixtures = spotFixtures(() => testApp);
  const { caller, okMessage, newTrader } = fixtures;
  let matchId = 0;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, staffStandIns });
    const pair = testApp.services.market.instrumentBySymbol('BTC/USDT');
    if (!pair) throw new Error('BTC/USDT is seeded');
    matchId = pair.id;
    await testApp.services.market.step(clock.now());
  });

  afterAll(async () => {
    await expectLedgerClean(testApp.database);
    await testApp?.close();
  });

  /** Moves the clock `seconds` forward, recording the simulated ticks of each second. */
  async function elapse(seconds: number, record = true): Promise<void> {
    for (let second = 0; second < seconds; second += 1) {
      clock.advance(1_000);
      if (record) await testApp.services.market.step(clock.now());
    }
  }

  async function micro(userId: number): Promise<{ balance: bigint; held: bigint }> {
    const account = (await userAccountBalances(testApp.database.db, userId)).find(
      (row) => row.currencyId === usdtId && row.kind === userAccountKinds.micro,
    );
    return { balance: account?.balance ?? 0n, held: account?.held ?? 0n };
  }

  const submit = (token: string, body: Record<string, unknown>) =>
    caller.post(
      optionSubmitRoute.path,
      { match_id: matchId, currency_id: usdtId, type: 1, seconds: 30, ...body },
      { token },
    );

  async function errorOf(reply: ReturnType<typeof submit>): Promise<unknown> {
    const { body } = await reply;
    expect(body.type).toBe('error');
    return body.message;
  }

  const en = serverMessages.en;

  it('refuses business the pool could not pay, then takes it once the pool is funded', async () => {
    const trader = await newTrader([{ currencyId: usdtId, units: 1_000n * oneUsdt }]);
    // newTrader funds the spot account; fund the options account the same way.
    await fundUser(testApp.database, {
      userId: trader.userId,
      currencyId: usdtId,
      units: 1_000n * oneUsdt,
      kind: userAccountKinds.micro,
    });
    expect(await errorOf(submit(trader.token, { number: '10' }))).toBe(en['ledger.errors.pool_exhausted']);
    expect(await micro(trader.userId)).toEqual({ balance: 1_000n * oneUsdt, held: 0n });

    // A support member cannot fund it; an admin can (audited ledger entry from house).
    const refused = await caller.post(
      '/admin/options/pool/fund',
      { currency_id: usdtId, number: '100' },
      { token: 'staff-support-options' },
    );
    expect(refused.body.type).not.toBe('ok');
    const pools = await okMessage<OptionPool[]>(
      caller.post('/admin/options/pool/fund', { currency_id: usdtId, number: '100' }, { token: admin }),
    );
    expect(pools[0]).toMatchObject({ balance: '100.000000', exposure: '0.000000', cap: '0.5' });

    const terms = await okMessage<OptionTermView[]>(
      caller.get(`${optionSecondsRoute.path}?match_id=${matchId}`),
    );
    expect(terms.map((term) => term.seconds)).toEqual([30, 60, 120, 300]);
    expect(terms[0]).toMatchObject({
      profit_rate: '0.8',
      min_number: '10',
      max_number: '10000',
      break_even: '0.555556',
    });
    const payable = await okMessage<{ id: number; balance: string }[]>(
      caller.get(optionPayableCurrenciesRoute.path, { token: trader.token }),
    );
    expect(payable).toEqual([{ id: usdtId, name: 'USDT', balance: '1000.000000' }]);

    // Bad input is refused with a clear message and changes nothing.
    expect(await errorOf(submit(trader.token, { seconds: 45, number: '10' }))).toBe(
      en['options.errors.duration_unknown'],
    );
    expect(await errorOf(submit(trader.token, { number: '9.99' }))).toBe(
      en['options.errors.stake_below_minimum'],
    );
    expect(await errorOf(submit(trader.token, { number: '10001' }))).toBe(
      en['options.errors.stake_above_maximum'],
    );
    expect(await errorOf(submit(trader.token, { currency_id: 1, number: '10' }))).toBe(
      en['options.errors.currency_not_payable'],
    );
    expect(await errorOf(submit(trader.token, { number: 'ten' }))).toBe(en['options.errors.amount_invalid']);
    expect(await errorOf(submit(trader.token, { match_id: 99_999, number: '10' }))).toBe(
      en['options.errors.instrument_unavailable'],
    );
    expect(await micro(trader.userId)).toEqual({ balance: 1_000n * oneUsdt, held: 0n });

    // Caps: with 300 USDT in the pool, half may be reserved in all, and a fifth (60 USDT) by one
    // instrument and duration; 20 USDT at 0.8 reserves 16 each: three fit at 30 s, the fourth not.
    await okMessage<OptionPool[]>(
      caller.post('/admin/options/pool/fund', { currency_id: usdtId, number: '200' }, { token: admin }),
    );
    const accepted: OptionOrder[] = [];
    for (let index = 0; index < 3; index += 1) {
      accepted.push(
        await okMessage<OptionOrder>(submit(trader.token, { number: '20', type: index % 2 === 0 ? 1 : 2 })),
      );
    }
    expect(await errorOf(submit(trader.token, { number: '20' }))).toBe(en['options.errors.term_cap_reached']);
    const zhRefusal = await testApp.call({
      method: 'POST',
      url: `/api${optionSubmitRoute.path}`,
      headers: { authorization: trader.token },
      payload: { match_id: matchId, currency_id: usdtId, type: 1, seconds: 30, number: '20', lang: 'zh' },
    });
    expect(zhRefusal.body.message).toBe(serverMessages.zh['options.errors.term_cap_reached']);
    const [pool] = await okMessage<OptionPool[]>(caller.get('/microtrade/pool'));
    expect(pool).toMatchObject({
      balance: '300.000000',
      exposure: '48.000000',
      open_orders: 3,
      term_cap: '0.2',
    });
    expect(pool?.terms.find((term) => term.match_id === matchId && term.seconds === 30)).toMatchObject({
      exposure: '48.000000',
      limit: '60.000000',
    });
    console.log(
      `[options ${testDatabase.name}] pool 300 USDT: 30 s reserved 48 of its 60 limit; a fourth 20 USDT order (16 more) refused: term_cap_reached`,
    );
    expect(await micro(trader.userId)).toEqual({ balance: 1_000n * oneUsdt, held: 60n * oneUsdt });

    const first = accepted[0] as OptionOrder;
    expect(first.expires_at - first.accepted_at).toBe(30_000);
    expect(first).toMatchObject({
      status: 1,
      result: null,
      payout: null,
      close_tick: null,
      profit_rate: '0.8',
    });

    // Not due yet: nothing settles.
    await elapse(29);
    expect(await testApp.services.scheduler.runDue(clock.now())).toBe(0);
    await elapse(1);
    expect(await testApp.services.scheduler.runDue(clock.now())).toBe(3);
    // Exactly once: another pass and a later one change nothing.
    await elapse(5);
    expect(await testApp.services.scheduler.runDue(clock.now())).toBe(0);
    expect(await testApp.services.scheduler.pending(optionsExpiryKind)).toBe(0);

    let expectedBalance = 1_000n * oneUsdt;
    for (const order of accepted) {
      const settled = await okMessage<OptionOrder>(
        caller.get(`${optionResultRoute.path}?id=${order.id}`, { token: trader.token }),
      );
      const receipt = await okMessage<OptionReceipt>(caller.get(`${optionReceiptRoute.path}?id=${order.id}`));
      expect(settled.status).toBe(3);
      expect(settled.close_tick?.time).toBeGreaterThanOrEqual(settled.expires_at);
      // The receipt's ticks recompute the stored outcome with the one pure function.
      const recomputed = settleOption(
        {
          direction: settled.type === 1 ? 'up' : 'down',
          stake: 20n * oneUsdt,
          rate: 800_000n,
          acceptedAtMs: settled.accepted_at,
          seconds: settled.seconds,
          openTick: settled.open_tick,
        },
        receipt.ticks,
        settled.settled_at ?? 0,
        settled.tolerance_ms,
      );
      expect(recomputed?.result).toBe(settled.result);
      expect(recomputed && 'closeTick' in recomputed ? recomputed.closeTick.id : null).toBe(
        settled.close_tick?.id,
      );
      expectedBalance += (recomputed?.payout ?? 0n) - 20n * oneUsdt;
      console.log(
        `[options ${testDatabase.name}] order ${order.id} type ${settled.type} open ${settled.open_tick.price} ` +
          `close ${settled.close_tick?.price} result ${settled.result} payout ${settled.payout}`,
      );
    }
    expect(await micro(trader.userId)).toEqual({ balance: expectedBalance, held: 0n });
    const [after] = await okMessage<OptionPool[]>(caller.get('/microtrade/pool'));
    expect(after).toMatchObject({ exposure: '0.000000', open_orders: 0 });

    const list = await okMessage<{ list: OptionOrder[]; total: number; limit: number }>(
      caller.get(`${optionListRoute.path}?match_id=${matchId}&status=3`, { token: trader.token }),
    );
    expect(list).toMatchObject({ total: 3, limit: 5 });
    // Another user cannot read the order through get_result (the public receipt is by design).
    const other = await newTrader();
    expect(
      await errorOf(caller.get(`${optionResultRoute.path}?id=${first.id}`, { token: other.token })),
    ).toBe(en['options.errors.order_not_found']);
  });

  it('after an outage settles on the tick recorded at expiry, not the price at restart; no tick means a refund', async () => {
    const trader = await newTrader();
    await fundUser(testApp.database, {
      userId: trader.userId,
      currencyId: usdtId,
      units: 100n * oneUsdt,
      kind: userAccountKinds.micro,
    });
    const recorded = await okMessage<OptionOrder>(submit(trader.token, { number: '10', seconds: 60 }));
    // The worker is down for a minute and a half while the feed keeps recording.
    await elapse(90);
    const expiryTicks = await testApp.services.market.ticksBetween({
      instrumentId: matchId,
      from: new Date(recorded.expires_at),
      to: new Date(recorded.expires_at + 10_000),
      limit: 1,
    });
    expect(await testApp.services.scheduler.runDue(clock.now())).toBe(1);
    const settled = await okMessage<OptionOrder>(
      caller.get(`${optionResultRoute.path}?id=${recorded.id}`, { token: trader.token }),
    );
    expect(settled.close_tick?.id).toBe(expiryTicks[0]?.id);
    expect(settled.close_tick?.time).toBeLessThan(clock.now().getTime() - 25_000);

    // Nothing recorded at all around the expiry (feed and server down): the stake comes back.
    const unrecorded = await okMessage<OptionOrder>(submit(trader.token, { number: '10', seconds: 30 }));
    await elapse(120, false);
    await testApp.services.market.step(clock.now());
    expect(await testApp.services.scheduler.runDue(clock.now())).toBe(1);
    const refunded = await okMessage<OptionOrder>(
      caller.get(`${optionResultRoute.path}?id=${unrecorded.id}`, { token: trader.token }),
    );
    expect(refunded).toMatchObject({ status: 3, result: 'refund', payout: '10.000000', close_tick: null });
    expect((await micro(trader.userId)).held).toBe(0n);
  });

  it('a tick within the tolerance written after the tolerance ended still closes the order (restart race)', async () => {
    const trader = await newTrader();
    await fundUser(testApp.database, {
      userId: trader.userId,
      currencyId: usdtId,
      units: 100n * oneUsdt,
      kind: userAccountKinds.micro,
    });
    const order = await okMessage<OptionOrder>(submit(trader.token, { number: '10', seconds: 30 }));
    // Down past the tolerance: nothing recorded since before the expiry.
    clock.advance(37_000);
    const deadline = order.expires_at + order.tolerance_ms;
    // The worker's first pass after the restart runs before the feed's first tick is written...
    expect(await testApp.services.scheduler.runDue(new Date(deadline + 400))).toBe(0);
    // ...which is stamped with the start of its second, within the tolerance.
    await testApp.services.market.step(new Date(deadline));
    const [close] = await testApp.services.market.ticksBetween({
      instrumentId: matchId,
      from: new Date(order.expires_at),
      to: new Date(deadline),
      limit: 1,
    });
    expect(close).toBeDefined();
    expect(await testApp.services.scheduler.runDue(clock.now())).toBe(1);
    const settled = await okMessage<OptionOrder>(
      caller.get(`${optionResultRoute.path}?id=${order.id}`, { token: trader.token }),
    );
    expect(settled.result).not.toBe('refund');
    expect(settled.close_tick?.id).toBe(close?.id);

    // With no tick at all since expiry (the feed is down), the refund comes after a grace period.
    const unrecorded = await okMessage<OptionOrder>(submit(trader.token, { number: '10', seconds: 30 }));
    clock.advance(60_000);
    expect(await testApp.services.scheduler.runDue(clock.now())).toBe(1);
    const refunded = await okMessage<OptionOrder>(
      caller.get(`${optionResultRoute.path}?id=${unrecorded.id}`, { token: trader.token }),
    );
    expect(refunded).toMatchObject({ status: 3, result: 'refund', payout: '10.000000', close_tick: null });
    expect((await micro(trader.userId)).held).toBe(0n);
    await testApp.services.market.step(clock.now());
  });

  it('parallel submits against one balance: exactly as many as it covers succeed', async () => {
    // Room in the pool, so only the user's balance limits: 10 x 10 USDT at 30 s against 55 USDT.
    await okMessage<OptionPool[]>(
      caller.post('/admin/options/pool/fund', { currency_id: usdtId, number: '1000' }, { token: admin }),
    );
    const trader = await newTrader();
    await fundUser(testApp.database, {
      userId: trader.userId,
      currencyId: usdtId,
      units: 55n * oneUsdt,
      kind: userAccountKinds.micro,
    });
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => submit(trader.token, { number: '10', seconds: 30 })),
    );
    const ok = replies.filter((reply) => reply.body.type === 'ok');
    const refused = replies.filter((reply) => reply.body.type !== 'ok');
    expect(ok).toHaveLength(5);
    expect(new Set(refused.map((reply) => reply.body.message))).toEqual(
      new Set([en['ledger.errors.insufficient_balance']]),
    );
    expect(await micro(trader.userId)).toEqual({ balance: 55n * oneUsdt, held: 50n * oneUsdt });
    const open = await okMessage<{ total: number }>(
      caller.get(`${optionListRoute.path}?status=1`, { token: trader.token }),
    );
    expect(open.total).toBe(5);
    console.log(
      `[options ${testDatabase.name}] parallel: 10 submits of 10 USDT against 55 USDT -> ${ok.length} accepted, ` +
        `${refused.length} refused (insufficient balance); held 50 USDT`,
    );
    await elapse(30);
    expect(await testApp.services.scheduler.runDue(clock.now())).toBe(5);
    expect((await micro(trader.userId)).held).toBe(0n);
    await expectLedgerClean(testApp.database);
  });

  it('a restart settles orders that expired while the worker was down once, on their expiry ticks', async () => {
    const trader = await newTrader();
    await fundUser(testApp.database, {
      userId: trader.userId,
      currencyId: usdtId,
      units: 100n * oneUsdt,
      kind: userAccountKinds.micro,
    });
    const orders = [
      await okMessage<OptionOrder>(submit(trader.token, { number: '10', seconds: 30, type: 1 })),
      await okMessage<OptionOrder>(submit(trader.token, { number: '10', seconds: 60, type: 2 })),
    ];
    await elapse(7);
    orders.push(await okMessage<OptionOrder>(submit(trader.token, { number: '10', seconds: 30, type: 2 })));
    // The server is killed here: its worker never runs again. The price feed keeps recording for
    // 80 s (the ticks the orders will settle on), then the server starts again as a new process.
    await elapse(80);
    const restartAt = clock.now().getTime();
    const restarted = await composeSecondProcess(testApp, clock);
    expect(await restarted.services.scheduler.runDue(clock.now())).toBe(3);
    // Exactly once: neither process settles them again.
    expect(await restarted.services.scheduler.runDue(clock.now())).toBe(0);
    expect(await testApp.services.scheduler.runDue(clock.now())).toBe(0);
    expect(await restarted.services.scheduler.pending(optionsExpiryKind)).toBe(0);
    let net = 0n;
    for (const order of orders) {
      const [expiryTick] = await testApp.services.market.ticksBetween({
        instrumentId: matchId,
        from: new Date(order.expires_at),
        to: new Date(order.expires_at + order.tolerance_ms),
        limit: 1,
      });
      const settled = await okMessage<OptionOrder>(
        caller.get(`${optionResultRoute.path}?id=${order.id}`, { token: trader.token }),
      );
      expect(settled.status).toBe(3);
      expect(settled.close_tick?.id).toBe(expiryTick?.id);
      expect(settled.close_tick?.time).toBeLessThan(restartAt - 20_000);
      const entries = (await testApp.database.db.execute(
        `select count(*)::int as n from ledger_entries where reference = 'options:settle:${order.id}'`,
      )) as unknown as { rows: { n: number }[] };
      expect(entries.rows[0]?.n ?? 0).toBeLessThanOrEqual(1);
      const paid = toScaledBigint(settled.payout ?? '0', 6);
      net += (paid.ok ? paid.value : 0n) - 10n * oneUsdt;
      console.log(
        `[options ${testDatabase.name}] restart: order ${order.id} ${settled.type === 1 ? 'up' : 'down'} ${order.seconds}s ` +
          `expiry +${order.expires_at - restartAt} ms vs restart, close tick #${settled.close_tick?.id} at ` +
          `+${(settled.close_tick?.time ?? 0) - order.expires_at} ms after expiry, open ${settled.open_tick.price} ` +
          `close ${settled.close_tick?.price} -> ${settled.result}, paid ${settled.payout}`,
      );
    }
    expect(await micro(trader.userId)).toEqual({ balance: 100n * oneUsdt + net, held: 0n });
    await expectLedgerClean(testApp.database);
  });

  it('a switched-off duration, instrument or product refuses new orders and changes nothing', async () => {
    const trader = await newTrader();
    await fundUser(testApp.database, {
      userId: trader.userId,
      currencyId: usdtId,
      units: 50n * oneUsdt,
      kind: userAccountKinds.micro,
    });
    const setTerm = (seconds: number, enabled: boolean) =>
      okMessage(
        caller.post(
          '/admin/options/terms/update',
          { match_id: matchId, seconds, profit_rate: '0.9', min_number: '10', max_number: '10000', enabled },
          { token: admin },
        ),
      );
    await setTerm(300, false);
    expect(await errorOf(submit(trader.token, { number: '10', seconds: 300 }))).toBe(
      en['options.errors.duration_unknown'],
    );
    await setTerm(300, true);
    await testApp.services.halts.halt(optionsHaltScope, 'test: the operator switched seconds options off');
    expect(await errorOf(submit(trader.token, { number: '10', seconds: 300 }))).toBe(
      en['halts.errors.halted'],
    );
    await okMessage(caller.post('/admin/halts/resume', { scope: optionsHaltScope }, { token: admin }));
    expect(await micro(trader.userId)).toEqual({ balance: 50n * oneUsdt, held: 0n });
  });

  it('no route of any user or staff role takes a price, an expiry, an outcome or a payout', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>>;
    };
    const forbidden =
      /^(open_|close_)?(price|tick|tick_id)$|expir|outcome|^result$|payout|accepted_at|settle|win|profit$/;
    const offenders: string[] = [];
    const names = (schema: unknown): string[] => {
      const found: string[] = [];
      const walk = (node: unknown) => {
        if (!node || typeof node !== 'object') return;
        const record = node as Record<string, unknown>;
        if (record.properties && typeof record.properties === 'object')
          found.push(...Object.keys(record.properties));
        for (const value of Object.values(record)) walk(value);
      };
      walk(schema);
      return found;
    };
    let optionRoutes = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      const isOptions = path.startsWith('/api/microtrade/') || path.startsWith('/api/admin/options/');
      for (const operation of Object.values(methods)) {
        const params = [...(operation.parameters ?? []).map((p) => p.name), ...names(operation.requestBody)];
        if (isOptions) optionRoutes += 1;
        for (const name of params) if (isOptions && forbidden.test(name)) offenders.push(`${path} ${name}`);
      }
    }
    expect(optionRoutes).toBe(10);
    expect(offenders).toEqual([]);
    // And the settled rows themselves: the database keeps them settled once.
    const rows = (await testApp.database.db.execute(
      `select count(*)::int as n from option_orders where status = 'settled' and (result is null or payout is null)`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('recorded ticks are append-only and hash-chained: a rewrite is named by the verification', async () => {
    const { verifyTickChains } = await import('../market');
    const before = await verifyTickChains(testApp.database.db);
    expect(before.ok ? 'ok' : JSON.stringify(before.broken)).toBe('ok');
    expect(before.verified).toBeGreaterThan(40);
    const heads = await okMessage<{ symbol: string; hash: string }[]>(caller.get('/market/tick_chain'));
    const btc = heads.find((head) => head.symbol === 'BTC/USDT');
    expect(before.ok && before.heads.get(matchId)).toBe(btc?.hash);
    const db = testApp.database.db;
    const refusal = async (statement: string) => {
      const error = (await db.execute(statement).then(
        () => null,
        (failure: unknown) => failure,
      )) as { cause?: unknown } | null;
      return String(error?.cause ?? error);
    };
    expect(
      await refusal(`update price_ticks set price = price + 1 where instrument_id = ${matchId}`),
    ).toMatch(/append-only/);
    expect(await refusal('delete from price_ticks where id = 1')).toMatch(/append-only/);
    // Someone with the power to lift the guard rewrites one tick: the walk names exactly it.
    const [target] = (
      (await db.execute(
        `select id::text from price_ticks where instrument_id = ${matchId} and hash is not null order by id limit 1 offset 5`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await db.execute('alter table price_ticks disable trigger price_ticks_append_only');
    await db.execute(`update price_ticks set price = price + 1 where id = ${target?.id}`);
    await db.execute('alter table price_ticks enable trigger price_ticks_append_only');
    const after = await verifyTickChains(db);
    expect(after.ok).toBe(false);
    expect(!after.ok && after.broken.id).toBe(target?.id);
  });
});
