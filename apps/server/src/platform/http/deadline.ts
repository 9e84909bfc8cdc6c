/**
 * Runs `work` with a signal that aborts after `timeoutMs`, or when `outer` aborts, and settles by
 * then whatever `work` does with the signal.
 *
 * Why not `AbortSignal.any([outer, AbortSignal.timeout(ms)])` handed to fetch: on Node 20 the
 * composite holds its timeout signal weakly, and a full garbage collection drops it, timer and all.
 * The request then never times out: CI saw a fiat refresh with a 250 ms timeout still waiting after
 * 60 s, and `collectGarbageOften` reproduces it every time. Here a plain timer holds the controller
 * strongly, and the race settles on time even if fetch never honours the signal. The outbound
 * adapters all use it, so there is one way to bound a call to the outside world.
 */
export async function withDeadline<T>(
  timeoutMs: number,
  work: (signal: AbortSignal) => Promise<T>,
  outer?: AbortSignal,
): Promise<T> {
  if (outer?.aborted) throw abortError();
  const controller = new AbortController();
  let stop: (reason: unknown) => void = () => undefined;
  const stopped = new Promise<never>((_resolve, reject) => {
    stop = (reason) => {
      controller.abort(reason);
      reject(reason);
    };
  });
  const timer = setTimeout(() => stop(timeoutError()), timeoutMs);
  const onOuterAbort = () => stop(abortError());
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    return await Promise.race([work(controller.signal), stopped]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

/** Shaped like the DOMException fetch throws, so callers tell the two apart by `name` as before. */
function timeoutError(): Error {
  return new DOMException('The operation was aborted due to timeout', 'TimeoutError');
}

function abortError(): Error {
  return new DOMException('This operation was aborted', 'AbortError');
}
