import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFlushLoop } from './flush-loop';

describe('startFlushLoop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('flushes on every tick, survives a failing flush, and stops once', () => {
    vi.useFakeTimers();
    let flushes = 0;
    let releases = 0;
    const loop = startFlushLoop(
      () => {
        flushes += 1;
        if (flushes === 2) throw new Error('a frame failed');
      },
      100,
      () => {
        releases += 1;
      },
    );
    vi.advanceTimersByTime(350);
    expect(flushes).toBe(3);
    loop.stop();
    loop.stop();
    vi.advanceTimersByTime(500);
    expect(flushes).toBe(3);
    expect(releases).toBe(1);
  });

  it('runs no timer at interval 0: flush only when called', () => {
    vi.useFakeTimers();
    let flushes = 0;
    const loop = startFlushLoop(
      () => {
        flushes += 1;
      },
      0,
      () => {},
    );
    vi.advanceTimersByTime(1_000);
    expect(flushes).toBe(0);
    loop.flush();
    expect(flushes).toBe(1);
    loop.stop();
  });
});
