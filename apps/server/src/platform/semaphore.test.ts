import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSemaphore, SemaphoreFullError } from './semaphore';

describe('a semaphore', () => {
  it('never runs more than its limit at once, starts tasks in arrival order, runs them all', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.nat(3), { maxLength: 30 }),
        async (limit, ticks) => {
          const semaphore = createSemaphore(limit);
          let running = 0;
          let peak = 0;
          const started: number[] = [];
          await Promise.all(
            ticks.map((delay, index) =>
              semaphore.run(async () => {
                started.push(index);
                running += 1;
                peak = Math.max(peak, running);
                for (let tick = 0; tick < delay; tick += 1) await Promise.resolve();
                running -= 1;
                return index;
              }),
            ),
          );
          expect(peak).toBeLessThanOrEqual(limit);
          expect(started).toEqual(ticks.map((_, index) => index));
          expect(semaphore.active()).toBe(0);
          expect(semaphore.waiting()).toBe(0);
        },
      ),
    );
  });

  it('refuses at once when too many are waiting, and frees its place when a task throws', async () => {
    const semaphore = createSemaphore(1, 1);
    let finish = () => {};
    const first = semaphore.run(() => new Promise<void>((resolve) => (finish = resolve)));
    const second = semaphore.run(async () => {
      throw new Error('boom');
    });
    await expect(semaphore.run(async () => 3)).rejects.toBeInstanceOf(SemaphoreFullError);
    finish();
    await first;
    await expect(second).rejects.toThrow('boom');
    expect(await semaphore.run(async () => 4)).toBe(4);
    expect(semaphore.active()).toBe(0);
  });
});
