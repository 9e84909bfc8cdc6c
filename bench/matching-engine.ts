// Performance target 1 (shared/design/performance.md): the spot matching engine, same run, same machine.
//   node --import tsx bench/matching-engine.ts
// Generates a seeded stream of commands in the target mix (about 9% new limit orders, 3% IOC or
// market, 6% cancels, 82% amends or moves; about 1,000 resting orders over about 750 price levels),
// then:
// - checks the engine's events command by command against the simple reference book (on a prefix:
//   the reference is slow on purpose), and its fills against nodejs-order-book on the whole stream;
// - times both engines on the whole stream (best of BENCH_ROUNDS, alternating, fresh book each);
// - times every command once more on its own (hrtime) for the latency percentiles;
// - measures the heap taken by 1 M resting orders (heapUsed after a full GC, before and after);
// the comparisons at about 750, 1 k, 10 k and 70 k price levels (BENCH_LEVELS), the reference book
// checking only the books of up to 1 k levels (it is slow on purpose).
// Owners are all distinct: nodejs-order-book's modify() has no self-trade prevention, so a stream
// with self-trades could not be compared; the property tests cover self-trade prevention.
// Env: BENCH_COMMANDS (default 1000000), BENCH_VERIFY (commands checked against the reference book,
// default 50000), BENCH_ROUNDS (3), BENCH_RESTING (1000000, for the memory figure), BENCH_SEED (1).
import v8 from 'node:v8';
import vm from 'node:vm';
import {
  type IProcessOrder,
  type LimitOrderOptions,
  type MarketOrderOptions,
  Side,
  OrderBook as TheirBook,
} from 'nodejs-order-book';
import { OrderBook } from '../packages/domain/src/matching/order-book';
import type {
  DoneReason,
  Lots,
  MatchSink,
  OrderBookApi,
  OrderId,
  PlaceCommand,
  Ticks,
} from '../packages/domain/src/matching/order-book.types';
import { ReferenceBook } from '../packages/domain/src/matching/reference-book';

const commandCount = positiveIntFromEnv('BENCH_COMMANDS', 1_000_000);
const verifyCount = Math.min(commandCount, positiveIntFromEnv('BENCH_VERIFY', 50_000));
const rounds = positiveIntFromEnv('BENCH_ROUNDS', 3);
const restingForMemory = positiveIntFromEnv('BENCH_RESTING', 1_000_000);
const seed = positiveIntFromEnv('BENCH_SEED', 1);

/**
 * The book sizes compared, as price levels over both sides (BENCH_LEVELS, comma-separated): the
 * default mix's 750, then about 1 k, 10 k and 70 k. For each the generator steers toward
 * `targetResting` resting orders placed up to `passiveSpread` ticks from the middle.
 */
const levelCounts = (process.env.BENCH_LEVELS ?? '750,1000,10000,70000').split(',').map((text) => {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error('BENCH_LEVELS must list positive integers');
  return value;
});
type BookShape = { readonly levels: number; readonly targetResting: number; readonly passiveSpread: number };
const shapeOf = (levels: number): BookShape => ({
  levels,
  targetResting: Math.round((levels * 4) / 3),
  passiveSpread: Math.round((levels * 16) / 15),
});
/** The reference book is slow on purpose: it checks the smaller books only. */
const referenceLevelsMax = 1_000;
const startMiddle = 10_000_000;

function positiveIntFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** The heap can be measured only after a full collection; get `gc` even without --expose-gc. */
function exposedGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing !== undefined) return existing;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}
const collectGarbage = exposedGc();

/** mulberry32: small, fast, seeded. */
function seededRandom(initial: number): () => number {
  let state = initial >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// The command stream

const PLACE = 0;
const CANCEL = 1;
const AMEND = 2;

/** One command, with its nodejs-order-book translation prepared up front (not timed). */
class BenchCommand {
  constructor(
    readonly kind: number,
    readonly id: number,
    readonly price: number,
    readonly quantity: number,
    readonly place: PlaceCommand | null,
    /** nodejs-order-book's ids are strings. */
    readonly theirId: string,
    readonly theirPlace: LimitOrderOptions | MarketOrderOptions | null,
    /** A same-price amend that does not raise the size: keeps its queue place. */
    readonly keepsPriority: boolean,
  ) {}
}

type Mix = {
  passive: number;
  aggressive: number;
  ioc: number;
  market: number;
  cancel: number;
  keep: number;
  move: number;
  levelsSampled: number;
  ordersSampled: number;
  samples: number;
};

/** Keeps the ids of resting orders for O(1) random picks, following the generator book's events. */
class LiveOrders implements MatchSink {
  readonly ids: number[] = [];
  private readonly index = new Map<number, number>();

  fill(): void {}

  rest(id: number): void {
    if (this.index.has(id)) return;
    this.index.set(id, this.ids.length);
    this.ids.push(id);
  }

  done(id: number): void {
    const at = this.index.get(id);
    if (at === undefined) return;
    const last = this.ids.pop() as number;
    if (last !== id) {
      this.ids[at] = last;
      this.index.set(last, at);
    }
    this.index.delete(id);
  }

  pick(random: () => number): number {
    return this.ids[Math.floor(random() * this.ids.length)] as number;
  }
}

/**
 * Builds the stream by running it through an engine as it goes, so cancels and amends always name
 * a resting order and passive prices know where the touch is. (Whether that engine is right is
 * what the checks afterwards establish.)
 */
function generateCommands({ targetResting, passiveSpread }: BookShape): {
  commands: BenchCommand[];
  mix: Mix;
} {
  const random = seededRandom(seed);
  const book = new OrderBook();
  const live = new LiveOrders();
  const commands: BenchCommand[] = [];
  const mix: Mix = {
    passive: 0,
    aggressive: 0,
    ioc: 0,
    market: 0,
    cancel: 0,
    keep: 0,
    move: 0,
    levelsSampled: 0,
    ordersSampled: 0,
    samples: 0,
  };
  let nextId = 1;
  const lots = (max: number) => 1 + Math.floor(random() * max);

  const middle = () => {
    const bid = book.bestBid();
    const ask = book.bestAsk();
    if (bid !== null && ask !== null) return Math.floor((bid + ask) / 2);
    return bid ?? (ask === null ? startMiddle : ask - 1);
  };
  /** A price that does not cross: `distance` ticks behind the middle, never through the touch. */
  const passivePrice = (isBuy: boolean, distance: number) => {
    const ask = book.bestAsk();
    const bid = book.bestBid();
    if (isBuy) return Math.min(middle() - distance, ask === null ? Number.POSITIVE_INFINITY : ask - 1);
    return Math.max(middle() + 1 + distance, bid === null ? 0 : bid + 1);
  };

  const push = (command: BenchCommand) => {
    commands.push(command);
    if (command.kind === PLACE) book.place(command.place as PlaceCommand, live);
    else if (command.kind === CANCEL) book.cancel(command.id as OrderId, live);
    else book.amend(command.id as OrderId, command.price as Ticks, command.quantity as Lots, live);
  };

  const newLimit = (isBuy: boolean, price: number | null, quantity: number, ioc: boolean) => {
    const id = nextId++;
    const side = isBuy ? 'buy' : 'sell';
    // The generator works in plain numbers; the brands are compile-time only.
    const place = { id, owner: id, side, price, quantity, timeInForce: ioc ? 'ioc' : 'gtc' } as PlaceCommand;
    const theirSide = isBuy ? Side.BUY : Side.SELL;
    const theirPlace =
      price === null
        ? { side: theirSide, size: quantity }
        : {
            side: theirSide,
            id: String(id),
            size: quantity,
            price,
            ...(ioc ? { timeInForce: 'IOC' as LimitOrderOptions['timeInForce'] } : {}),
          };
    push(new BenchCommand(PLACE, id, price ?? 0, quantity, place, String(id), theirPlace, false));
  };
  const placePassive = () => {
    const isBuy = random() < 0.5;
    newLimit(isBuy, passivePrice(isBuy, Math.floor(random() * passiveSpread)), lots(100), false);
    mix.passive++;
  };
  const cancel = () => {
    const id = live.pick(random);
    push(new BenchCommand(CANCEL, id, 0, 0, null, String(id), null, false));
    mix.cancel++;
  };

  while (commands.length < commandCount) {
    if (commands.length % 1000 === 0 && commands.length > 0) {
      mix.levelsSampled += book.depth('buy', 1e9).length + book.depth('sell', 1e9).length;
      mix.ordersSampled += book.size;
      mix.samples++;
    }
    const roll = commands.length < targetResting ? 0 : random();
    if (roll < 0.09) {
      // A new limit order: mostly passive, some crossing the touch (the rest rests).
      if (commands.length >= targetResting && random() < 0.15) {
        const isBuy = random() < 0.5;
        const touch = isBuy ? book.bestAsk() : book.bestBid();
        if (touch === null) placePassive();
        else {
          newLimit(
            isBuy,
            isBuy ? touch + Math.floor(random() * 3) : touch - Math.floor(random() * 3),
            lots(100),
            false,
          );
          mix.aggressive++;
        }
      } else if (live.ids.length > targetResting * 1.05) cancel();
      else placePassive();
    } else if (roll < 0.12) {
      // Immediate-or-cancel: a third are market orders, the rest limited a few ticks through.
      const isBuy = random() < 0.5;
      const touch = isBuy ? book.bestAsk() : book.bestBid();
      if (touch === null || random() < 1 / 3) {
        newLimit(isBuy, null, lots(50), true);
        mix.market++;
      } else {
        newLimit(
          isBuy,
          isBuy ? touch + Math.floor(random() * 3) : touch - Math.floor(random() * 3),
          lots(50),
          true,
        );
        mix.ioc++;
      }
    } else if (roll < 0.18) {
      if (live.ids.length < targetResting * 0.95) placePassive();
      else cancel();
    } else {
      const id = live.pick(random);
      const order = book.get(id as OrderId);
      if (order === null) throw new Error(`generator lost order ${id}`);
      const isBuy = order.side === 'buy';
      const kind = random();
      let price: number = order.price;
      let quantity: number = order.remaining;
      if (kind < 0.3) {
        quantity = order.remaining > 1 ? order.remaining - lots(order.remaining - 1) : order.remaining; // smaller
      } else if (kind < 0.45) {
        quantity = order.remaining + lots(20); // bigger: to the back
      } else if (kind < 0.85) {
        // Nudge the price a few ticks; now and then straight through the touch.
        const step = (1 + Math.floor(random() * 3)) * (random() < 0.5 ? -1 : 1);
        price = Math.max(1, order.price + step);
        if (random() < 0.9)
          price = isBuy ? Math.min(price, passivePrice(true, 0)) : Math.max(price, passivePrice(false, 0));
      } else {
        price = passivePrice(isBuy, Math.floor(random() * passiveSpread)); // requote elsewhere
        quantity = lots(100);
      }
      const keepsPriority = price === order.price && quantity <= order.remaining;
      if (keepsPriority) mix.keep++;
      else mix.move++;
      push(new BenchCommand(AMEND, id, price, quantity, null, String(id), null, keepsPriority));
    }
  }
  return { commands, mix };
}

// ---------------------------------------------------------------------------------------------
// Sinks

/** What the timed runs use: counts, so the work cannot be optimised away. */
class CountingSink implements MatchSink {
  fills = 0;
  volume = 0;
  finished = 0;

  fill(_maker: number, _taker: number, _price: number, quantity: number): void {
    this.fills++;
    this.volume += quantity;
  }

  rest(): void {}

  done(): void {
    this.finished++;
  }
}

const reasonCodes: Record<DoneReason, number> = {
  filled: 1,
  cancelled: 2,
  expired: 3,
  would_take: 4,
  self_trade: 5,
};

function mixHash(hash: number, value: number): number {
  return Math.imul(hash ^ value, 16777619) >>> 0;
}

/** Hashes every event of each command (for the reference check) and every fill (for nodejs-order-book). */
class DigestSink implements MatchSink {
  /** Per command: a hash of all its events. */
  readonly perCommand: Uint32Array;
  current = 2166136261;
  fillDigest = 2166136261;
  fills = 0;
  volume = 0;
  command = 0;

  constructor(count: number) {
    this.perCommand = new Uint32Array(count);
  }

  endCommand(): void {
    this.perCommand[this.command] = this.current;
    this.current = 2166136261;
    this.command++;
  }

  fill(
    maker: number,
    taker: number,
    price: number,
    quantity: number,
    makerLeft: number,
    takerLeft: number,
  ): void {
    for (const value of [1, maker, taker, price, quantity, makerLeft, takerLeft]) {
      this.current = mixHash(this.current, value);
    }
    this.fillDigest = fillHash(this.fillDigest, this.command, maker, price, quantity);
    this.fills++;
    this.volume += quantity;
  }

  rest(id: number, price: number, remaining: number): void {
    for (const value of [2, id, price, remaining]) this.current = mixHash(this.current, value);
  }

  done(id: number, reason: DoneReason, remaining: number): void {
    for (const value of [3, id, reasonCodes[reason], remaining]) this.current = mixHash(this.current, value);
  }
}

/** The part of a fill nodejs-order-book reports too: which command, which maker, price, lots. */
function fillHash(hash: number, command: number, maker: number, price: number, quantity: number): number {
  return mixHash(mixHash(mixHash(mixHash(hash, command), maker), price), quantity);
}

// ---------------------------------------------------------------------------------------------
// Running the engines

function runOurCommand(book: OrderBookApi, command: BenchCommand, sink: MatchSink): void {
  if (command.kind === PLACE) book.place(command.place as PlaceCommand, sink);
  else if (command.kind === CANCEL) book.cancel(command.id as OrderId, sink);
  else book.amend(command.id as OrderId, command.price as Ticks, command.quantity as Lots, sink);
}

function runOurs(book: OrderBookApi, commands: readonly BenchCommand[], sink: MatchSink): void {
  for (const command of commands) runOurCommand(book, command, sink);
}

/** Runs the first `count` commands, closing each command's digest. */
function runDigested(
  book: OrderBookApi,
  commands: readonly BenchCommand[],
  sink: DigestSink,
  count: number,
): void {
  for (let index = 0; index < count; index++) {
    runOurCommand(book, commands[index] as BenchCommand, sink);
    sink.endCommand();
  }
}

/** nodejs-order-book's internals, used for one thing: a same-price size cut that keeps the queue place. */
type TheirInternals = {
  orders: Record<string, { price: number; side: string }>;
  bids: TheirSide;
  asks: TheirSide;
};
type TheirSide = { updateOrderSize(order: unknown, update: { size: number; price: number }): unknown };

/**
 * One command on nodejs-order-book. Its modify() always sends the order to the back of the queue,
 * so an amend that keeps priority in our engine uses its OrderSide.updateOrderSize (the same
 * in-place size update it has, which keeps the place); every other amend is its modify().
 */
function runTheirCommand(book: TheirBook, command: BenchCommand): IProcessOrder | null {
  if (command.kind === PLACE) {
    if (command.place?.price === null) return book.market(command.theirPlace as MarketOrderOptions);
    return book.limit(command.theirPlace as LimitOrderOptions);
  }
  if (command.kind === CANCEL) {
    book.cancel(command.theirId);
    return null;
  }
  if (command.keepsPriority) {
    const internals = book as unknown as TheirInternals;
    const order = internals.orders[command.theirId];
    if (order === undefined) throw new Error(`nodejs-order-book lost order ${command.theirId}`);
    const side = order.side === Side.BUY ? internals.bids : internals.asks;
    side.updateOrderSize(order, { size: command.quantity, price: order.price });
    return null;
  }
  return book.modify(command.theirId, { price: command.price, size: command.quantity });
}

function runTheirs(book: TheirBook, commands: readonly BenchCommand[]): void {
  for (const command of commands) runTheirCommand(book, command);
}

/** Recovers nodejs-order-book's fills from its responses, in match order (done makers, then the partial one). */
function theirFillDigest(commands: readonly BenchCommand[]): {
  digest: number;
  fills: number;
  volume: number;
} {
  const book = new TheirBook();
  let digest = 2166136261;
  let fills = 0;
  let volume = 0;
  commands.forEach((command, index) => {
    const response = runTheirCommand(book, command);
    if (response === null) return;
    if (response.err !== null)
      throw new Error(`nodejs-order-book refused command ${index}: ${response.err.message}`);
    const takerId = command.theirId;
    for (const order of response.done) {
      if (order.id === takerId) continue; // A fully filled taker is listed too, at its average price.
      const { price, size } = order as { price: number; size: number };
      digest = fillHash(digest, index, Number(order.id), price, size);
      fills++;
      volume += size;
    }
    const partial = response.partial;
    if (partial !== null && partial.id !== takerId) {
      digest = fillHash(digest, index, Number(partial.id), partial.price, response.partialQuantityProcessed);
      fills++;
      volume += response.partialQuantityProcessed;
    }
  });
  return { digest, fills, volume };
}

function seconds(run: () => void): number {
  const started = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Every command timed on its own, on a fresh book; returns sorted nanoseconds. */
function latencies(run: (command: BenchCommand) => void, commands: readonly BenchCommand[]): Float64Array {
  const times = new Float64Array(commands.length);
  for (let index = 0; index < commands.length; index++) {
    const started = process.hrtime.bigint();
    run(commands[index] as BenchCommand);
    times[index] = Number(process.hrtime.bigint() - started);
  }
  return times.sort();
}

function percentile(sorted: Float64Array, fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
}

function describeLatency(sorted: Float64Array): string {
  const us = (ns: number) => (ns / 1000).toFixed(2);
  return `p50 ${us(percentile(sorted, 0.5))} us, p99 ${us(percentile(sorted, 0.99))} us, p99.9 ${us(percentile(sorted, 0.999))} us, max ${us(sorted[sorted.length - 1] as number)} us`;
}

/** Heap taken by `count` resting orders over 750 levels per side (the book is kept alive while measuring). */
function restingMemory(fill: (index: number, isBuy: boolean, price: number) => void): number {
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  for (let index = 0; index < restingForMemory; index++) {
    const isBuy = index % 2 === 0;
    const level = (index >> 1) % 375;
    fill(index, isBuy, isBuy ? startMiddle - 1 - level : startMiddle + 1 + level);
  }
  collectGarbage();
  return (process.memoryUsage().heapUsed - before) / 2 ** 20;
}

// ---------------------------------------------------------------------------------------------

type ShapeResult = {
  readonly levels: number;
  readonly ratio: number;
  readonly p99Us: number;
  readonly identical: boolean;
};

function runShape(shape: BookShape): ShapeResult {
  console.log(`\n  -- about ${shape.levels} price levels --`);
  const started = Date.now();
  const { commands, mix } = generateCommands(shape);
  const percent = (count: number) => `${((count / commands.length) * 100).toFixed(1)}%`;
  console.log(
    `  ${commands.length} commands (seed ${seed}, generated in ${((Date.now() - started) / 1000).toFixed(1)} s): ` +
      `new limit ${percent(mix.passive + mix.aggressive)} (${mix.aggressive} crossing), ` +
      `IOC ${percent(mix.ioc + mix.market)} (${mix.market} market), cancel ${percent(mix.cancel)}, ` +
      `amend ${percent(mix.keep + mix.move)} (${mix.keep} keep their place, ${mix.move} move)`,
  );
  console.log(
    `  book while running: ${(mix.ordersSampled / Math.max(1, mix.samples)).toFixed(0)} resting orders over ` +
      `${(mix.levelsSampled / Math.max(1, mix.samples)).toFixed(0)} price levels on average`,
  );

  // Correctness first: the timings mean nothing if the fills differ.
  let identical = true;
  if (shape.levels <= referenceLevelsMax) identical = checkAgainstReference(commands);

  const fullDigest = new DigestSink(commands.length);
  runDigested(new OrderBook(), commands, fullDigest, commands.length);
  const theirs = theirFillDigest(commands);
  const sameAsTheirs =
    theirs.digest === fullDigest.fillDigest &&
    theirs.fills === fullDigest.fills &&
    theirs.volume === fullDigest.volume;
  identical &&= sameAsTheirs;
  console.log(
    `  fills identical to nodejs-order-book on all ${commands.length} commands: ${sameAsTheirs ? 'yes' : 'NO'} ` +
      `(ours ${fullDigest.fills} fills / ${fullDigest.volume} lots, theirs ${theirs.fills} / ${theirs.volume})`,
  );

  // Throughput: alternate the engines, fresh book each time, keep each one's best round.
  let bestOurs = Number.POSITIVE_INFINITY;
  let bestTheirs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    collectGarbage();
    const sink = new CountingSink();
    bestOurs = Math.min(
      bestOurs,
      seconds(() => runOurs(new OrderBook(), commands, sink)),
    );
    if (sink.fills !== fullDigest.fills) throw new Error('timed run filled differently');
    collectGarbage();
    bestTheirs = Math.min(
      bestTheirs,
      seconds(() => runTheirs(new TheirBook(), commands)),
    );
  }
  const oursRate = commands.length / bestOurs;
  const theirRate = commands.length / bestTheirs;
  console.log(`  OrderBook:         ${oursRate.toFixed(0).padStart(10)} commands/s (best of ${rounds})`);
  console.log(`  nodejs-order-book: ${theirRate.toFixed(0).padStart(10)} commands/s (best of ${rounds})`);

  collectGarbage();
  const ourBook = new OrderBook();
  const ourSink = new CountingSink();
  const ourLatency = latencies((command) => runOurCommand(ourBook, command, ourSink), commands);
  collectGarbage();
  const theirBook = new TheirBook();
  const theirLatency = latencies((command) => runTheirCommand(theirBook, command), commands);
  console.log(`  latency per command, OrderBook:         ${describeLatency(ourLatency)}`);
  console.log(`  latency per command, nodejs-order-book: ${describeLatency(theirLatency)}`);
  return {
    levels: shape.levels,
    ratio: oursRate / theirRate,
    p99Us: percentile(ourLatency, 0.99) / 1000,
    identical,
  };
}

/** The engine's events, command by command, against the reference book's on a prefix. */
function checkAgainstReference(commands: readonly BenchCommand[]): boolean {
  const engineDigest = new DigestSink(verifyCount);
  const referenceDigest = new DigestSink(verifyCount);
  const engine = new OrderBook();
  const reference = new ReferenceBook();
  const referenceSeconds = seconds(() => runDigested(reference, commands, referenceDigest, verifyCount));
  runDigested(engine, commands, engineDigest, verifyCount);
  const firstDifference = engineDigest.perCommand.findIndex(
    (hash, index) => hash !== referenceDigest.perCommand[index],
  );
  const sameAsReference = firstDifference === -1 && engine.size === reference.size;
  console.log(
    `  events identical to the reference book on the first ${verifyCount} commands: ` +
      `${sameAsReference ? 'yes' : `NO (first difference at command ${firstDifference})`} ` +
      `(${engineDigest.fills} fills; reference ran at ${(verifyCount / referenceSeconds).toFixed(0)} commands/s)`,
  );

  return sameAsReference;
}

function main(): void {
  const results = levelCounts.map((levels) => runShape(shapeOf(levels)));
  const identical = results.every((result) => result.identical);

  const nullSink = new CountingSink();
  let keepAlive: unknown = new OrderBook();
  const ourMegabytes = restingMemory((index, isBuy, price) => {
    (keepAlive as OrderBook).place(
      {
        id: (index + 1) as OrderId,
        owner: index + 1,
        side: isBuy ? 'buy' : 'sell',
        price: price as Ticks,
        quantity: 10 as Lots,
        timeInForce: 'gtc',
      },
      nullSink,
    );
  });
  if ((keepAlive as OrderBook).size !== restingForMemory) throw new Error('memory book lost orders');
  keepAlive = new TheirBook();
  const theirMegabytes = restingMemory((index, isBuy, price) => {
    (keepAlive as TheirBook).limit({
      side: isBuy ? Side.BUY : Side.SELL,
      id: String(index + 1),
      size: 10,
      price,
    });
  });
  keepAlive = null;
  console.log(
    `  heap for ${restingForMemory} resting orders: OrderBook ${ourMegabytes.toFixed(0)} MB, ` +
      `nodejs-order-book ${theirMegabytes.toFixed(0)} MB`,
  );

  console.log('\n  levels   ours/theirs   p99 (us)');
  for (const result of results)
    console.log(
      `  ${String(result.levels).padStart(6)}   ${result.ratio.toFixed(1).padStart(10)}x   ${result.p99Us.toFixed(2).padStart(8)}`,
    );
  const worstRatio = Math.min(...results.map((result) => result.ratio));
  const worstP99 = Math.max(...results.map((result) => result.p99Us));
  const sizes = results.map((result) => result.levels).join(', ');
  console.log(
    `target 1 fills: identical to the reference book and nodejs-order-book ${identical ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `target 1 latency: worst p99 ${worstP99.toFixed(2)} us per command over ${sizes} levels (target <= 20 us) ${worstP99 <= 20 ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `target 1 memory: ${ourMegabytes.toFixed(0)} MB for ${restingForMemory} resting orders (target <= 300 MB) ` +
      `${ourMegabytes <= 300 ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `target 1: OrderBook / nodejs-order-book = ${worstRatio.toFixed(1)}x commands/s, the worst over ${sizes} levels (target >= 5x) ${worstRatio >= 5 ? 'MET' : 'NOT MET'}`,
  );
  if (!identical) process.exitCode = 1;
}

main();
