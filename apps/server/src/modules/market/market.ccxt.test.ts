import { readFileSync } from 'node:fs';
import type { Market } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database';
import { fixedClock } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { attachCcxtFeed, configureMarket, createCcxtExchange, marketServiceFor } from './index';

const fixture = (name: string): string =>
  readFileSync(new URL(`./feeds/fixtures/${name}`, import.meta.url), 'utf8');

/** Binance answering from recorded responses: the stand-in the production adapter is tested on. */
function recordedBinance() {
  const exchange = createCcxtExchange('binance', {
    fetchImplementation: async () =>
      new Response(fixture('binance-ticker-24hr.json'), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  });
  exchange.enableRateLimit = false;
  exchange.setMarkets(JSON.parse(fixture('binance-markets.json')) as Market[]);
  return exchange;
}

const [pglite] = testDatabases();
const clock = fixedClock('2026-11-20T15:00:00Z');
const silent = { warn: () => {}, error: () => {}, info: () => {} };

describe('MARKET_FEED=ccxt: crypto prices from an exchange, stocks still simulated', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    if (!pglite) throw new Error('PGlite is always available');
    database = await pglite.open();
    configureMarket(database, { backfillDays: 1, cryptoFeed: 'binance', seed: 7 });
    await marketServiceFor({ database, clock }).init(silent);
  });
  afterAll(async () => {
    await database.close();
  });

  it('assigns spot and perpetuals to the exchange and keeps stocks simulated', () => {
    const market = marketServiceFor({ database, clock });
    const feeds = new Set(market.instruments().map((instrument) => `${instrument.kind}:${instrument.feed}`));
    expect(feeds).toEqual(new Set(['spot:binance', 'perpetual:binance', 'stock:simulated']));
  });

  it('records the exchange price as a tick that anyone can look up, with its source', async () => {
    const market = marketServiceFor({ database, clock });
    const feed = attachCcxtFeed(market, { exchange: recordedBinance(), clock, logger: silent });
    await feed.pollOnce();
    await expect.poll(() => market.referencePrice('BTC/USDT')?.price).toBe('64000.01');
    const reference = market.referencePrice('BTC/USDT');
    if (!reference) throw new Error('no reference price');
    expect(await market.tick(reference.tickId)).toMatchObject({
      symbol: 'BTC/USDT',
      price: '64000.01',
      source: 'binance',
    });
    const stock = market.instrumentBySymbol('AAPL');
    expect(stock?.feed).toBe('simulated');
  });
});
