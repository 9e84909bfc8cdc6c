import type { Candle, CandlePeriod } from '@fairex/contract';
import { compareDecimal } from '@fairex/domain';

/** Candles loaded per chart: a sensible screenful, and what the server is asked for at most. */
export const chartCandleCount = 300;

export const periodSeconds: Record<CandlePeriod, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '4h': 14_400,
  '1d': 86_400,
  '1w': 604_800,
};

/** The [from, to] window in unix seconds for `count` candles of `period` ending now. */
export function candleWindow(period: CandlePeriod, nowMs: number, count = chartCandleCount) {
  const to = Math.floor(nowMs / 1000);
  return { from: to - periodSeconds[period] * count, to };
}

/** A candle as lightweight-charts takes it (numbers: the chart's input only, never display). */
export type ChartCandle = { time: number; open: number; high: number; low: number; close: number };
export type ChartVolume = { time: number; value: number; color: string };

export function toChartCandle(candle: Candle): ChartCandle {
  return {
    time: candle.time,
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}

export function toChartVolume(candle: Candle, colors: { up: string; down: string }): ChartVolume {
  const rising = Number(candle.close) >= Number(candle.open);
  return { time: candle.time, value: Number(candle.volume), color: rising ? colors.up : colors.down };
}

/** Sorted by time, one candle per time (the later arrival wins). */
export function dedupeCandles(candles: readonly Candle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const candle of candles) {
    byTime.set(candle.time, candle);
  }
  return [...byTime.values()].sort((left, right) => left.time - right.time);
}

/**
 * Live candles to hand to series.update, oldest first, skipping any older than the last drawn
 * (lightweight-charts refuses to update the past).
 */
export function candlesToApply(buffer: ReadonlyMap<number, Candle>, lastDrawnTime: number | null): Candle[] {
  return [...buffer.values()]
    .filter((candle) => lastDrawnTime === null || candle.time >= lastDrawnTime)
    .sort((left, right) => left.time - right.time);
}

/**
 * The candle that makes the chart's last price the header's (one source, one figure): the last
 * candle with the quote as its close (high and low widened), or, for a quote of a later period, that
 * period's first candle (periods up to a day start at multiples of their length in UTC). Null when
 * there is no candle, the quote is older than it, or a weekly period has moved on (its candle comes
 * from the stream).
 */
export function withLastPrice(
  candle: Candle | null,
  quote: { readonly price: string; readonly timeMs: number } | null,
  period: CandlePeriod,
): Candle | null {
  if (candle === null || quote === null) return null;
  const quoteSeconds = Math.floor(quote.timeMs / 1000);
  if (quoteSeconds < candle.time) return null;
  const length = periodSeconds[period];
  if (quoteSeconds >= candle.time + length) {
    if (length > periodSeconds['1d']) return null;
    const time = quoteSeconds - (quoteSeconds % length);
    return { time, open: quote.price, high: quote.price, low: quote.price, close: quote.price, volume: '0' };
  }
  const above = compareDecimal(quote.price, candle.high);
  const below = compareDecimal(quote.price, candle.low);
  if (!above.ok || !below.ok) return null;
  return {
    ...candle,
    close: quote.price,
    high: above.value > 0 ? quote.price : candle.high,
    low: below.value < 0 ? quote.price : candle.low,
  };
}
