/**
 * The contract trigger engine's book (issue 17): take-profit, stop-loss, liquidation, maximum
 * profit and pending limits of one instrument, ordered by trigger price per direction. A tick
 * fires every trigger its reference price has reached: taking from the nearest end of each side
 * and stopping at the first that does not fire, so a tick costs the fired triggers, not a scan of
 * every open trigger. A fired trigger leaves the book.
 */

/** `up` fires when the reference price is at or above `price`, `down` at or below. */
export type TriggerDirection = 'up' | 'down';

export type Trigger<Payload = unknown> = {
  readonly id: string;
  readonly price: bigint;
  readonly direction: TriggerDirection;
  readonly payload: Payload;
};

/**
 * One side of the book: a 4-ary heap with the nearest trigger on top (lowest price first for
 * `up`, highest for `down`, then by id). Beside each trigger it keeps a number key, Number(price)
 * negated for `down`, so most comparisons are float comparisons instead of bigint ones.
 * Number() of a bigint never reverses an order, so distinct keys order their prices exactly;
 * equal keys (prices past 2^53 can share one) fall back to the exact prices, then the ids.
 */
/** Children per node: a 4-ary heap is half as deep as a binary one, for the same compares. */
const arity = 4;

class SideHeap<T extends Trigger> {
  private readonly keys: number[] = [];
  private readonly items: T[] = [];
  constructor(private readonly descending: boolean) {}

  private keyOf(item: T): number {
    const key = Number(item.price);
    return this.descending ? -key : key;
  }

  /** Whether (keyA, a) fires before (keyB, b). */
  private precedes(keyA: number, a: T, keyB: number, b: T): boolean {
    if (keyA !== keyB) return keyA < keyB;
    if (a.price !== b.price) return this.descending ? a.price > b.price : a.price < b.price;
    return a.id < b.id;
  }

  push(item: T): void {
    const { keys, items } = this;
    const key = this.keyOf(item);
    let index = items.length;
    keys.push(key);
    items.push(item);
    while (index > 0) {
      const parent = (index - 1) >> 2;
      const aboveKey = keys[parent] as number;
      const above = items[parent] as T;
      if (!this.precedes(key, item, aboveKey, above)) break;
      keys[index] = aboveKey;
      items[index] = above;
      index = parent;
    }
    keys[index] = key;
    items[index] = item;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  pop(): T | undefined {
    const { keys, items } = this;
    const top = items[0];
    const last = items.pop();
    const lastKey = keys.pop() as number;
    const length = items.length;
    if (length > 0 && last !== undefined) {
      let index = 0;
      while (true) {
        const first = index * arity + 1;
        if (first >= length) break;
        // The four children sit side by side: their keys share a cache line.
        let child = first;
        let childKey = keys[first] as number;
        const end = Math.min(first + arity, length);
        for (let candidate = first + 1; candidate < end; candidate += 1) {
          const candidateKey = keys[candidate] as number;
          if (this.precedes(candidateKey, items[candidate] as T, childKey, items[child] as T)) {
            child = candidate;
            childKey = candidateKey;
          }
        }
        const below = items[child] as T;
        if (!this.precedes(childKey, below, lastKey, last)) break;
        keys[index] = childKey;
        items[index] = below;
        index = child;
      }
      keys[index] = lastKey;
      items[index] = last;
    }
    return top;
  }
}

/** What a quiet tick fires: one shared, frozen empty list. */
const noTriggers: readonly never[] = Object.freeze([]);

/**
 * Fired order: the up side from the lowest price, then the down side from the highest, each by
 * price then id. Each side is a heap with the nearest trigger on top, so a tick pops exactly what
 * it reaches (O(fired x log n)) and a quiet tick costs two comparisons. A removed or replaced
 * trigger stays in its heap until the price reaches it and is skipped then (the heaps are rebuilt
 * when such leftovers outnumber the live triggers).
 */
export class TriggerBook<Payload = unknown> {
  private up = new SideHeap<Trigger<Payload>>(false);
  private down = new SideHeap<Trigger<Payload>>(true);
  private readonly byId = new Map<string, Trigger<Payload>>();
  private stale = 0;

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Adds a trigger, replacing one with the same id. */
  add(trigger: Trigger<Payload>): void {
    const { byId } = this;
    // One map operation: an unchanged size means an earlier trigger of this id was replaced, and
    // its heap entry is now stale (the map no longer points at it).
    const sizeBefore = byId.size;
    byId.set(trigger.id, trigger);
    (trigger.direction === 'up' ? this.up : this.down).push(trigger);
    if (byId.size === sizeBefore) this.countStale();
  }

  remove(id: string): boolean {
    if (!this.byId.delete(id)) return false;
    this.countStale();
    return true;
  }

  /** Every trigger `referencePrice` reaches, in fired order; they leave the book. */
  fire(referencePrice: bigint): readonly Trigger<Payload>[] {
    let fired: Trigger<Payload>[] | null = null;
    const { up, down, byId } = this;
    // The price decides first: a top the price has not reached ends the walk whether it is live
    // or stale, so a quiet tick costs two comparisons, no map lookup and no allocation.
    for (let top = up.peek(); top !== undefined && top.price <= referencePrice; top = up.peek()) {
      up.pop();
      if (byId.get(top.id) === top) {
        byId.delete(top.id);
        fired ??= [];
        fired.push(top);
      } else this.stale -= 1;
    }
    for (let top = down.peek(); top !== undefined && top.price >= referencePrice; top = down.peek()) {
      down.pop();
      if (byId.get(top.id) === top) {
        byId.delete(top.id);
        fired ??= [];
        fired.push(top);
      } else this.stale -= 1;
    }
    return fired ?? noTriggers;
  }

  private countStale(): void {
    this.stale += 1;
    if (this.stale > 1024 && this.stale > this.byId.size) this.compact();
  }

  private compact(): void {
    const up = new SideHeap<Trigger<Payload>>(false);
    const down = new SideHeap<Trigger<Payload>>(true);
    for (const trigger of this.byId.values()) (trigger.direction === 'up' ? up : down).push(trigger);
    this.up = up;
    this.down = down;
    this.stale = 0;
  }
}

/**
 * The naive reference: every trigger checked on every tick, as a plain loop (tests and the
 * benchmark use it; the benchmark's baseline should be a fair one).
 */
export function naiveFire<Payload>(
  triggers: Map<string, Trigger<Payload>>,
  referencePrice: bigint,
): Trigger<Payload>[] {
  const fired: Trigger<Payload>[] = [];
  for (const trigger of triggers.values()) {
    if (trigger.direction === 'up' ? trigger.price <= referencePrice : trigger.price >= referencePrice) {
      fired.push(trigger);
    }
  }
  for (const trigger of fired) triggers.delete(trigger.id);
  return fired;
}
