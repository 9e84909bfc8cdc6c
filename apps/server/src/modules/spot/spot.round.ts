/**
 * The pure phases of a spot trading round, in the order the pair's actor runs them:
 * (1) sort the new orders out by idempotency key, (2) the hold each placed order takes,
 * (3) the engine (stateful: spot.engine.ts), (4) the ledger operations of the fills and of the
 * finished orders' leftover holds, (5) the trade rows, once the ledger has given the entry ids.
 * No I/O and no clock: each is a function of its arguments, tested on its own (spot.round.test.ts).
 */
import type { SpotOrderStatus, SpotTimeInForce } from '@fairex/contract';
import { type DoneReason, invariant, type Lots, type OrderId, type Ticks } from '@fairex/domain';
import { type EntrySpec, type LedgerOp, type UserAccountRef, userAccountKinds } from '../ledger';
import {
  amountText,
  type FeeRates,
  lotBaseUnits,
  notionalText,
  type OrderMoney,
  orderHoldReference,
  type PairRules,
  priceText,
  type SpotSide,
  tradeReference,
} from './spot.domain';
import type { NewTradeRow } from './spot.repository';

/** What the actor knows of its pair. */
export type PairContext = {
  readonly symbol: string;
  readonly instrumentId: number;
  readonly baseCurrencyId: number;
  readonly quoteCurrencyId: number;
  /**
   * Replaced when staff change the pair's fee rates. The actor reads only the grid and scales from
   * it: every order carries the rates its hold was sized with.
   */
  rules: PairRules;
};

/** An order as the actor keeps it (open ones live in memory, mirrored in spot_orders). */
export type OrderState = {
  readonly id: OrderId;
  readonly userId: number;
  readonly side: SpotSide;
  readonly kind: 'limit' | 'market';
  readonly timeInForce: SpotTimeInForce;
  readonly priceTicks: Ticks;
  readonly lots: Lots;
  filledLots: number;
  money: OrderMoney;
  readonly holdAmount: bigint;
  /** The fee rates its hold was sized with (parts of 10^8): what its fills pay. */
  readonly rates: FeeRates;
  readonly holdId: bigint;
  /** What the hold still keeps (0 once the order is finished). */
  holdRemaining: bigint;
  status: SpotOrderStatus;
  doneReason: DoneReason | null;
  readonly idempotencyKey: string | null;
  readonly tickId: string | null;
  readonly seq: number;
  readonly createdAt: Date;
  updatedAt: Date;
  /** An exchange the book could fill only in part (allowed by the caller); absent when reloaded. */
  readonly exchangeShort?: boolean;
};

/**
 * How an exchange is sized inside the actor, against the book as it is when the order runs:
 * a quote budget (buy as much base as it pays for, fee included), or base lots to sell.
 */
export type ExchangeSizing = (
  | { readonly kind: 'budget'; readonly budget: bigint; readonly minReceive: bigint | null }
  | { readonly kind: 'sell'; readonly minReceive: bigint | null }
) & {
  /** Without it, an exchange the book can only partly fill is refused and nothing moves. */
  readonly allowPartial: boolean;
};

export type PlaceRequest = {
  readonly userId: number;
  readonly side: SpotSide;
  readonly kind: 'limit' | 'market';
  readonly timeInForce: SpotTimeInForce;
  /** Limit or protection limit; for a budget exchange the band edge (the walk picks the real one). */
  readonly priceTicks: Ticks;
  /** For a budget exchange: ignored (the walk decides). */
  readonly lots: Lots;
  readonly holdAmount: bigint;
  /** The rates `holdAmount` was sized with; the order pays these. */
  readonly rates: FeeRates;
  readonly idempotencyKey: string | null;
  readonly tickId: string | null;
  readonly exchange?: ExchangeSizing;
  /** Set by the sizing: the book holds less than the exchange asked for (a partial fill). */
  readonly exchangeShort?: boolean;
};

/** One fill as the round records it before ids are known. */
export type FillDraft = {
  maker: OrderState;
  taker: OrderState;
  priceTicks: Ticks;
  lots: Lots;
  buyerPays: bigint;
  sellerGets: bigint;
  fees: bigint;
  rounding: bigint;
  makerFee: bigint;
  takerFee: bigint;
  turnoverTl: bigint;
};

/** The user's spot account of the pair's base or quote currency. */
export function spotAccountOf(pair: PairContext, userId: number, leg: 'base' | 'quote'): UserAccountRef {
  return {
    userId,
    currencyId: leg === 'base' ? pair.baseCurrencyId : pair.quoteCurrencyId,
    kind: userAccountKinds.change,
  };
}

/** How the round treats each new order: answered from before, a twin of an earlier one, or new. */
export type SortedPlaces<C> = {
  /** Already stored under its idempotency key: answered with that order. */
  readonly answered: ReadonlyMap<C, number>;
  /** Same user and key as an earlier command of this round: gets that command's answer. */
  readonly twins: ReadonlyMap<C, C>;
  /** To place, in queue order. */
  readonly fresh: readonly C[];
};

/** Phase 1: idempotency. `storedByKey` maps `userId:key` to the order id stored under it. */
export function sortPlaces<C extends { readonly request: Pick<PlaceRequest, 'userId' | 'idempotencyKey'> }>(
  places: readonly C[],
  storedByKey: ReadonlyMap<string, number>,
): SortedPlaces<C> {
  const answered = new Map<C, number>();
  const twins = new Map<C, C>();
  const firstByKey = new Map<string, C>();
  const fresh: C[] = [];
  for (const command of places) {
    const { userId, idempotencyKey } = command.request;
    if (idempotencyKey !== null) {
      const key = idempotencyKeyOf(userId, idempotencyKey);
      const stored = storedByKey.get(key);
      if (stored !== undefined) {
        answered.set(command, stored);
        continue;
      }
      const first = firstByKey.get(key);
      if (first) {
        twins.set(command, first);
        continue;
      }
      firstByKey.set(key, command);
    }
    fresh.push(command);
  }
  return { answered, twins, fresh };
}

export const idempotencyKeyOf = (userId: number, key: string): string => `${userId}:${key}`;

/**
 * Phase 2: one optional hold per order to place (an unfunded one is left out by the ledger and
 * that order refused): quote for a buy, base for a sell.
 */
export function holdOps(
  pair: PairContext,
  requests: readonly PlaceRequest[],
  ids: readonly number[],
): LedgerOp[] {
  invariant(ids.length === requests.length, 'one order id per order to place');
  return requests.map((request, index) => ({
    type: 'hold',
    account: spotAccountOf(pair, request.userId, request.side === 'buy' ? 'quote' : 'base'),
    amount: request.holdAmount,
    reason: 'spot_order',
    reference: orderHoldReference(ids[index] as number),
    optional: true,
  }));
}

/** Where each fill's entries sit among the round's ledger operations (quote is absent at 0). */
export type FillOpIndex = { readonly base: number; readonly quote: number | null };

/**
 * Phase 4a: each fill moves base from the seller's hold to the buyer and quote from the buyer's
 * hold to the seller, the fees account and the rounding account, citing the reference tick.
 */
export function fillOps(
  pair: PairContext,
  fills: readonly FillDraft[],
  tradeIds: readonly number[],
  tickId: string | null,
): { ops: LedgerOp[]; opOf: FillOpIndex[] } {
  invariant(tradeIds.length === fills.length, 'one trade id per fill');
  const ops: LedgerOp[] = [];
  const opOf: FillOpIndex[] = [];
  const tick = tickId !== null ? { tickId: BigInt(tickId) } : {};
  const quoteSystem = (system: 'fees' | 'rounding') => ({ system, currencyId: pair.quoteCurrencyId });
  fills.forEach((fill, index) => {
    const id = tradeIds[index] as number;
    const [buyer, seller] = fill.maker.side === 'buy' ? [fill.maker, fill.taker] : [fill.taker, fill.maker];
    const baseUnits = BigInt(fill.lots) * lotBaseUnits(pair.rules);
    const baseEntry: EntrySpec = {
      kind: 'trade',
      userId: fill.taker.userId,
      reference: tradeReference(id, 'base'),
      ...tick,
      memo: { trade_id: id, symbol: pair.symbol },
      legs: [
        { account: spotAccountOf(pair, seller.userId, 'base'), amount: -baseUnits },
        { account: spotAccountOf(pair, buyer.userId, 'base'), amount: baseUnits },
      ],
    };
    const base =
      ops.push({
        type: 'post_hold',
        holdId: seller.holdId,
        amount: baseUnits,
        close: false,
        entry: baseEntry,
      }) - 1;
    const legs = [
      {
        account: spotAccountOf(pair, buyer.userId, 'quote') as EntrySpec['legs'][number]['account'],
        amount: -fill.buyerPays,
      },
      { account: spotAccountOf(pair, seller.userId, 'quote'), amount: fill.sellerGets },
      { account: quoteSystem('fees'), amount: fill.fees },
      { account: quoteSystem('rounding'), amount: fill.rounding },
    ].filter((leg) => leg.amount !== 0n);
    let quote: number | null = null;
    if (legs.length > 0) {
      const entry: EntrySpec = {
        kind: 'trade',
        userId: fill.taker.userId,
        reference: tradeReference(id, 'quote'),
        ...tick,
        memo: { trade_id: id, symbol: pair.symbol, fee: String(fill.fees) },
        legs,
      };
      quote =
        ops.push(
          fill.buyerPays > 0n
            ? { type: 'post_hold', holdId: buyer.holdId, amount: fill.buyerPays, close: false, entry }
            : { type: 'transfer', entry },
        ) - 1;
    }
    opOf.push({ base, quote });
  });
  return { ops, opOf };
}

/** Phase 4b: a finished order gives back what its hold still keeps. */
export function releaseOps(
  orders: Iterable<Pick<OrderState, 'status' | 'holdRemaining' | 'holdId'>>,
): LedgerOp[] {
  const ops: LedgerOp[] = [];
  for (const order of orders) {
    if (order.status !== 'open' && order.holdRemaining > 0n)
      ops.push({ type: 'release', holdId: order.holdId });
  }
  return ops;
}

/** Phase 5: the trade rows, each citing its ledger entries and the reference tick. */
export function tradeRows(
  pair: PairContext,
  round: {
    readonly fills: readonly FillDraft[];
    readonly tradeIds: readonly number[];
    readonly opOf: readonly FillOpIndex[];
    readonly entryIds: readonly (bigint | null)[];
    readonly tickId: string | null;
    readonly now: Date;
  },
): NewTradeRow[] {
  const { rules } = pair;
  return round.fills.map((fill, index) => {
    const op = round.opOf[index] as FillOpIndex;
    const baseEntryId = round.entryIds[op.base];
    invariant(baseEntryId, 'a fill books its base entry');
    return {
      id: round.tradeIds[index] as number,
      instrumentId: pair.instrumentId,
      makerOrderId: fill.maker.id,
      takerOrderId: fill.taker.id,
      makerUserId: fill.maker.userId,
      takerUserId: fill.taker.userId,
      takerSide: fill.taker.side,
      price: priceText(fill.priceTicks, rules),
      amount: amountText(fill.lots, rules),
      turnover: notionalText(fill.turnoverTl, rules),
      buyerPaid: String(fill.buyerPays),
      sellerReceived: String(fill.sellerGets),
      makerFee: String(fill.makerFee),
      takerFee: String(fill.takerFee),
      tickId: round.tickId === null ? null : BigInt(round.tickId),
      quoteEntryId: op.quote === null ? null : (round.entryIds[op.quote] ?? null),
      baseEntryId,
      createdAt: round.now,
    };
  });
}
