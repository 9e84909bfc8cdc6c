import type { Candle, CandlePeriod } from '@fairex/contract';

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
