import type { AddressInfo } from 'node:net';
import {
  type Candle,
  type CandlePeriod,
  type ClientToServerEvents,
  type Quote,
  type ServerToClientEvents,
  socketPath,
} from '@fairex/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSocketServer } from '../../../platform/realtime/socket-server';
import {
  candlesRoom,
  installMarketRealtime,
  type MarketRealtime,
  type MarketUpdates,
  quotesRoom,
} from './index';
import { marketFlushIntervalMs } from './market-realtime';

type QuotesListener = (quotes: Quote[]) => void;
type CandleListener = (symbol: string, period: CandlePeriod, candle: Candle) => void;

/** Stands in for the market service: tests push quotes and candles by hand. */
function fakeMarket() {
  const quoteListeners = new Set<QuotesListener>();
  const candleListeners = new Set<CandleListener>();
  const market: MarketUpdates = {
    onQuotes(listener) {
      quoteListeners.add(listener);
      return () => quoteListeners.delete(listener);
    },
    onCandle(listener) {
      candleListeners.add(listener);
      return () => candleListeners.delete(listener);
    },
  };
  return {
    market,
    pushQuotes: (quotes: Quote[]) => {
      for (const listener of quoteListeners) listener(quotes);
    },
    pushCandle: (symbol: string, period: CandlePeriod, candle: Candle) => {
      for (const listener of candleListeners) listener(symbol, period, candle);
    },
    listenerCount: () => quoteListeners.size + candleListeners.size,
  };
}

function quote(symbol: string, last: string, time = 1_790_000_000_000): Quote {
  return {
    symbol,
    kind: 'spot',
    last,
    change_percent: '1.25',
    open: '100',
    high: '110',
    low: '90',
    volume: '12.5',
    tick_id: String(time),
    time,
  };
}

const candle: Candle = {
  time: 1_790_000_040,
  open: '100',
  high: '101',
  low: '99.5',
  close: '100.5',
  volume: '3',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

describe('market realtime fan-out', () => {
  // The platform's real Socket.IO server on a listening Fastify app, without the rest of the app.
  let app: FastifyInstance;
  let url: string;
  let feed: ReturnType<typeof fakeMarket>;
  let realtime: MarketRealtime;
  const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];

  beforeAll(async () => {
    app = Fastify({ logger: false });
    installSocketServer(app, { now: () => new Date() });
    feed = fakeMarket();
    realtime = installMarketRealtime(app.io, feed.market);
    app.addHook('preClose', async () => realtime.stop());
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await app.close();
  });

  const roomSize = (room: string) => app.io.of('/').adapter.rooms.get(room)?.size ?? 0;

  async function client() {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(url, {
      path: socketPath,
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const quotes: Quote[][] = [];
    const candles: { symbol: string; period: CandlePeriod; candle: Candle }[] = [];
    socket.on('market:quotes', (frame) => quotes.push(frame));
    socket.on('market:candle', (update) => candles.push(update));
    return { socket, quotes, candles };
  }

  it('sends quotes of subscribed symbols only, and stops after a re-subscription drops one', async () => {
    const { socket, quotes } = await client();
    socket.emit('market:subscribe', { symbols: ['BTC/USDT', 'eth/usdt'], candles: null });
    await waitUntil(() => roomSize(quotesRoom('BTC/USDT')) === 1 && roomSize(quotesRoom('ETH/USDT')) === 1);

    feed.pushQuotes([quote('BTC/USDT', '64000.01'), quote('ETH/USDT', '3000.5'), quote('SOL/USDT', '150')]);
    await waitUntil(() => quotes.length === 2);
    expect(
      quotes
        .flat()
        .map((q) => q.symbol)
        .sort(),
    ).toEqual(['BTC/USDT', 'ETH/USDT']);

    socket.emit('market:subscribe', { symbols: ['ETH/USDT'] });
    await waitUntil(() => roomSize(quotesRoom('BTC/USDT')) === 0);
    quotes.length = 0;
    feed.pushQuotes([quote('BTC/USDT', '64001'), quote('ETH/USDT', '3001')]);
    await waitUntil(() => quotes.length === 1);
    await sleep(250);
    expect(quotes).toEqual([[quote('ETH/USDT', '3001')]]);
  });

  it('conflates 50 updates within 100 ms into at most two frames carrying the latest values', async () => {
    const { socket, quotes } = await client();
    socket.emit('market:subscribe', { symbols: ['XRP/USDT'], candles: null });
    await waitUntil(() => roomSize(quotesRoom('XRP/USDT')) === 1);
    const started = Date.now();
    for (let update = 1; update <= 50; update += 1) {
      feed.pushQuotes([quote('XRP/USDT', `0.5${update}`, started + update)]);
      if (update % 10 === 0) await sleep(1);
    }
    // Within one flush interval that is at most two frames; a loaded machine that took longer to
    // push them may see one more frame per extra interval, never one per update.
    const pushedWithinMs = Date.now() - started;
    const framesAtMost = Math.ceil(pushedWithinMs / marketFlushIntervalMs) + 1;
    const latest = [quote('XRP/USDT', '0.550', started + 50)];
    await waitUntil(() => JSON.stringify(quotes.at(-1)) === JSON.stringify(latest));
    await sleep(marketFlushIntervalMs * 2);
    expect(quotes.length).toBeGreaterThanOrEqual(1);
    expect(quotes.length).toBeLessThanOrEqual(Math.max(2, framesAtMost));
    expect(quotes.at(-1)).toEqual([quote('XRP/USDT', '0.550', started + 50)]);
  });

  it('ignores invalid subscriptions without emitting or dropping the current rooms', async () => {
    const { socket, quotes, candles } = await client();
    socket.emit('market:subscribe', { symbols: ['ADA/USDT'], candles: null });
    await waitUntil(() => roomSize(quotesRoom('ADA/USDT')) === 1);
    const invalid: unknown[] = [
      null,
      'BTC/USDT',
      { symbols: 'BTC/USDT' },
      { symbols: Array.from({ length: 51 }, (_, index) => `S${index}`) },
      { symbols: ['x'.repeat(33)] },
      { symbols: [], candles: { symbol: 'BTC/USDT', period: '2m' } },
    ];
    for (const payload of invalid) socket.emit('market:subscribe', payload as never);
    // A round trip after the invalid ones: the server has handled them once this lands.
    socket.emit('market:subscribe', { symbols: ['ADA/USDT', 'DOT/USDT'], candles: null });
    await waitUntil(() => roomSize(quotesRoom('DOT/USDT')) === 1);
    expect(roomSize(quotesRoom('ADA/USDT'))).toBe(1);
    expect(roomSize(quotesRoom('BTC/USDT'))).toBe(0);
    expect(roomSize(quotesRoom('S0'))).toBe(0);
    expect(quotes).toEqual([]);
    expect(candles).toEqual([]);
    expect(socket.connected).toBe(true);
  });

  it('streams the latest candle of the subscribed symbol and period, replacing the previous stream', async () => {
    const { socket, candles } = await client();
    socket.emit('market:subscribe', { symbols: [], candles: { symbol: 'BTC/USDT', period: '1m' } });
    await waitUntil(() => roomSize(candlesRoom('BTC/USDT', '1m')) === 1);
    feed.pushCandle('BTC/USDT', '1m', { ...candle, close: '100.1' });
    feed.pushCandle('BTC/USDT', '1m', candle);
    feed.pushCandle('BTC/USDT', '5m', candle);
    await waitUntil(() => candles.length === 1);
    await sleep(150);
    expect(candles).toEqual([{ symbol: 'BTC/USDT', period: '1m', candle }]);

    socket.emit('market:subscribe', { symbols: [], candles: { symbol: 'BTC/USDT', period: '5m' } });
    await waitUntil(() => roomSize(candlesRoom('BTC/USDT', '1m')) === 0);
    expect(roomSize(candlesRoom('BTC/USDT', '5m'))).toBe(1);
    candles.length = 0;
    feed.pushCandle('BTC/USDT', '1m', candle);
    feed.pushCandle('BTC/USDT', '5m', candle);
    await waitUntil(() => candles.length === 1);
    await sleep(150);
    expect(candles).toEqual([{ symbol: 'BTC/USDT', period: '5m', candle }]);
  });

  it('cleans the rooms of a socket that disconnects', async () => {
    const { socket } = await client();
    socket.emit('market:subscribe', { symbols: ['LTC/USDT'], candles: { symbol: 'LTC/USDT', period: '1h' } });
    await waitUntil(
      () => roomSize(quotesRoom('LTC/USDT')) === 1 && roomSize(candlesRoom('LTC/USDT', '1h')) === 1,
    );
    socket.disconnect();
    await waitUntil(() => !app.io.of('/').adapter.rooms.has(quotesRoom('LTC/USDT')));
    expect(app.io.of('/').adapter.rooms.has(candlesRoom('LTC/USDT', '1h'))).toBe(false);
  });

  it('detaches from the market service when stopped', async () => {
    const before = feed.listenerCount();
    realtime.stop();
    realtime.stop();
    expect(before - feed.listenerCount()).toBe(2);
  });
});
