/**
 * Latest-wins publishing with a per-key rate limit and no fixed tick (market fan-out,
 * performance.md target 6). A key's change is sent at once when the key has not sent for
 * `intervalMs` (less a quarter of it), else when that time is up, carrying only the latest value.
 * So a key sends at most one frame per three quarters of an interval, and a tick waits only when
 * its key was just sent. The slack is what keeps a feed that ticks exactly once per interval from
 * being held back: timers fire a little late, and without it each send would start the next wait
 * later, until every tick waited most of an interval. A fixed flush tick instead makes every
 * change wait for the next tick, up to a whole interval, whatever the rate.
 *
 * Changes of one call stack go out together (the send runs on a zero-delay timer), so a feed's
 * batch of quotes leaves in one pass. `intervalMs` 0 turns the timer off: `flush()` sends
 * everything pending (tests and benchmarks that drive it by hand).
 */
export type ThrottledPublisher<Value> = {
  /** Records the latest value of `key`; sends it as the key's rate allows. */
  set(key: string, value: Value): void;
  /** Sends everything pending now, whatever the rate. */
  flush(): void;
  /** Drops what is pending and stops the timer; idempotent. */
  stop(): void;
};

export function startThrottledPublisher<Value>(
  send: (key: string, value: Value) => void,
  intervalMs: number,
  now: () => number = () => performance.now(),
): ThrottledPublisher<Value> {
  const spacing = intervalMs - intervalMs / 4;
  const pending = new Map<string, Value>();
  /** When each key last sent; keys quiet for longer than an interval are dropped from it. */
  const lastSent = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerDue = Number.POSITIVE_INFINITY;
  let stopped = false;

  function sendOne(key: string, value: Value, at: number): void {
    pending.delete(key);
    lastSent.set(key, at);
    try {
      send(key, value);
    } catch {
      // A failed send drops this frame; the key's next change sends a fresh one.
    }
  }

  function schedule(due: number): void {
    if (stopped || intervalMs === 0 || due >= timerDue) return;
    if (timer) clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(run, Math.max(0, due - now()));
    timer.unref?.();
  }

  function run(): void {
    timer = undefined;
    timerDue = Number.POSITIVE_INFINITY;
    const at = now();
    let next = Number.POSITIVE_INFINITY;
    for (const [key, value] of pending) {
      const due = (lastSent.get(key) ?? Number.NEGATIVE_INFINITY) + spacing;
      if (due <= at) sendOne(key, value, at);
      else next = Math.min(next, due);
    }
    for (const [key, sentAt] of lastSent) {
      if (sentAt + spacing <= at && !pending.has(key)) lastSent.delete(key);
    }
    if (next !== Number.POSITIVE_INFINITY) schedule(next);
  }

  return {
    set(key, value) {
      if (stopped) return;
      pending.set(key, value);
      const due = (lastSent.get(key) ?? Number.NEGATIVE_INFINITY) + spacing;
      schedule(Math.max(now(), due));
    },
    flush() {
      const at = now();
      for (const [key, value] of pending) sendOne(key, value, at);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      pending.clear();
      lastSent.clear();
    },
  };
}
