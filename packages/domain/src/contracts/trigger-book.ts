/**
 * The contract trigger engine's book (issue 17): take-profit, stop-loss, liquidation, maximum
 * profit and pending limits of one instrument, kept sorted by trigger price per direction. A
 * tick fires every trigger its reference price has reached: walking from the nearest end of each
 * side and stopping at the first that does not fire, so a tick costs the fired triggers plus a
 * binary search, not a scan of every open trigger. A fired trigger leaves the book.
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

/** The first index whose element is not before `item` in `compare` order. */
function lowerBound<T>(items: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compare(items[middle] as T, item) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Fired order: the up side from the lowest price, then the down side from the highest, each by
 * price then id; the same tick never fires both sides of one price unless both were reached.
 */
export class TriggerBook<Payload = unknown> {
  /** Ascending by price: the nearest to fire first. */
  private readonly up: Trigger<Payload>[] = [];
  /** Descending by price. */
  private readonly down: Trigger<Payload>[] = [];
  private readonly byId = new Map<string, Trigger<Payload>>();

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Adds a trigger, replacing one with the same id. */
  add(trigger: Trigger<Payload>): void {
    this.remove(trigger.id);
    const [side, compare] = this.sideOf(trigger.direction);
    side.splice(lowerBound(side, trigger, compare), 0, trigger);
    this.byId.set(trigger.id, trigger);
  }

  remove(id: string): boolean {
    const trigger = this.byId.get(id);
    if (!trigger) return false;
    const [side, compare] = this.sideOf(trigger.direction);
    const index = lowerBound(side, trigger, compare);
    if (side[index]?.id === id) side.splice(index, 1);
    this.byId.delete(id);
    return true;
  }

  /** Every trigger `referencePrice` reaches, in fired order; they leave the book. */
  fire(referencePrice: bigint): Trigger<Payload>[] {
    let upCount = 0;
    while (upCount < this.up.length && (this.up[upCount] as Trigger).price <= referencePrice) upCount += 1;
    let downCount = 0;
    while (downCount < this.down.length && (this.down[downCount] as Trigger).price >= referencePrice)
      downCount += 1;
    const fired = [...this.up.splice(0, upCount), ...this.down.splice(0, downCount)];
    for (const trigger of fired) this.byId.delete(trigger.id);
    return fired;
  }

  private sideOf(direction: TriggerDirection): [Trigger<Payload>[], (a: Trigger, b: Trigger) => number] {
    return direction === 'up' ? [this.up, compareUp] : [this.down, compareDown];
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
