import { describe, expect, it } from 'vitest';
import { createStatementBatcher } from './statement-batcher';

describe('the statement batcher', () => {
  it('sends the items of one moment as one batch, and the next while one is out as one more', async () => {
    const batches: number[][] = [];
    let release: (() => void) | undefined;
    const submit = createStatementBatcher<number, number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map((item) => item * 10);
    });
    const first = [1, 2, 3].map(submit);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2, 3]]);
    // While the first batch is in the database, later items wait and then go out together.
    const later = [4, 5].map(submit);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toHaveLength(1);
    release?.();
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('gives every item of a failed batch the error, and keeps serving', async () => {
    let fail = true;
    const submit = createStatementBatcher<number, number>(async (items) => {
      if (fail) {
        fail = false;
        throw new Error('connection lost');
      }
      return items;
    });
    const failed = await Promise.allSettled([submit(1), submit(2)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await submit(3)).toBe(3);
  });

  it('refuses a batch answered with the wrong number of results', async () => {
    const submit = createStatementBatcher<number, number>(async () => [1]);
    const results = await Promise.allSettled([submit(1), submit(2)]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
  });

  it('splits a queue longer than the largest batch', async () => {
    const sizes: number[] = [];
    const submit = createStatementBatcher<number, number>(async (items) => {
      sizes.push(items.length);
      return items;
    }, 4);
    await Promise.all(Array.from({ length: 10 }, (_, index) => submit(index)));
    expect(sizes).toEqual([4, 4, 2]);
  });
});
