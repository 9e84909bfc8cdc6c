import { readFileSync } from 'node:fs';
import type { Market } from 'ccxt';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../test-support/test-app';
import {
  CcxtFeed,
  ccxtErrorBackoffMsMax,
  ccxtPollIntervalMsMin,
  createCcxtExchange,
  exactDecimal,
  type FeedLogger,
  fetchCcxtCandles,
} from './ccxt-feed';
import type { FeedTick } from './market-feed';

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

type Route = { match: string; status?: number; body: string };

/** Binance over recorded responses: each request takes the first route its URL contains (once). */
function recordedBinance(routes: Route[]) {
  const requested: string[] = [];
  const queue = [...routes];
  const exchange = createCcxtExchange('binance', {
    fetchImplementation: async (url) => {
      requested.push(url);
      const index = queue.findIndex((route) => url.includes(route.match));
      const route = queue[index];
      if (!route) return new Response('{"code":-1000,"msg":"no fixture"}', { status: 500 });
      queue.splice(index, 1);
      return new Response(route.body, {
        status: route.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  exchange.enableRateLimit = false;
  exchange.setMarkets(JSON.parse(fixture('binance-markets.json')) as Market[]);
  return { exchange, requested };
}

function recordingLogger() {
  const errors: { details: object; message: string }[] = [];
  const warnings: { details: object; message: string }[] = [];
  const logger: FeedLogger = {
    error: (details, message) => errors.push({ details, message }),
    warn: (details, message) => warnings.push({ details, message }),
  };
  return { logger, errors, warnings };
}

const instruments = [
  { id: 1, symbol: 'BTC/USDT' },
  { id: 7, symbol: 'ETH-SPOT' },
];
const clock = fixedClock('2026-09-22T14:13:30Z');

describe('exactDecimal', () => {
  it('keeps the exchange digits and drops only trailing zeros', () => {
    expect(exactDecimal('64000.01000000')).toBe('64000.01');
    expect(exactDecimal('3000.00000000')).toBe('3000');
    expect(exactDecimal('0.00000001')).toBe('0.00000001');
    expect(exactDecimal(0.5)).toBe('0.5');
    expect(exactDecimal('-1')).toBeNull();
    expect(exactDecimal('1e-8')).toBeNull();
    expect(exactDecimal(undefined)).toBeNull();
  });
});

describe('the ccxt feed over recorded Binance responses', () => {
  it('turns tickers into ticks with exact decimals, mapped to our instruments', async () => {
    const { exchange, requested } = recordedBinance([
      { match: '/api/v3/ticker/24hr', body: fixture('binance-ticker-24hr.json') },
      { match: '/api/v3/ticker/24hr', body: fixture('binance-ticker-24hr-next.json') },
    ]);
    const { logger, errors } = recordingLogger();
    const feed = new CcxtFeed({
      exchange,
      instruments,
      symbolMap: { 'ETH-SPOT': 'ETH/USDT' },
      clock,
      logger,
    });
    const received: (readonly FeedTick[])[] = [];
    feed.subscribe((ticks) => {
      received.push(ticks);
    });

    expect(await feed.pollOnce()).toEqual([
      { instrumentId: 1, price: '64000.01', volume: '0', source: 'binance', time: 1790086399999 },
      { instrumentId: 7, price: '3000.5', volume: '0', source: 'binance', time: 1790086399998 },
    ]);
    // The second poll: BTC moved (volume is the growth of the 24 h figure), ETH did not.
    expect(await feed.pollOnce()).toEqual([
      { instrumentId: 1, price: '64010.02', volume: '0.323', source: 'binance', time: 1790086401999 },
    ]);
    expect(received).toHaveLength(2);
    expect(errors).toEqual([]);
    expect(requested).toHaveLength(2);
    expect(decodeURIComponent(requested[0] ?? '')).toContain('["BTCUSDT","ETHUSDT"]');
  });

  it('logs a failing response and publishes nothing, then recovers', async () => {
    const { exchange } = recordedBinance([
      { match: '/api/v3/ticker/24hr', status: 503, body: '<html>Service Unavailable</html>' },
      {
        match: '/api/v3/ticker/24hr',
        status: 200,
        body: '{"code":-1003,"msg":"Too much request weight used"',
      },
      { match: '/api/v3/ticker/24hr', body: fixture('binance-ticker-24hr.json') },
    ]);
    const { logger, errors } = recordingLogger();
    const feed = new CcxtFeed({ exchange, instruments, clock, logger, pollIntervalMs: 2000 });
    let published = 0;
    feed.subscribe(() => {
      published += 1;
    });

    await expect(feed.pollOnce()).resolves.toEqual([]);
    expect(feed.nextDelayMs()).toBe(4000);
    await expect(feed.pollOnce()).resolves.toEqual([]);
    expect(feed.nextDelayMs()).toBe(8000);
    expect(published).toBe(0);
    expect(errors.map((entry) => entry.message)).toEqual([
      'market feed poll failed',
      'market feed poll failed',
    ]);

    // ETH-SPOT is not mapped here, so only BTC is known to the exchange.
    expect((await feed.pollOnce()).map((tick) => tick.instrumentId)).toEqual([1]);
    expect(feed.nextDelayMs()).toBe(2000);
    expect(published).toBe(1);
  });

  it('warns once about symbols the exchange does not list and polls the rest', async () => {
    const { exchange } = recordedBinance([
      { match: '/api/v3/ticker/24hr', body: fixture('binance-ticker-24hr.json') },
    ]);
    const { logger, warnings } = recordingLogger();
    const feed = new CcxtFeed({ exchange, instruments, clock, logger });
    expect((await feed.pollOnce()).map((tick) => tick.instrumentId)).toEqual([1]);
    expect(warnings).toEqual([
      {
        details: { exchange: 'binance', unknown: ['ETH-SPOT'] },
        message: 'market feed symbols unknown to the exchange',
      },
    ]);
  });

  it('keeps a listener failure from stopping the feed', async () => {
    const { exchange } = recordedBinance([
      { match: '/api/v3/ticker/24hr', body: fixture('binance-ticker-24hr.json') },
    ]);
    const { logger, errors } = recordingLogger();
    const feed = new CcxtFeed({ exchange, instruments: [{ id: 1, symbol: 'BTC/USDT' }], clock, logger });
    feed.subscribe(() => Promise.reject(new Error('listener down')));
    feed.subscribe(() => {
      throw new Error('listener broke');
    });
    expect(await feed.pollOnce()).toHaveLength(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors.map((entry) => entry.message)).toEqual([
      'market feed listener failed',
      'market feed listener failed',
    ]);
  });

  it('polls on its own once started, and stops', async () => {
    const { exchange, requested } = recordedBinance([
      { match: '/api/v3/ticker/24hr', body: fixture('binance-ticker-24hr.json') },
    ]);
    const { logger } = recordingLogger();
    const feed = new CcxtFeed({ exchange, instruments: [{ id: 1, symbol: 'BTC/USDT' }], clock, logger });
    const ticks = new Promise<readonly FeedTick[]>((resolve) => feed.subscribe(resolve));
    feed.start();
    feed.start();
    expect((await ticks)[0]?.price).toBe('64000.01');
    feed.stop();
    expect(requested).toHaveLength(1);
  });

  it('bounds the poll interval and the backoff', async () => {
    const { exchange } = recordedBinance([]);
    const { logger } = recordingLogger();
    const feed = new CcxtFeed({ exchange, instruments, clock, logger, pollIntervalMs: 10 });
    expect(feed.nextDelayMs()).toBe(ccxtPollIntervalMsMin);
    for (let failure = 0; failure < 7; failure += 1) await feed.pollOnce();
    expect(feed.nextDelayMs()).toBe(ccxtErrorBackoffMsMax);
  });

  it('rejects an exchange id ccxt does not know', () => {
    expect(() => createCcxtExchange('no-such-exchange')).toThrow(/Unknown ccxt exchange/);
  });
});

describe('fetchCcxtCandles', () => {
  it('turns recorded klines into candles with unix-second times and exact decimals', async () => {
    const { exchange, requested } = recordedBinance([
      { match: '/api/v3/klines', body: fixture('binance-klines-btcusdt-1m.json') },
    ]);
    const candles = await fetchCcxtCandles(exchange, {
      exchangeSymbol: 'BTC/USDT',
      period: '1m',
      fromSeconds: 1790000040,
      limit: 3,
    });
    expect(candles).toEqual([
      { time: 1790000040, open: '64000.01', high: '64010', low: '63990.5', close: '64005', volume: '12.345' },
      { time: 1790000100, open: '64005', high: '64020.99', low: '64001', close: '64020', volume: '3.0001' },
      { time: 1790000160, open: '64020', high: '64020', low: '63999.99', close: '64000.01', volume: '0.5' },
    ]);
    const url = new URL(requested[0] ?? '');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      symbol: 'BTCUSDT',
      interval: '1m',
      limit: '3',
      startTime: '1790000040000',
    });
  });

  it('throws on a failed request so the caller can retry', async () => {
    const { exchange } = recordedBinance([{ match: '/api/v3/klines', status: 502, body: 'Bad Gateway' }]);
    await expect(
      fetchCcxtCandles(exchange, { exchangeSymbol: 'BTC/USDT', period: '1h', fromSeconds: 1790000000 }),
    ).rejects.toThrow();
  });
});
