/**
 * A spot round that breaks an invariant halts its pair (reliability: a failed invariant on a money
 * path is not an ordinary error): orders and cancels there are refused with the halts message,
 * other pairs trade on, the console lists the halt, and only an admin resumes it, after which the
 * pair trades again on a book rebuilt from the database. The ledger checks hold throughout.
 */
import type { HaltList, SpotMarket, SpotOrder } from '@fairex/contract';
import { InvariantError } from '@fairex/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { btcId, ethId, oneUsdt, spotFixtures, usdtId } from './spot.fixtures';

const staffStandIns: Record<string, Principal> = {
  'halts-admin': { kind: 'staff', staffId: 1, roles: ['admin'] },
  'halts-finance': { kind: 'staff', staffId: 2, roles: ['finance'] },
};
const halted = { type: 'error', message: serverMessages.en['halts.errors.halted'] };

describe.each(testDatabases())('a broken invariant halts its spot pair on $name', (testDatabase) => {
  let testApp: TestApp;
  const { caller, okMessage, newTrader, spotBalance, trade } = spotFixtures(() => testApp);

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { staffStandIns });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('stops the pair, keeps the others trading, and trades again once an admin resumes it', async () => {
    const markets = await okMessage<SpotMarket[]>(caller.get('/coin/markets'));
    const priceOf = (symbol: string) => {
      const reference = markets.find((market) => market.symbol === symbol)?.reference_price;
      if (!reference) throw new Error(`no reference price for ${symbol}`);
      return (Math.floor(Number(reference) * 0.95 * 100) / 100).toFixed(2);
    };
    const trader = await newTrader([{ currencyId: usdtId, units: 10_000n * oneUsdt }]);
    const resting = await okMessage<SpotOrder>(
      trade(trader, {
        currency_id: btcId,
        legal_id: usdtId,
        type: 1,
        amount: '0.001',
        target_price: priceOf('BTC/USDT'),
      }),
    );

    // The next round on BTC/USDT finds the ledger breaking one of its invariants.
    const ledger = testApp.services.ledger;
    const apply = ledger.apply;
    Object.assign(ledger, {
      apply: async () => {
        throw new InvariantError('a fill would charge beyond its hold');
      },
    });
    const buyBtc = {
      currency_id: btcId,
      legal_id: usdtId,
      type: 1,
      amount: '0.001',
      target_price: priceOf('BTC/USDT'),
    };
    try {
      expect((await trade(trader, buyBtc)).body).toEqual(halted);
    } finally {
      Object.assign(ledger, { apply });
    }
    expect((await trade(trader, buyBtc)).body).toEqual(halted);
    expect((await caller.post('/coin/cancel', { id: resting.id }, { token: trader.token })).body).toEqual(
      halted,
    );
    // Another pair is not affected.
    await okMessage<SpotOrder>(
      trade(trader, {
        currency_id: ethId,
        legal_id: usdtId,
        type: 1,
        amount: '0.01',
        target_price: priceOf('ETH/USDT'),
      }),
    );

    const list = await okMessage<HaltList>(caller.get('/admin/halts', { token: 'halts-finance' }));
    expect(list.open).toEqual([
      expect.objectContaining({ scope: 'spot:BTC/USDT', reason: 'a fill would charge beyond its hold' }),
    ]);
    // Only an admin resumes.
    expect(
      (await caller.post('/admin/halts/resume', { scope: 'spot:BTC/USDT' }, { token: 'halts-finance' }))
        .status,
    ).toBe(403);
    await okMessage(caller.post('/admin/halts/resume', { scope: 'spot:BTC/USDT' }, { token: 'halts-admin' }));
    expect(
      (await caller.post('/admin/halts/resume', { scope: 'spot:BTC/USDT' }, { token: 'halts-admin' })).body,
    ).toEqual({
      type: 'error',
      message: serverMessages.en['halts.errors.not_halted'],
    });

    // Trading again, on a book rebuilt from the database: the resting order is still there.
    const again = await okMessage<SpotOrder>(trade(trader, buyBtc));
    expect(again.status).toBe('open');
    await okMessage(caller.post('/coin/cancel', { id: resting.id }, { token: trader.token }));
    const after = await okMessage<HaltList>(caller.get('/admin/halts', { token: 'halts-admin' }));
    expect(after.open).toEqual([]);
    expect(after.recent[0]).toMatchObject({ scope: 'spot:BTC/USDT', resumed_by: 1 });
    expect((await spotBalance(trader, usdtId)).held).toBeGreaterThan(0n);
    await expectLedgerClean(testApp.database);
  });
});
