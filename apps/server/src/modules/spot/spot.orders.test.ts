/**
 * Order kinds and the quick exchange through the routes: market orders, post-only, self-trade
 * prevention, retried orders under one Idempotency-Key (case 3), rounding parts (case 8), the
 * exchange quote and execution, and a restart that rebuilds the books from the database.
 */
import type {
  ExchangeDirection,
  ExchangeQuote,
  ExchangeResult,
  SpotDepth,
  SpotMarket,
  SpotOrder,
  SpotOrderDetail,
  SpotOrderList,
} from '@fairex/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/rows';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean, reportFigures } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { btcId, ethId, oneBtc, oneUsdt, spotFixtures, usdtId } from './spot.fixtures';
import { createSpotService } from './spot.service';

const en = serverMessages.en;
const mine = (code: string) => ({ type: 'error', message: en[`spot.errors.${code}` as keyof typeof en] });

describe.each(testDatabases())('spot orders and exchange on $name', (testDatabase) => {
  let testApp: TestApp;
  const { caller, okMessage, newTrader, spotBalance, systemBalance, trade } = spotFixtures(() => testApp);
  let btcRef = '';
  let ethRef = '';

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { env: { DEMO: 'true' } });
    const markets = await okMessage<SpotMarket[]>(caller.get('/coin/markets'));
    btcRef = markets.find((market) => market.symbol === 'BTC/USDT')?.reference_price ?? '';
    ethRef = markets.find((market) => market.symbol === 'ETH/USDT')?.reference_price ?? '';
  });
  afterAll(async () => {
    await testApp.close();
  });

  const cents = (price: string) => BigInt(Math.round(Number(price) * 100));
  const near = (reference: string, offset: number) => {
    const units = cents(reference) + BigInt(offset);
    return `${units / 100n}.${String(units % 100n).padStart(2, '0')}`;
  };
  const btcPair = { currency_id: btcId, legal_id: usdtId };
  const ethPair = { currency_id: ethId, legal_id: usdtId };

  it('runs a market buy through the asks and returns the unused protection hold', async () => {
    const maker = await newTrader([{ currencyId: btcId, units: oneBtc }]);
    const taker = await newTrader([{ currencyId: usdtId, units: 100_000n * oneUsdt }]);
    const ask1 = near(btcRef, 500);
    const ask2 = near(btcRef, 600);
    await okMessage(trade(maker, { ...btcPair, type: 2, amount: '0.01', target_price: ask1 }));
    await okMessage(trade(maker, { ...btcPair, type: 2, amount: '0.01', target_price: ask2 }));
    const order = await okMessage<SpotOrder>(trade(taker, { ...btcPair, type: 1, amount: '0.03' }));
    // Only 0.02 was offered from others: the rest expires and its hold comes back.
    expect(order).toMatchObject({
      kind: 'market',
      time_in_force: 'ioc',
      status: 'expired',
      filled: '0.02000',
      held: '0.000000',
    });
    const cost = (cents(ask1) + cents(ask2)) * 100n; // 0.01 each, in USDT units
    const usdt = await spotBalance(taker, usdtId);
    expect(usdt).toEqual({ balance: 100_000n * oneUsdt - cost, held: 0n });
    expect((await spotBalance(taker, btcId)).balance).toBe(2_000_000n);
    await expectLedgerClean(testApp.database);
  });

  it('refuses a post-only order that would take, and prevents self-trades', async () => {
    const trader = await newTrader([
      { currencyId: btcId, units: oneBtc },
      { currencyId: usdtId, units: 100_000n * oneUsdt },
    ]);
    const price = near(btcRef, 1000);
    const ask = await okMessage<SpotOrder>(
      trade(trader, { ...btcPair, type: 2, amount: '0.01', target_price: price }),
    );
    const other = await newTrader([{ currencyId: usdtId, units: 100_000n * oneUsdt }]);
    const postOnly = await okMessage<SpotOrder>(
      trade(other, { ...btcPair, type: 1, amount: '0.01', target_price: price, time_in_force: 'post_only' }),
    );
    expect(postOnly).toMatchObject({ status: 'rejected', filled: '0.00000', held: '0.000000' });
    expect(await spotBalance(other, usdtId)).toEqual({ balance: 100_000n * oneUsdt, held: 0n });
    // The owner's own bid crossing its ask removes the resting ask instead of trading with it.
    const bid = await okMessage<SpotOrder>(
      trade(trader, { ...btcPair, type: 1, amount: '0.01', target_price: price }),
    );
    expect(bid.filled).toBe('0.00000');
    const detail = await okMessage<SpotOrderDetail>(
      caller.get(`/coin/order?id=${ask.id}`, { token: trader.token }),
    );
    expect(detail.order).toMatchObject({ status: 'cancelled', held: '0.00000000' });
    expect((await spotBalance(trader, btcId)).held).toBe(0n);
    await okMessage(caller.post('/coin/cancel', { id: bid.id }, { token: trader.token }));
    await expectLedgerClean(testApp.database);
  });

  it('places one order for retried and duplicated requests with one Idempotency-Key (case 3)', async () => {
    const trader = await newTrader([{ currencyId: usdtId, units: 10_000n * oneUsdt }]);
    const body = { ...btcPair, type: 1, amount: '0.001', target_price: near(btcRef, -5000) };
    const key = `spot-retry-${trader.userId}`;
    const replies = await Promise.all(Array.from({ length: 6 }, () => trade(trader, body, key)));
    const retried = await trade(trader, body, key);
    const ok = [...replies, retried].filter((reply) => reply.body.type === 'ok');
    const ids = new Set(ok.map((reply) => (reply.body.message as SpotOrder).id));
    const list = await okMessage<SpotOrderList>(caller.get('/coin/list', { token: trader.token }));
    // The service's own check too: the same key straight to the service answers the same order.
    const direct = await testApp.services.spot.place({
      userId: trader.userId,
      symbol: 'BTC/USDT',
      side: 'buy',
      price: body.target_price,
      amount: body.amount,
      timeInForce: 'gtc',
      idempotencyKey: key,
    });
    expect(list.total).toBe(1);
    expect(ids.size).toBe(1);
    expect(direct.id).toBe(list.list[0]?.id);
    reportFigures(testDatabase.name, [
      { label: 'spot orders retried under one key', tried: 8, bad: list.total - 1, badLabel: 'extra orders' },
    ]);
    await okMessage(caller.post('/coin/cancel', { id: direct.id }, { token: trader.token }));
    await expectLedgerClean(testApp.database);
  });

  it('books rounding parts that sum to the whole (case 8)', async () => {
    // ETH/USDT with 0.1 % fees: many small fills at one price, each a fraction of a fee unit.
    const buyer = await newTrader([{ currencyId: usdtId, units: 10_000n * oneUsdt }]);
    const seller = await newTrader([{ currencyId: ethId, units: oneBtc }]);
    const price = near(ethRef, 1);
    const roundingBefore = await systemBalance('rounding', usdtId);
    const feesBefore = await systemBalance('fees', usdtId);
    const bid = await okMessage<SpotOrder>(
      trade(buyer, { ...ethPair, type: 1, amount: '0.00037', target_price: price }),
    );
    for (let fill = 0; fill < 37; fill += 1) {
      await okMessage(trade(seller, { ...ethPair, type: 2, amount: '0.00001', target_price: price }));
    }
    const detail = await okMessage<SpotOrderDetail>(
      caller.get(`/coin/order?id=${bid.id}`, { token: buyer.token }),
    );
    expect(detail.order.status).toBe('filled');
    expect(detail.fills).toHaveLength(37);
    // The buyer's fee per fill sums to the fee of the whole order, rounded up once.
    const feeUnits = (text: string) => BigInt(text.replace('.', ''));
    const feeSum = detail.fills.reduce((sum, fill) => sum + feeUnits(fill.fee), 0n);
    expect(feeSum).toBe(feeUnits(detail.order.fee));
    const notional = cents(price) * 37n; // price x 0.00037 in 1e-7 USDT
    expect(feeUnits(detail.order.turnover)).toBe((notional + 9n) / 10n);
    expect(feeUnits(detail.order.fee)).toBe((notional + 9_999n) / 10_000n);
    // Whatever the buyer paid went to the seller, the fees account and the rounding account.
    const paid = 10_000n * oneUsdt - (await spotBalance(buyer, usdtId)).balance;
    const got = (await spotBalance(seller, usdtId)).balance;
    const fees = (await systemBalance('fees', usdtId)) - feesBefore;
    const rounding = (await systemBalance('rounding', usdtId)) - roundingBefore;
    expect(paid).toBe(got + fees + rounding);
    reportFigures(testDatabase.name, [
      {
        label: 'spot fills rounded',
        tried: 37,
        bad: paid === got + fees + rounding ? 0 : 1,
        badLabel: 'unbalanced',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('quotes and runs quick exchanges both ways through the book', async () => {
    const maker = await newTrader([
      { currencyId: ethId, units: 10n * oneBtc },
      { currencyId: usdtId, units: 100_000n * oneUsdt },
    ]);
    const user = await newTrader([{ currencyId: usdtId, units: 1_000n * oneUsdt }]);
    const ask = near(ethRef, 100);
    const bidPrice = near(ethRef, -100);
    await okMessage(trade(maker, { ...ethPair, type: 2, amount: '1', target_price: ask }));
    await okMessage(trade(maker, { ...ethPair, type: 1, amount: '1', target_price: bidPrice }));

    const directions = await okMessage<ExchangeDirection[]>(
      caller.post('/user/getTransferList', {}, { token: user.token }),
    );
    expect(directions.find((d) => d.from_currency_id === usdtId && d.to_currency_id === ethId)).toMatchObject(
      {
        symbol: 'ETH/USDT',
        available: '1000.000000',
      },
    );
    const visitor = await okMessage<ExchangeDirection[]>(caller.post('/user/getTransferList', {}));
    expect(visitor.every((direction) => /^0(\.0+)?$/.test(direction.available))).toBe(true);

    // Without an amount: the rate at the best level, to per one from, in both directions.
    const buyRate = await okMessage<ExchangeQuote>(
      caller.post('/user/getTransferFee', { from_currency_id: usdtId, to_currency_id: ethId }),
    );
    expect(Number(buyRate.rate)).toBeCloseTo(1 / Number(ask), 10);
    const sellRate = await okMessage<ExchangeQuote>(
      caller.post('/user/getTransferFee', { from_currency_id: ethId, to_currency_id: usdtId }),
    );
    expect(Number(sellRate.rate)).toBe(Number(bidPrice));

    const quote = await okMessage<ExchangeQuote>(
      caller.post(
        '/user/getTransferFee',
        { from_currency_id: usdtId, to_currency_id: ethId, number: '100' },
        { token: user.token },
      ),
    );
    expect(quote).toMatchObject({ symbol: 'ETH/USDT', side: 'buy', fee_rate: '0.001', fillable: true });
    const result = await okMessage<ExchangeResult>(
      caller.post(
        '/user/Transfer',
        { from_currency_id: usdtId, to_currency_id: ethId, number: '100', min_receive: quote.receive },
        { token: user.token, key: `exchange-${user.userId}` },
      ),
    );
    expect(result.received).toBe(quote.receive);
    expect(result.fee).toBe(quote.fee);
    expect(result.partial).toBe(false);
    expect(Number(result.spent)).toBeLessThanOrEqual(100);
    const usdt = await spotBalance(user, usdtId);
    expect(usdt.held).toBe(0n);
    expect(1_000n * oneUsdt - usdt.balance).toBe(BigInt(result.spent.replace('.', '')));

    // Back: sell what arrived (on the lot) into the bid.
    const sellQuote = await okMessage<ExchangeQuote>(
      caller.post('/user/getTransferFee', {
        from_currency_id: ethId,
        to_currency_id: usdtId,
        number: result.received,
      }),
    );
    const back = await okMessage<ExchangeResult>(
      caller.post(
        '/user/Transfer',
        { from_currency_id: ethId, to_currency_id: usdtId, number: result.received },
        { token: user.token },
      ),
    );
    expect(back.received).toBe(sellQuote.receive);
    expect(back).toMatchObject({ partial: false, unfilled: '0.00000000' });
    expect((await spotBalance(user, ethId)).balance).toBe(0n);
    // Asking for more than the book gives: refused, nothing changes.
    const before = await spotBalance(user, usdtId);
    expect(
      (
        await caller.post(
          '/user/Transfer',
          { from_currency_id: usdtId, to_currency_id: ethId, number: '10', min_receive: '1' },
          { token: user.token },
        )
      ).body,
    ).toEqual(mine('exchange_below_min_receive'));
    expect(
      (
        await caller.post(
          '/user/Transfer',
          { from_currency_id: ethId, to_currency_id: btcId, number: '10' },
          { token: user.token },
        )
      ).body,
    ).toEqual(mine('exchange_direction_invalid'));
    expect(await spotBalance(user, usdtId)).toEqual(before);
    await expectLedgerClean(testApp.database);
  });

  it('refuses a quick exchange the book can only partly fill, unless the caller allows partial fills', async () => {
    const maker = await newTrader([{ currencyId: ethId, units: oneBtc }]);
    const user = await newTrader([{ currencyId: usdtId, units: 1_000_000n * oneUsdt }]);
    await okMessage(trade(maker, { ...ethPair, type: 2, amount: '0.01', target_price: near(ethRef, 50) }));
    const body = { from_currency_id: usdtId, to_currency_id: ethId, number: '900000' };
    const quote = await okMessage<ExchangeQuote>(
      caller.post('/user/getTransferFee', body, { token: user.token }),
    );
    expect(quote.fillable).toBe(false);
    // The outside attack run got "ok" here for a fraction of what it asked; now nothing moves.
    const before = await spotBalance(user, usdtId);
    expect((await caller.post('/user/Transfer', body, { token: user.token })).body).toEqual(
      mine('exchange_partial'),
    );
    expect(await spotBalance(user, usdtId)).toEqual(before);

    const partial = await okMessage<ExchangeResult>(
      caller.post('/user/Transfer', { ...body, allow_partial: '1' }, { token: user.token }),
    );
    expect(partial.partial).toBe(true);
    expect(Number(partial.received)).toBeGreaterThan(0);
    const spent = BigInt(partial.spent.replace('.', ''));
    expect(BigInt(partial.unfilled.replace('.', ''))).toBe(900_000n * oneUsdt - spent);
    expect((await spotBalance(user, usdtId)).balance).toBe(before.balance - spent);

    await expectLedgerClean(testApp.database);
  });

  it('fails a round whose commit fails, rebuilds the book, and trades again once it can commit', async () => {
    const maker = await newTrader([{ currencyId: btcId, units: oneBtc }]);
    const taker = await newTrader([{ currencyId: usdtId, units: 100_000n * oneUsdt }]);
    const price = near(btcRef, 2500);
    const ask = await okMessage<SpotOrder>(
      trade(maker, { ...btcPair, type: 2, amount: '0.01', target_price: price }),
    );
    const db = testApp.database.db;
    await db.execute(
      sql.raw(`create function spot_test_refuse() returns trigger language plpgsql as $$
               begin raise exception 'refused by the test'; end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger spot_test_refuse before insert on spot_trades for each row execute function spot_test_refuse()',
      ),
    );
    const depthBefore = await okMessage<SpotDepth>(caller.get('/coin/depth?symbol=BTC/USDT&limit=100'));
    try {
      const failed = await trade(taker, { ...btcPair, type: 1, amount: '0.01', target_price: price });
      expect(failed.body).toEqual({ type: 'error', message: en['errors.internal'] });
    } finally {
      await db.execute(sql.raw('drop trigger spot_test_refuse on spot_trades'));
      await db.execute(sql.raw('drop function spot_test_refuse()'));
    }
    // Nothing of the failed round remains: the ask rests whole, the taker's funds are free.
    const depthAfter = await okMessage<SpotDepth>(caller.get('/coin/depth?symbol=BTC/USDT&limit=100'));
    expect({ bids: depthAfter.bids, asks: depthAfter.asks }).toEqual({
      bids: depthBefore.bids,
      asks: depthBefore.asks,
    });
    expect(await spotBalance(taker, usdtId)).toEqual({ balance: 100_000n * oneUsdt, held: 0n });
    const filled = await okMessage<SpotOrder>(
      trade(taker, { ...btcPair, type: 1, amount: '0.01', target_price: price }),
    );
    expect(filled.status).toBe('filled');
    const detail = await okMessage<SpotOrderDetail>(
      caller.get(`/coin/order?id=${ask.id}`, { token: maker.token }),
    );
    expect(detail.order.status).toBe('filled');
    await expectLedgerClean(testApp.database);
  });

  it('refuses orders on a paused pair', async () => {
    const trader = await newTrader([{ currencyId: usdtId, units: 1_000n * oneUsdt }]);
    await testApp.database.db.execute(
      sql`update spot_markets set status = 'paused' where base_currency_id = ${ethId} and quote_currency_id = ${usdtId}`,
    );
    const paused = createSpotService({
      db: testApp.database.db,
      clock: { now: () => new Date() },
      ledger: testApp.services.ledger,
      market: testApp.services.market,
      halts: testApp.services.halts,
    });
    try {
      await paused.init();
      await expect(
        paused.place({
          userId: trader.userId,
          symbol: 'ETH/USDT',
          side: 'buy',
          price: near(ethRef, 0),
          amount: '0.01',
          timeInForce: 'gtc',
        }),
      ).rejects.toMatchObject({ key: 'spot.errors.market_paused' });
      expect(paused.marketsView().find((market) => market.symbol === 'ETH/USDT')?.status).toBe('paused');
    } finally {
      await paused.stop();
      await testApp.database.db.execute(
        sql`update spot_markets set status = 'trading' where base_currency_id = ${ethId} and quote_currency_id = ${usdtId}`,
      );
    }
    expect(await spotBalance(trader, usdtId)).toEqual({ balance: 1_000n * oneUsdt, held: 0n });
  });

  it('rebuilds the same books from the database after a restart', async () => {
    const trader = await newTrader([
      { currencyId: btcId, units: oneBtc },
      { currencyId: usdtId, units: 100_000n * oneUsdt },
    ]);
    for (let level = 1; level <= 5; level += 1) {
      await okMessage(
        trade(trader, { ...btcPair, type: 1, amount: '0.001', target_price: near(btcRef, -level * 300) }),
      );
      await okMessage(
        trade(trader, { ...btcPair, type: 2, amount: '0.002', target_price: near(btcRef, level * 300) }),
      );
    }
    const live = await okMessage<SpotDepth>(caller.get('/coin/depth?symbol=BTC/USDT&limit=100'));
    const restarted = createSpotService({
      db: testApp.database.db,
      clock: { now: () => new Date() },
      ledger: testApp.services.ledger,
      market: testApp.services.market,
      halts: testApp.services.halts,
    });
    await restarted.init();
    const rebuilt = restarted.depth('BTC/USDT', 100);
    expect({ bids: rebuilt.bids, asks: rebuilt.asks }).toEqual({ bids: live.bids, asks: live.asks });
    expect(
      restarted
        .openOrders(trader.userId, 'BTC/USDT')
        .map((order) => order.id)
        .sort(),
    ).toEqual(
      testApp.services.spot
        .openOrders(trader.userId, 'BTC/USDT')
        .map((order) => order.id)
        .sort(),
    );
    await restarted.stop();
    await expectLedgerClean(testApp.database);
  });

  it('commits a burst of commands in one round, and runs a command sent as the previous one resolves', async () => {
    const trader = await newTrader([{ currencyId: btcId, units: oneBtc }]);
    const spot = testApp.services.spot;
    const commitTimes = async () => {
      const [row] = await rowsOf<{ n: number }>(
        testApp.database.db,
        sql`select count(distinct created_at)::int as n from spot_orders where user_id = ${trader.userId}`,
      );
      return row?.n ?? 0;
    };
    // Sent in one go, as the market maker sends its ladder: one round, one commit time.
    const placed = await Promise.all(
      [1, 2, 3, 4, 5].map((level) =>
        spot.place({
          userId: trader.userId,
          symbol: 'BTC/USDT',
          side: 'sell',
          price: near(btcRef, 2000 + level * 100),
          amount: '0.001',
          timeInForce: 'gtc',
        }),
      ),
    );
    expect(await commitTimes()).toBe(1);
    // Each cancel is sent the moment the one before resolves (no other await between): the pair's
    // actor, just ending its drain, must still run it.
    for (const order of placed) {
      expect((await spot.cancel(trader.userId, order.id)).status).toBe('cancelled');
    }
    expect(spot.openOrders(trader.userId, 'BTC/USDT')).toEqual([]);
    expect((await spotBalance(trader, btcId)).held).toBe(0n);
    await expectLedgerClean(testApp.database);
  });
});
