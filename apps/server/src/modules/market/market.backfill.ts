import type { CandlePeriod } from '@fairex/contract';
import { candlePeriods } from '@fairex/contract';
import { fromScaledBigint } from '@fairex/domain';
import { aggregateCandles, type CandleValue, candleOpenTime, candlePeriodMs } from './candles.domain';
import type { SimulatedInstrument } from './feeds/simulated-feed';
import { tickerFor } from './feeds/simulated-feed';
import { priceUnits, sessionOfDay, volumeLots } from './feeds/simulated-path.domain';
import type { CandleRow } from './market.repository';

const dayMs = 86_400_000;
/** Days of history a fresh install shows. */
export const backfillDaysDefault = 30;
/** How far back each period is stored on backfill (the rest of the history is coarser periods). */
export const backfillRetentionDays: Readonly<Record<CandlePeriod, number>> = {
  '1m': 1,
  '5m': 2,
  '15m': 5,
  '30m': 10,
  '1h': backfillDaysDefault,
  '4h': backfillDaysDefault,
  '1d': backfillDaysDefault,
  '1w': backfillDaysDefault,
};
/** Points of the path read per minute to find its high and low (every 15 s). */
const pointsPerMinute = 4;

/** Minute windows [start, end) with trading: all day for crypto, the sessions for stocks. */
function tradingWindows(instrument: SimulatedInstrument, start: number, end: number): [number, number][] {
  const ticker = tickerFor(instrument, 0);
  if (!ticker.hours) return [[start, end]];
  const windows: [number, number][] = [];
  for (let day = Math.floor(start / dayMs) * dayMs; day < end; day += dayMs) {
    const session = sessionOfDay(ticker.hours, day);
    if (!session) continue;
    const open = Math.max(session.open, start);
    const close = Math.min(session.close, end);
    if (open < close) windows.push([open, close]);
  }
  return windows;
}

/**
 * 1m candles of the seeded path from `start` to `end` (minute-aligned unix ms, end exclusive): open
 * and close are the path at the minute's edges, high and low the extremes of the 15 s points.
 */
export function historyMinutes(
  instrument: SimulatedInstrument,
  seed: number,
  range: { start: number; end: number },
): CandleValue[] {
  const ticker = tickerFor(instrument, seed);
  const result: CandleValue[] = [];
  for (const [windowStart, windowEnd] of tradingWindows(instrument, range.start, range.end)) {
    for (let minute = windowStart; minute < windowEnd; minute += 60_000) {
      const second = minute / 1000;
      const open = ticker.path.priceAt(second);
      let high = open;
      let low = open;
      let close = open;
      for (let point = 1; point <= pointsPerMinute; point += 1) {
        close = ticker.path.priceAt(second + (point * 60) / pointsPerMinute);
        if (close > high) high = close;
        if (close < low) low = close;
      }
      const lots = volumeLots(seed, instrument.pathKey, second + 1, ticker.averageLots * 60);
      result.push({
        openTime: minute,
        open: priceUnits(open, ticker.tickUnits, ticker.priceScale),
        high: priceUnits(high, ticker.tickUnits, ticker.priceScale),
        low: priceUnits(low, ticker.tickUnits, ticker.priceScale),
        close: priceUnits(close, ticker.tickUnits, ticker.priceScale),
        volume: lots * ticker.lotUnits,
      });
    }
  }
  return result;
}

/** The minute range `historyRows` covers. */
export function historyRange(now: number, days: number): { start: number; end: number } {
  const end = candleOpenTime(now, '1m');
  return { start: candleOpenTime(end - days * dayMs, '1d'), end };
}

/** The candle rows of every period for `days` of history before the minute holding `now`. */
export function historyRows(
  instrument: SimulatedInstrument & { priceScale: number; volumeScale: number },
  seed: number,
  params: { now: number; days: number; minutes?: CandleValue[] },
): CandleRow[] {
  const end = candleOpenTime(params.now, '1m');
  const start = candleOpenTime(end - params.days * dayMs, '1d');
  const minutes = params.minutes ?? historyMinutes(instrument, seed, { start, end });
  const rows: CandleRow[] = [];
  for (const period of candlePeriods) {
    const keepFrom = end - Math.min(backfillRetentionDays[period], params.days) * dayMs;
    const series = period === '1m' ? minutes : aggregateCandles(minutes, period);
    for (const candle of series) {
      if (candle.openTime + candlePeriodMs[period] <= keepFrom) continue;
      rows.push({
        instrumentId: instrument.id,
        period,
        openTime: new Date(candle.openTime),
        open: fromScaledBigint(candle.open, instrument.priceScale),
        high: fromScaledBigint(candle.high, instrument.priceScale),
        low: fromScaledBigint(candle.low, instrument.priceScale),
        close: fromScaledBigint(candle.close, instrument.priceScale),
        volume: fromScaledBigint(candle.volume, instrument.volumeScale),
      });
    }
  }
  return rows;
}
