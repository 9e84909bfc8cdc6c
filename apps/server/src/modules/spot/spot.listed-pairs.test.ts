/**
 * Issue 16 item 3: every coin Markets lists trades against USDT, and the house market maker (with
 * its default funding) quotes both sides of each from the coin's reference price.
 */
import type { SpotDepth, SpotMarket } from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { expectLedgerClean } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { instrumentSeeds } from '../market/market.seed';
import { spotFixtures } from './spot.fixtures';

const listedCoins = instrumentSeeds().filter((seed) => seed.kind === 'spot');

describe.each(testDatabases())('the listed coins’ spot pairs on $name', (testDatabase) => {
  let testApp: TestApp;
  const { caller, okMessage } = spotFixtures(() => testApp);

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, {
      env: { DEMO: 'true' },
      jobs: ['spot market maker'],
    });
    await testApp.services.market.step(new Date());
  });
  afterAll(async () => {
    await expectLedgerClean(testApp.database);
    await testApp.close();
  });

  it('gives every listed coin a pair against USDT, fees and band as before', async () => {
    expect(listedCoins.length).toBe(20);
    const markets = await okMessage<SpotMarket[]>(caller.get('/coin/markets'));
    expect(markets.map((market) => market.symbol).sort()).toEqual(
      listedCoins.map((coin) => `${coin.base}/USDT`).sort(),
    );
    for (const market of markets) {
      const free = market.base === 'BTC';
      expect(market, market.symbol).toMatchObject({
        quote: 'USDT',
        status: 'trading',
        maker_fee_rate: free ? '0' : '0.001',
        taker_fee_rate: free ? '0' : '0.001',
        price_band: '0.1',
      });
      expect(market.reference_price, market.symbol).not.toBeNull();
    }
  });

  it('funds the market maker in every listed coin by default', () => {
    const funding = loadConfig({}).marketMaker.funding;
    for (const coin of listedCoins) expect(funding[coin.base], coin.base).toBeDefined();
  });

  it('has the market maker quote both sides of every pair around its reference price', async () => {
    const markets = await okMessage<SpotMarket[]>(caller.get('/coin/markets'));
    const quoted = async (market: SpotMarket) => {
      const depth = await okMessage<SpotDepth>(
        caller.get(`/coin/depth?symbol=${encodeURIComponent(market.symbol)}`),
      );
      return depth.bids.length > 0 && depth.asks.length > 0 ? depth : null;
    };
    await expect
      .poll(async () => (await Promise.all(markets.map(quoted))).filter((depth) => depth === null).length, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe(0);
    for (const market of markets) {
      const depth = await quoted(market);
      const reference = Number(market.reference_price);
      const bid = Number(depth?.bids[0]?.[0]);
      const ask = Number(depth?.asks[0]?.[0]);
      expect(bid, market.symbol).toBeLessThan(ask);
      expect(Math.abs(bid / reference - 1), market.symbol).toBeLessThan(0.1);
      expect(Math.abs(ask / reference - 1), market.symbol).toBeLessThan(0.1);
    }
  });
});
