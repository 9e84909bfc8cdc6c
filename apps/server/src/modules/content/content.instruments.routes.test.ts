/**
 * Instruments and fee figures for admins: pausing an instrument shows at once in the public lists
 * and quotes and refuses new spot orders; resuming restores them; display fields change, a new
 * instrument trades at once; prices and grids are never editable; each change is audited.
 */
import type {
  AdminInstrument,
  AdminSpotFees,
  AdminWithdrawalFees,
  AuditList,
  Instrument,
} from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { btcId, spotFixtures, usdtId } from '../spot/spot.fixtures';

const tokens = { admin: 'staff-admin', content: 'staff-content' } as const;
const staffStandIns: Record<string, Principal> = {
  [tokens.admin]: { kind: 'staff', staffId: 1, roles: ['admin'] },
  [tokens.content]: { kind: 'staff', staffId: 31, roles: ['content'] },
};
type Reply = { status: number; body: { type: unknown; message: unknown } };
const parameterError = { type: 'error', message: 'Parameter error' };

describe.each(testDatabases())('staff instrument routes on $name', (testDatabase) => {
  let testApp: TestApp;
  const spot = spotFixtures(() => testApp);

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { staffStandIns });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  function call(method: 'GET' | 'POST', url: string, token?: string, payload?: object): Promise<Reply> {
    return testApp.call({
      method,
      url: `/api${url}`,
      headers: token ? { authorization: token } : {},
      ...(payload ? { payload: { lang: 'en', ...payload } } : {}),
    });
  }
  async function okMessage<T>(reply: Promise<Reply>): Promise<T> {
    const { body } = await reply;
    expect(body.type, JSON.stringify(body)).toBe('ok');
    return body.message as T;
  }
  const admin = <T>(url: string, payload?: object) =>
    okMessage<T>(call(payload ? 'POST' : 'GET', url, tokens.admin, payload));
  const publicInstrument = async (symbol: string) =>
    (await okMessage<Instrument[]>(call('GET', '/market/instruments'))).find(
      (item) => item.symbol === symbol,
    );
  const quotedSymbols = async () =>
    (await okMessage<{ symbol: string }[]>(call('GET', '/currency/quotation_new'))).map(
      (quote) => quote.symbol,
    );
  const btcUsdtId = async () => {
    const list = await admin<AdminInstrument[]>('/admin/content/instruments');
    const found = list.find((item) => item.symbol === 'BTC/USDT');
    if (!found) throw new Error('BTC/USDT not seeded');
    return found.id;
  };

  it('is for admins only', async () => {
    expect((await call('GET', '/admin/content/instruments', tokens.content)).status).toBe(403);
    expect((await call('POST', '/admin/content/instruments/pause', tokens.content, { id: 1 })).status).toBe(
      403,
    );
    expect((await call('GET', '/admin/content/spot-fees', tokens.content)).status).toBe(403);
  });

  it('pauses an instrument: public lists, quotes and spot orders see it at once; resume restores', async () => {
    const id = await btcUsdtId();
    const trader = await spot.newTrader();
    const order = { amount: '0.001', target_price: '1', currency_id: btcId, legal_id: usdtId, type: 1 };
    expect(await quotedSymbols()).toContain('BTC/USDT');

    const paused = await admin<AdminInstrument>('/admin/content/instruments/pause', { id });
    expect(paused.status).toBe('paused');
    expect((await publicInstrument('BTC/USDT'))?.status).toBe('paused');
    expect(await quotedSymbols()).not.toContain('BTC/USDT');
    const markets = await okMessage<{ symbol: string; status: string }[]>(call('GET', '/coin/markets'));
    expect(markets.find((pair) => pair.symbol === 'BTC/USDT')?.status).toBe('paused');
    const refused = await spot.trade(trader, order, `pause-${testDatabase.name}-${Date.now()}`);
    expect(refused.body).toEqual({ type: 'error', message: serverMessages.en['spot.errors.market_paused'] });

    await admin('/admin/content/instruments/resume', { id });
    expect((await publicInstrument('BTC/USDT'))?.status).toBe('trading');
    expect(await quotedSymbols()).toContain('BTC/USDT');
    const again = await spot.trade(trader, order, `resume-${testDatabase.name}-${Date.now()}`);
    expect(again.body).not.toEqual({
      type: 'error',
      message: serverMessages.en['spot.errors.market_paused'],
    });

    const audit = (await admin<AuditList>(`/admin/audit?target_type=instrument&target_id=${id}`)).list;
    expect(audit.map((entry) => entry.action)).toEqual(['instrument.resume', 'instrument.pause']);
    expect(audit[1]).toMatchObject({ before: { status: 'trading' }, after: { status: 'paused' } });
  });

  it('changes display fields only; tick, lot and prices are refused as unknown fields', async () => {
    const id = await btcUsdtId();
    const before = await publicInstrument('BTC/USDT');
    const updated = await admin<AdminInstrument>('/admin/content/instruments/update', {
      id,
      price_decimals: 4,
      sort_order: 5,
    });
    expect(updated).toMatchObject({ price_decimals: 4, sort_order: 5, tick_size: before?.tick_size });
    expect((await publicInstrument('BTC/USDT'))?.price_decimals).toBe(4);
    for (const forbidden of [
      { tick_size: '1' },
      { lot_size: '1' },
      { reference_price: '1' },
      { price: '1' },
    ]) {
      const reply = await call('POST', '/admin/content/instruments/update', tokens.admin, {
        id,
        ...forbidden,
      });
      expect(reply.body).toEqual(parameterError);
    }
    const tooFew = await call('POST', '/admin/content/instruments/update', tokens.admin, {
      id,
      price_decimals: 0,
    });
    expect(tooFew.body).toEqual({
      type: 'error',
      message: serverMessages.en['content.errors.instrument_rules_invalid'],
    });
    expect((await publicInstrument('BTC/USDT'))?.price_decimals).toBe(4);
    const [entry] = (await admin<AuditList>(`/admin/audit?target_type=instrument&target_id=${id}`)).list;
    expect(entry).toMatchObject({ action: 'instrument.update', after: { price_decimals: 4 } });
  });

  it('adds an instrument that is listed and quoted at once; a taken symbol or bad grid is refused', async () => {
    const body = {
      symbol: 'FXT/USDT',
      kind: 'spot',
      base: 'FXT',
      quote: 'USDT',
      tick_size: '0.0001',
      lot_size: '1',
      price_decimals: 4,
      reference_price: '0.1234',
    };
    const offGrid = await call('POST', '/admin/content/instruments/create', tokens.admin, {
      ...body,
      reference_price: '0.12345',
    });
    expect(offGrid.body).toEqual({
      type: 'error',
      message: serverMessages.en['content.errors.instrument_rules_invalid'],
    });
    const created = await admin<AdminInstrument>('/admin/content/instruments/create', body);
    expect(created).toMatchObject({ symbol: 'FXT/USDT', status: 'trading', feed: 'simulated' });
    expect(await publicInstrument('FXT/USDT')).toBeDefined();
    expect(await quotedSymbols()).toContain('FXT/USDT');
    const twice = await call('POST', '/admin/content/instruments/create', tokens.admin, {
      ...body,
      symbol: 'fxt/usdt',
    });
    expect(twice.body).toEqual({
      type: 'error',
      message: serverMessages.en['content.errors.instrument_symbol_taken'],
    });
    const [entry] = (await admin<AuditList>(`/admin/audit?target_type=instrument&target_id=${created.id}`))
      .list;
    expect(entry).toMatchObject({ action: 'instrument.create', before: null, after: { symbol: 'FXT/USDT' } });
  });

  it('shows the spot fees in force and the withdrawal fees, read-only', async () => {
    const fees = await admin<AdminSpotFees[]>('/admin/content/spot-fees');
    expect(fees.find((pair) => pair.symbol === 'ETH/USDT')).toMatchObject({
      maker_fee_rate: '0.001',
      taker_fee_rate: '0.001',
    });
    const withdrawal = await admin<AdminWithdrawalFees>('/admin/content/withdrawal-fees');
    expect(withdrawal.editable).toBe(false);
    expect(withdrawal.currencies.map((currency) => currency.code)).toContain('USDT');
  });
});
