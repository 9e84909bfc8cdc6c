/** Time comes in through this port so domain rules and tests can fix it (conventions rule 3). */
export interface Clock {
  now(): Date;
}
export declare const systemClock: Clock;
