import { lots, orderId, ticks } from '@fairex/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerOp } from '../ledger';
import { fillOrder, noMoney, pairRules, tradeQuoteParts } from './spot.domain';
import {
  type FillDraft,
  fillOps,
  holdOps,
  idempotencyKeyOf,
  type OrderState,
  type PairContext,
  type PlaceRequest,
  releaseOps,
  sortPlaces,
  tradeRows,
} from './spot.round';

const rules = pairRules({
  symbol: 'ETH/USDT',
  tickSize: '0.01',
  lotSize: '0.00001',
  baseScale: 8,
  quoteScale: 6,
  makerFeeRate: '0.001',
  takerFeeRate: '0.001',
  priceBand: '0.1',
});
const pair: PairContext = {
  symbol: 'ETH/USDT',
  instrumentId: 7,
  baseCurrencyId: 2,
  quoteCurrencyId: 1,
  rules,
};
const now = new Date('2026-11-26T12:00:00Z');

function request(userId: number, side: 'buy' | 'sell', idempotencyKey: string | null = null): PlaceRequest {
  return {
    userId,
    side,
    kind: 'limit',
    timeInForce: 'gtc',
    priceTicks: ticks(320_000),
    lots: lots(1000),
    holdAmount: 32_032_000n,
    rates: { makerRate: rules.makerRate, takerRate: rules.takerRate },
    idempotencyKey,
    tickId: '5',
  };
}

function order(id: number, userId: number, side: 'buy' | 'sell'): OrderState {
  return {
    id: orderId(id),
    userId,
    side,
    kind: 'limit',
    timeInForce: 'gtc',
    priceTicks: ticks(320_000),
    lots: lots(1000),
    filledLots: 0,
    money: noMoney,
    holdAmount: 0n,
    rates: { makerRate: rules.makerRate, takerRate: rules.takerRate },
    holdId: BigInt(100 + id),
    holdRemaining: 0n,
    status: 'open',
    doneReason: null,
    idempotencyKey: null,
    tickId: null,
    seq: id,
    createdAt: now,
    updatedAt: now,
  };
}

/** A fill priced the way the engine prices one (spot.domain's fillOrder for each side). */
function fillOf(maker: OrderState, taker: OrderState, priceTicks: number, quantity: number): FillDraft {
  const [buyer, seller] = maker.side === 'buy' ? [maker, taker] : [taker, maker];
  const fill = { priceTicks: ticks(priceTicks), lots: lots(quantity) };
  const bought = fillOrder(
    'buy',
    noMoney,
    { ...fill, rate: buyer === maker ? rules.makerRate : rules.takerRate },
    rules,
  );
  const sold = fillOrder(
    'sell',
    noMoney,
    { ...fill, rate: seller === maker ? rules.makerRate : rules.takerRate },
    rules,
  );
  return {
    maker,
    taker,
    ...fill,
    ...tradeQuoteParts(bought, sold),
    makerFee: maker === buyer ? bought.fee : sold.fee,
    takerFee: taker === buyer ? bought.fee : sold.fee,
    turnoverTl: BigInt(priceTicks) * BigInt(quantity),
  };
}

/** The legs of every entry an op books. */
const legsOf = (op: LedgerOp) => ('entry' in op && op.entry ? op.entry.legs : []);

describe('phase 1: sorting new orders out by idempotency key', () => {
  it('answers a stored key, twins a repeated key, and places the rest in queue order', () => {
    const stored = { request: request(1, 'buy', 'a') };
    const first = { request: request(1, 'buy', 'b') };
    const twin = { request: request(1, 'sell', 'b') };
    const otherUser = { request: request(2, 'buy', 'b') };
    const unkeyed = { request: request(1, 'buy') };
    const sorted = sortPlaces(
      [stored, first, twin, otherUser, unkeyed],
      new Map([[idempotencyKeyOf(1, 'a'), 42]]),
    );
    expect([...sorted.answered]).toEqual([[stored, 42]]);
    expect([...sorted.twins]).toEqual([[twin, first]]);
    expect(sorted.fresh).toEqual([first, otherUser, unkeyed]);
  });
});

describe('phase 2: holds', () => {
  it('holds quote for a buy and base for a sell, optional, citing the order', () => {
    const ops = holdOps(pair, [request(1, 'buy'), request(2, 'sell')], [10, 11]);
    expect(ops).toEqual([
      {
        type: 'hold',
        account: { userId: 1, currencyId: 1, kind: expect.any(Number) },
        amount: 32_032_000n,
        reason: 'spot_order',
        reference: 'spot-order:10',
        optional: true,
      },
      expect.objectContaining({
        account: expect.objectContaining({ userId: 2, currencyId: 2 }),
        reference: 'spot-order:11',
      }),
    ]);
  });
});

describe('phase 4: the ledger operations of a round', () => {
  it('books every fill as balanced entries, base from the seller and quote from the buyer', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            makerBuys: fc.boolean(),
            price: fc.integer({ min: 1, max: 10_000_000 }),
            quantity: fc.integer({ min: 1, max: 100_000 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        (drafts) => {
          const fills = drafts.map((draft, index) =>
            fillOf(
              order(2 * index + 1, 1, draft.makerBuys ? 'buy' : 'sell'),
              order(2 * index + 2, 2, draft.makerBuys ? 'sell' : 'buy'),
              draft.price,
              draft.quantity,
            ),
          );
          const { ops, opOf } = fillOps(
            pair,
            fills,
            fills.map((_, index) => 500 + index),
            '77',
          );
          expect(opOf).toHaveLength(fills.length);
          for (const op of ops) {
            const legs = legsOf(op);
            expect(legs.reduce((sum, leg) => sum + leg.amount, 0n)).toBe(0n);
            expect(legs.every((leg) => leg.amount !== 0n)).toBe(true);
            if ('entry' in op) expect(op.entry.tickId).toBe(77n);
          }
          fills.forEach((fill, index) => {
            const base = ops[(opOf[index] as { base: number }).base] as Extract<
              LedgerOp,
              { type: 'post_hold' }
            >;
            const seller = fill.maker.side === 'sell' ? fill.maker : fill.taker;
            expect(base.holdId).toBe(seller.holdId);
            expect(base.entry.reference).toBe(`spot-trade:${500 + index}:base`);
          });
        },
      ),
    );
  });

  it('gives back the leftover hold of finished orders only', () => {
    const open = { ...order(1, 1, 'buy'), holdRemaining: 5n };
    const filled = { ...order(2, 1, 'buy'), status: 'filled' as const, holdRemaining: 0n };
    const cancelled = { ...order(3, 1, 'sell'), status: 'cancelled' as const, holdRemaining: 9n };
    expect(releaseOps([open, filled, cancelled])).toEqual([{ type: 'release', holdId: cancelled.holdId }]);
  });
});

describe('phase 5: trade rows', () => {
  it('cite the entries the ledger booked for their fill, and the reference tick', () => {
    const fills = [fillOf(order(1, 1, 'sell'), order(2, 2, 'buy'), 320_000, 1000)];
    const { opOf } = fillOps(pair, fills, [900], '77');
    const [row] = tradeRows(pair, { fills, tradeIds: [900], opOf, entryIds: [31n, 32n], tickId: '77', now });
    expect(row).toMatchObject({
      id: 900,
      instrumentId: 7,
      makerOrderId: 1,
      takerOrderId: 2,
      takerSide: 'buy',
      price: '3200.00',
      amount: '0.01000',
      baseEntryId: 31n,
      quoteEntryId: 32n,
      tickId: 77n,
      createdAt: now,
    });
  });
});
