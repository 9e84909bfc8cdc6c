/** Pure rules of scheduled work: what is due now, and when a failed attempt is tried again. */

/** A failed attempt waits 1 s, 2 s, 4 s ... up to a minute before the next. */
export const retryDelayMaxMs = 60_000;
const retryDelayFirstMs = 1_000;

export function retryDelayMs(attempts: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 16);
  return Math.min(retryDelayFirstMs * 2 ** exponent, retryDelayMaxMs);
}
