/**
 * Listing an IEO token on spot: staff (admin) open `<symbol>/USDT` once the listing time has come,
 * on a reference price they set, recorded as the pair's first tick; the market maker gets part of
 * the unallocated issuance by a recorded entry and quotes around the reference; a subscriber sells
 * released tokens into the maker's bid, and the fill cites the reference tick.
 */
import type { IeoProject, SpotMarket, SpotOrder } from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean, fundUser } from '../../test-support/money-test';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { userAccountBalances } from '../ledger';
import { createMarketMaker, type MarketMakerConfig } from '../spot/spot.market-maker';

const en = serverMessages.en;
const refusal = (code: string) => ({ type: 'error', message: en[`ieo.errors.${code}` as keyof typeof en] });

const usdt = 3;
const oneUsdt = 1_000_000n;
const hourMs = 3_600_000;
const dayMs = 86_400_000;
const startIso = '2026-12-10T00:00:00.000Z';
const t0 = Date.parse(startIso);

const userIds = { a: 9301, b: 9302 } as const;
const principals: Record<string, Principal> = {
  'staff-admin': { kind: 'staff', staffId: 91, roles: ['admin'] },
  'staff-finance': { kind: 'staff', staffId: 92, roles: ['finance'] },
  'user-a': { kind: 'user', userId: userIds.a, verificationLevel: 1 },
  'user-b': { kind: 'user', userId: userIds.b, verificationLevel: 1 },
};

const makerConfig: MarketMakerConfig = {
  settings: { levels: 3, halfSpreadPpm: 5_000n, stepPpm: 5_000n, edgePpm: 5_000n, skewPpm: 0n },
  levelValue: '50',
  funding: { USDT: '100000' },
};
const silent = { info: () => {}, warn: () => {} };

describe.each(testDatabases())('ieo listing on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock(startIso);
  let keys = 0;
  let projectId = 0;
  let tokenId = 0;

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
      headers: { ...(token ? { authorization: token } : {}), 'idempotency-key': `ieo-listing-${++keys}` },
      payload: { lang: 'en', ...body },
    });
  const okOf = async <T>(reply: ReturnType<typeof get>): Promise<T> => {
    const { status, body } = await reply;
    expect(status).toBe(200);
    expect(body.type, JSON.stringify(body)).toBe('ok');
    return body.message as T;
  };
  const rows = async <T>(query: string) =>
    ((await testApp.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tokens = async (userId: number) => {
    const row = (await userAccountBalances(testApp.database.db, userId)).find(
      (r) => r.currencyId === tokenId && r.kind === 2,
    );
    return { balance: row?.balance ?? 0n, held: row?.held ?? 0n };
  };
  const list = (body: Record<string, unknown>, token = 'staff-admin') =>
    post('/admin/ieo/projects/list', { project_id: projectId, ...body }, token);

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, {
      clock,
      staffStandIns: principals,
      // The maker is on (a listing needs it); the test drives its refreshes itself.
      env: { SPOT_MARKET_MAKER: 'true', SIMULATED_MARKET_ACCEPTED: 'true' },
    });
    for (const who of ['a', 'b'] as const) {
      await fundUser(testApp.database, { userId: userIds[who], currencyId: usdt, units: 1000n * oneUsdt });
    }
    const project = await okOf<IeoProject>(
      post(
        '/admin/ieo/projects/create',
        {
          name: 'Lumen',
          symbol: 'LUMN',
          scale: 2,
          descriptions: { en: 'Lumen lists on spot' },
          prices: [{ currency_id: usdt, price: '0.5' }],
          issuance: '1000',
          min_per_user: '10',
          max_per_user: '600',
          starts_at: t0 + hourMs,
          ends_at: t0 + 2 * hourMs,
          lock_days: 1,
          listing_at: t0 + 2 * hourMs + 2 * dayMs,
        },
        'staff-admin',
      ),
    );
    projectId = project.id;
    tokenId = project.currency_id;
    clock.set(new Date(t0 + hourMs).toISOString());
    await okOf(
      post(
        '/project/order',
        { project_id: projectId, amount: '400', pay_currency: 'USDT', price: '0.5' },
        'user-a',
      ),
    );
    await okOf(
      post(
        '/project/order',
        { project_id: projectId, amount: '200', pay_currency: 'USDT', price: '0.5' },
        'user-b',
      ),
    );
    clock.set(new Date(t0 + 2 * hourMs).toISOString());
    await testApp.services.scheduler.runDue();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('refuses other roles, and an admin before the listing time with a localised error', async () => {
    expect((await list({ reference_price: '0.8' }, 'staff-finance')).status).toBe(403);
    expect((await list({ reference_price: '0.8' }, 'user-a')).status).toBe(403);
    expect((await list({ reference_price: '0.8' })).body).toEqual(refusal('listing_not_yet'));
    const zh = await testApp.call({
      method: 'POST',
      url: '/api/admin/ieo/projects/list',
      headers: { authorization: 'staff-admin', 'idempotency-key': `ieo-listing-${++keys}` },
      payload: { lang: 'zh', project_id: projectId, reference_price: '0.8' },
    });
    expect(zh.body).toEqual({ type: 'error', message: serverMessages.zh['ieo.errors.listing_not_yet'] });
    // The lock cycle ends before the listing: a's 400 tokens are released.
    clock.advance(dayMs);
    await testApp.services.scheduler.runDue();
    expect(await tokens(userIds.a)).toEqual({ balance: 40_000n, held: 0n });
    clock.set(new Date(t0 + 2 * hourMs + 2 * dayMs - 1).toISOString());
    expect((await list({ reference_price: '0.8' })).body).toEqual(refusal('listing_not_yet'));
    // Bad input changes nothing.
    clock.advance(1);
    expect((await list({ reference_price: '0' })).body).toEqual(refusal('listing_reference_invalid'));
    expect((await list({ reference_price: '0.8', maker_inventory: '400.01' })).body).toEqual(
      refusal('listing_inventory_too_large'),
    );
    expect((await get(`/project/detail?project_id=${projectId}`)).body.message).toMatchObject({
      listed_at: null,
      listing_symbol: null,
    });
    expect(await rows(`select id from instruments where symbol = 'LUMN/USDT'`)).toEqual([]);
  });

  it('opens LUMN/USDT on the recorded reference, funds the maker once, and refuses a second time', async () => {
    const project = await okOf<IeoProject>(list({ reference_price: '0.8', maker_inventory: '300' }));
    expect(project).toMatchObject({
      listing_symbol: 'LUMN/USDT',
      listing_reference: '0.8000',
      maker_inventory: '300.00',
    });
    expect(project.listed_at).toBe(clock.now().getTime());
    expect((await list({ reference_price: '0.9' })).body).toEqual(refusal('already_listed'));

    // The reference is a recorded tick (source "reference"), and the market cites it.
    const [tick] = await rows<{ id: string; price: string; source: string }>(
      `select t.id::text as id, t.price::text as price, t.source from price_ticks t
       join instruments i on i.id = t.instrument_id where i.symbol = 'LUMN/USDT'`,
    );
    expect(tick?.source).toBe('reference');
    expect(Number(tick?.price)).toBe(0.8);
    const quotes = await okOf<{ symbol: string; last: string; tick_id: string }[]>(
      get('/currency/quotation_new'),
    );
    expect(quotes.find((quote) => quote.symbol === 'LUMN/USDT')).toMatchObject({
      last: '0.8000',
      tick_id: tick?.id,
    });
    const markets = await okOf<SpotMarket[]>(get('/coin/markets'));
    expect(markets.map((market) => market.symbol)).toContain('LUMN/USDT');
    const instruments = await okOf<{ symbol: string; feed: string }[]>(get('/market/instruments'));
    expect(instruments.find((instrument) => instrument.symbol === 'LUMN/USDT')).toMatchObject({
      feed: 'reference',
    });

    // 300 of the 400 unallocated tokens moved to the maker by one entry; 100 stay in issuance.
    const entries = await rows<{ n: number }>(
      `select count(*)::int as n from ledger_entries where reference = 'ieo:${projectId}:listing'`,
    );
    expect(entries[0]?.n).toBe(1);
    const [pool] = await rows<{ balance: string }>(
      `select balance::text from ledger_accounts where system_name = 'pool:ieo:${projectId}'`,
    );
    expect(pool?.balance).toBe('10000');
    const audit = await rows<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'ieo.project_list'`,
    );
    expect(audit[0]?.n).toBe(1);
    await expectLedgerClean(testApp.database);
  });

  it('lets a holder of released tokens sell into the maker’s bid, the fill citing the reference tick', async () => {
    const { spot, market, ledger } = testApp.services;
    const maker = createMarketMaker({
      spot,
      market,
      db: testApp.database.db,
      clock,
      ledger,
      config: makerConfig,
      logger: silent,
    });
    await maker.refresh('LUMN/USDT');
    const makerId = await maker.userId();
    expect(await tokens(makerId)).toMatchObject({ balance: 30_000n });
    const depth = spot.depth('LUMN/USDT', 5);
    expect(depth.bids.length).toBeGreaterThan(0);
    expect(depth.asks.length).toBeGreaterThan(0);
    const [bestBid] = depth.bids[0] ?? [];
    expect(Number(bestBid)).toBeLessThan(0.8);

    const order = await okOf<SpotOrder>(
      post(
        '/coin/trade',
        { currency_id: tokenId, legal_id: usdt, type: 2, amount: '50', target_price: bestBid },
        'user-a',
      ),
    );
    expect(order).toMatchObject({ symbol: 'LUMN/USDT', side: 'sell', filled: '50.00' });
    expect(await tokens(userIds.a)).toEqual({ balance: 35_000n, held: 0n });
    const [tick] = await rows<{ id: string }>(
      `select t.id::text as id from price_ticks t join instruments i on i.id = t.instrument_id
       where i.symbol = 'LUMN/USDT' and t.source = 'reference'`,
    );
    const trades = await rows<{ tick_id: string | null }>(
      `select tr.tick_id::text as tick_id from spot_trades tr join instruments i on i.id = tr.instrument_id
       where i.symbol = 'LUMN/USDT'`,
    );
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.every((trade) => trade.tick_id === tick?.id)).toBe(true);
    await maker.stop();
    await expectLedgerClean(testApp.database);
  });
});
