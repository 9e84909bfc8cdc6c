/**
 * One actor per pair: it alone owns the pair's OrderBook and applies commands in sequence. Each
 * round takes what is queued, and in ONE transaction (1) places the new orders' holds (optional
 * holds: an unfunded order is refused, the others placed), (2) runs the engine,
 * (3) writes orders, trades and the fills' ledger operations; callers are answered only after the
 * commit. A failed commit rebuilds the book from the database and fails that round's callers.
 * The round's pure phases are in spot.round.ts; this file keeps the book and the transaction.
 */
import type { SpotOrderStatus } from '@fairex/contract';
import {
  type DepthLevel,
  type DoneReason,
  InvariantError,
  invariant,
  type Lots,
  lots,
  type MatchSink,
  OrderBook,
  orderId,
  type Ticks,
} from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { hasSqlState, sqlState } from '../../platform/db/database-errors';
import { executeTogether } from '../../platform/db/execute-together';
import { AppError, platformErrors } from '../../platform/http/app-error';
import { type Ledger, ledgerError } from '../ledger';
import {
  amountText,
  fillOrder,
  lotBaseUnits,
  lotsForBudget,
  noMoney,
  type OrderMoney,
  type PairRules,
  parseLots,
  parsePriceTicks,
  priceText,
  proceedsForLots,
  rateText,
  rateUnits,
  type SpotSide,
  tradeQuoteParts,
  type WalkLevel,
} from './spot.domain';
import { spotError } from './spot.errors';
import {
  allocateIds,
  type NewOrderRow,
  type OrderRow,
  type OrderUpdate,
  openOrderRows,
  ordersByIdempotencyKeys,
  roundWrites,
} from './spot.repository';
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

/** Most commands one round takes; the rest wait for the next round. */
const roundSizeMax = 500;
/** Levels per side kept in the published snapshot (the contract's maximum). */
const publishedLevelsMax = 100;
/** Ids fetched from a sequence at a time: most rounds then take theirs without a round trip. */
const idBlockSize = 1024;
/** Tries of a round that failed on a deadlock or serialisation conflict. */
const roundAttemptsMax = 3;

/** PostgreSQL's deadlock and serialisation failures: the same round may simply run again. */
function isTransient(error: unknown): boolean {
  return hasSqlState(error, sqlState.deadlockDetected, sqlState.serializationFailure);
}

type Deferred<T> = { resolve(value: T): void; reject(error: unknown): void };
type PlaceCommand = { type: 'place'; request: PlaceRequest } & Deferred<OrderState>;
type CancelCommand = { type: 'cancel'; userId: number; orderId: number } & Deferred<OrderState>;
type Command = PlaceCommand | CancelCommand;

/** What a committed round changed, for listeners (realtime, market maker). */
export type RoundCommitted = {
  readonly orders: readonly OrderState[];
  readonly fills: readonly (FillDraft & { id: number; time: Date; tickId: string | null })[];
  readonly bookChanged: boolean;
};

export type PairActorDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  /** The reference tick id at this moment (recorded on every trade). */
  readonly referenceTickId: () => string | null;
  readonly onCommitted: (round: RoundCommitted) => void;
  readonly log?: (error: unknown, message: string) => void;
  /**
   * A round broke an invariant, or the book could not be rebuilt after a failed round: the pair
   * is halted (halts module) and takes no command until staff resume it.
   */
  readonly onBroken?: (error: unknown, context: Record<string, string | number>) => void;
  /** What a command on a halted pair is told (the halts module's message), else "busy". */
  readonly haltedError?: () => AppError | null;
};

const statusOfDone: Record<DoneReason, SpotOrderStatus> = {
  filled: 'filled',
  cancelled: 'cancelled',
  expired: 'expired',
  would_take: 'rejected',
  self_trade: 'cancelled',
};

function holdRemainingOf(state: {
  side: SpotSide;
  status: SpotOrderStatus;
  lots: number;
  filledLots: number;
  holdAmount: bigint;
  money: OrderMoney;
  rules: PairRules;
}): bigint {
  if (state.status !== 'open') return 0n;
  return state.side === 'sell'
    ? BigInt(state.lots - state.filledLots) * lotBaseUnits(state.rules)
    : state.holdAmount - state.money.turnover - state.money.fee;
}

/** An order row read back into the actor's terms. */
/** A funded order as it enters the book. */
function newOrderState(id: number, request: PlaceRequest, holdId: bigint, now: Date): OrderState {
  return {
    id: orderId(id),
    userId: request.userId,
    side: request.side,
    kind: request.kind,
    timeInForce: request.timeInForce,
    priceTicks: request.priceTicks,
    lots: request.lots,
    filledLots: 0,
    money: noMoney,
    holdAmount: request.holdAmount,
    rates: request.rates,
    holdId,
    holdRemaining: request.holdAmount,
    status: 'open',
    doneReason: null,
    idempotencyKey: request.idempotencyKey,
    tickId: request.tickId,
    seq: id,
    createdAt: now,
    updatedAt: now,
    ...(request.exchangeShort ? { exchangeShort: true } : {}),
  };
}

export function orderStateOf(row: OrderRow, rules: PairRules): OrderState {
  const price = parsePriceTicks(row.price, rules);
  const lots = parseLots(row.amount, rules);
  const filled = row.filled === '0' || /^0(\.0*)?$/.test(row.filled) ? null : parseLots(row.filled, rules);
  invariant(price.ok && lots.ok, `order ${row.id} has a price and amount on its pair's grid`);
  invariant(filled === null || filled.ok, `order ${row.id} has a filled amount on the lot grid`);
  const money: OrderMoney = {
    notionalExact: BigInt(row.notionalExact),
    feeExact: BigInt(row.feeExact),
    turnover: BigInt(row.turnover),
    fee: BigInt(row.fee),
  };
  const base = {
    side: row.side,
    status: row.status,
    lots: lots.value,
    filledLots: filled?.ok ? filled.value : 0,
    holdAmount: BigInt(row.holdAmount),
    money,
    rules,
  };
  return {
    id: orderId(row.id),
    userId: row.userId,
    side: row.side,
    kind: row.kind,
    timeInForce: row.timeInForce,
    priceTicks: price.value,
    lots: lots.value,
    filledLots: base.filledLots,
    money,
    holdAmount: base.holdAmount,
    rates: { makerRate: rateUnits(row.makerFeeRate), takerRate: rateUnits(row.takerFeeRate) },
    holdId: row.holdId,
    holdRemaining: holdRemainingOf(base),
    status: row.status,
    doneReason: (row.doneReason as DoneReason | null) ?? null,
    idempotencyKey: row.idempotencyKey,
    tickId: row.tickId === null ? null : String(row.tickId),
    seq: row.seq,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export class PairActor {
  private book = new OrderBook();
  private readonly open = new Map<number, OrderState>();
  private queue: Command[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;
  /** Grows with every committed change of the book (depth snapshots carry it). */
  depthSeq = 0;
  /**
   * The book as last committed: readers (depth, the market maker, realtime) never see a round's
   * changes before its commit, although the engine applies them while the round's writes run.
   */
  private published: { bids: DepthLevel[]; asks: DepthLevel[] } = { bids: [], asks: [] };
  /**
   * Ids fetched ahead, ascending: the actor takes them in command order, so an order's id (its
   * `seq`, the time priority a rebuild restores) still grows with time. Unused ones are skipped.
   */
  private readonly spareIds: Record<'spot_orders' | 'spot_trades', number[]> = {
    spot_orders: [],
    spot_trades: [],
  };

  constructor(
    readonly pair: PairContext,
    private readonly deps: PairActorDeps,
  ) {}

  /** Loads the open orders in sequence order into a fresh book; nothing may trade while doing so. */
  async rebuild(): Promise<void> {
    const rows = await openOrderRows(this.deps.db, this.pair.instrumentId);
    const book = new OrderBook();
    this.open.clear();
    const sink: MatchSink = {
      fill: (maker, taker) => {
        throw new Error(`${this.pair.symbol}: orders ${maker} and ${taker} crossed while rebuilding`);
      },
      rest: () => {},
      done: (id, reason) => {
        throw new Error(`${this.pair.symbol}: order ${id} ended (${reason}) while rebuilding`);
      },
    };
    for (const row of rows) {
      const state = orderStateOf(row, this.pair.rules);
      const refused = book.place(
        {
          id: state.id,
          owner: state.userId,
          side: state.side,
          price: state.priceTicks,
          quantity: lots(state.lots - state.filledLots),
          timeInForce: 'gtc',
        },
        sink,
      );
      invariant(
        refused === null,
        `${this.pair.symbol}: order ${state.id} refused while rebuilding (${refused})`,
      );
      this.open.set(state.id, state);
    }
    this.book = book;
    this.publish();
  }

  private publish(): void {
    this.published = {
      bids: this.book.depth('buy', publishedLevelsMax),
      asks: this.book.depth('sell', publishedLevelsMax),
    };
    this.depthSeq += 1;
  }

  /** The committed book, best first, at most `levels` per side. */
  depth(levels: number): { bids: readonly DepthLevel[]; asks: readonly DepthLevel[] } {
    return { bids: this.published.bids.slice(0, levels), asks: this.published.asks.slice(0, levels) };
  }

  openOrders(): IterableIterator<OrderState> {
    return this.open.values();
  }

  openOrder(id: number): OrderState | undefined {
    return this.open.get(id);
  }

  place(request: PlaceRequest): Promise<OrderState> {
    return new Promise((resolve, reject) => this.enqueue({ type: 'place', request, resolve, reject }));
  }

  cancel(userId: number, orderId: number): Promise<OrderState> {
    return new Promise((resolve, reject) =>
      this.enqueue({ type: 'cancel', userId, orderId, resolve, reject }),
    );
  }

  /** Stops taking commands and tells the owner, who records the halt. */
  private halt(error: unknown, context: Record<string, string | number>): void {
    this.stopped = true;
    this.deps.onBroken?.(error, context);
  }

  /** After staff resumed the pair: the book is rebuilt from the database, then commands run again. */
  async resume(): Promise<void> {
    while (this.running) await this.running;
    await this.rebuild();
    this.stopped = false;
  }

  /** Finishes what is queued; later commands are refused. */
  async stop(): Promise<void> {
    this.stopped = true;
    while (this.running) await this.running;
  }

  private enqueue(command: Command): void {
    if (this.stopped) {
      command.reject(this.deps.haltedError?.() ?? spotError('busy'));
      return;
    }
    this.queue.push(command);
    this.ensureDraining();
  }

  /**
   * Starts a drain unless one runs. A command queued while a drain is ending (its last round done,
   * its promise not yet settled) is picked up by the next one, never left waiting.
   */
  private ensureDraining(): void {
    if (this.running) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.queue.length > 0) this.ensureDraining();
    });
  }

  private async drain(): Promise<void> {
    // Commands sent in one burst (a market maker's ladder, a batch of cancels) are all queued
    // before the first round is taken, so they commit together instead of one and then the rest.
    await Promise.resolve();
    while (this.queue.length > 0) {
      const round = this.take();
      await this.runRound(round);
    }
  }

  /**
   * The next round. An exchange is sized against the book as it is when it runs, so it goes
   * first in its round (nothing before it in the round can move the book under its hold).
   */
  private take(): Command[] {
    const sizedHere = (command: Command) =>
      command.type === 'place' && command.request.exchange !== undefined;
    let end = 1;
    while (end < this.queue.length && end < roundSizeMax && !sizedHere(this.queue[end] as Command)) end += 1;
    return this.queue.splice(0, end);
  }

  private async runRound(commands: Command[]): Promise<void> {
    let results = new Map<Command, { order: OrderState } | { error: unknown }>();
    let committed: RoundCommitted | null = null;
    for (let attempt = 1; committed === null; attempt += 1) {
      const now = this.deps.clock.now();
      results = new Map();
      try {
        committed = await this.deps.db.transaction(async (transaction) => {
          const tx = transaction as unknown as Database;
          return this.applyRound(tx, commands, now, results);
        });
      } catch (error) {
        const retry = attempt < roundAttemptsMax && isTransient(error);
        this.deps.log?.(error, `${this.pair.symbol}: a spot round failed; rebuilding the book`);
        const rebuilt = await this.rebuild().then(
          () => true,
          (rebuildError: unknown) => {
            this.deps.log?.(rebuildError, `${this.pair.symbol}: rebuilding the book failed; trading stops`);
            this.halt(rebuildError, { commands: commands.length, stage: 'rebuild' });
            return false;
          },
        );
        // A broken invariant is not retried: the pair stops until staff have looked at it.
        if (error instanceof InvariantError) this.halt(error, { commands: commands.length, stage: 'round' });
        // A deadlock with another pair's round (both touching one user's accounts) is retried on
        // the rebuilt book; anything else fails this round's callers.
        if (retry && rebuilt && !this.stopped) continue;
        const reply =
          error instanceof AppError
            ? error
            : ((this.stopped ? this.deps.haltedError?.() : null) ?? platformErrors.internal());
        for (const command of commands) command.reject(reply);
        return;
      }
    }
    if (committed.bookChanged) this.publish();
    for (const command of commands) {
      const result = results.get(command);
      invariant(result, 'every command of a round has a result');
      // A copy: the open order lives on in the actor and later rounds change it.
      if ('order' in result) command.resolve({ ...result.order });
      else command.reject(result.error);
    }
    if (committed.orders.length > 0 || committed.fills.length > 0) {
      try {
        this.deps.onCommitted(committed);
      } catch (error) {
        this.deps.log?.(error, `${this.pair.symbol}: a spot listener failed`);
      }
    }
  }

  /** `n` new ids of a table, from the ones fetched ahead (a block more when they run short). */
  private async takeIds(tx: Database, table: 'spot_orders' | 'spot_trades', n: number): Promise<number[]> {
    const spare = this.spareIds[table];
    if (spare.length < n)
      spare.push(...(await allocateIds(tx, table, Math.max(n - spare.length, idBlockSize))));
    return spare.splice(0, n);
  }

  private async applyRound(
    tx: Database,
    commands: readonly Command[],
    now: Date,
    results: Map<Command, { order: OrderState } | { error: unknown }>,
  ): Promise<RoundCommitted> {
    const { rules } = this.pair;
    // (1) Idempotency: an order already stored under the key answers again; twins share one.
    const places = commands.filter((command): command is PlaceCommand => command.type === 'place');
    const keyed = places.filter((command) => command.request.idempotencyKey !== null);
    const stored = await ordersByIdempotencyKeys(
      tx,
      keyed.map((command) => ({
        userId: command.request.userId,
        key: command.request.idempotencyKey as string,
      })),
    );
    const storedRows = new Map(stored.map((row) => [row.id, row]));
    const sorted = sortPlaces(
      places,
      new Map(stored.map((row) => [idempotencyKeyOf(row.userId, row.idempotencyKey as string), row.id])),
    );
    for (const [command, id] of sorted.answered) {
      results.set(command, {
        order: this.open.get(id) ?? orderStateOf(storedRows.get(id) as OrderRow, rules),
      });
    }
    const toPlace: { command: PlaceCommand; request: PlaceRequest }[] = [];
    for (const command of sorted.fresh) {
      const sized = this.sizeExchange(command.request);
      if ('error' in sized) results.set(command, { error: sized.error });
      else toPlace.push({ command, request: sized.request });
    }

    // (2) Holds, the batch at once: an unfunded order's hold is left out and that order refused,
    // the others placed (optional holds; one statement set, no savepoint, no retry per order).
    const ids = await this.takeIds(tx, 'spot_orders', toPlace.length);
    const holdIds = new Map<number, bigint>();
    if (toPlace.length > 0) {
      const requests = toPlace.map((entry) => entry.request);
      const result = await this.deps.ledger.apply(tx, holdOps(this.pair, requests, ids), now);
      result.holdIds.forEach((holdId, index) => {
        if (holdId !== null) holdIds.set(ids[index] as number, holdId);
      });
    }

    // (3) The engine, in queue order.
    const matched = this.match(commands, toPlace, ids, holdIds, now, results);
    for (const [twin, first] of sorted.twins) {
      const result = results.get(first);
      invariant(result, 'the first of twins has a result');
      results.set(twin, result);
    }

    // (4) Money: each fill posts from both holds; every finished order gives back what is left.
    const { fills, touched, created } = matched;
    const tradeIds = await this.takeIds(tx, 'spot_trades', fills.length);
    const tickId = this.deps.referenceTickId();
    const { ops, opOf } = fillOps(this.pair, fills, tradeIds, tickId);
    ops.push(...releaseOps(touched.values()));
    for (const state of touched.values()) if (state.status !== 'open') state.holdRemaining = 0n;

    // (5) The orders and trades go in the fills' ledger statement (their entry ids known by then).
    const createdIds = new Set(created.map((state) => state.id));
    const writesOf = (entryIds: readonly (bigint | null)[]) =>
      roundWrites({
        created: created.map((state) => this.rowOf(state)),
        updated: [...touched.values()]
          .filter((state) => !createdIds.has(state.id))
          .map((state) => this.updateOf(state)),
        trades: tradeRows(this.pair, { fills, tradeIds, opOf, entryIds, tickId, now }),
      });
    if (ops.length > 0)
      await this.deps.ledger.apply(tx, ops, now, { alongWith: ({ entryIds }) => writesOf(entryIds) });
    else await executeTogether(tx, writesOf([]));
    return {
      orders: [...touched.values()],
      fills: fills.map((fill, index) => ({ ...fill, id: tradeIds[index] as number, time: now, tickId })),
      bookChanged: touched.size > 0,
    };
  }

  /**
   * Phase 3: runs the round's cancels and funded places through the book in queue order, keeping
   * the orders it touched, the ones it created and the fills it made.
   */
  private match(
    commands: readonly Command[],
    toPlace: readonly { command: PlaceCommand; request: PlaceRequest }[],
    ids: readonly number[],
    holdIds: ReadonlyMap<number, bigint>,
    now: Date,
    results: Map<Command, { order: OrderState } | { error: unknown }>,
  ): { fills: FillDraft[]; touched: Map<number, OrderState>; created: OrderState[] } {
    const touched = new Map<number, OrderState>();
    const created: OrderState[] = [];
    const fills: FillDraft[] = [];
    const stateOf = (id: number): OrderState => {
      const state = touched.get(id) ?? this.open.get(id);
      invariant(state, `${this.pair.symbol}: the engine reported unknown order ${id}`);
      return state;
    };
    const sink: MatchSink = {
      fill: (makerId, takerId, price, quantity) => {
        const maker = stateOf(makerId);
        const taker = stateOf(takerId);
        touched.set(makerId, maker);
        fills.push(this.fill(maker, taker, price, quantity));
        maker.updatedAt = now;
        taker.updatedAt = now;
      },
      rest: (id) => {
        const state = stateOf(id);
        state.status = 'open';
        this.open.set(id, state);
      },
      done: (id, reason) => {
        const state = stateOf(id);
        touched.set(id, state);
        state.status = statusOfDone[reason];
        state.doneReason = reason;
        state.updatedAt = now;
        this.open.delete(id);
      },
    };
    const placing = new Map(
      toPlace.map((entry, index) => [entry.command, { ...entry, id: ids[index] as number }]),
    );
    for (const command of commands) {
      if (command.type === 'cancel') {
        const state = this.open.get(command.orderId);
        if (!state || state.userId !== command.userId) {
          results.set(command, { error: spotError('order_not_found') });
          continue;
        }
        const refused = this.book.cancel(state.id, sink);
        invariant(refused === null, `${this.pair.symbol}: open order ${state.id} is in the book`);
        results.set(command, { order: state });
        continue;
      }
      const entry = placing.get(command);
      if (!entry) continue;
      const holdId = holdIds.get(entry.id);
      if (holdId === undefined) {
        results.set(command, { error: ledgerError('insufficient_balance') });
        continue;
      }
      const state = newOrderState(entry.id, entry.request, holdId, now);
      touched.set(state.id, state);
      created.push(state);
      const refused = this.book.place(
        {
          id: state.id,
          owner: state.userId,
          side: state.side,
          price: state.priceTicks,
          quantity: state.lots,
          timeInForce: state.kind === 'market' ? 'ioc' : state.timeInForce,
        },
        sink,
      );
      invariant(refused === null, `${this.pair.symbol}: the engine refused order ${state.id} (${refused})`);
      results.set(command, { order: state });
    }
    return { fills, touched, created };
  }

  /** Sizes an exchange against the book now (the actor runs it first in its round). */
  private sizeExchange(request: PlaceRequest): { request: PlaceRequest } | { error: unknown } {
    const sizing = request.exchange;
    if (!sizing) return { request };
    const { rules } = this.pair;
    const levels = this.levelsFor(
      request.side === 'buy' ? 'sell' : 'buy',
      request.userId,
      request.priceTicks,
    );
    if (sizing.kind === 'budget') {
      const walk = lotsForBudget(levels, sizing.budget, request.rates.takerRate, rules);
      if (walk.lots === 0 || walk.worstTicks === null) return { error: spotError('exchange_not_fillable') };
      if (walk.bookShort && !sizing.allowPartial) return { error: spotError('exchange_partial') };
      const receive = BigInt(walk.lots) * lotBaseUnits(rules);
      if (sizing.minReceive !== null && receive < sizing.minReceive)
        return { error: spotError('exchange_below_min_receive') };
      return {
        request: {
          ...request,
          priceTicks: walk.worstTicks,
          lots: walk.lots,
          holdAmount: walk.cost + walk.fee,
          exchangeShort: walk.bookShort,
        },
      };
    }
    const walk = proceedsForLots(levels, request.lots, request.rates.takerRate, rules);
    if (walk.lots === 0 || walk.worstTicks === null) return { error: spotError('exchange_not_fillable') };
    const short = walk.lots < request.lots;
    if (short && !sizing.allowPartial) return { error: spotError('exchange_partial') };
    if (sizing.minReceive !== null && walk.proceeds - walk.fee < sizing.minReceive)
      return { error: spotError('exchange_below_min_receive') };
    return { request: { ...request, priceTicks: walk.worstTicks, exchangeShort: short } };
  }

  /**
   * The levels an incoming order of `userId` could take, best first, up to `limitTicks`: read
   * lazily from the book's level index, so a quote costs the levels it walks, not the book.
   */
  *levelsFor(side: SpotSide, userId: number, limitTicks: number): Generator<WalkLevel> {
    for (const level of this.book.takeableLevels(side, userId, limitTicks as Ticks)) {
      yield { priceTicks: level.price, lots: level.lots };
    }
  }

  private fill(maker: OrderState, taker: OrderState, priceTicks: Ticks, lots: Lots): FillDraft {
    const { rules } = this.pair;
    // Each side pays the rate its own order was placed under, as maker or taker.
    const rateOf = (state: OrderState) => (state === maker ? state.rates.makerRate : state.rates.takerRate);
    const [buyer, seller] = maker.side === 'buy' ? [maker, taker] : [taker, maker];
    const bought = fillOrder('buy', buyer.money, { priceTicks, lots, rate: rateOf(buyer) }, rules);
    const sold = fillOrder('sell', seller.money, { priceTicks, lots, rate: rateOf(seller) }, rules);
    const parts = tradeQuoteParts(bought, sold);
    buyer.money = bought.money;
    seller.money = sold.money;
    buyer.filledLots += lots;
    seller.filledLots += lots;
    buyer.holdRemaining -= parts.buyerPays;
    seller.holdRemaining -= BigInt(lots) * lotBaseUnits(rules);
    invariant(buyer.holdRemaining >= 0n, `buy order ${buyer.id} is charged beyond its hold`);
    invariant(seller.holdRemaining >= 0n, `sell order ${seller.id} delivers beyond its hold`);
    return {
      maker,
      taker,
      priceTicks,
      lots,
      ...parts,
      makerFee: maker === buyer ? bought.fee : sold.fee,
      takerFee: taker === buyer ? bought.fee : sold.fee,
      turnoverTl: BigInt(priceTicks) * BigInt(lots),
    };
  }

  private rowOf(state: OrderState): NewOrderRow {
    const { rules } = this.pair;
    return {
      id: state.id,
      userId: state.userId,
      instrumentId: this.pair.instrumentId,
      side: state.side,
      kind: state.kind,
      timeInForce: state.timeInForce,
      price: priceText(state.priceTicks, rules),
      amount: amountText(state.lots, rules),
      filled: amountText(state.filledLots, rules),
      notionalExact: String(state.money.notionalExact),
      feeExact: String(state.money.feeExact),
      turnover: String(state.money.turnover),
      fee: String(state.money.fee),
      holdAmount: String(state.holdAmount),
      makerFeeRate: rateText(state.rates.makerRate),
      takerFeeRate: rateText(state.rates.takerRate),
      holdId: state.holdId,
      status: state.status,
      doneReason: state.doneReason,
      idempotencyKey: state.idempotencyKey,
      tickId: state.tickId === null ? null : BigInt(state.tickId),
      seq: state.seq,
      createdAt: state.createdAt,
      updatedAt: state.updatedAt,
    };
  }

  private updateOf(state: OrderState): OrderUpdate {
    return {
      id: state.id,
      filled: amountText(state.filledLots, this.pair.rules),
      notionalExact: String(state.money.notionalExact),
      feeExact: String(state.money.feeExact),
      turnover: String(state.money.turnover),
      fee: String(state.money.fee),
      status: state.status,
      doneReason: state.doneReason,
      updatedAt: state.updatedAt,
    };
  }
}
