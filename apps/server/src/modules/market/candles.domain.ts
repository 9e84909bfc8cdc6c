/**
 * Candles from ticks, as pure functions (conventions rule 3). Prices and volumes are integers
 * (bigint) in the instrument's price and volume units, so aggregation is exact; times are unix
 * milliseconds. Candles align to UTC boundaries; a week starts on Monday 00:00 UTC.
 */
import type { CandlePeriod } from '@fairex/contract';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
const weekMs = 7 * dayMs;
/** 1970-01-01 was a Thursday: Monday 1970-01-05 is four days later. */
const firstMondayMs = 4 * dayMs;

export const candlePeriodMs: Readonly<Record<CandlePeriod, number>> = {
  '1m': minuteMs,
  '5m': 5 * minuteMs,
  '15m': 15 * minuteMs,
  '30m': 30 * minuteMs,
  '1h': hourMs,
  '4h': 4 * hourMs,
  '1d': dayMs,
  '1w': weekMs,
};

export type CandleTick = { readonly time: number; readonly price: bigint; readonly volume: bigint };

export type CandleValue = {
  /** Unix milliseconds of the candle's open (a period boundary). */
  readonly openTime: number;
  readonly open: bigint;
  readonly high: bigint;
  readonly low: bigint;
  readonly close: bigint;
  readonly volume: bigint;
};

/** Math.max and Math.min refuse bigints. */
function larger(left: bigint, right: bigint): bigint {
  if (left > right) return left;
  return right;
}

function smaller(left: bigint, right: bigint): bigint {
  if (left < right) return left;
  return right;
}

/** The open time of the candle holding `timeMs`. */
export function candleOpenTime(timeMs: number, period: CandlePeriod): number {
  const length = candlePeriodMs[period];
  const offset = period === '1w' ? firstMondayMs : 0;
  return Math.floor((timeMs - offset) / length) * length + offset;
}

/** A new candle from its first tick. */
export function openCandle(tick: CandleTick, period: CandlePeriod): CandleValue {
  return {
    openTime: candleOpenTime(tick.time, period),
    open: tick.price,
    high: tick.price,
    low: tick.price,
    close: tick.price,
    volume: tick.volume,
  };
}

/** The candle after one more tick inside it (ticks arrive in time order). */
export function extendCandle(candle: CandleValue, tick: CandleTick): CandleValue {
  return {
    openTime: candle.openTime,
    open: candle.open,
    high: larger(tick.price, candle.high),
    low: smaller(tick.price, candle.low),
    close: tick.price,
    volume: candle.volume + tick.volume,
  };
}

/** Ticks in time order -> the candles of `period` holding them, oldest first; empty periods are absent. */
export function aggregateTicks(ticks: readonly CandleTick[], period: CandlePeriod): CandleValue[] {
  const result: CandleValue[] = [];
  let current: CandleValue | undefined;
  for (const tick of ticks) {
    if (current && candleOpenTime(tick.time, period) === current.openTime) {
      current = extendCandle(current, tick);
    } else {
      if (current) result.push(current);
      current = openCandle(tick, period);
    }
  }
  if (current) result.push(current);
  return result;
}

/** Candles of a shorter period in time order -> candles of a longer one (1m -> 1h, 1h -> 1w...). */
export function aggregateCandles(candles: readonly CandleValue[], period: CandlePeriod): CandleValue[] {
  const result: CandleValue[] = [];
  let current: CandleValue | undefined;
  for (const candle of candles) {
    const openTime = candleOpenTime(candle.openTime, period);
    if (current && openTime === current.openTime) {
      current = mergeCandles(current, candle);
    } else {
      if (current) result.push(current);
      current = { ...candle, openTime };
    }
  }
  if (current) result.push(current);
  return result;
}

/** `later` follows `earlier` inside the same longer candle. */
export function mergeCandles(earlier: CandleValue, later: CandleValue): CandleValue {
  return {
    openTime: earlier.openTime,
    open: earlier.open,
    high: larger(later.high, earlier.high),
    low: smaller(later.low, earlier.low),
    close: later.close,
    volume: earlier.volume + later.volume,
  };
}

/** The open time (unix ms) of the UTC calendar month holding `timeMs`. */
export function monthOpenTime(timeMs: number): number {
  const date = new Date(timeMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** Daily candles in time order -> calendar-month candles (UTC), oldest first. */
export function aggregateMonths(days: readonly CandleValue[]): CandleValue[] {
  const result: CandleValue[] = [];
  let current: CandleValue | undefined;
  for (const day of days) {
    const openTime = monthOpenTime(day.openTime);
    if (current && openTime === current.openTime) current = mergeCandles(current, day);
    else {
      if (current) result.push(current);
      current = { ...day, openTime };
    }
  }
  if (current) result.push(current);
  return result;
}
