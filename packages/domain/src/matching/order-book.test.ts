import { beforeEach, describe, expect, it } from 'vitest';
import { RecordingSink } from './book-test-support';
import { OrderBook } from './order-book';
import {
  lots,
  type MatchSink,
  type OrderBookApi,
  orderId,
  type PlaceCommand,
  type TimeInForce,
  ticks,
} from './order-book.types';
import { ReferenceBook } from './reference-book';

/** Every rule is checked on the engine and on the reference book, so both are pinned down. */
const books: [string, () => OrderBookApi][] = [
  ['OrderBook', () => new OrderBook()],
  ['ReferenceBook', () => new ReferenceBook()],
];

describe.each(books)('%s', (_name, createBook) => {
  let book: OrderBookApi;
  let sink: RecordingSink;

  beforeEach(() => {
    book = createBook();
    sink = new RecordingSink();
  });

  /** Places an order (owner = id unless given) and returns its events. */
  function place(
    id: number,
    side: 'buy' | 'sell',
    price: number | null,
    quantity: number,
    timeInForce: TimeInForce = 'gtc',
    owner = id,
  ): string[] {
    const command: PlaceCommand = {
      id: orderId(id),
      owner,
      side,
      price: price === null ? null : ticks(price),
      quantity: lots(quantity),
      timeInForce,
    };
    expect(book.place(command, sink)).toBeNull();
    return sink.take();
  }

  describe('resting and priority', () => {
    it('rests a gtc order that does not cross', () => {
      expect(place(1, 'buy', 100, 5)).toEqual(['rest 1 100 5']);
      expect(place(2, 'sell', 101, 3)).toEqual(['rest 2 101 3']);
      expect(book.bestBid()).toBe(100);
      expect(book.bestAsk()).toBe(101);
      expect(book.size).toBe(2);
      expect(book.get(orderId(1))).toEqual({ id: 1, owner: 1, side: 'buy', price: 100, remaining: 5 });
      expect(book.get(orderId(3))).toBeNull();
    });

    it('takes any safe integer as id, owner, price and quantity', () => {
      const max = Number.MAX_SAFE_INTEGER;
      expect(place(max, 'sell', max, max, 'gtc', -max)).toEqual([`rest ${max} ${max} ${max}`]);
      expect(place(1, 'buy', null, max - 1, 'ioc')).toEqual([
        `fill ${max} 1 ${max} ${max - 1} 1 0`,
        'done 1 filled 0',
      ]);
      expect(book.get(orderId(max))).toEqual({
        id: max,
        owner: -max,
        side: 'sell',
        price: max,
        remaining: 1,
      });
    });

    it('an empty book has no best prices, no depth and no orders', () => {
      expect(book.bestBid()).toBeNull();
      expect(book.bestAsk()).toBeNull();
      expect(book.depth('buy', 10)).toEqual([]);
      expect(book.orders()).toEqual([]);
      expect(book.size).toBe(0);
    });

    it('fills at the maker price, better prices first, then oldest first', () => {
      place(1, 'sell', 102, 2);
      place(2, 'sell', 101, 2);
      place(3, 'sell', 101, 2);
      place(4, 'sell', 103, 2);
      expect(place(5, 'buy', 102, 5)).toEqual([
        'fill 2 5 101 2 0 3',
        'done 2 filled 0',
        'fill 3 5 101 2 0 1',
        'done 3 filled 0',
        'fill 1 5 102 1 1 0',
        'done 5 filled 0',
      ]);
      expect(book.get(orderId(1))?.remaining).toBe(1);
      expect(book.bestAsk()).toBe(102);
    });

    it('rests the rest of a partly filled gtc order at its own price', () => {
      place(1, 'buy', 100, 2);
      expect(place(2, 'sell', 99, 5)).toEqual(['fill 1 2 100 2 0 3', 'done 1 filled 0', 'rest 2 99 3']);
      expect(book.bestAsk()).toBe(99);
      expect(book.bestBid()).toBeNull();
    });

    it('stops at the limit price', () => {
      place(1, 'buy', 100, 2);
      place(2, 'buy', 98, 2);
      expect(place(3, 'sell', 99, 5)).toEqual(['fill 1 3 100 2 0 3', 'done 1 filled 0', 'rest 3 99 3']);
      expect(book.bestBid()).toBe(98);
    });

    it('reports depth best first and orders in priority order, bids first', () => {
      place(1, 'buy', 99, 1);
      place(2, 'buy', 100, 2);
      place(3, 'buy', 100, 3);
      place(4, 'sell', 102, 4);
      place(5, 'sell', 101, 5);
      expect(book.depth('buy', 10)).toEqual([
        { price: 100, quantity: 5, orders: 2 },
        { price: 99, quantity: 1, orders: 1 },
      ]);
      expect(book.depth('buy', 1)).toEqual([{ price: 100, quantity: 5, orders: 2 }]);
      expect(book.depth('sell', 10)).toEqual([
        { price: 101, quantity: 5, orders: 1 },
        { price: 102, quantity: 4, orders: 1 },
      ]);
      expect(book.orders().map((order) => order.id)).toEqual([2, 3, 1, 5, 4]);
    });
  });

  describe('time in force', () => {
    it('ioc fills what it can and expires the rest', () => {
      place(1, 'sell', 100, 2);
      expect(place(2, 'buy', 101, 5, 'ioc')).toEqual([
        'fill 1 2 100 2 0 3',
        'done 1 filled 0',
        'done 2 expired 3',
      ]);
      expect(book.size).toBe(0);
    });

    it('ioc that meets nothing expires whole', () => {
      place(1, 'sell', 102, 2);
      expect(place(2, 'buy', 101, 5, 'ioc')).toEqual(['done 2 expired 5']);
      expect(book.size).toBe(1);
    });

    it('a fully filled ioc is filled, not expired', () => {
      place(1, 'sell', 100, 5);
      expect(place(2, 'buy', 100, 5, 'ioc')).toEqual([
        'fill 1 2 100 5 0 0',
        'done 1 filled 0',
        'done 2 filled 0',
      ]);
    });

    it('a market order takes any price and expires the rest', () => {
      place(1, 'sell', 100, 1);
      place(2, 'sell', 1_000_000, 1);
      expect(place(3, 'buy', null, 3, 'ioc')).toEqual([
        'fill 1 3 100 1 0 2',
        'done 1 filled 0',
        'fill 2 3 1000000 1 0 1',
        'done 2 filled 0',
        'done 3 expired 1',
      ]);
      place(4, 'buy', 1, 1);
      expect(place(5, 'sell', null, 1, 'ioc')).toEqual([
        'fill 4 5 1 1 0 0',
        'done 4 filled 0',
        'done 5 filled 0',
      ]);
    });

    it('a market order on an empty side expires whole', () => {
      expect(place(1, 'sell', null, 3, 'ioc')).toEqual(['done 1 expired 3']);
    });

    it('post_only rests when it does not cross', () => {
      place(1, 'sell', 101, 1);
      expect(place(2, 'buy', 100, 5, 'post_only')).toEqual(['rest 2 100 5']);
    });

    it('post_only that would cross is refused whole with no fill', () => {
      place(1, 'sell', 101, 1);
      expect(place(2, 'buy', 101, 5, 'post_only')).toEqual(['done 2 would_take 5']);
      expect(book.get(orderId(1))?.remaining).toBe(1);
      expect(book.get(orderId(2))).toBeNull();
    });

    it('post_only that would only meet its own order is still refused', () => {
      place(1, 'sell', 101, 1, 'gtc', 7);
      expect(place(2, 'buy', 102, 5, 'post_only', 7)).toEqual(['done 2 would_take 5']);
      expect(book.size).toBe(1);
    });
  });

  describe('self-trade prevention', () => {
    it('removes the resting order of the same owner and goes on matching', () => {
      place(1, 'sell', 100, 2, 'gtc', 7);
      place(2, 'sell', 100, 2, 'gtc', 8);
      place(3, 'sell', 101, 2, 'gtc', 7);
      expect(place(4, 'buy', 101, 3, 'gtc', 7)).toEqual([
        'done 1 self_trade 2',
        'fill 2 4 100 2 0 1',
        'done 2 filled 0',
        'done 3 self_trade 2',
        'rest 4 101 1',
      ]);
      expect(book.orders().map((order) => order.id)).toEqual([4]);
    });

    it('only removes own orders the incoming order reaches', () => {
      place(1, 'sell', 100, 2, 'gtc', 8);
      place(2, 'sell', 100, 2, 'gtc', 7);
      expect(place(3, 'buy', 100, 2, 'ioc', 7)).toEqual([
        'fill 1 3 100 2 0 0',
        'done 1 filled 0',
        'done 3 filled 0',
      ]);
      expect(book.get(orderId(2))?.remaining).toBe(2);
    });
  });

  describe('cancel', () => {
    it('removes a resting order', () => {
      place(1, 'buy', 100, 5);
      place(2, 'buy', 100, 6);
      expect(book.cancel(orderId(1), sink)).toBeNull();
      expect(sink.take()).toEqual(['done 1 cancelled 5']);
      expect(book.depth('buy', 5)).toEqual([{ price: 100, quantity: 6, orders: 1 }]);
      expect(book.cancel(orderId(2), sink)).toBeNull();
      expect(sink.take()).toEqual(['done 2 cancelled 6']);
      expect(book.bestBid()).toBeNull();
    });

    it('refuses an unknown or finished order', () => {
      expect(book.cancel(orderId(1), sink)).toBe('unknown_order');
      place(1, 'sell', 100, 1);
      place(2, 'buy', 100, 1);
      expect(book.cancel(orderId(1), sink)).toBe('unknown_order');
      expect(sink.take()).toEqual([]);
    });

    it('cancels from the middle of a level and keeps the others in order', () => {
      place(1, 'sell', 100, 1);
      place(2, 'sell', 100, 1);
      place(3, 'sell', 100, 1);
      book.cancel(orderId(2), sink);
      sink.take();
      expect(place(4, 'buy', 100, 2)).toEqual([
        'fill 1 4 100 1 0 1',
        'done 1 filled 0',
        'fill 3 4 100 1 0 0',
        'done 3 filled 0',
        'done 4 filled 0',
      ]);
    });
  });

  describe('amend', () => {
    beforeEach(() => {
      place(1, 'sell', 100, 5);
      place(2, 'sell', 100, 5);
    });

    it('lowering the quantity at the same price keeps the place in the queue', () => {
      expect(book.amend(orderId(1), ticks(100), lots(3), sink)).toBeNull();
      expect(sink.take()).toEqual(['rest 1 100 3']);
      expect(book.depth('sell', 1)).toEqual([{ price: 100, quantity: 8, orders: 2 }]);
      expect(place(3, 'buy', 100, 1)).toEqual(['fill 1 3 100 1 2 0', 'done 3 filled 0']);
    });

    it('the same price and quantity changes nothing', () => {
      expect(book.amend(orderId(1), ticks(100), lots(5), sink)).toBeNull();
      expect(sink.take()).toEqual(['rest 1 100 5']);
      expect(book.orders().map((order) => order.id)).toEqual([1, 2]);
    });

    it('raising the quantity moves the order to the back of its level', () => {
      expect(book.amend(orderId(1), ticks(100), lots(6), sink)).toBeNull();
      expect(sink.take()).toEqual(['rest 1 100 6']);
      expect(book.orders().map((order) => order.id)).toEqual([2, 1]);
      expect(book.depth('sell', 1)).toEqual([{ price: 100, quantity: 11, orders: 2 }]);
    });

    it('a new price moves the order to the back of the new level', () => {
      place(3, 'sell', 101, 1);
      expect(book.amend(orderId(1), ticks(101), lots(5), sink)).toBeNull();
      expect(sink.take()).toEqual(['rest 1 101 5']);
      expect(book.orders().map((order) => order.id)).toEqual([2, 3, 1]);
      expect(book.depth('sell', 2)).toEqual([
        { price: 100, quantity: 5, orders: 1 },
        { price: 101, quantity: 6, orders: 2 },
      ]);
    });

    it('a new price that crosses matches first, then rests the rest', () => {
      place(3, 'buy', 99, 2);
      place(4, 'buy', 98, 2);
      expect(book.amend(orderId(2), ticks(99), lots(6), sink)).toBeNull();
      expect(sink.take()).toEqual(['fill 3 2 99 2 0 4', 'done 3 filled 0', 'rest 2 99 4']);
      expect(book.bestAsk()).toBe(99);
      expect(book.bestBid()).toBe(98);
    });

    it('an amended order that fills completely is done', () => {
      place(3, 'buy', 99, 7);
      expect(book.amend(orderId(1), ticks(99), lots(4), sink)).toBeNull();
      expect(sink.take()).toEqual(['fill 3 1 99 4 3 0', 'done 1 filled 0']);
      expect(book.get(orderId(1))).toBeNull();
      expect(book.size).toBe(2);
    });

    it('a crossing amend removes its owner’s orders it reaches', () => {
      place(3, 'buy', 99, 2, 'gtc', 1);
      place(4, 'buy', 99, 2, 'gtc', 9);
      expect(book.amend(orderId(1), ticks(99), lots(3), sink)).toBeNull();
      expect(sink.take()).toEqual([
        'done 3 self_trade 2',
        'fill 4 1 99 2 0 1',
        'done 4 filled 0',
        'rest 1 99 1',
      ]);
    });

    it('while an amended order matches, the book shows it out of the queue', () => {
      place(3, 'buy', 99, 1);
      const seen: unknown[] = [];
      const lookingSink = {
        fill: () => seen.push(book.get(orderId(1)), book.size),
        rest: () => undefined,
        done: () => undefined,
      };
      expect(book.amend(orderId(1), ticks(99), lots(2), lookingSink)).toBeNull();
      expect(seen).toEqual([null, 1]);
      expect(book.get(orderId(1))).toEqual({ id: 1, owner: 1, side: 'sell', price: 99, remaining: 1 });
    });

    it('quantity 0 cancels', () => {
      expect(book.amend(orderId(1), ticks(100), lots(0), sink)).toBeNull();
      expect(sink.take()).toEqual(['done 1 cancelled 5']);
      expect(book.get(orderId(1))).toBeNull();
    });

    it('refuses an unknown order or an invalid price or quantity, changing nothing', () => {
      const before = book.orders();
      expect(book.amend(orderId(9), ticks(100), lots(1), sink)).toBe('unknown_order');
      for (const [price, quantity] of [
        [0, 1],
        [-1, 1],
        [100.5, 1],
        [Number.NaN, 1],
        [2 ** 53, 1],
        [100, -1],
        [100, 0.5],
        [100, Number.POSITIVE_INFINITY],
      ] as const) {
        expect(book.amend(orderId(1), ticks(price), lots(quantity), sink)).toBe('invalid_command');
      }
      expect(sink.take()).toEqual([]);
      expect(book.orders()).toEqual(before);
    });
  });

  describe('rejected commands change nothing and emit nothing', () => {
    const valid: PlaceCommand = {
      id: orderId(10),
      owner: 1,
      side: 'buy',
      price: ticks(100),
      quantity: lots(1),
      timeInForce: 'gtc',
    };
    const invalid: [string, Partial<Record<keyof PlaceCommand, unknown>>][] = [
      ['id 0', { id: 0 }],
      ['negative id', { id: -3 }],
      ['fractional id', { id: 1.5 }],
      ['unsafe id', { id: 2 ** 53 }],
      ['fractional owner', { owner: 0.5 }],
      ['unknown side', { side: 'both' }],
      ['price 0', { price: 0 }],
      ['negative price', { price: -100 }],
      ['fractional price', { price: 100.25 }],
      ['NaN price', { price: Number.NaN }],
      ['infinite price', { price: Number.POSITIVE_INFINITY }],
      ['quantity 0', { quantity: 0 }],
      ['negative quantity', { quantity: -1 }],
      ['fractional quantity', { quantity: 0.5 }],
      ['unsafe quantity', { quantity: 2 ** 60 }],
      ['unknown time in force', { timeInForce: 'fok' }],
      ['gtc without price', { price: null, timeInForce: 'gtc' }],
      ['post_only without price', { price: null, timeInForce: 'post_only' }],
    ];

    it.each(invalid)('%s is an invalid command', (_label, change) => {
      place(1, 'sell', 100, 1);
      const before = book.orders();
      expect(book.place({ ...valid, ...change } as PlaceCommand, sink)).toBe('invalid_command');
      expect(sink.take()).toEqual([]);
      expect(book.orders()).toEqual(before);
    });

    it('a duplicate id of a resting order is refused', () => {
      place(1, 'sell', 101, 1);
      expect(book.place({ ...valid, id: orderId(1), price: ticks(101) }, sink)).toBe('duplicate_id');
      expect(sink.take()).toEqual([]);
      expect(book.orders()).toEqual([{ id: 1, owner: 1, side: 'sell', price: 101, remaining: 1 }]);
    });
  });
});

describe('the units of the book', () => {
  it('do not mix: a swapped price and quantity does not compile', () => {
    const sink: MatchSink = new RecordingSink();
    sink.fill(orderId(1), orderId(2), ticks(100), lots(5), lots(0), lots(0));
    // @ts-expect-error a quantity where the price belongs (tsc -b fails if this compiles)
    sink.fill(orderId(1), orderId(2), lots(5), ticks(100), lots(0), lots(0));
    // @ts-expect-error a plain number is not an order id
    new OrderBook().cancel(7, sink);
    expect(new RecordingSink().take()).toEqual([]);
  });
});
