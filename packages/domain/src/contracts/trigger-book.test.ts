import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naiveFire, type Trigger, TriggerBook } from './trigger-book';

type Step =
  | { readonly kind: 'add'; readonly id: number; readonly price: number; readonly up: boolean }
  | { readonly kind: 'remove'; readonly id: number }
  | { readonly kind: 'tick'; readonly move: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    id: fc.integer({ min: 0, max: 40 }),
    price: fc.integer({ min: 80, max: 120 }),
    up: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 0, max: 40 }) }),
  // Random walks with gaps (up to 15) and repeats (0).
  fc.record({ kind: fc.constant('tick' as const), move: fc.integer({ min: -15, max: 15 }) }),
);

/** The defined fired order: up triggers from the lowest price, then down from the highest, ties by id. */
function definedOrder(fired: readonly Trigger<number>[]): string[] {
  const byPrice = (ascending: boolean) => (a: Trigger<number>, b: Trigger<number>) =>
    a.price !== b.price ? (a.price < b.price === ascending ? -1 : 1) : a.id < b.id ? -1 : 1;
  const ups = fired.filter((t) => t.direction === 'up').sort(byPrice(true));
  const downs = fired.filter((t) => t.direction === 'down').sort(byPrice(false));
  return [...ups, ...downs].map((t) => t.id);
}

// Around 2^60 neighbouring prices share one float (spacing 256): the book's number keys tie
// there, and its exact fallback must still give the defined order.
describe.each([
  ['small prices', 0n],
  ['prices past 2^53', 2n ** 60n],
])('the trigger book with %s', (_label, base) => {
  it('fires exactly what a naive scan of every trigger fires, in the defined order', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200 }), (steps) => {
        const book = new TriggerBook<number>();
        const naive = new Map<string, Trigger<number>>();
        let price = 100;
        for (const s of steps) {
          if (s.kind === 'add') {
            const trigger: Trigger<number> = {
              id: `t${s.id}`,
              price: base + BigInt(s.price),
              direction: s.up ? 'up' : 'down',
              payload: s.id,
            };
            book.add(trigger);
            naive.set(trigger.id, trigger);
          } else if (s.kind === 'remove') {
            expect(book.remove(`t${s.id}`)).toBe(naive.delete(`t${s.id}`));
          } else {
            price += s.move;
            const fired = book.fire(base + BigInt(price));
            const expected = naiveFire(naive, base + BigInt(price));
            expect(fired.map((t) => t.id)).toEqual(definedOrder(expected));
          }
          expect(book.size).toBe(naive.size);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the trigger book', () => {
  it('fires a trigger once, at the tick that reaches it', () => {
    const book = new TriggerBook<null>();
    book.add({ id: 'tp', price: 110n, direction: 'up', payload: null });
    book.add({ id: 'sl', price: 90n, direction: 'down', payload: null });
    expect(book.fire(100n)).toEqual([]);
    expect(book.fire(110n).map((t) => t.id)).toEqual(['tp']);
    expect(book.fire(120n)).toEqual([]);
    expect(book.fire(80n).map((t) => t.id)).toEqual(['sl']);
    expect(book.size).toBe(0);
  });
});
