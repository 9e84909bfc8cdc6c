import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startThrottledPublisher } from './throttled-publisher';

describe('the throttled publisher', () => {
  let sent: string[];
  const publisher = () =>
    startThrottledPublisher<number>(
      (key, value) => sent.push(`${key}=${value}`),
      100,
      () => Date.now(),
    );

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a quiet key at once, and a batch of one call stack together', async () => {
    const p = publisher();
    p.set('a', 1);
    p.set('b', 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['a=1', 'b=1']);
    p.stop();
  });

  it('sends a key at most once per three quarters of an interval, with the latest value', async () => {
    const p = publisher();
    p.set('a', 1);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(30);
    p.set('a', 2);
    p.set('a', 3);
    await vi.advanceTimersByTimeAsync(44);
    expect(sent).toEqual(['a=1']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['a=1', 'a=3']);
    // A key quiet for a whole interval goes at once again.
    await vi.advanceTimersByTimeAsync(150);
    p.set('a', 4);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['a=1', 'a=3', 'a=4']);
    p.stop();
  });

  it('limits each key on its own: a busy key does not hold back a quiet one', async () => {
    const p = publisher();
    p.set('busy', 1);
    await vi.advanceTimersByTimeAsync(10);
    p.set('busy', 2);
    p.set('quiet', 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['busy=1', 'quiet=1']);
    await vi.advanceTimersByTimeAsync(64);
    expect(sent).toEqual(['busy=1', 'quiet=1']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['busy=1', 'quiet=1', 'busy=2']);
    p.stop();
  });

  it('does not fall behind a feed that ticks exactly once per interval, with late timers', async () => {
    // Real timers fire a little late: the send sees a clock 2 ms past the tick's.
    let late = 0;
    const p = startThrottledPublisher<number>(
      (key, value) => sent.push(`${key}=${value}`),
      100,
      () => Date.now() + late,
    );
    const sentAtOnce: number[] = [];
    for (let tick = 0; tick < 50; tick += 1) {
      late = 0;
      p.set('a', tick);
      late = 2;
      const before = sent.length;
      await vi.advanceTimersByTimeAsync(0);
      sentAtOnce.push(sent.length - before);
      await vi.advanceTimersByTimeAsync(100);
    }
    // Every tick left on the zero-delay timer: no wait grew from tick to tick.
    expect(sentAtOnce).toEqual(Array(50).fill(1));
    p.stop();
  });

  it('flushes everything pending on demand, and drops it when stopped', async () => {
    const p = publisher();
    p.set('a', 1);
    await vi.advanceTimersByTimeAsync(0);
    p.set('a', 2);
    p.flush();
    expect(sent).toEqual(['a=1', 'a=2']);
    p.set('b', 1);
    p.stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual(['a=1', 'a=2']);
    p.set('c', 1);
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual(['a=1', 'a=2']);
  });

  it('keeps sending after a send throws', async () => {
    let fail = true;
    const p = startThrottledPublisher<number>(
      (key, value) => {
        if (fail) {
          fail = false;
          throw new Error('socket gone');
        }
        sent.push(`${key}=${value}`);
      },
      100,
      () => Date.now(),
    );
    p.set('a', 1);
    p.set('b', 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['b=1']);
    p.stop();
  });
});
