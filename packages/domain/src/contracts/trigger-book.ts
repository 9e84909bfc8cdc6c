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

function compareUp(a: Trigger, b: Trigger): number {
  if (a.price !== b.price) return a.price < b.price ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function compareDown(a: Trigger, b: Trigger): number {
  if (a.price !== b.price) return a.price > b.price ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A binary heap ordered by `before` (the nearest trigger to fire on top). */
class Heap<T> {
  readonly items: T[] = [];
  constructor(private readonly before: (a: T, b: T) => boolean) {}

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(items[index] as T, items[parent] as T)) break;
      [items[index], items[parent]] = [items[parent] as T, items[index] as T];
      index = parent;
    }
  }

  peek(): T | undefined {
    return this.items[0];
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      let index = 0;
      while (true) {
        const left = index * 2 + 1;
        const right = left + 1;
        let best = index;
        if (left < items.length && this.before(items[left] as T, items[best] as T)) best = left;
        if (right < items.length && this.before(items[right] as T, items[best] as T)) best = right;
        if (best === index) break;
        [items[index], items[best]] = [items[best] as T, items[index] as T];
        index = best;
      }
    }
    return top;
  }
}

/**
 * Fired order: the up side from the lowest price, then the down side from the highest, each by
 * price then id. Each side is a heap with the nearest trigger on top, so a tick pops exactly what
 * it reaches (O(fired x log n)); a removed or replaced trigger stays in its heap until it surfaces
 * and is skipped then (heaps are rebuilt when such leftovers outnumber the live triggers).
 */
export class TriggerBook<Payload = unknown> {
  private up = new Heap<Trigger<Payload>>((a, b) => compareUp(a, b) < 0);
  private down = new Heap<Trigger<Payload>>((a, b) => compareDown(a, b) < 0);
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
    this.remove(trigger.id);
    this.byId.set(trigger.id, trigger);
    (trigger.direction === 'up' ? this.up : this.down).push(trigger);
  }

  remove(id: string): boolean {
    if (!this.byId.delete(id)) return false;
    this.stale += 1;
    if (this.stale > 1024 && this.stale > this.byId.size) this.compact();
    return true;
  }

  /** Every trigger `referencePrice` reaches, in fired order; they leave the book. */
  fire(referencePrice: bigint): Trigger<Payload>[] {
    const fired: Trigger<Payload>[] = [];
    const { up, down, byId } = this;
    for (let top = up.peek(); top !== undefined; top = up.peek()) {
      if (byId.get(top.id) !== top) {
        up.pop();
        this.stale -= 1;
      } else if (top.price <= referencePrice) {
        up.pop();
        byId.delete(top.id);
        fired.push(top);
      } else break;
    }
    for (let top = down.peek(); top !== undefined; top = down.peek()) {
      if (byId.get(top.id) !== top) {
        down.pop();
        this.stale -= 1;
      } else if (top.price >= referencePrice) {
        down.pop();
        byId.delete(top.id);
        fired.push(top);
      } else break;
    }
    return fired;
  }

  private compact(): void {
    const up = new Heap<Trigger<Payload>>((a, b) => compareUp(a, b) < 0);
    const down = new Heap<Trigger<Payload>>((a, b) => compareDown(a, b) < 0);
    for (const trigger of this.byId.values()) (trigger.direction === 'up' ? up : down).push(trigger);
    this.up = up;
    this.down = down;
    this.stale = 0;
  }
}

/** The naive reference: every trigger checked on every tick (tests and the benchmark use it). */
export function naiveFire<Payload>(
  triggers: Map<string, Trigger<Payload>>,
  referencePrice: bigint,
): Trigger<Payload>[] {
  const fired = [...triggers.values()].filter((trigger) =>
    trigger.direction === 'up' ? trigger.price <= referencePrice : trigger.price >= referencePrice,
  );
  for (const trigger of fired) triggers.delete(trigger.id);
  return fired;
}
