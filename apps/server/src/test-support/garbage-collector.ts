import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Runs a full garbage collection every few milliseconds until stopped: the pressure a loaded CI
 * machine puts on anything held only weakly (Node's timeout signals, for one).
 */
export function collectGarbageOften(everyMs = 5): { stop(): void } {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  const timer = setInterval(collect, everyMs);
  return { stop: () => clearInterval(timer) };
}
