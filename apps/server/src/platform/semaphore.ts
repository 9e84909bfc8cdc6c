/**
 * At most `limit` tasks at once, the rest waiting in order; more than `waitingMax` waiting are
 * refused at once (SemaphoreFullError) rather than queued without bound. Used to keep heavy work
 * (image decoding) off most of libuv's thread pool, which password hashing needs too.
 */
export class SemaphoreFullError extends Error {
  override readonly name = 'SemaphoreFullError';
}

export type Semaphore = {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly active: () => number;
  /** Tasks waiting for a place. */
  readonly waiting: () => number;
};

export function createSemaphore(limit: number, waitingMax = Number.POSITIVE_INFINITY): Semaphore {
  let active = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active -= 1;
  };
  return {
    async run(work) {
      if (active < limit) active += 1;
      else {
        if (queue.length >= waitingMax) throw new SemaphoreFullError('too many tasks waiting');
        // The place passes straight from the releasing task to this one (active stays the same).
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    active: () => active,
    waiting: () => queue.length,
  };
}
