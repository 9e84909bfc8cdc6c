import { candlesReplySchema, quotationReplySchema, tickSchema } from '@fairex/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { findOrCreateWalletUser, issueSession } from '../accounts';
import { candles, instruments } from './market.schema';
import { candlesPerRequestMax, createMarketService } from './market.service';

const seed = 99;
/** A Friday 15:00 UTC: New York is open, so stocks tick too. */
const startIso = '2026-11-20T15:00:00.000Z';
const startSeconds = Date.parse(startIso) / 1000;

type Call = { status: number; body: { type: unknown; message: unknown } };

describe.each(testDatabases())('market routes on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock(startIso);
  const get = (path: string, token?: string): Promise<Call> =>
    testApp.call({
      method: 'GET',
      url: `/api${path}${path.includes('?') ? '&' : '?'}lang=en`,
      headers: token ? { authorization: token } : {},
    });
  const post = (path: string, body: Record<string, unknown>, token?: string): Promise<Call> =>
    testApp.call({
      method: 'POST',
      url: `/api${path}`,
      payload: { ...body, lang: 'en' },
      headers: token ? { authorization: token } : {},
    });
  const market = () => testApp.services.market;
  async function userToken(address: string): Promise<string> {
    const { userId } = await findOrCreateWalletUser(testApp.database.db, { address, clock });
    return issueSession(testApp.database.db, { userId, stayLoggedIn: false, clock, clientAddress: '' });
  }

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, market: { seed, backfillDays: 2 } });
    // The app answers before the history of a fresh install is there; it is prepared behind it.
    expect((await get('/market/history_status')).body.message).toMatchObject({ prepared: 0, ready: false });
    await testApp.services.market.prepareHistory();
    expect((await get('/market/history_status')).body.message).toEqual({
      instruments: 50,
      prepared: 50,
      ready: true,
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('seeds 20 spot pairs, their perpetuals and 10 stocks', async () => {
    const reply = await get('/market/instruments');
    const list = reply.body.message as { symbol: string; kind: string; trading_hours: string | null }[];
    expect(list.filter((item) => item.kind === 'spot')).toHaveLength(20);
    expect(list.filter((item) => item.kind === 'perpetual')).toHaveLength(20);
    expect(list.filter((item) => item.kind === 'stock')).toHaveLength(10);
    expect(list.find((item) => item.symbol === 'AAPL')?.trading_hours).toBe(
      '09:30-16:00 America/New_York Mon-Fri',
    );
    expect(list.find((item) => item.symbol === 'BTC-PERP')).toMatchObject({
      kind: 'perpetual',
      feed: 'simulated',
    });
  });

  it('quotes every trading instrument with a tick id that resolves', async () => {
    const reply = await get('/currency/quotation_new');
    expect(reply.body.type).toBe('ok');
    const quotes = quotationReplySchema.parse(reply.body.message);
    expect(quotes).toHaveLength(50);
    for (const quote of quotes.slice(0, 5)) {
      const tick = await get(`/market/tick?id=${quote.tick_id}`);
      const parsed = tickSchema.parse(tick.body.message);
      expect(parsed).toMatchObject({
        id: quote.tick_id,
        symbol: quote.symbol,
        price: quote.last,
        time: quote.time,
      });
    }
    expect(market().referencePrice('btc/usdt')).toMatchObject({
      price: quotes[0]?.last,
      tickId: quotes[0]?.tick_id,
    });
  });

  it('records and publishes a tick per instrument per second, deterministically', async () => {
    const seen: string[][] = [];
    const off = market().onQuotes((quotes) => seen.push(quotes.map((quote) => quote.symbol)));
    const candleEvents: string[] = [];
    const offCandle = market().onCandle((symbol, period) => candleEvents.push(`${symbol} ${period}`));
    clock.set('2026-11-20T15:00:01.000Z');
    await market().step(clock.now());
    clock.set('2026-11-20T15:00:02.000Z');
    await market().step(clock.now());
    off();
    offCandle();
    expect(seen).toHaveLength(2);
    expect(seen[0]).toHaveLength(50);
    expect(candleEvents).toContain('BTC/USDT 1w');
    const reply = await get('/currency/quotation_new');
    const btc = quotationReplySchema.parse(reply.body.message)[0];
    expect(btc?.time).toBe(Date.parse('2026-11-20T15:00:02.000Z'));
    // The same seed on a fresh service computes the same price for that second.
    const tick = tickSchema.parse((await get(`/market/tick?id=${btc?.tick_id}`)).body.message);
    expect(tick.price).toBe(btc?.last);
    // Stepping the same second again records nothing new.
    await market().step(clock.now());
    expect(market().lastTick(1)?.id).toBe(btc?.tick_id);
  });

  it('refuses an unknown tick id in the caller’s language', async () => {
    expect((await get('/market/tick?id=999999999')).body).toEqual({
      type: 'error',
      message: 'No price tick with this id was found',
    });
    expect((await get('/market/tick?id=9999999999999999999')).body.type).toBe('error');
    expect((await get('/market/tick?id=abc')).body).toEqual({ type: 'error', message: 'Parameter error' });
  });

  it('returns candles in [from, to] including the open one, at range edges', async () => {
    const open = startSeconds; // 15:00:00, a 1m and 1h boundary
    const edge = await get(`/currency/new_timeshar?symbol=BTC/USDT&period=1m&from=${open}&to=${open}`);
    const one = candlesReplySchema.parse(edge.body.message);
    expect(one.map((candle) => candle.time)).toEqual([open]);
    const day = await get(
      `/currency/new_timeshar?symbol=BTC/USDT&period=1h&from=${open - 86_400}&to=${open}`,
    );
    const hours = candlesReplySchema.parse(day.body.message);
    expect(hours).toHaveLength(25);
    expect(hours[24]?.time).toBe(open);
    expect(hours[24]?.close).toBe(market().referencePrice('BTC/USDT')?.price);
    const empty = await get(`/currency/new_timeshar?symbol=BTC/USDT&period=1m&from=1000000000&to=1000000100`);
    expect(empty.body).toEqual({ type: 'ok', message: [] });
    const huge = await get(`/currency/new_timeshar?symbol=btc/usdt&period=1m&from=1&to=${open + 600}`);
    const newest = candlesReplySchema.parse(huge.body.message);
    expect(newest).toHaveLength(candlesPerRequestMax);
    expect(newest[newest.length - 1]?.time).toBe(open);
  });

  it('reads the TradingView resolutions existing clients send as the periods they name', async () => {
    const open = startSeconds;
    const range = `from=${open - 7 * 86_400}&to=${open}`;
    const candlesOf = async (period: string) =>
      candlesReplySchema.parse(
        (await get(`/currency/new_timeshar?symbol=BTC/USDT&period=${period}&${range}`)).body.message,
      );
    for (const [alias, period] of [
      ['1min', '1m'],
      ['15min', '15m'],
      ['60min', '1h'],
      ['4hour', '4h'],
      ['1day', '1d'],
      ['1D', '1d'],
      ['1week', '1w'],
      ['1W', '1w'],
    ] as const) {
      expect(await candlesOf(alias), alias).toEqual(await candlesOf(period));
    }
    // Months are calendar months (UTC) made from the days: 2 days of history end in November.
    const months = await candlesOf('1M');
    expect(months).toEqual(await candlesOf('1mon'));
    expect(months.map((candle) => candle.time)).toEqual([Date.UTC(2026, 10, 1) / 1000]);
    const days = await candlesOf('1d');
    expect(months[0]?.open).toBe(days[0]?.open);
    expect(months[0]?.close).toBe(days[days.length - 1]?.close);
  });

  it('refuses bad candle requests', async () => {
    const base = '/currency/new_timeshar?symbol=BTC/USDT';
    expect((await get(`${base}&period=1m&from=200&to=100`)).body).toEqual({
      type: 'error',
      message: 'The start of the time range must not be after its end',
    });
    expect((await get(`/currency/new_timeshar?symbol=NOPE&period=1m&from=1&to=2`)).body).toEqual({
      type: 'error',
      message: 'This trading pair does not exist',
    });
    const parameterError = { type: 'error', message: 'Parameter error' };
    expect((await get(`${base}&period=2m&from=1&to=2`)).body).toEqual(parameterError);
    expect((await get(`${base}&period=1Y&from=1&to=2`)).body).toEqual(parameterError);
    expect((await get(`${base}&period=1m&from=abc&to=2`)).body).toEqual(parameterError);
    expect((await get(`${base}&period=1m&from=1`)).body).toEqual(parameterError);
  });

  it('keeps favourites per user, idempotently, and needs a session', async () => {
    const alice = await userToken('0x1111111111111111111111111111111111111111');
    const bob = await userToken('0x2222222222222222222222222222222222222222');
    expect((await get('/optional/list')).body.type).toBe(999);
    expect((await post('/optional/add', { currency_id: 1 })).body.type).toBe(999);
    await post('/optional/add', { currency_id: 2 }, alice);
    const twice = await post('/optional/add', { currency_id: 2 }, alice);
    expect(twice.body.message).toEqual([expect.objectContaining({ currency_id: 2, symbol: 'ETH/USDT' })]);
    await post('/optional/add', { currency_id: 1 }, alice);
    expect((await post('/optional/add', { currency_id: 999 }, alice)).body.message).toBe(
      'This trading pair does not exist',
    );
    expect((await get('/optional/list', bob)).body).toEqual({ type: 'ok', message: [] });
    const removed = await post('/optional/del', { id: 2 }, alice);
    expect((removed.body.message as { currency_id: number }[]).map((item) => item.currency_id)).toEqual([1]);
    expect((await post('/optional/del', { id: 2 }, alice)).body.type).toBe('ok');
    expect((await get('/optional/list', alice)).body.message).toEqual([
      expect.objectContaining({ currency_id: 1, symbol: 'BTC/USDT' }),
    ]);
  });

  it('does not backfill again on restart, and a restarted service has the same state', async () => {
    const db = testApp.database.db;
    const [before] = await db.select({ n: count() }).from(candles);
    const restarted = createMarketService({
      db,
      clock,
      options: { seed, backfillDays: 2, cryptoFeed: 'simulated' },
    });
    await restarted.init();
    const [after] = await db.select({ n: count() }).from(candles);
    expect(after?.n).toBe(before?.n);
    expect(restarted.lastTick(1)).toEqual(market().lastTick(1));
    const [btc] = await db.select().from(instruments).where(eq(instruments.symbol, 'BTC/USDT'));
    const history = await restarted.candles({
      symbol: 'BTC/USDT',
      period: '1d',
      from: startSeconds - 3 * 86_400,
      to: startSeconds,
    });
    expect(btc).toBeDefined();
    expect(history.map((candle) => candle.time)).toEqual([
      startSeconds - 15 * 3600 - 2 * 86_400,
      startSeconds - 15 * 3600 - 86_400,
      startSeconds - 15 * 3600,
    ]);
  });
});
