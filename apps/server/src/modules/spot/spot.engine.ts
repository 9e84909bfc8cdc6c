/**
 * One actor per pair: it alone owns the pair's OrderBook and applies commands in sequence. Each
 * round takes what is queued, and in ONE transaction (1) places the new orders' holds (optional
 * holds: an unfunded order is refused, the others placed), (2) runs the engine,
 * (3) writes orders, trades and the fills' ledger operations; callers are answered only after the
 * commit. A failed commit rebuilds the book from the database and fails that round's callers.
 */
import type { SpotOrderStatus, SpotTimeInForce } from '@fairex/contract';
import {
  type DepthLevel,
  type DoneReason,
  InvariantError,
  invariant,
  type Lots,
  lots,
  type MatchSink,
  OrderBook,
  type OrderId,
  orderId,
  type Ticks,
} from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { hasSqlState, sqlState } from '../../platform/db/database-errors';
import { executeTogether } from '../../platform/db/execute-together';
import { AppError, platformErrors } from '../../platform/http/app-error';
import {
  type EntrySpec,
  type Ledger,
  type LedgerOp,
  ledgerError,
  type UserAccountRef,
  userAccountKinds,
} from '../ledger';
import {
  amountText,
  type FeeRates,
  fillOrder,
  lotBaseUnits,
  lotsForBudget,
  noMoney,
  notionalText,
  type OrderMoney,
  orderHoldReference,
  type PairRules,
  parseLots,
  parsePriceTicks,
  priceText,
  proceedsForLots,
  rateText,
  rateUnits,
  type SpotSide,
  tradeQuoteParts,
  tradeReference,
  type WalkLevel,
} from './spot.domain';
import { spotError } from './spot.errors';
import {
  allocateIds,
  type NewOrderRow,
  type NewTradeRow,
  type OrderRow,
  type OrderUpdate,
  openOrderRows,
  ordersByIdempotencyKeys,
  roundWrites,
} from './spot.repository';

const spotKind = userAccountKinds.change;
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

type Deferred<T> = { resolve(value: T): void; reject(error: unknown): void };
type PlaceCommand = { type: 'place'; request: PlaceRequest } & Deferred<OrderState>;
type CancelCommand = { type: 'cancel'; userId: number; orderId: number } & Deferred<OrderState>;
type Command = PlaceCommand | CancelCommand;

/** One fill as the round records it before ids are known. */
type FillDraft = {
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
    if (!this.running) {
      this.running = this.drain().finally(() => {
        this.running = null;
      });
    }
  }

  private async drain(): Promise<void> {
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
    // Idempotency: an order already stored under the key answers again; twins in a round share one.
    const places = commands.filter((command): command is PlaceCommand => command.type === 'place');
    const keyed = places.filter((command) => command.request.idempotencyKey !== null);
    const earlier = await ordersByIdempotencyKeys(
      tx,
      keyed.map((command) => ({
        userId: command.request.userId,
        key: command.request.idempotencyKey as string,
      })),
    );
    const earlierByKey = new Map(earlier.map((row) => [`${row.userId}:${row.idempotencyKey}`, row]));
    const firstByKey = new Map<string, PlaceCommand>();
    const twins = new Map<PlaceCommand, PlaceCommand>();
    const toPlace: { command: PlaceCommand; request: PlaceRequest }[] = [];
    for (const command of places) {
      const { userId, idempotencyKey } = command.request;
      if (idempotencyKey !== null) {
        const key = `${userId}:${idempotencyKey}`;
        const row = earlierByKey.get(key);
        if (row) {
          results.set(command, { order: this.open.get(row.id) ?? orderStateOf(row, rules) });
          continue;
        }
        const first = firstByKey.get(key);
        if (first) {
          twins.set(command, first);
          continue;
        }
        firstByKey.set(key, command);
      }
      const sized = this.sizeExchange(command.request);
      if ('error' in sized) results.set(command, { error: sized.error });
      else toPlace.push({ command, request: sized.request });
    }

    // (1) Holds, the batch at once: an unfunded order's hold is left out and that order refused,
    // the others placed (optional holds; one statement set, no savepoint, no retry per order).
    const ids = await this.takeIds(tx, 'spot_orders', toPlace.length);
    const holdIds = new Map<number, bigint>();
    if (toPlace.length > 0) {
      const result = await this.deps.ledger.apply(
        tx,
        toPlace.map(
          ({ request }, index): LedgerOp => ({
            type: 'hold',
            account: this.accountOf(request.userId, request.side === 'buy' ? 'quote' : 'base'),
            amount: request.holdAmount,
            reason: 'spot_order',
            reference: orderHoldReference(ids[index] as number),
            optional: true,
          }),
        ),
        now,
      );
      result.holdIds.forEach((holdId, index) => {
        if (holdId !== null) holdIds.set(ids[index] as number, holdId);
      });
    }

    // (2) The engine, in queue order.
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
    const placedBy = new Map<PlaceCommand, OrderState>();
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
      const { request } = entry;
      const state: OrderState = {
        id: orderId(entry.id),
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
        seq: entry.id,
        createdAt: now,
        updatedAt: now,
        ...(request.exchangeShort ? { exchangeShort: true } : {}),
      };
      touched.set(state.id, state);
      created.push(state);
      const refused = this.book.place(
        {
          id: state.id,
          owner: state.userId,
          side: state.side,
          price: state.priceTicks,
          quantity: state.lots,
          timeInForce: request.kind === 'market' ? 'ioc' : request.timeInForce,
        },
        sink,
      );
      invariant(refused === null, `${this.pair.symbol}: the engine refused order ${state.id} (${refused})`);
      placedBy.set(command, state);
      results.set(command, { order: state });
    }
    for (const [twin, first] of twins) {
      const result = results.get(first);
      invariant(result, 'the first of twins has a result');
      results.set(twin, result);
    }

    // (3) Money: each fill posts from both holds; every finished order gives back what is left.
    const tradeIds = await this.takeIds(tx, 'spot_trades', fills.length);
    const tickId = this.deps.referenceTickId();
    const ops: LedgerOp[] = [];
    const opOf: { base: number; quote: number | null }[] = [];
    fills.forEach((fill, index) => {
      const id = tradeIds[index] as number;
      const [buyer, seller] = fill.maker.side === 'buy' ? [fill.maker, fill.taker] : [fill.taker, fill.maker];
      const baseUnits = BigInt(fill.lots) * lotBaseUnits(rules);
      const baseEntry: EntrySpec = {
        kind: 'trade',
        userId: fill.taker.userId,
        reference: tradeReference(id, 'base'),
        ...(tickId !== null ? { tickId: BigInt(tickId) } : {}),
        memo: { trade_id: id, symbol: this.pair.symbol },
        legs: [
          { account: this.accountOf(seller.userId, 'base'), amount: -baseUnits },
          { account: this.accountOf(buyer.userId, 'base'), amount: baseUnits },
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
          account: this.accountOf(buyer.userId, 'quote') as
            | UserAccountRef
            | { system: 'fees' | 'rounding'; currencyId: number },
          amount: -fill.buyerPays,
        },
        { account: this.accountOf(seller.userId, 'quote'), amount: fill.sellerGets },
        { account: { system: 'fees' as const, currencyId: this.pair.quoteCurrencyId }, amount: fill.fees },
        {
          account: { system: 'rounding' as const, currencyId: this.pair.quoteCurrencyId },
          amount: fill.rounding,
        },
      ].filter((leg) => leg.amount !== 0n);
      let quote: number | null = null;
      if (legs.length > 0) {
        const entry: EntrySpec = {
          kind: 'trade',
          userId: fill.taker.userId,
          reference: tradeReference(id, 'quote'),
          ...(tickId !== null ? { tickId: BigInt(tickId) } : {}),
          memo: { trade_id: id, symbol: this.pair.symbol, fee: String(fill.fees) },
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
    for (const state of touched.values()) {
      if (state.status !== 'open' && state.holdRemaining > 0n) {
        ops.push({ type: 'release', holdId: state.holdId });
        state.holdRemaining = 0n;
      }
    }
    const createdIds = new Set(created.map((state) => state.id));
    const writesOf = (entryIds: readonly (bigint | null)[]) => {
      const tradeRows: NewTradeRow[] = fills.map((fill, index) => {
        const op = opOf[index] as { base: number; quote: number | null };
        const baseEntryId = entryIds[op.base];
        invariant(baseEntryId, 'a fill books its base entry');
        return {
          id: tradeIds[index] as number,
          instrumentId: this.pair.instrumentId,
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
          tickId: tickId === null ? null : BigInt(tickId),
          quoteEntryId: op.quote === null ? null : (entryIds[op.quote] ?? null),
          baseEntryId,
          createdAt: now,
        };
      });
      return roundWrites({
        created: created.map((state) => this.rowOf(state)),
        updated: [...touched.values()]
          .filter((state) => !createdIds.has(state.id))
          .map((state) => this.updateOf(state)),
        trades: tradeRows,
      });
    };
    // The orders and trades go in the fills' ledger statement (their entry ids known by then).
    if (ops.length > 0)
      await this.deps.ledger.apply(tx, ops, now, { alongWith: ({ entryIds }) => writesOf(entryIds) });
    else await executeTogether(tx, writesOf([]));
    return {
      orders: [...touched.values()],
      fills: fills.map((fill, index) => ({ ...fill, id: tradeIds[index] as number, time: now, tickId })),
      bookChanged: touched.size > 0,
    };
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

  /** The resting orders an incoming order of `userId` could take, best first, up to `limitTicks`. */
  levelsFor(side: SpotSide, userId: number, limitTicks: number): WalkLevel[] {
    const levels: WalkLevel[] = [];
    for (const order of this.book.orders()) {
      if (order.side !== side || order.owner === userId) continue;
      if (side === 'sell' ? order.price > limitTicks : order.price < limitTicks) continue;
      levels.push({ priceTicks: order.price, lots: order.remaining });
    }
    levels.sort((a, b) => (side === 'sell' ? a.priceTicks - b.priceTicks : b.priceTicks - a.priceTicks));
    return levels;
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

  private accountOf(userId: number, leg: 'base' | 'quote'): UserAccountRef {
    return {
      userId,
      currencyId: leg === 'base' ? this.pair.baseCurrencyId : this.pair.quoteCurrencyId,
      kind: spotKind,
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
