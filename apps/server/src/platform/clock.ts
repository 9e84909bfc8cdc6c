/** Time comes in through this port so domain rules and tests can fix it (conventions rule 3). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** `base` shifted a fixed span ahead (a demo's DEMO_CLOCK_AHEAD_MS); the span 0 answers `base`. */
export function clockAhead(base: Clock, aheadMs: number): Clock {
  if (aheadMs === 0) return base;
  return { now: () => new Date(base.now().getTime() + aheadMs) };
}
