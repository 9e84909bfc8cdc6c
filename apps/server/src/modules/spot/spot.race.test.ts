/**
 * Concurrency and random sequences: N parallel orders from one balance (case 1) accept exactly
 * what the balance funds; random orders and cancels of several users, in parallel bursts, leave
 * every ledger check clean, the book equal to the open orders in the database, and nothing held
 * once every order is cancelled.
 */
import type { SpotMarket, SpotOrder } from '@fairex/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcedSeed, expectLedgerClean, reportFigures } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { btcId, ethId, oneBtc, oneUsdt, spotFixtures, type Trader, usdtId } from './spot.fixtures';
import { createSpotService } from './spot.service';

describe.each(testDatabases())('spot under concurrency on $name', (testDatabase) => {
  let testApp: TestApp;
  const { caller, okMessage, newTrader, spotBalance, trade } = spotFixtures(() => testApp);
  const references = new Map<string, string>();

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { env: { DEMO: 'true' } });
    const markets = await okMessage<SpotMarket[]>(caller.get('/coin/markets'));
    for (const market of markets) references.set(market.symbol, market.reference_price ?? '');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const cents = (price: string) => BigInt(Math.round(Number(price) * 100));
  const priceAt = (symbol: string, offset: number) => {
    const units = cents(references.get(symbol) ?? '0') + BigInt(offset);
    return `${units / 100n}.${String(units % 100n).padStart(2, '0')}`;
  };

  it('accepts exactly floor(B / a) of N parallel orders from one balance (case 1)', async () => {
    const price = priceAt('BTC/USDT', -3000);
    const each = cents(price) * 1000n; // 0.1 BTC at price, in USDT units (no fee on BTC/USDT)
    const funds = each * 7n + each / 2n;
    const trader = await newTrader([{ currencyId: usdtId, units: funds }]);
    const attempts = 24;
    const replies = await Promise.all(
      Array.from({ length: attempts }, () =>
        trade(trader, { type: 1, currency_id: btcId, legal_id: usdtId, amount: '0.1', target_price: price }),
      ),
    );
    const accepted = replies.filter((reply) => reply.body.type === 'ok').length;
    const balance = await spotBalance(trader, usdtId);
    expect(balance).toEqual({ balance: funds, held: each * 7n });
    reportFigures(testDatabase.name, [
      {
        label: 'parallel spot orders beyond the balance',
        tried: attempts,
        bad: Math.abs(accepted - 7),
        badLabel: 'wrong acceptances',
      },
    ]);
    for (const reply of replies) {
      if (reply.body.type === 'ok')
        await okMessage(
          caller.post('/coin/cancel', { id: (reply.body.message as SpotOrder).id }, { token: trader.token }),
        );
    }
    expect(await spotBalance(trader, usdtId)).toEqual({ balance: funds, held: 0n });
    await expectLedgerClean(testApp.database);
  });

  type Step =
    | {
        kind: 'place';
        user: number;
        symbol: 'BTC/USDT' | 'ETH/USDT';
        side: 'buy' | 'sell';
        offset: number;
        lots: number;
        tif: 'gtc' | 'ioc' | 'post_only' | 'market';
      }
    | { kind: 'cancel'; user: number; pick: number };

  const step: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('place' as const),
        user: fc.integer({ min: 0, max: 3 }),
        symbol: fc.constantFrom('BTC/USDT' as const, 'ETH/USDT' as const),
        side: fc.constantFrom('buy' as const, 'sell' as const),
        offset: fc.integer({ min: -8, max: 8 }),
        lots: fc.integer({ min: 1, max: 400 }),
        tif: fc.constantFrom(
          'gtc' as const,
          'gtc' as const,
          'ioc' as const,
          'post_only' as const,
          'market' as const,
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('cancel' as const),
        user: fc.integer({ min: 0, max: 3 }),
        pick: fc.nat(),
      }),
    },
  );

  it('keeps the ledger clean under random orders of several users in parallel bursts', async () => {
    const seed = announcedSeed('spot random orders');
    let placed = 0;
    let trades = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(step, { minLength: 1, maxLength: 6 }), { minLength: 4, maxLength: 10 }),
        async (bursts) => {
          const traders: Trader[] = [];
          for (let index = 0; index < 4; index += 1) {
            traders.push(
              await newTrader([
                { currencyId: btcId, units: oneBtc / 100n },
                { currencyId: ethId, units: oneBtc / 10n },
                { currencyId: usdtId, units: 2_000n * oneUsdt },
              ]),
            );
          }
          const open: { trader: Trader; id: number }[] = [];
          for (const burst of bursts) {
            const replies = await Promise.all(
              burst.map((command) => {
                const trader = traders[command.user] as Trader;
                if (command.kind === 'cancel') {
                  const mine = open.filter((order) => order.trader === trader);
                  const target = mine[command.pick % Math.max(mine.length, 1)];
                  return caller.post(
                    '/coin/cancel',
                    { id: target?.id ?? 999_999_999 },
                    { token: trader.token },
                  );
                }
                const pair = command.symbol === 'BTC/USDT' ? btcId : ethId;
                const amount = `0.${String(command.lots).padStart(5, '0')}`;
                return trade(trader, {
                  type: command.side,
                  currency_id: pair,
                  legal_id: usdtId,
                  amount,
                  ...(command.tif === 'market'
                    ? {}
                    : {
                        target_price: priceAt(command.symbol, command.offset * 5),
                        time_in_force: command.tif,
                      }),
                });
              }),
            );
            replies.forEach((reply, index) => {
              const command = burst[index] as Step;
              if (reply.body.type !== 'ok' || command.kind !== 'place') return;
              placed += 1;
              const order = reply.body.message as SpotOrder;
              if (order.filled !== '0.00000') trades += 1;
              if (order.status === 'open')
                open.push({ trader: traders[command.user] as Trader, id: order.id });
            });
          }
          await expectLedgerClean(testApp.database);
          // The live book equals a book rebuilt from the database.
          const live = testApp.services.spot;
          const rebuilt = createSpotService({
            db: testApp.database.db,
            clock: { now: () => new Date() },
            ledger: testApp.services.ledger,
            market: testApp.services.market,
            halts: testApp.services.halts,
          });
          await rebuilt.init();
          for (const symbol of ['BTC/USDT', 'ETH/USDT']) {
            const a = live.depth(symbol, 100);
            const b = rebuilt.depth(symbol, 100);
            expect({ bids: b.bids, asks: b.asks }).toEqual({ bids: a.bids, asks: a.asks });
          }
          await rebuilt.stop();
          // Everyone cancels what is left: nothing stays held.
          for (const trader of traders) {
            for (const symbol of ['BTC/USDT', 'ETH/USDT']) {
              for (const order of live.openOrders(trader.userId, symbol))
                await live.cancel(trader.userId, order.id);
            }
            for (const currencyId of [btcId, ethId, usdtId])
              expect((await spotBalance(trader, currencyId)).held).toBe(0n);
          }
          await expectLedgerClean(testApp.database);
        },
      ),
      { seed, numRuns: 3 },
    );
    reportFigures(testDatabase.name, [
      { label: `random spot orders (${trades} filling)`, tried: placed, bad: 0, badLabel: 'ledger problems' },
    ]);
  });
});
