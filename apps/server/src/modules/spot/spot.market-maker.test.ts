/**
 * The market maker against a real database (its user, its funding, the ledger checks) and an
 * in-memory spot service (spot.market-maker.fixtures.ts): the ladder in the depth, its refresh
 * after a price move, the sweep of an order priced through fair value, and its inventory limit.
 */
import type { Quote } from '@fairex/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../platform/db/database';
import { expectLedgerClean, fundUser } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { ensureDemoUser } from '../accounts';
import { userAccountBalances } from '../ledger';
import { createMarketMaker, type MarketMakerConfig, marketMakerEmail } from './spot.market-maker';
import { fakeSpotService } from './spot.market-maker.fixtures';
import type { SpotMarketInfo, SpotService } from './spot.service.types';

const btcUsdt: SpotMarketInfo = {
  symbol: 'BTC/USDT',
  instrumentId: 1,
  baseCurrencyId: 1,
  quoteCurrencyId: 3,
  tickSize: '0.01',
  lotSize: '0.00001',
  status: 'trading',
};
const ethUsdt: SpotMarketInfo = {
  ...btcUsdt,
  symbol: 'ETH/USDT',
  instrumentId: 2,
  baseCurrencyId: 2,
  lotSize: '0.001',
};

const config: MarketMakerConfig = {
  settings: { levels: 4, halfSpreadPpm: 1_000n, stepPpm: 500n, edgePpm: 500n, skewPpm: 0n },
  levelValue: '1900',
  funding: { BTC: '20', ETH: '300', USDT: '3000000' },
};
const silent = { info: () => {}, warn: () => {} };

/** A market stand-in: reference prices set by the test, ticks sent by the test. */
function fakeMarket(prices: Record<string, string>) {
  const listeners = new Set<(quotes: Quote[]) => void>();
  return {
    prices,
    onQuotes(listener: (quotes: Quote[]) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    referencePrice: (symbol: string) => {
      const price = prices[symbol];
      return price ? { price, tickId: '1', time: Date.now() } : null;
    },
    tick(symbols: string[]) {
      for (const listener of listeners) listener(symbols.map((symbol) => ({ symbol }) as Quote));
    },
  };
}

describe.each(testDatabases())('the market maker on $name', (testDatabase) => {
  let testApp: TestApp;
  const db = () => testApp.database.db as Database;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase);
  });
  afterAll(async () => {
    await expectLedgerClean(testApp.database);
    await testApp.close();
  });

  const makerFor = (spot: SpotService, market: ReturnType<typeof fakeMarket>) =>
    createMarketMaker({
      spot,
      market,
      db: db(),
      clock: { now: () => new Date() },
      ledger: testApp.services.ledger,
      config,
      logger: silent,
    });
  const spotBalances = async (userId: number) =>
    new Map(
      (await userAccountBalances(db(), userId))
        .filter((row) => row.kind === 2)
        .map((row) => [row.currencyId, row.balance]),
    );
  const fundingEntries = async () => {
    const result = (await db().execute(
      sql`select count(*)::int as n from ledger_entries where reference like 'market-maker:funding:%'`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]?.n;
  };

  it('creates a frozen user and funds it once from the house account, restarts included', async () => {
    const spot = fakeSpotService([btcUsdt, ethUsdt]);
    const market = fakeMarket({});
    const first = makerFor(spot, market);
    await first.start();
    const userId = await first.userId();
    await first.stop();
    // A restart (a new maker on the same database) finds the user and books nothing again.
    const again = makerFor(spot, market);
    await again.start();
    expect(await again.userId()).toBe(userId);
    await again.stop();

    expect(await fundingEntries()).toBe(3);
    expect(await spotBalances(userId)).toEqual(
      new Map([
        [1, 20n * 100_000_000n],
        [2, 300n * 100_000_000n],
        [3, 3_000_000n * 1_000_000n],
      ]),
    );
    const user = (await db().execute(
      sql`select login_frozen, email from users where id = ${userId}`,
    )) as unknown as { rows: { login_frozen: boolean; email: string }[] };
    expect(user.rows[0]).toEqual({ login_frozen: true, email: marketMakerEmail });
    const login = await testApp.call({
      method: 'POST',
      url: '/api/user/login',
      payload: { user_string: marketMakerEmail, password: 'anything-at-all-1' },
    });
    expect(login.body.type).not.toBe('ok');
  });

  it('quotes a ladder around the reference price and replaces it when the price moves', async () => {
    const spot = fakeSpotService([btcUsdt]);
    const market = fakeMarket({ 'BTC/USDT': '95000' });
    const maker = makerFor(spot, market);
    await maker.refresh();
    const userId = await maker.userId();
    let depth = spot.depth('BTC/USDT', 20);
    expect(depth.bids).toEqual([
      ['94905', '0.02'],
      ['94857.5', '0.02'],
      ['94810', '0.02'],
      ['94762.5', '0.02'],
    ]);
    expect(depth.asks.map(([price]) => price)).toEqual(['95095', '95142.5', '95190', '95237.5']);

    // The same price again: nothing to change.
    const sent = spot.placed.length;
    await maker.refresh();
    expect(spot.placed.length).toBe(sent);

    market.prices['BTC/USDT'] = '96000';
    await maker.refresh();
    depth = spot.depth('BTC/USDT', 20);
    expect(depth.bids[0]?.[0]).toBe('95904');
    expect(depth.asks[0]?.[0]).toBe('96096');
    expect(depth.bids).toHaveLength(4);
    expect(depth.asks).toHaveLength(4);
    expect(spot.openOrders(userId, 'BTC/USDT')).toHaveLength(8);
  });

  it('refreshes on market ticks, one refresh per pair at a time', async () => {
    const spot = fakeSpotService([btcUsdt, ethUsdt]);
    const market = fakeMarket({ 'BTC/USDT': '95000', 'ETH/USDT': '3200' });
    const maker = makerFor(spot, market);
    await maker.start();
    const userId = await maker.userId();
    market.tick(['BTC/USDT', 'ETH/USDT', 'AAPL']);
    market.tick(['BTC/USDT', 'ETH/USDT']); // skipped: the first refresh is still running
    await maker.refresh();
    expect(spot.openOrders(userId, 'BTC/USDT')).toHaveLength(8);
    expect(spot.openOrders(userId, 'ETH/USDT')).toHaveLength(8);
    // ETH levels are 1,900 USDT / 3,200 = 0.593 ETH on the lot.
    expect(spot.depth('ETH/USDT', 1).bids).toEqual([['3196.8', '0.593']]);
    await maker.stop();
    market.tick(['BTC/USDT']);
    expect(spot.placed.filter((order) => order.symbol === 'BTC/USDT')).toHaveLength(8);
  });

  it('takes up a pair added while it runs and quotes it from the next ticks, funding nothing twice', async () => {
    const markets = [btcUsdt];
    const spot = fakeSpotService(markets);
    const market = fakeMarket({ 'BTC/USDT': '95000', 'ETH/USDT': '3200' });
    const maker = makerFor(spot, market);
    await maker.start();
    const userId = await maker.userId();
    const funded = await fundingEntries();
    market.tick(['ETH/USDT']); // not a spot pair yet: nothing to quote
    await maker.refresh('BTC/USDT');
    expect(spot.placed.some((order) => order.symbol === 'ETH/USDT')).toBe(false);

    markets.push(ethUsdt); // staff add the pair; the spot service trades it at once
    await vi.waitFor(
      () => {
        market.tick(['BTC/USDT', 'ETH/USDT']);
        expect(spot.openOrders(userId, 'ETH/USDT')).toHaveLength(8);
      },
      { timeout: 10_000, interval: 50 },
    );
    await maker.stop();
    expect(spot.depth('ETH/USDT', 1).bids).toEqual([['3196.8', '0.593']]);
    expect(await fundingEntries()).toBe(funded);
  });

  it("sweeps a user's bid priced through fair value: the user fills at their own price", async () => {
    const spot = fakeSpotService([btcUsdt]);
    const market = fakeMarket({ 'BTC/USDT': '95000' });
    const maker = makerFor(spot, market);
    await maker.refresh();
    // Inside the spread (the maker asks 95,095) and above 95,000 x 1.0005 = 95,047.50.
    const rich = await spot.place({
      userId: 424242,
      symbol: 'BTC/USDT',
      side: 'buy',
      price: '95050',
      amount: '0.015',
      timeInForce: 'gtc',
    });
    // A bid inside the spread but within the edge stays.
    const modest = await spot.place({
      userId: 424242,
      symbol: 'BTC/USDT',
      side: 'buy',
      price: '95040',
      amount: '0.01',
      timeInForce: 'gtc',
    });
    expect(spot.order(rich.id)?.status).toBe('open');
    await maker.refresh();
    expect(spot.order(rich.id)).toMatchObject({ status: 'filled', filled: '0.015' });
    expect(spot.order(modest.id)?.status).toBe('open');
    const sweep = spot.placed.find((order) => order.timeInForce === 'ioc');
    expect(sweep).toMatchObject({ side: 'sell', price: '95050', amount: '0.015' });
  });

  it('sizes levels of a pair quoted in another currency by their USDT value', async () => {
    const ethBtc: SpotMarketInfo = {
      ...btcUsdt,
      symbol: 'ETH/BTC',
      instrumentId: 9,
      baseCurrencyId: 2,
      quoteCurrencyId: 1,
      tickSize: '0.00001',
      lotSize: '0.001',
    };
    const spot = fakeSpotService([ethBtc]);
    const market = fakeMarket({ 'ETH/BTC': '0.03' });
    const maker = makerFor(spot, market);
    // Without a BTC/USDT price there is no way to value a level: nothing is quoted.
    await maker.refresh();
    expect(spot.placed).toEqual([]);
    market.prices['BTC/USDT'] = '95000';
    await maker.refresh();
    // 1,900 USDT = 0.02 BTC a level; at 0.03 BTC an ETH that is 0.666 ETH on the lot.
    expect(spot.depth('ETH/BTC', 1).bids).toEqual([['0.02997', '0.666']]);
    expect(spot.depth('ETH/BTC', 1).asks).toEqual([['0.03003', '0.666']]);
  });

  it('quotes no more than it holds', async () => {
    // A fresh database user: the maker already exists, so use a thin pair of its own currency.
    const spot = fakeSpotService([btcUsdt]);
    const market = fakeMarket({ 'BTC/USDT': '95000' });
    const maker = makerFor(spot, market);
    const userId = await maker.userId();
    // It holds 20 BTC and 3,000,000 USDT: with 1,000 BTC per level it can offer 20 BTC in all.
    const big = createMarketMaker({
      spot,
      market,
      db: db(),
      clock: { now: () => new Date() },
      ledger: testApp.services.ledger,
      config: { ...config, levelValue: '47500000' }, // 500 BTC per level
      logger: silent,
    });
    await big.refresh();
    const asks = spot.depth('BTC/USDT', 20).asks;
    expect(asks).toEqual([['95095', '20']]);
    const bids = spot.depth('BTC/USDT', 20).bids;
    expect(bids).toHaveLength(1);
    const bidAmount = Number(bids[0]?.[1]);
    // 3,000,000 USDT / (94,905 x 1.005) = 31.45... BTC.
    expect(bidAmount).toBeGreaterThan(31.4);
    expect(bidAmount).toBeLessThan(31.5);
    expect(spot.openOrders(userId, 'BTC/USDT')).toHaveLength(2);
  });
});

/** The same behaviour through the real spot service: real holds, real fills, the ledger checked. */
describe.each(testDatabases())('the market maker trading for real on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = { now: () => new Date() };
  const db = () => testApp.database.db as Database;
  const spot = () => testApp.services.spot;
  const market = () => testApp.services.market;
  const warnings: string[] = [];
  const logger = { info: () => {}, warn: (_object: object, message: string) => warnings.push(message) };
  const symbol = 'BTC/USDT';

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const balances = async (userId: number, currencyId: number) => {
    const row = (await userAccountBalances(db(), userId)).find(
      (each) => each.currencyId === currencyId && each.kind === 2,
    );
    return { balance: row?.balance ?? 0n, held: row?.held ?? 0n };
  };
  const reference = () => Number(market().referencePrice(symbol)?.price);

  it('quotes, requotes after a price move, sweeps a rich bid and stays within its inventory', async () => {
    const maker = createMarketMaker({
      spot: spot(),
      market: market(),
      db: db(),
      clock,
      ledger: testApp.services.ledger,
      config: { ...config, funding: { BTC: '0.05', USDT: '3000000' } },
      logger,
    });
    await maker.refresh(symbol);
    const makerId = await maker.userId();
    const first = spot().depth(symbol, 20);
    const ref = reference();
    expect(first.bids).toHaveLength(4);
    expect(Number(first.bids[0]?.[0])).toBeLessThan(ref);
    expect(Number(first.bids[0]?.[0])).toBeGreaterThan(ref * 0.998);
    expect(Number(first.asks[0]?.[0])).toBeGreaterThan(ref);
    // 0.05 BTC in all: levels of 1,900 USDT (about 0.02 BTC) until it runs out.
    const offered = first.asks.reduce((sum, [, amount]) => sum + Number(amount), 0);
    expect(offered).toBeCloseTo(0.05, 8);
    expect(first.asks.length).toBeLessThan(4);

    // The price moves: the ladder follows, the old orders are gone.
    const before = spot()
      .openOrders(makerId, symbol)
      .map((order) => order.id);
    for (let second = 1; second < 60 && reference() === ref; second += 1) {
      await market().step(new Date(Date.now() + second * 1000));
    }
    expect(reference()).not.toBe(ref);
    await maker.refresh(symbol);
    const after = spot().openOrders(makerId, symbol);
    expect(after.length).toBeGreaterThan(0);
    const kept = after.filter((order) => before.includes(order.id));
    expect(kept).toEqual([]);
    expect(Number(spot().depth(symbol, 1).bids[0]?.[0])).toBeLessThan(reference());

    // A user's bid inside the spread, above fair value by more than the edge: the maker sells
    // into it on its next refresh, at the user's price, the user being the maker of the trade.
    const userId = await ensureDemoUser(db(), {
      email: 'rich-bidder@example.com',
      password: 'secret-123',
      clock,
    });
    await fundUser(testApp.database, { userId, currencyId: 3, units: 100_000n * 1_000_000n });
    const now = reference();
    const bidPrice = (Math.ceil(now * 1.0007 * 100) / 100).toFixed(2);
    const bid = await spot().place({
      userId,
      symbol,
      side: 'buy',
      price: bidPrice,
      amount: '0.01',
      timeInForce: 'gtc',
    });
    expect(bid.status).toBe('open');
    await maker.refresh(symbol);
    const detail = await spot().detail(userId, bid.id);
    expect(detail.order.status).toBe('filled');
    expect(Number(detail.order.filled)).toBe(0.01);
    expect(
      detail.fills.every((fill) => fill.role === 'maker' && Number(fill.price) === Number(bidPrice)),
    ).toBe(true);
    expect((await balances(userId, 1)).balance).toBe(1_000_000n);

    // Never below zero, never more held than owned; nothing refused for want of funds.
    for (const currencyId of [1, 3]) {
      const account = await balances(makerId, currencyId);
      expect(account.balance).toBeGreaterThanOrEqual(0n);
      expect(account.held).toBeLessThanOrEqual(account.balance);
    }
    expect(warnings).toEqual([]);
    await expectLedgerClean(testApp.database);
  });
});

/** Two real pairs sharing a currency the maker holds little of: each counts only what is its own. */
describe.each(testDatabases())(
  'the market maker sharing a currency between pairs on $name',
  (testDatabase) => {
    let testApp: TestApp;
    const clock = { now: () => new Date() };
    const db = () => testApp.database.db as Database;
    const spot = () => testApp.services.spot;
    const market = () => testApp.services.market;

    beforeAll(async () => {
      testApp = await startTestApp(testDatabase);
    });
    afterAll(async () => {
      await expectLedgerClean(testApp.database);
      await testApp.close();
    });

    it('quotes a second pair from what the first left free, and refuses nothing', async () => {
      const warnings: string[] = [];
      const maker = createMarketMaker({
        spot: spot(),
        market: market(),
        db: db(),
        clock,
        ledger: testApp.services.ledger,
        // 5,000 USDT: two bid levels of 1,900 USDT on the first pair, too little for one more.
        config: { ...config, funding: { BTC: '0.05', ETH: '1', USDT: '5000' } },
        logger: { info: () => {}, warn: (_object: object, message: string) => warnings.push(message) },
      });
      await maker.refresh('BTC/USDT');
      const makerId = await maker.userId();
      // Two full levels, and what is left (less the fee reserve) as a third.
      const firstBids = spot().depth('BTC/USDT', 20).bids;
      expect(firstBids).toHaveLength(3);
      expect(firstBids[0]?.[1]).toBe(firstBids[1]?.[1]);
      expect(Number(firstBids[2]?.[1])).toBeLessThan(Number(firstBids[0]?.[1]));
      const fullLevels = spot()
        .openOrders(makerId, 'BTC/USDT')
        .filter((order) => order.side === 'sell' || order.amount === firstBids[0]?.[1])
        .map((order) => order.id);
      // The second pair bids only with the few USDT the first left free. Before, it counted the
      // whole balance and its bids were refused for want of funds.
      await maker.refresh('ETH/USDT');
      const ethDepth = spot().depth('ETH/USDT', 20);
      const ethBidValue = ethDepth.bids.reduce(
        (sum, [price, amount]) => sum + Number(price) * Number(amount),
        0,
      );
      expect(ethBidValue).toBeLessThan(100);
      expect(ethDepth.asks.length).toBeGreaterThan(0);
      // The first pair again: its resting full levels still count as its own and stay.
      await maker.refresh('BTC/USDT');
      const ids = spot()
        .openOrders(makerId, 'BTC/USDT')
        .map((order) => order.id);
      expect(fullLevels.length).toBeGreaterThan(2);
      expect(fullLevels.every((id) => ids.includes(id))).toBe(true);
      expect(warnings).toEqual([]);
      const usdt = (await userAccountBalances(db(), makerId)).find(
        (row) => row.currencyId === 3 && row.kind === 2,
      );
      expect(usdt?.held).toBeLessThanOrEqual(usdt?.balance ?? 0n);
    });
  },
);
