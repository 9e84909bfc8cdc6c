/**
 * The simulated price path: a pure function of (seed, path key, second). No state survives a
 * restart, so the same seed gives the same price for the same instrument at the same second, in
 * tests and in production alike.
 *
 * How: the log price at each UTC day boundary follows a mean-reverting walk from an anchor day
 * (so prices stay near the instrument's reference price over months), and everything inside a day
 * is an exact Brownian bridge between those points, drawn level by level (day -> 24 hours -> 60
 * minutes -> 4 quarters -> 15 seconds). Each draw is a hash of (seed, key, level, time), so any
 * second can be computed alone; the memo below only saves recomputing the coarser levels.
 * Floating point is fine here: the price is rounded to the tick size exactly before publication
 * (`priceUnits`).
 */

const secondsPerDay = 86_400;
const secondsPerYear = 365 * secondsPerDay;
/** Day 0 of the walk: 2025-01-01 UTC. Earlier seconds see the anchor price. */
export const pathAnchorDay = 20_089;
/** Share of the distance to the reference log price the daily walk closes each day. */
const dailyMeanReversion = 0.02;

/** Subdivisions per level: a day has 24 hours, an hour 60 minutes, a minute 4 quarters, a quarter 15 s. */
const levels = [
  { steps: 24, seconds: 3600 },
  { steps: 60, seconds: 60 },
  { steps: 4, seconds: 15 },
  { steps: 15, seconds: 1 },
] as const;

/** A 32-bit mix of the inputs (murmur3's finaliser over a running hash). */
export function hash32(...values: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    h = Math.imul(h ^ (value >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    // High bits of values above 2^32 (seconds are below 2^32 until 2106; days are small).
    h = Math.imul(h ^ Math.floor(value / 4_294_967_296), 0x27d4eb2f);
  }
  h ^= h >>> 15;
  return h >>> 0;
}

/** A stable 32-bit number for a path key such as "BTC". */
export function keyHash(key: string): number {
  let h = 2_166_136_261;
  for (let index = 0; index < key.length; index += 1) {
    h = Math.imul(h ^ key.charCodeAt(index), 16_777_619);
  }
  return h >>> 0;
}

/** A uniform number in (0, 1) from a hash. */
function unit(hash: number): number {
  return (hash + 0.5) / 4_294_967_296;
}

/**
 * A standard normal draw (Box-Muller) that depends only on its inputs. The seed is mixed in first
 * and again last: the running hash holds 32 bits, so a seed mixed in only first would be worth 32
 * bits to someone searching for it from published prices; mixed in at both ends, a guess must
 * cover the whole seed (up to 53 bits, see config's simulatedMarketSeed).
 */
export function gaussian(seed: number, key: number, level: number, time: number): number {
  const first = unit(hash32(seed, key, level, time, 1, seed));
  const second = unit(hash32(seed, key, level, time, 2, seed));
  return Math.sqrt(-2 * Math.log(first)) * Math.cos(2 * Math.PI * second);
}

export type PathParams = {
  readonly seed: number;
  /** The underlying, e.g. "BTC": spot and perpetual on the same base share one path. */
  readonly key: string;
  readonly referencePrice: number;
  readonly annualVolatility: number;
};

type Segment = { start: number; values: number[] };

/** Log prices of the path; a pure function of its params and the second, with a memo per level. */
export class SimulatedPath {
  private readonly key: number;
  private readonly referenceLog: number;
  private readonly secondVariance: number;
  private readonly dayLogs: number[];
  private readonly memo: (Segment | undefined)[] = [];

  constructor(private readonly params: PathParams) {
    this.key = keyHash(params.key);
    this.referenceLog = Math.log(params.referencePrice);
    this.secondVariance = params.annualVolatility ** 2 / secondsPerYear;
    this.dayLogs = [this.referenceLog];
  }

  /** The path's price at a unix second (floating point; round before publishing). */
  priceAt(second: number): number {
    return Math.exp(this.logPriceAt(second));
  }

  logPriceAt(second: number): number {
    const day = Math.floor(second / secondsPerDay);
    if (day < pathAnchorDay) return this.referenceLog;
    let start = day * secondsPerDay;
    let first = this.dayLog(day);
    let last = this.dayLog(day + 1);
    for (let level = 0; level < levels.length; level += 1) {
      const { steps, seconds } = levels[level] as (typeof levels)[number];
      const values = this.segment(level, start, first, last, steps, seconds);
      const index = Math.floor((second - start) / seconds);
      first = values[index] as number;
      last = values[index + 1] as number;
      start += index * seconds;
      if (start === second) return first;
    }
    return first;
  }

  private dayLog(day: number): number {
    const index = day - pathAnchorDay;
    const dayVariance = this.secondVariance * secondsPerDay;
    while (this.dayLogs.length <= index) {
      const previous = this.dayLogs[this.dayLogs.length - 1] as number;
      const draw = gaussian(this.params.seed, this.key, 0, pathAnchorDay + this.dayLogs.length);
      const drift = dailyMeanReversion * (this.referenceLog - previous) - dayVariance / 2;
      this.dayLogs.push(previous + drift + Math.sqrt(dayVariance) * draw);
    }
    return this.dayLogs[index] as number;
  }

  /** The bridge from `first` to `last` in `steps` steps of `seconds`, memoised per level. */
  private segment(level: number, start: number, first: number, last: number, steps: number, seconds: number) {
    const cached = this.memo[level];
    if (cached?.start === start) return cached.values;
    const values = [first];
    const stepVariance = this.secondVariance * seconds;
    for (let step = 1; step < steps; step += 1) {
      const previous = values[step - 1] as number;
      const remaining = steps - step + 1;
      const mean = previous + (last - previous) / remaining;
      const spread = Math.sqrt((stepVariance * (remaining - 1)) / remaining);
      values.push(mean + spread * gaussian(this.params.seed, this.key, level + 1, start + step * seconds));
    }
    values.push(last);
    this.memo[level] = { start, values };
    for (let deeper = level + 1; deeper < levels.length; deeper += 1) this.memo[deeper] = undefined;
    return values;
  }
}

/**
 * A floating-point price -> a whole number of `unitScale` units on the tick grid (never below one
 * tick). `tickUnits` is the tick size in those units. The float is read at the unit scale, then
 * snapped to the tick exactly in integers.
 */
export function priceUnits(price: number, tickUnits: bigint, unitScale: number): bigint {
  const raw = BigInt(Math.round(price * 10 ** unitScale));
  const snapped = ((raw + tickUnits / 2n) / tickUnits) * tickUnits;
  return snapped < tickUnits ? tickUnits : snapped;
}

/** A deterministic traded volume for one second, in lot units: uniform in [0, 2 x average]. */
export function volumeLots(seed: number, key: string, second: number, averageLotsPerSecond: number): bigint {
  const draw = unit(hash32(seed, keyHash(key), 9, second, seed));
  return BigInt(Math.floor(draw * 2 * averageLotsPerSecond));
}

/** Parsed "09:30-16:00 America/New_York Mon-Fri": minutes after local midnight and ISO weekdays. */
export type TradingHours = {
  readonly openMinute: number;
  readonly closeMinute: number;
  readonly timeZone: string;
  readonly weekdays: ReadonlySet<number>;
};

const weekdayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const hoursPattern =
  /^(\d{2}):(\d{2})-(\d{2}):(\d{2}) (\S+)(?: (Mon|Tue|Wed|Thu|Fri|Sat|Sun)-(Mon|Tue|Wed|Thu|Fri|Sat|Sun))?$/;

/** Null when the text is not of that form (the instrument then trades around the clock). */
export function parseTradingHours(text: string): TradingHours | null {
  const match = hoursPattern.exec(text.trim());
  if (!match) return null;
  const [, openHour, openMinute, closeHour, closeMinute, timeZone, firstDay, lastDay] = match;
  const first = weekdayNames.indexOf(firstDay ?? 'Mon') + 1;
  const last = weekdayNames.indexOf(lastDay ?? 'Sun') + 1;
  const weekdays = new Set<number>();
  for (let day = first; day <= last; day += 1) weekdays.add(day);
  return {
    openMinute: Number(openHour) * 60 + Number(openMinute),
    closeMinute: Number(closeHour) * 60 + Number(closeMinute),
    timeZone: timeZone as string,
    weekdays,
  };
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC in minutes at an instant (DST included). */
export function zoneOffsetMinutes(timeZone: string, timeMs: number): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    offsetFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(timeMs).map((part) => [part.type, part.value]));
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return Math.round((local - Math.floor(timeMs / 60_000) * 60_000) / 60_000);
}

/**
 * The session of the local calendar day that starts nearest `utcDayStartMs` ([open, close) in
 * unix ms), or null on a closed weekday. Public holidays are not modelled.
 */
export function sessionOfDay(
  hours: TradingHours,
  utcDayStartMs: number,
): { open: number; close: number } | null {
  const weekday = ((new Date(utcDayStartMs).getUTCDay() + 6) % 7) + 1;
  if (!hours.weekdays.has(weekday)) return null;
  const offset = zoneOffsetMinutes(hours.timeZone, utcDayStartMs + 12 * 3_600_000);
  return {
    open: utcDayStartMs + (hours.openMinute - offset) * 60_000,
    close: utcDayStartMs + (hours.closeMinute - offset) * 60_000,
  };
}

/** Whether the market is open at an instant. */
export function isTradingTime(hours: TradingHours, timeMs: number): boolean {
  const dayStart = Math.floor(timeMs / 86_400_000) * 86_400_000;
  const session = sessionOfDay(hours, dayStart);
  return session !== null && timeMs >= session.open && timeMs < session.close;
}
