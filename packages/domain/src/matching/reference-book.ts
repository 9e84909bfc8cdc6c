/**
 * A deliberately simple order book: the tests' (and the benchmark's) reference for what the engine
 * in order-book.ts must do, event for event. Each side is one array kept in priority order (best
 * price first, then arrival), re-sorted after every insertion; matching walks it from the front.
 * Slow and obviously correct. Not exported from the package.
 */
import {
  type DepthLevel,
  type Lots,
  lots,
  type MatchSide,
  type MatchSink,
  type OrderBookApi,
  type OrderId,
  type PlaceCommand,
  type RejectReason,
  type RestingOrder,
  type Ticks,
} from './order-book.types';

type Entry = {
  id: OrderId;
  owner: number;
  side: MatchSide;
  price: Ticks;
  remaining: Lots;
  arrival: number;
};

const noLots = lots(0);

export class ReferenceBook implements OrderBookApi {
  private bidEntries: Entry[] = [];
  private askEntries: Entry[] = [];
  private arrivals = 0;

  get size(): number {
    return this.bidEntries.length + this.askEntries.length;
  }

  place(command: PlaceCommand, sink: MatchSink): RejectReason | null {
    const { id, owner, side, price, quantity, timeInForce } = command;
    const validShape =
      isPositiveInteger(id) &&
      Number.isSafeInteger(owner) &&
      (side === 'buy' || side === 'sell') &&
      isPositiveInteger(quantity) &&
      (timeInForce === 'gtc' || timeInForce === 'ioc' || timeInForce === 'post_only');
    if (!validShape) return 'invalid_command';
    if (price === null ? timeInForce !== 'ioc' : !isPositiveInteger(price)) return 'invalid_command';
    if (this.find(id) !== undefined) return 'duplicate_id';

    if (timeInForce === 'post_only' && price !== null && this.crossingEntries(side, price).length > 0) {
      sink.done(id, 'would_take', quantity);
      return null;
    }
    const remaining = this.take(id, owner, side, price, quantity, sink);
    if (remaining === 0) sink.done(id, 'filled', noLots);
    else if (timeInForce === 'ioc' || price === null) sink.done(id, 'expired', remaining);
    else this.rest({ id, owner, side, price, remaining, arrival: 0 }, sink);
    return null;
  }

  cancel(id: OrderId, sink: MatchSink): RejectReason | null {
    const entry = this.find(id);
    if (entry === undefined) return 'unknown_order';
    this.removeEntry(entry);
    sink.done(id, 'cancelled', entry.remaining);
    return null;
  }

  amend(id: OrderId, price: Ticks, quantity: Lots, sink: MatchSink): RejectReason | null {
    if (!isPositiveInteger(price) || !Number.isSafeInteger(quantity) || quantity < 0)
      return 'invalid_command';
    const entry = this.find(id);
    if (entry === undefined) return 'unknown_order';
    if (quantity === 0) return this.cancel(id, sink);
    if (price === entry.price && quantity <= entry.remaining) {
      entry.remaining = quantity;
      sink.rest(id, price, quantity);
      return null;
    }
    this.removeEntry(entry);
    const remaining = this.take(id, entry.owner, entry.side, price, quantity, sink);
    if (remaining === 0) sink.done(id, 'filled', noLots);
    else this.rest({ ...entry, price, remaining }, sink);
    return null;
  }

  get(id: OrderId): RestingOrder | null {
    const entry = this.find(id);
    return entry === undefined ? null : toResting(entry);
  }

  bestBid(): Ticks | null {
    return this.bidEntries[0]?.price ?? null;
  }

  bestAsk(): Ticks | null {
    return this.askEntries[0]?.price ?? null;
  }

  depth(side: MatchSide, maxLevels: number): DepthLevel[] {
    const levels: { price: Ticks; quantity: Lots; orders: number }[] = [];
    for (const entry of side === 'buy' ? this.bidEntries : this.askEntries) {
      const last = levels[levels.length - 1];
      if (last !== undefined && last.price === entry.price) {
        last.quantity = lots(last.quantity + entry.remaining);
        last.orders += 1;
      } else {
        levels.push({ price: entry.price, quantity: entry.remaining, orders: 1 });
      }
    }
    return levels.slice(0, maxLevels);
  }

  orders(): RestingOrder[] {
    return [...this.bidEntries, ...this.askEntries].map(toResting);
  }

  /** Resting orders of the other side that an order at `price` (null: any price) reaches, in priority order. */
  private crossingEntries(side: MatchSide, price: Ticks | null): Entry[] {
    const opposite = side === 'buy' ? this.askEntries : this.bidEntries;
    return opposite.filter(
      (entry) => price === null || (side === 'buy' ? entry.price <= price : entry.price >= price),
    );
  }

  /** Trades against the crossing orders front to back; removes same-owner ones. Returns the rest. */
  private take(
    id: OrderId,
    owner: number,
    side: MatchSide,
    price: Ticks | null,
    quantity: Lots,
    sink: MatchSink,
  ): Lots {
    let remaining = quantity;
    for (const maker of this.crossingEntries(side, price)) {
      if (remaining === 0) break;
      if (maker.owner === owner) {
        this.removeEntry(maker);
        sink.done(maker.id, 'self_trade', maker.remaining);
        continue;
      }
      const traded = lots(Math.min(maker.remaining, remaining));
      maker.remaining = lots(maker.remaining - traded);
      remaining = lots(remaining - traded);
      if (maker.remaining === 0) this.removeEntry(maker);
      sink.fill(maker.id, id, maker.price, traded, maker.remaining, remaining);
      if (maker.remaining === 0) sink.done(maker.id, 'filled', noLots);
    }
    return remaining;
  }

  private rest(entry: Entry, sink: MatchSink): void {
    this.arrivals += 1;
    const placed = { ...entry, arrival: this.arrivals };
    if (entry.side === 'buy') {
      this.bidEntries = [...this.bidEntries, placed].sort(
        (a, b) => b.price - a.price || a.arrival - b.arrival,
      );
    } else {
      this.askEntries = [...this.askEntries, placed].sort(
        (a, b) => a.price - b.price || a.arrival - b.arrival,
      );
    }
    sink.rest(entry.id, entry.price, entry.remaining);
  }

  private find(id: OrderId): Entry | undefined {
    return (
      this.bidEntries.find((entry) => entry.id === id) ?? this.askEntries.find((entry) => entry.id === id)
    );
  }

  private removeEntry(entry: Entry): void {
    this.bidEntries = this.bidEntries.filter((other) => other !== entry);
    this.askEntries = this.askEntries.filter((other) => other !== entry);
  }
}

function isPositiveInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

function toResting(entry: Entry): RestingOrder {
  return {
    id: entry.id,
    owner: entry.owner,
    side: entry.side,
    price: entry.price,
    remaining: entry.remaining,
  };
}
