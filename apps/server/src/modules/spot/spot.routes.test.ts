import type {
  SpotDepth,
  SpotMarket,
  SpotOrder,
  SpotOrderDetail,
  SpotOrderList,
  SpotPublicTrade,
} from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean, reportFigures } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { btcId, ethId, oneBtc, oneUsdt, spotFixtures, usdtId } from './spot.fixtures';

const en = serverMessages.en;
const refusal = (key: string) => ({ type: 'error', message: en[key as keyof typeof en] });
const mine = (code: string) => refusal(`spot.errors.${code}`);
const insufficient = refusal('ledger.errors.insufficient_balance');

describe.each(testDatabases())('spot routes on $name', (testDatabase) => {
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

  /** A price `steps` ticks (0.01) away from the reference, as text. */
  const near = (reference: string, cents: number) => {
    const units = BigInt(Math.round(Number(reference) * 100)) + BigInt(cents);
    return `${units / 100n}.${String(units % 100n).padStart(2, '0')}`;
  };

  it('lists the pairs: no fees on BTC/USDT, 0.1 % on ETH/USDT, a 10 % band', async () => {
    const markets = await okMessage<SpotMarket[]>(caller.get('/coin/markets'));
    expect(markets.find((market) => market.symbol === 'BTC/USDT')).toMatchObject({
      currency_id: btcId,
      legal_id: usdtId,
      tick_size: '0.01',
      lot_size: '0.00001',
      maker_fee_rate: '0',
      taker_fee_rate: '0',
      price_band: '0.1',
      status: 'trading',
    });
    expect(markets.find((market) => market.symbol === 'ETH/USDT')).toMatchObject({
      currency_id: ethId,
      maker_fee_rate: '0.001',
      taker_fee_rate: '0.001',
    });
    expect(btcRef).not.toBe('');
  });

  it('places, fills, lists, details and cancels with exactly the rest returned (BTC/USDT, no fee)', async () => {
    const buyer = await newTrader([{ currencyId: usdtId, units: 10_000n * oneUsdt }]);
    const seller = await newTrader([{ currencyId: btcId, units: oneBtc }]);
    const price = near(btcRef, -100);
    const bid = await okMessage<SpotOrder>(
      trade(buyer, { type: 1, currency_id: btcId, legal_id: usdtId, amount: '0.1', target_price: price }),
    );
    expect(bid).toMatchObject({
      side: 'buy',
      kind: 'limit',
      status: 'open',
      amount: '0.10000',
      filled: '0.00000',
    });
    const holdAfterBid = await spotBalance(buyer, usdtId);
    const expectedHold = BigInt(Math.round(Number(price) * 100)) * 1000n; // price x 0.1 in USDT units
    expect(holdAfterBid.held).toBe(expectedHold);

    const depth = await okMessage<SpotDepth>(caller.get('/coin/depth?symbol=BTC_USDT'));
    expect(depth.bids[0]).toEqual([price, '0.10000']);

    // The seller sells 0.04 into the bid at the bid's price.
    const ask = await okMessage<SpotOrder>(
      trade(seller, {
        type: 'sell',
        currency_id: btcId,
        legal_id: usdtId,
        amount: '0.04',
        target_price: near(btcRef, -200),
      }),
    );
    expect(ask).toMatchObject({ status: 'filled', filled: '0.04000', average_price: price, fee: '0.000000' });

    const doing = await okMessage<SpotOrderList>(
      caller.get('/coin/list?status=doing', { token: buyer.token }),
    );
    expect(doing.list.map((order) => order.id)).toEqual([bid.id]);
    expect(doing.list[0]).toMatchObject({ filled: '0.04000', status: 'open' });
    const detail = await okMessage<SpotOrderDetail>(
      caller.get(`/coin/order?id=${bid.id}`, { token: buyer.token }),
    );
    expect(detail.fills).toHaveLength(1);
    expect(detail.fills[0]).toMatchObject({ role: 'maker', amount: '0.04000', price, fee: '0.000000' });
    expect(detail.fills[0]?.tick_id).not.toBeNull();
    const trades = await okMessage<SpotPublicTrade[]>(caller.get('/coin/trades?symbol=BTC/USDT'));
    expect(trades[0]).toMatchObject({ price, amount: '0.04000', side: 'sell' });

    // Cancel: the 0.06 rest comes back exactly; what was paid stays paid.
    const before = await spotBalance(buyer, usdtId);
    const cancelled = await okMessage<SpotOrder>(
      caller.post('/coin/cancel', { id: bid.id }, { token: buyer.token }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', filled: '0.04000', held: '0.000000' });
    const after = await spotBalance(buyer, usdtId);
    expect(after.balance).toBe(before.balance);
    expect(after.held).toBe(0n);
    const paid = 10_000n * oneUsdt - after.balance;
    expect(paid).toBe((expectedHold * 4n) / 10n);
    expect((await spotBalance(buyer, btcId)).balance).toBe(4_000_000n);
    expect((await spotBalance(seller, usdtId)).balance).toBe(paid);

    // Cancel twice, or someone else's: not found, nothing changes.
    expect((await caller.post('/coin/cancel', { id: bid.id }, { token: buyer.token })).body).toEqual(
      mine('order_not_found'),
    );
    expect((await caller.post('/coin/cancel', { id: bid.id }, { token: seller.token })).body).toEqual(
      mine('order_not_found'),
    );
    const complete = await okMessage<SpotOrderList>(
      caller.get('/coin/list?status=complete', { token: buyer.token }),
    );
    expect(complete.list[0]).toMatchObject({ id: bid.id, status: 'cancelled' });
    await expectLedgerClean(testApp.database);
  });

  it('charges 0.1 % on ETH/USDT to both sides, to the fees account', async () => {
    const buyer = await newTrader([{ currencyId: usdtId, units: 10_000n * oneUsdt }]);
    const seller = await newTrader([{ currencyId: ethId, units: oneBtc }]);
    const feesBefore = await systemBalance('fees', usdtId);
    const price = near(ethRef, 0);
    await okMessage<SpotOrder>(
      trade(seller, { type: 2, currency_id: ethId, legal_id: usdtId, amount: '0.5', target_price: price }),
    );
    const taken = await okMessage<SpotOrder>(
      trade(buyer, { type: 1, currency_id: ethId, legal_id: usdtId, amount: '0.5', target_price: price }),
    );
    const notional = BigInt(Math.round(Number(price) * 100)) * 5n * 10n ** 3n; // price x 0.5 in units
    const fee = (notional + 999n) / 1000n;
    expect(taken).toMatchObject({ status: 'filled', fee: (Number(fee) / 1e6).toFixed(6) });
    expect((await spotBalance(buyer, usdtId)).balance).toBe(10_000n * oneUsdt - notional - fee);
    expect((await spotBalance(seller, usdtId)).balance).toBe(notional - fee);
    expect((await systemBalance('fees', usdtId)) - feesBefore).toBe(2n * fee);
    await expectLedgerClean(testApp.database);
  });

  it('refuses absurd input and changes nothing (case 7)', async () => {
    const trader = await newTrader([{ currencyId: usdtId, units: 100n * oneUsdt }]);
    const base = { type: 1, currency_id: btcId, legal_id: usdtId };
    const price = near(btcRef, 0);
    const cases: [Record<string, unknown>, unknown][] = [
      [{ amount: '0', target_price: price }, mine('amount_not_positive')],
      [{ amount: '-1', target_price: price }, mine('amount_invalid')],
      [{ amount: '1e-30', target_price: price }, mine('amount_invalid')],
      [{ amount: '1e30', target_price: price }, mine('amount_invalid')],
      [{ amount: 'NaN', target_price: price }, mine('amount_invalid')],
      [{ amount: '0.000001', target_price: price }, mine('amount_off_lot')],
      [{ amount: '0.001', target_price: '0' }, mine('price_not_positive')],
      [{ amount: '0.001', target_price: '-5' }, mine('price_invalid')],
      [{ amount: '0.001', target_price: '1e-30' }, mine('price_invalid')],
      [{ amount: '0.001', target_price: 'abc' }, mine('price_invalid')],
      [{ amount: '0.001', target_price: `${price}1` }, mine('price_off_tick')],
      [
        { amount: '0.001', target_price: near(btcRef, Math.round(Number(btcRef) * 20)) },
        mine('price_outside_band'),
      ],
      [{ amount: '0.001', target_price: '1.00' }, mine('price_outside_band')],
      [{ amount: '1', target_price: price }, insufficient],
    ];
    const before = await spotBalance(trader, usdtId);
    let accepted = 0;
    for (const [body, reply] of cases) {
      const answer = await trade(trader, { ...base, ...body });
      if (answer.body.type === 'ok') accepted += 1;
      expect(answer.body, JSON.stringify(body)).toEqual(reply);
    }
    expect(await spotBalance(trader, usdtId)).toEqual(before);
    const open = await okMessage<SpotOrderList>(caller.get('/coin/list', { token: trader.token }));
    expect(open.total).toBe(0);
    reportFigures(testDatabase.name, [
      { label: 'absurd spot orders', tried: cases.length, bad: accepted, badLabel: 'accepted' },
    ]);
    await expectLedgerClean(testApp.database);
  });
});
