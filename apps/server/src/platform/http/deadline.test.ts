import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { withDeadline } from './deadline';

const never = () => new Promise<never>(() => undefined);

describe('withDeadline', () => {
  it('answers what the work answers, and aborts nothing', async () => {
    let seen: AbortSignal | undefined;
    const value = await withDeadline(1_000, async (signal) => {
      seen = signal;
      return 42;
    });
    expect(value).toBe(42);
    expect(seen?.aborted).toBe(false);
  });

  it('passes the work its own failure', async () => {
    await expect(withDeadline(1_000, async () => Promise.reject(new Error('refused')))).rejects.toThrow(
      'refused',
    );
  });

  it('gives up on time even when the work ignores its signal', async () => {
    const started = Date.now();
    let seen: AbortSignal | undefined;
    const error = await withDeadline(50, (signal) => {
      seen = signal;
      return never();
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    expect(seen?.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops when the caller aborts, and refuses to start once aborted', async () => {
    const controller = new AbortController();
    const pending = withDeadline(60_000, never, controller.signal).catch((caught: unknown) => caught);
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    let started = false;
    const refused = await withDeadline(
      60_000,
      async () => {
        started = true;
      },
      controller.signal,
    ).catch((caught: unknown) => caught);
    expect(refused).toMatchObject({ name: 'AbortError' });
    expect(started).toBe(false);
  });

  it('leaves no listener on the caller signal behind', async () => {
    const controller = new AbortController();
    for (let round = 0; round < 20; round += 1) {
      await withDeadline(1_000, async () => round, controller.signal);
      await withDeadline(1_000, async () => Promise.reject(new Error('no')), controller.signal).catch(
        () => undefined,
      );
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
