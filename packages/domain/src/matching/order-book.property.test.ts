import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { announcedSeed, RecordingSink } from './book-test-support';
import { OrderBook } from './order-book';
import {
  lots,
  type MatchSide,
  type OrderBookApi,
  orderId,
  type PlaceCommand,
  type RejectReason,
  type RestingOrder,
  type Ticks,
  type TimeInForce,
  ticks,
} from './order-book.types';
import { ReferenceBook } from './reference-book';

type Command =
  | { readonly kind: 'place'; readonly command: PlaceCommand }
  | { readonly kind: 'cancel'; readonly id: number }
  | { readonly kind: 'amend'; readonly id: number; readonly price: number; readonly quantity: number };

/** Which order a command names: usually a resting one (the nth, wrapping), sometimes a fixed id. */
type Target = { readonly resting: number } | { readonly id: number };
/**
 * A price as generated: a distance from the middle of the band on the order's own side (positive
 * is passive, zero or less crosses the middle), the order's current price, or a raw number
 * (invalid ones, or null for a market order).
 */
type GeneratedPrice = { readonly distance: number } | 'same' | number | null;

type GeneratedCommand =
  | {
      readonly kind: 'place';
      readonly id: Target | 'fresh' | number;
      readonly owner: number;
      readonly side: MatchSide;
      readonly price: GeneratedPrice;
      readonly quantity: number;
      readonly timeInForce: TimeInForce;
    }
  | { readonly kind: 'cancel'; readonly target: Target }
  | {
      readonly kind: 'amend';
      readonly target: Target;
      readonly price: GeneratedPrice;
      /** Absolute, or relative to what is left (so lower / equal / higher at the same price are common). */
      readonly quantity: number | { readonly change: number };
    };

type Shape = { readonly span: number; readonly owners: number; readonly quantityMax: number };

/**
 * Turns generated commands into real ones against the reference book's state just before each is
 * applied, so cancels and amends mostly find a resting order and the priority rules are hit often.
 */
class Resolver {
  private nextId = 1;
  private readonly middle: number;

  constructor(
    shape: Shape,
    private readonly reference: OrderBookApi,
  ) {
    this.middle = shape.span + 3; // Keeps every generated valid price positive.
  }

  resolve(generated: GeneratedCommand): Command {
    switch (generated.kind) {
      case 'place': {
        const id = generated.id === 'fresh' ? this.nextId++ : this.targetId(generated.id);
        const price = this.price(generated.price, generated.side, null);
        const command: PlaceCommand = {
          ...generated,
          id: orderId(id),
          price: price === null ? null : ticks(price),
          quantity: lots(generated.quantity),
        };
        return { kind: 'place', command };
      }
      case 'cancel':
        return { kind: 'cancel', id: this.targetId(generated.target) };
      case 'amend': {
        const id = this.targetId(generated.target);
        const order = this.reference.get(orderId(id));
        const price = this.price(generated.price, order?.side ?? 'buy', order?.price ?? this.middle) ?? 0;
        const quantity =
          typeof generated.quantity === 'number'
            ? generated.quantity
            : (order?.remaining ?? 1) + generated.quantity.change;
        return { kind: 'amend', id, price, quantity };
      }
    }
  }

  private targetId(target: Target | number): number {
    if (typeof target === 'number') return target;
    if ('id' in target) return target.id;
    const orders = this.reference.orders();
    return orders.length === 0 ? this.nextId : (orders[target.resting % orders.length]?.id ?? 0);
  }

  private price(price: GeneratedPrice, side: MatchSide, current: number | null): number | null {
    if (price === 'same') return current ?? this.middle;
    if (price === null || typeof price === 'number') return price;
    return side === 'buy' ? this.middle - price.distance : this.middle + price.distance;
  }
}

/**
 * Random command sequences: fresh ids with some duplicates and invalid ones, few owners (so
 * self-trades happen), prices around a middle where the sides often cross, cancels and amends
 * mostly aimed at resting orders, and a sprinkling of invalid values (rejects change nothing).
 */
function commandsArbitrary(shape: Shape, maxLength: number): fc.Arbitrary<GeneratedCommand[]> {
  const invalidNumber = fc.constantFrom(0, -1, 1.5, Number.NaN, 2 ** 53);
  const target = fc.oneof(
    { weight: 12, arbitrary: fc.nat().map((resting): Target => ({ resting })) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 5 }).map((id): Target => ({ id })) },
  );
  const distance = fc.integer({ min: -2, max: shape.span }).map((value) => ({ distance: value }));
  const quantity = fc.integer({ min: 1, max: shape.quantityMax });
  const place = fc.record({
    kind: fc.constant('place' as const),
    id: fc.oneof(
      { weight: 20, arbitrary: fc.constant('fresh' as const) },
      { weight: 1, arbitrary: target },
      { weight: 1, arbitrary: invalidNumber },
    ),
    owner: fc.integer({ min: 1, max: shape.owners }),
    side: fc.constantFrom<MatchSide>('buy', 'sell'),
    price: fc.oneof(
      { weight: 20, arbitrary: distance },
      { weight: 2, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: invalidNumber },
    ),
    quantity: fc.oneof({ weight: 20, arbitrary: quantity }, { weight: 1, arbitrary: invalidNumber }),
    timeInForce: fc.constantFrom<TimeInForce>('gtc', 'gtc', 'gtc', 'ioc', 'post_only'),
  });
  const cancel = fc.record({ kind: fc.constant('cancel' as const), target });
  const amend = fc.record({
    kind: fc.constant('amend' as const),
    target,
    price: fc.oneof(
      { weight: 10, arbitrary: distance },
      { weight: 10, arbitrary: fc.constant('same' as const) },
      { weight: 1, arbitrary: invalidNumber },
    ),
    quantity: fc.oneof(
      { weight: 10, arbitrary: quantity },
      { weight: 10, arbitrary: fc.integer({ min: -2, max: 2 }).map((change) => ({ change })) },
      { weight: 2, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: invalidNumber },
    ),
  });
  return fc.array(
    fc.oneof(
      { weight: 5, arbitrary: place },
      { weight: 1, arbitrary: cancel },
      { weight: 4, arbitrary: amend },
    ),
    { minLength: Math.floor(maxLength / 4), maxLength },
  );
}

function apply(book: OrderBookApi, command: Command, sink: RecordingSink): RejectReason | null {
  switch (command.kind) {
    case 'place':
      return book.place(command.command, sink);
    case 'cancel':
      return book.cancel(orderId(command.id), sink);
    case 'amend':
      return book.amend(orderId(command.id), ticks(command.price), lots(command.quantity), sink);
  }
}

/**
 * Follows every order's unfilled lots from the events alone and checks each event against it:
 * fills report what is left on both sides, rest and done report the unfilled rest. Together with
 * the final comparison of resting orders this proves conservation per order: what was placed (or
 * amended to) = what filled + what rests + what left unfilled (expired, cancelled, ...).
 */
class Conservation {
  private readonly open = new Map<number, number>();

  /** Called before applying an accepted command's events. */
  start(command: Command): void {
    if (command.kind === 'place') this.open.set(command.command.id, command.command.quantity);
    if (command.kind === 'amend' && command.quantity > 0) this.open.set(command.id, command.quantity);
  }

  check(event: string): void {
    const [kind, ...fields] = event.split(' ');
    if (kind === 'fill') {
      const [makerId, takerId, , quantity, makerLeft, takerLeft] = fields.map(Number) as number[];
      expect(quantity).toBeGreaterThan(0);
      this.take(makerId as number, quantity as number, makerLeft as number);
      this.take(takerId as number, quantity as number, takerLeft as number);
    } else {
      const id = Number(fields[0]);
      const remaining = Number(fields[fields.length - 1]);
      expect(remaining).toBe(this.open.get(orderId(id)));
      if (kind === 'done') {
        if (fields[1] === 'filled') expect(remaining).toBe(0);
        else expect(remaining).toBeGreaterThan(0);
        this.open.delete(id);
      }
    }
  }

  /** Every order still followed is exactly one resting order with the same unfilled lots. */
  finish(book: OrderBookApi): void {
    const resting = new Map(book.orders().map((order) => [order.id, order.remaining]));
    expect(resting).toEqual(this.open);
  }

  private take(id: number, quantity: number, left: number): void {
    const before = this.open.get(orderId(id));
    expect(before).toBeDefined();
    expect(left).toBe((before as number) - quantity);
    this.open.set(id, left);
  }
}

/** What an order of `taker` could take on `side` up to `limit`, from the reference's orders. */
function takeableFromOrders(orders: readonly RestingOrder[], side: MatchSide, taker: number, limit: number) {
  const lotsAt = new Map<number, number>();
  for (const order of orders) {
    if (order.side !== side || order.owner === taker) continue;
    if (side === 'buy' ? order.price < limit : order.price > limit) continue;
    lotsAt.set(order.price, (lotsAt.get(order.price) ?? 0) + order.remaining);
  }
  return [...lotsAt]
    .sort(([a], [b]) => (side === 'buy' ? b - a : a - b))
    .map(([price, quantity]) => ({ price, lots: quantity }));
}

/** The level index walk that quotes use equals the reference, for each owner and a few limits. */
function expectSameTakeable(engine: OrderBook, reference: OrderBookApi): void {
  const orders = reference.orders();
  const owners = [-1, ...new Set(orders.map((order) => order.owner))];
  const prices = orders.map((order) => order.price as number);
  const limits = [0, Number.MAX_SAFE_INTEGER, ...prices.slice(0, 3)];
  for (const side of ['buy', 'sell'] as const) {
    for (const taker of owners.slice(0, 4)) {
      for (const limit of limits) {
        expect([...engine.takeableLevels(side, taker, limit as Ticks)]).toEqual(
          takeableFromOrders(orders, side, taker, limit),
        );
      }
    }
  }
}

function expectSameBooks(engine: OrderBookApi, reference: OrderBookApi): void {
  expect(engine.orders()).toEqual(reference.orders());
  expect(engine.size).toBe(reference.size);
  expect(engine.bestBid()).toBe(reference.bestBid());
  expect(engine.bestAsk()).toBe(reference.bestAsk());
  expect(engine.depth('buy', 5)).toEqual(reference.depth('buy', 5));
  expect(engine.depth('sell', 1000)).toEqual(reference.depth('sell', 1000));
}

function runBoth(shape: Shape, generated: readonly GeneratedCommand[]): void {
  const engine = new OrderBook();
  const reference = new ReferenceBook();
  const engineSink = new RecordingSink();
  const referenceSink = new RecordingSink();
  const conservation = new Conservation();
  const resolver = new Resolver(shape, reference);
  for (const [step, next] of generated.entries()) {
    const command = resolver.resolve(next);
    const result = apply(engine, command, engineSink);
    expect(apply(reference, command, referenceSink)).toBe(result);
    const events = engineSink.take();
    expect(events).toEqual(referenceSink.take());
    if (result === null) {
      conservation.start(command);
      for (const event of events) conservation.check(event);
    } else {
      expect(events).toEqual([]);
    }
    // The book never stays crossed.
    const bid = engine.bestBid();
    const ask = engine.bestAsk();
    if (bid !== null && ask !== null) expect(bid).toBeLessThan(ask);
    expectSameBooks(engine, reference);
    // The level walk reads the whole book several ways: every 16th state and the last suffice.
    if (step % 16 === 0) expectSameTakeable(engine, reference);
    const id = command.kind === 'place' ? command.command.id : command.id;
    expect(engine.get(orderId(id))).toEqual(reference.get(orderId(id)));
  }
  for (const order of reference.orders()) expect(engine.get(orderId(order.id))).toEqual(order);
  expectSameTakeable(engine, reference);
  conservation.finish(engine);
}

describe('OrderBook against the reference book', () => {
  const shapes: [string, Shape, number, number][] = [
    ['short busy sequences on few prices', { span: 2, owners: 3, quantityMax: 6 }, 60, 400],
    ['medium sequences on 20 prices', { span: 8, owners: 4, quantityMax: 8 }, 200, 150],
    [
      'long sequences over 80 levels (levels appear and vanish mid-ladder)',
      { span: 40, owners: 6, quantityMax: 20 },
      600,
      40,
    ],
    [
      'long sequences over 400 levels (chunks of the ladder split and empty)',
      { span: 200, owners: 8, quantityMax: 20 },
      2000,
      8,
    ],
  ];

  it.each(shapes)(
    'property: same results, events and state after every command: %s',
    (name, shape, maxLength, numRuns) => {
      const seed = announcedSeed(`order-book ${name}`);
      fc.assert(
        fc.property(commandsArbitrary(shape, maxLength), (commands) => runBoth(shape, commands)),
        { seed, numRuns },
      );
    },
    // The reference book is slow on purpose; leave room on a busy machine.
    60_000,
  );
});
