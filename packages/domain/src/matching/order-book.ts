/**
 * The spot matching engine (performance.md target 1): price-time priority over integer ticks and
 * lots, behind the fixed interface of order-book.types.ts.
 *
 * Layout, chosen so a command allocates nothing once the book has warmed up:
 * - Each side keeps its active price levels sorted worst to best in chunks of at most 64 (a sorted
 *   list of sorted blocks), so the best level is the last one: taking it off after it is emptied
 *   is a pop, and adding or removing a level anywhere shifts one short chunk, whatever the number
 *   of levels. Levels are found by binary search over the chunks, then within one.
 * - Each level holds its orders in an intrusive doubly-linked list (oldest at the head), so
 *   appending, matching from the head and cancelling from the middle are O(1).
 * - An id -> node Map finds an order for cancel and amend.
 * - Order nodes and level objects are recycled through free lists instead of being dropped, and
 *   the sink receives primitives, so the garbage collector has nothing to do on the hot path.
 *
 * The reference book in reference-book.ts is the slow, obviously correct twin this one is tested
 * against event by event.
 *
 * Choices the interface leaves open (the reference book makes the same ones):
 * - A command is checked for shape first ('invalid_command'), then against the book
 *   ('duplicate_id', 'unknown_order'). Only resting ids count as duplicates: the book forgets
 *   finished orders, and the server's ids are unique anyway.
 * - A post_only order that would cross is refused even if the orders it meets are its owner's.
 * - An amend always reports where the order ends up: `rest(id, price, remaining)` (also for a
 *   same-price amend that lowers or keeps the size, which keeps the queue place), or its fills then
 *   `done(id, 'filled', 0)`; quantity 0 reports `done(id, 'cancelled', remaining)`.
 */
import type {
  DepthLevel,
  Lots,
  MatchSide,
  MatchSink,
  OrderBookApi,
  OrderId,
  PlaceCommand,
  RejectReason,
  RestingOrder,
  Ticks,
} from './order-book.types';

// Inside the book ticks and lots are plain numbers (arithmetic drops brands anyway); the brands of
// order-book.types.ts are put back where values leave through the sink or a query.

/** A resting order: a node of its level's queue, reused through the free list when it leaves. */
class OrderNode {
  id = 0 as OrderId;
  owner = 0;
  remaining = 0;
  /** Null while the node is not in the book (free, or an amended order being re-matched). */
  level: PriceLevel | null = null;
  prev: OrderNode | null = null;
  /** Also links the free list. */
  next: OrderNode | null = null;
}

/** All resting orders at one price on one side, oldest first. Reused through a free list. */
class PriceLevel {
  price = 0;
  isBuy = false;
  /** Sum of the orders' remaining lots (depth without walking the queue). */
  quantity = 0;
  orders = 0;
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  /** Links the free list. */
  nextFree: PriceLevel | null = null;
}

/** Where a ladder gets a new level from (the book's free list): a method, so no closure per call. */
interface LevelSource {
  takeLevel(price: number, isBuy: boolean): PriceLevel;
}

/** Most levels one chunk of a ladder holds before it splits in two. */
const chunkMax = 64;

/**
 * One side's active levels sorted worst to best (bids by rising price, asks by falling price), so
 * the best level is the last level of the last chunk. The levels are kept in chunks of at most
 * `chunkMax` (a sorted list of sorted blocks): adding or removing a level anywhere shifts at most
 * one chunk, plus the short chunk directory when a chunk splits or empties, so the cost does not
 * grow with the number of levels (performance issue: 70 k levels).
 */
class Ladder {
  /** Non-empty chunks, worst to best; each sorted worst to best. */
  private readonly chunks: PriceLevel[][] = [];
  /** Emptied chunk arrays kept for reuse, so a level that comes and goes allocates nothing. */
  private readonly spareChunks: PriceLevel[][] = [];
  count = 0;

  constructor(readonly isBuy: boolean) {}

  best(): PriceLevel | null {
    const chunk = this.chunks[this.chunks.length - 1];
    return chunk === undefined ? null : (chunk[chunk.length - 1] as PriceLevel);
  }

  /** `a` sorts before (is worse than) `b` on this side. */
  private worse(a: number, b: number): boolean {
    return this.isBuy ? a < b : a > b;
  }

  /** The first chunk whose best level is not worse than `price` (its length if none). */
  private chunkFor(price: number): number {
    const chunks = this.chunks;
    let low = 0;
    let high = chunks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const chunk = chunks[middle] as PriceLevel[];
      if (this.worse((chunk[chunk.length - 1] as PriceLevel).price, price)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Within a chunk: the index of the level at `price`, or where it would be inserted. */
  private position(chunk: PriceLevel[], price: number): number {
    let low = 0;
    let high = chunk.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.worse((chunk[middle] as PriceLevel).price, price)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The level at `price`, taken from `source` and inserted in order if it is not active yet. */
  findOrAdd(price: number, source: LevelSource): PriceLevel {
    const chunks = this.chunks;
    let chunkIndex = this.chunkFor(price);
    if (chunkIndex === chunks.length) {
      // Better than every level: it goes at the end of the last chunk (or a first chunk).
      if (chunkIndex === 0) {
        const level = source.takeLevel(price, this.isBuy);
        chunks.push(this.newChunk(level));
        this.count++;
        return level;
      }
      chunkIndex -= 1;
    }
    const chunk = chunks[chunkIndex] as PriceLevel[];
    const index = this.position(chunk, price);
    const found = chunk[index];
    if (found !== undefined && found.price === price) return found;
    const level = source.takeLevel(price, this.isBuy);
    // Shift the better levels of this chunk up by one (by hand: splice would allocate).
    for (let at = chunk.length; at > index; at--) chunk[at] = chunk[at - 1] as PriceLevel;
    chunk[index] = level;
    this.count++;
    if (chunk.length > chunkMax) this.split(chunkIndex);
    return level;
  }

  /**
   * Moves `level` to `price` in place when no other active level lies between the two prices, so
   * the order holds without shifting anything. Returns whether it did.
   */
  reprice(level: PriceLevel, price: number): boolean {
    const chunkIndex = this.chunkFor(level.price);
    const chunk = this.chunks[chunkIndex] as PriceLevel[];
    const index = this.position(chunk, level.price);
    const worse = index > 0 ? chunk[index - 1] : this.chunks[chunkIndex - 1]?.at(-1);
    const better = index + 1 < chunk.length ? chunk[index + 1] : this.chunks[chunkIndex + 1]?.[0];
    if (worse !== undefined && !this.worse(worse.price, price)) return false;
    if (better !== undefined && !this.worse(price, better.price)) return false;
    level.price = price;
    return true;
  }

  remove(level: PriceLevel): void {
    const chunks = this.chunks;
    const lastChunk = chunks.length - 1;
    const best = chunks[lastChunk] as PriceLevel[];
    let chunkIndex = lastChunk;
    let chunk = best;
    let index = best.length - 1;
    // The common case, the best level emptied by matching, needs no search.
    if (best[index] !== level) {
      chunkIndex = this.chunkFor(level.price);
      chunk = chunks[chunkIndex] as PriceLevel[];
      index = this.position(chunk, level.price);
    }
    const last = chunk.length - 1;
    for (let at = index; at < last; at++) chunk[at] = chunk[at + 1] as PriceLevel;
    chunk.length = last;
    this.count--;
    if (last === 0) {
      for (let at = chunkIndex; at < lastChunk; at++) chunks[at] = chunks[at + 1] as PriceLevel[];
      chunks.length = lastChunk;
      this.spareChunks.push(chunk);
    }
  }

  /** The levels best first, lazily (the caller must not change the ladder while it reads). */
  *bestFirst(): Generator<PriceLevel> {
    for (let chunkIndex = this.chunks.length - 1; chunkIndex >= 0; chunkIndex--) {
      const chunk = this.chunks[chunkIndex] as PriceLevel[];
      for (let index = chunk.length - 1; index >= 0; index--) yield chunk[index] as PriceLevel;
    }
  }

  /** Calls `visit` for each level best first until it returns false. */
  forEachBestFirst(visit: (level: PriceLevel) => boolean): void {
    for (let chunkIndex = this.chunks.length - 1; chunkIndex >= 0; chunkIndex--) {
      const chunk = this.chunks[chunkIndex] as PriceLevel[];
      for (let index = chunk.length - 1; index >= 0; index--) if (!visit(chunk[index] as PriceLevel)) return;
    }
  }

  private newChunk(level: PriceLevel): PriceLevel[] {
    const chunk = this.spareChunks.pop() ?? [];
    chunk.push(level);
    return chunk;
  }

  /** Splits an over-full chunk into two halves (the directory shifts by one). */
  private split(chunkIndex: number): void {
    const chunks = this.chunks;
    const chunk = chunks[chunkIndex] as PriceLevel[];
    const half = chunk.length >>> 1;
    const upper = this.spareChunks.pop() ?? [];
    for (let at = half; at < chunk.length; at++) upper.push(chunk[at] as PriceLevel);
    chunk.length = half;
    for (let at = chunks.length; at > chunkIndex + 1; at--) chunks[at] = chunks[at - 1] as PriceLevel[];
    chunks[chunkIndex + 1] = upper;
  }
}

/** Ticks and lots are positive safe integers. */
function isPositiveCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0;
}

function isValidPlace(command: PlaceCommand): boolean {
  if (!isPositiveCount(command.id) || !Number.isSafeInteger(command.owner)) return false;
  if (command.side !== 'buy' && command.side !== 'sell') return false;
  if (!isPositiveCount(command.quantity)) return false;
  const timeInForce = command.timeInForce;
  if (timeInForce !== 'gtc' && timeInForce !== 'ioc' && timeInForce !== 'post_only') return false;
  // A market order (no price) can only be immediate-or-cancel: it has no price to rest at.
  return command.price === null ? timeInForce === 'ioc' : isPositiveCount(command.price);
}

/** A price level as an incoming order could meet it. */
export type TakeableLevel = { readonly price: Ticks; readonly lots: Lots };

export class OrderBook implements OrderBookApi, LevelSource {
  private readonly bids = new Ladder(true);
  private readonly asks = new Ladder(false);
  private readonly nodes = new Map<OrderId, OrderNode>();
  private freeNodes: OrderNode | null = null;
  private freeLevels: PriceLevel | null = null;
  private resting = 0;

  get size(): number {
    return this.resting;
  }

  place(command: PlaceCommand, sink: MatchSink): RejectReason | null {
    if (!isValidPlace(command)) return 'invalid_command';
    const id = command.id;
    if (this.nodes.has(id)) return 'duplicate_id';
    const isBuy = command.side === 'buy';
    const price = command.price;
    const timeInForce = command.timeInForce;

    if (timeInForce === 'post_only' && this.wouldCross(isBuy, price as number)) {
      sink.done(id, 'would_take', command.quantity);
      return null;
    }
    // A market order takes any price: its limit is the far end of the scale.
    const limit = price === null ? (isBuy ? Number.POSITIVE_INFINITY : 0) : price;
    const remaining = this.match(id, command.owner, isBuy, limit, command.quantity, sink);

    if (remaining === 0) sink.done(id, 'filled', 0 as Lots);
    else if (timeInForce === 'ioc') sink.done(id, 'expired', remaining as Lots);
    else {
      const node = this.takeNode();
      node.id = id;
      node.owner = command.owner;
      node.remaining = remaining;
      this.nodes.set(id, node);
      this.append(node, isBuy, price as number);
      sink.rest(id, price as Ticks, remaining as Lots);
    }
    return null;
  }

  cancel(id: OrderId, sink: MatchSink): RejectReason | null {
    const node = this.nodes.get(id);
    if (node === undefined) return 'unknown_order';
    const remaining = node.remaining;
    this.unlink(node);
    this.forget(node);
    sink.done(id, 'cancelled', remaining as Lots);
    return null;
  }

  amend(id: OrderId, price: Ticks, quantity: Lots, sink: MatchSink): RejectReason | null {
    if (!isPositiveCount(price) || !Number.isSafeInteger(quantity) || quantity < 0) return 'invalid_command';
    const node = this.nodes.get(id);
    if (node === undefined) return 'unknown_order';
    const level = node.level as PriceLevel;
    if (quantity === 0) return this.cancel(id, sink);

    if (price === level.price && quantity <= node.remaining) {
      // Lowering (or keeping) the size at the same price keeps the order's place in the queue.
      level.quantity -= node.remaining - quantity;
      node.remaining = quantity;
      sink.rest(id, price, quantity);
      return null;
    }

    // Any other change is a new entry: out of the queue, matched if it now crosses (as gtc), and
    // back in at the end of its new level.
    const isBuy = level.isBuy;
    if (level.orders === 1 && !this.wouldCross(isBuy, price)) {
      // Shortcut for the commonest move, a lone order nudged to a price with no level in between:
      // its level simply takes the new price (it is alone, so also at the back of it).
      if ((isBuy ? this.bids : this.asks).reprice(level, price)) {
        level.quantity = quantity;
        node.remaining = quantity;
        sink.rest(id, price, quantity);
        return null;
      }
    }
    // The node and its map entry are kept meanwhile; being out of the book, it cannot meet itself.
    this.unlink(node);
    const remaining = this.match(id, node.owner, isBuy, price, quantity, sink);
    if (remaining === 0) {
      this.forget(node);
      sink.done(id, 'filled', 0 as Lots);
    } else {
      node.remaining = remaining;
      this.append(node, isBuy, price);
      sink.rest(id, price, remaining as Lots);
    }
    return null;
  }

  get(id: OrderId): RestingOrder | null {
    const node = this.nodes.get(id);
    // A node without a level is an amended order being re-matched: not in the book right now.
    return node === undefined || node.level === null ? null : toRestingOrder(node);
  }

  bestBid(): Ticks | null {
    return (this.bids.best()?.price ?? null) as Ticks | null;
  }

  bestAsk(): Ticks | null {
    return (this.asks.best()?.price ?? null) as Ticks | null;
  }

  depth(side: MatchSide, maxLevels: number): DepthLevel[] {
    const ladder = side === 'buy' ? this.bids : this.asks;
    const result: DepthLevel[] = [];
    if (maxLevels <= 0) return result;
    ladder.forEachBestFirst((level) => {
      result.push({ price: level.price as Ticks, quantity: level.quantity as Lots, orders: level.orders });
      return result.length < maxLevels;
    });
    return result;
  }

  /**
   * The levels of `side` best first, none beyond `limit`, each with the lots an order of `taker`
   * could take there (its own resting orders left out, as self-trade prevention removes them).
   * Lazy: a caller pays for the levels it reads, never for the whole book.
   */
  *takeableLevels(side: MatchSide, taker: number, limit: Ticks): Generator<TakeableLevel> {
    const isBuy = side === 'buy';
    for (const level of (isBuy ? this.bids : this.asks).bestFirst()) {
      if (isBuy ? level.price < limit : level.price > limit) return;
      let lots = level.quantity;
      for (let node = level.head; node !== null; node = node.next) {
        if (node.owner === taker) lots -= node.remaining;
      }
      if (lots > 0) yield { price: level.price as Ticks, lots: lots as Lots };
    }
  }

  orders(): RestingOrder[] {
    const result: RestingOrder[] = [];
    for (const ladder of [this.bids, this.asks]) {
      ladder.forEachBestFirst((level) => {
        for (let node = level.head; node !== null; node = node.next) result.push(toRestingOrder(node));
        return true;
      });
    }
    return result;
  }

  /** Whether an order at `price` on this side would meet the opposite best level. */
  private wouldCross(isBuy: boolean, price: number): boolean {
    const best = (isBuy ? this.asks : this.bids).best();
    return best !== null && (isBuy ? best.price <= price : best.price >= price);
  }

  /**
   * Matches an incoming order against the opposite side, best level first and oldest order first,
   * at each maker's price, until it is filled or the next level is beyond `limit`. A resting order
   * of the same owner is removed (self-trade prevention) instead of traded with. Returns the lots
   * left unfilled.
   */
  private match(
    takerId: OrderId,
    owner: number,
    isBuy: boolean,
    limit: number,
    quantity: number,
    sink: MatchSink,
  ): number {
    const ladder = isBuy ? this.asks : this.bids;
    let remaining = quantity;
    while (remaining > 0 && ladder.count > 0) {
      const level = ladder.best() as PriceLevel;
      const price = level.price;
      if (isBuy ? price > limit : price < limit) break;
      while (remaining > 0 && level.head !== null) {
        const maker = level.head;
        const makerId = maker.id;
        const makerRemaining = maker.remaining;
        if (maker.owner === owner) {
          this.unlink(maker);
          this.forget(maker);
          sink.done(makerId, 'self_trade', makerRemaining as Lots);
          continue;
        }
        const traded = Math.min(makerRemaining, remaining);
        remaining -= traded;
        if (traded === makerRemaining) {
          this.unlink(maker);
          this.forget(maker);
          sink.fill(makerId, takerId, price as Ticks, traded as Lots, 0 as Lots, remaining as Lots);
          sink.done(makerId, 'filled', 0 as Lots);
        } else {
          maker.remaining = makerRemaining - traded;
          level.quantity -= traded;
          const makerLeft = makerRemaining - traded;
          sink.fill(makerId, takerId, price as Ticks, traded as Lots, makerLeft as Lots, remaining as Lots);
        }
      }
      // unlink() has already dropped the level if it emptied; otherwise the taker is filled.
    }
    return remaining;
  }

  /** Puts a node at the back of the level at `price`, creating the level if needed. */
  private append(node: OrderNode, isBuy: boolean, price: number): void {
    const level = (isBuy ? this.bids : this.asks).findOrAdd(price, this);
    node.level = level;
    node.prev = level.tail;
    node.next = null;
    if (level.tail === null) level.head = node;
    else level.tail.next = node;
    level.tail = node;
    level.quantity += node.remaining;
    level.orders++;
    this.resting++;
  }

  /** Takes a node out of its level's queue, dropping the level if it empties. */
  private unlink(node: OrderNode): void {
    const level = node.level as PriceLevel;
    if (node.prev === null) level.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) level.tail = node.prev;
    else node.next.prev = node.prev;
    level.quantity -= node.remaining;
    level.orders--;
    this.resting--;
    node.level = null;
    node.prev = null;
    node.next = null;
    if (level.orders === 0) {
      (level.isBuy ? this.bids : this.asks).remove(level);
      level.head = null;
      level.tail = null;
      level.nextFree = this.freeLevels;
      this.freeLevels = level;
    }
  }

  /** Drops an unlinked node from the id map and recycles it. */
  private forget(node: OrderNode): void {
    this.nodes.delete(node.id);
    node.next = this.freeNodes;
    this.freeNodes = node;
  }

  private takeNode(): OrderNode {
    const node = this.freeNodes;
    if (node === null) return new OrderNode();
    this.freeNodes = node.next;
    node.next = null;
    return node;
  }

  /** A recycled (or new) level at `price`; the ladders call it when they add a level. */
  takeLevel(price: number, isBuy: boolean): PriceLevel {
    let level = this.freeLevels;
    if (level === null) level = new PriceLevel();
    else this.freeLevels = level.nextFree;
    level.nextFree = null;
    level.price = price;
    level.isBuy = isBuy;
    level.quantity = 0;
    level.orders = 0;
    return level;
  }
}

function toRestingOrder(node: OrderNode): RestingOrder {
  const level = node.level as PriceLevel;
  return {
    id: node.id,
    owner: node.owner,
    side: level.isBuy ? 'buy' : 'sell',
    price: level.price as Ticks,
    remaining: node.remaining as Lots,
  };
}
