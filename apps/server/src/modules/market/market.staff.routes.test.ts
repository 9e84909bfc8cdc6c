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
  SpotMarket,
  SpotOrder,
  SpotOrderDetail,
  SpotOrderList,
} from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { btcId, ethId, oneBtc, oneUsdt, spotFixtures, usdtId } from '../spot/spot.fixtures';

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
      message: serverMessages.en['market.errors.instrument_rules_invalid'],
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
      message: serverMessages.en['market.errors.instrument_rules_invalid'],
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
      message: serverMessages.en['market.errors.instrument_symbol_taken'],
    });
    const [entry] = (await admin<AuditList>(`/admin/audit?target_type=instrument&target_id=${created.id}`))
      .list;
    expect(entry).toMatchObject({ action: 'instrument.create', before: null, after: { symbol: 'FXT/USDT' } });
  });

  it('gives a new spot instrument between two ledger currencies its spot pair at once', async () => {
    await admin<AdminInstrument>('/admin/content/instruments/create', {
      symbol: 'ETH/BTC',
      kind: 'spot',
      base: 'ETH',
      quote: 'BTC',
      tick_size: '0.00001',
      lot_size: '0.001',
      price_decimals: 5,
      reference_price: '0.03500',
    });
    const pair = (await okMessage<SpotMarket[]>(call('GET', '/coin/markets'))).find(
      (market) => market.symbol === 'ETH/BTC',
    );
    expect(pair).toMatchObject({ status: 'trading', tick_size: '0.00001', lot_size: '0.001' });
    const trader = await spot.newTrader([{ currencyId: btcId, units: oneBtc }]);
    const bid = await spot.okMessage<SpotOrder>(
      spot.trade(trader, {
        currency_id: ethId,
        legal_id: btcId,
        type: 1,
        amount: '0.01',
        target_price: pair?.reference_price ?? '0',
      }),
    );
    expect(bid).toMatchObject({ symbol: 'ETH/BTC', status: 'open' });
    expect((await admin<AdminSpotFees[]>('/admin/content/spot-fees')).map((fees) => fees.symbol)).toContain(
      'ETH/BTC',
    );
  });

  it('sets spot fee rates for new orders only: a resting order pays the rates it was placed with', async () => {
    const ethUsdt = (await admin<AdminSpotFees[]>('/admin/content/spot-fees')).find(
      (pair) => pair.symbol === 'ETH/USDT',
    );
    if (!ethUsdt) throw new Error('ETH/USDT has no spot pair');
    expect(ethUsdt).toMatchObject({ maker_fee_rate: '0.001', taker_fee_rate: '0.001' });
    const markets = await okMessage<SpotMarket[]>(call('GET', '/coin/markets'));
    const reference = markets.find((pair) => pair.symbol === 'ETH/USDT')?.reference_price;
    if (!reference) throw new Error('ETH/USDT has no reference price');
    const cents = BigInt(Math.round(Number(reference) * 100));
    const price = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
    const ethPair = { currency_id: ethId, legal_id: usdtId };
    const buyer = await spot.newTrader([{ currencyId: usdtId, units: 1_000n * oneUsdt }]);
    const seller = await spot.newTrader([{ currencyId: ethId, units: oneBtc }]);
    const key = () => `fees-${testDatabase.name}-${Math.random()}`;
    // The buy rests first (maker), sized and charged at 0.1 %.
    const bid = await spot.okMessage<SpotOrder>(
      spot.trade(buyer, { ...ethPair, type: 1, amount: '0.01', target_price: price }, key()),
    );
    const heldBefore = (await spot.spotBalance(buyer, usdtId)).held;

    for (const bad of ['0.5', '-0.001', '0.000000001', 'x']) {
      const reply = await call('POST', '/admin/content/spot-fees/update', tokens.admin, {
        instrument_id: ethUsdt.instrument_id,
        maker_fee_rate: bad,
        taker_fee_rate: '0.001',
      });
      expect(reply.body, bad).toEqual(parameterError);
    }
    const raised = await admin<AdminSpotFees>('/admin/content/spot-fees/update', {
      instrument_id: ethUsdt.instrument_id,
      maker_fee_rate: '0.004',
      taker_fee_rate: '0.003',
    });
    try {
      expect(raised).toMatchObject({ symbol: 'ETH/USDT', maker_fee_rate: '0.004', taker_fee_rate: '0.003' });
      const view = (await okMessage<SpotMarket[]>(call('GET', '/coin/markets'))).find(
        (pair) => pair.symbol === 'ETH/USDT',
      );
      expect(view).toMatchObject({ maker_fee_rate: '0.004', taker_fee_rate: '0.003' });
      // The resting buy's hold did not move.
      expect((await spot.spotBalance(buyer, usdtId)).held).toBe(heldBefore);

      // A sell placed now takes at the new taker rate; the resting buy pays its own 0.1 % maker rate.
      await spot.okMessage(
        spot.trade(seller, { ...ethPair, type: 2, amount: '0.01', target_price: price }, key()),
      );
      const detail = await spot.okMessage<SpotOrderDetail>(
        spot.caller.get(`/coin/order?id=${bid.id}`, { token: buyer.token }),
      );
      expect(detail.order.status).toBe('filled');
      const micro = (text: string) => {
        const [whole = '0', fraction = ''] = text.split('.');
        return BigInt(whole) * oneUsdt + BigInt(fraction.padEnd(6, '0').slice(0, 6));
      };
      // Notional in micro-USDT is cents x 100 (price x 0.01 ETH); fees are rounded up.
      const notional = cents * 100n;
      expect(micro(detail.order.fee)).toBe((notional + 999n) / 1000n);
      const sellerOrders = await spot.okMessage<SpotOrderList>(
        spot.caller.get('/coin/list?status=complete', { token: seller.token }),
      );
      const sold = sellerOrders.list[0];
      expect(sold?.status).toBe('filled');
      expect(micro(sold?.fee ?? '')).toBe((notional * 3n + 999n) / 1000n);
      // The buyer paid cost + its own fee and got the rest of the hold back.
      expect(await spot.spotBalance(buyer, usdtId)).toEqual({
        balance: 1_000n * oneUsdt - notional - (notional + 999n) / 1000n,
        held: 0n,
      });

      const [entry] = (
        await admin<AuditList>(`/admin/audit?target_type=instrument&target_id=${ethUsdt.instrument_id}`)
      ).list;
      expect(entry).toMatchObject({
        action: 'fee.spot_update',
        before: { maker_fee_rate: '0.001', taker_fee_rate: '0.001' },
        after: { maker_fee_rate: '0.004', taker_fee_rate: '0.003' },
      });
      const notSpot = (await admin<AdminInstrument[]>('/admin/content/instruments')).find(
        (item) => item.kind !== 'spot',
      );
      if (notSpot) {
        const refused = await call('POST', '/admin/content/spot-fees/update', tokens.admin, {
          instrument_id: notSpot.id,
          maker_fee_rate: '0',
          taker_fee_rate: '0',
        });
        expect(refused.body).toEqual({
          type: 'error',
          message: serverMessages.en['spot.errors.pair_not_found'],
        });
      }
    } finally {
      await admin('/admin/content/spot-fees/update', {
        instrument_id: ethUsdt.instrument_id,
        maker_fee_rate: '0.001',
        taker_fee_rate: '0.001',
      });
    }
    await expectLedgerClean(testApp.database);
  });

  it('shows the withdrawal fees and the 24-hour limits per level', async () => {
    const withdrawal = await admin<AdminWithdrawalFees>('/admin/content/withdrawal-fees');
    expect(withdrawal.currencies.find((currency) => currency.code === 'USDT')).toMatchObject({ scale: 6 });
    expect(withdrawal.limits).toEqual([
      { level: 1, limit_btc: '200.00000000' },
      { level: 2, limit_btc: '500.00000000' },
    ]);
    const tooPrecise = await call('POST', '/admin/content/withdrawal-fees/update', tokens.admin, {
      currency_id: usdtId,
      withdraw_min: '1.0000001',
      withdraw_fee: '1',
    });
    expect(tooPrecise.body).toEqual({
      type: 'error',
      message: serverMessages.en['withdrawals.errors.terms_too_precise'],
    });
    const noCurrency = await call('POST', '/admin/content/withdrawal-fees/update', tokens.admin, {
      currency_id: 999,
      withdraw_min: '1',
      withdraw_fee: '1',
    });
    expect(noCurrency.body).toEqual({
      type: 'error',
      message: serverMessages.en['withdrawals.errors.currency_unknown'],
    });
    const badLevel = await call('POST', '/admin/content/withdrawal-limits/update', tokens.admin, {
      level: 0,
      limit_btc: '1',
    });
    expect(badLevel.body).toEqual(parameterError);
    expect((await admin<AdminWithdrawalFees>('/admin/content/withdrawal-fees')).limits[0]?.limit_btc).toBe(
      '200.00000000',
    );
  });
});
