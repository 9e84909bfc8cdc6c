/** A conflating publisher's flush, run on a fixed tick, and its one-time stop. */
export type FlushLoop = { flush(): void; stop(): void };

/**
 * Runs `flush` every `intervalMs` (0: only when called, as tests do) until stopped. A flush that
 * throws drops its frames: the next change sends a fresh one. `stop` runs `release` once.
 */
export function startFlushLoop(flush: () => void, intervalMs: number, release: () => void): FlushLoop {
  const timer =
    intervalMs > 0
      ? setInterval(() => {
          try {
            flush();
          } catch {
            // Dropped; see above.
          }
        }, intervalMs)
      : undefined;
  timer?.unref();
  let stopped = false;
  return {
    flush,
    stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearInterval(timer);
      release();
    },
  };
}
