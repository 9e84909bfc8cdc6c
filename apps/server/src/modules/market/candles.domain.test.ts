import { candlePeriods } from '@fairex/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aggregateCandles,
  aggregateMonths,
  aggregateTicks,
  candleOpenTime,
  candlePeriodMs,
  monthOpenTime,
} from './candles.domain';

const start = Date.UTC(2026, 10, 1);
const ticksArbitrary = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 0, max: 3 * 86_400_000 }),
      price: fc.bigInt({ min: 1n, max: 10n ** 12n }),
      volume: fc.bigInt({ min: 0n, max: 10n ** 9n }),
    }),
    { maxLength: 200 },
  )
  .map((steps) => {
    let time = start;
    return steps.map((step) => {
      time += step.gap;
      return { time, price: step.price, volume: step.volume };
    });
  });

describe('candle aggregation', () => {
  it('aligns to UTC boundaries, weeks to Monday 00:00 UTC', () => {
    const time = Date.UTC(2026, 10, 22, 13, 47, 12); // a Sunday
    expect(new Date(candleOpenTime(time, '1m')).toISOString()).toBe('2026-11-22T13:47:00.000Z');
    expect(new Date(candleOpenTime(time, '4h')).toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(new Date(candleOpenTime(time, '1d')).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(new Date(candleOpenTime(time, '1w')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(candleOpenTime(Date.UTC(2026, 10, 16), '1w')).toBe(Date.UTC(2026, 10, 16));
  });

  it.each(candlePeriods)('puts every tick in exactly one %s candle with the right OHLCV', (period) => {
    fc.assert(
      fc.property(ticksArbitrary, (ticks) => {
        const candles = aggregateTicks(ticks, period);
        let covered = 0;
        for (const [index, candle] of candles.entries()) {
          const inside = ticks.filter(
            (tick) => tick.time >= candle.openTime && tick.time < candle.openTime + candlePeriodMs[period],
          );
          expect(inside.length).toBeGreaterThan(0);
          covered += inside.length;
          expect(candleOpenTime(candle.openTime, period)).toBe(candle.openTime);
          expect(candle.open).toBe(inside[0]?.price);
          expect(candle.close).toBe(inside[inside.length - 1]?.price);
          expect(candle.high).toBe([...inside].sort((a, b) => (a.price < b.price ? 1 : -1))[0]?.price);
          expect(candle.low).toBe([...inside].sort((a, b) => (a.price < b.price ? -1 : 1))[0]?.price);
          expect(candle.volume).toBe(inside.reduce((sum, tick) => sum + tick.volume, 0n));
          if (index > 0) expect(candle.openTime).toBeGreaterThan(candles[index - 1]?.openTime ?? 0);
        }
        expect(covered).toBe(ticks.length);
      }),
      { numRuns: 50 },
    );
  });

  it('gives the same candles from ticks as from 1m candles rolled up', () => {
    fc.assert(
      fc.property(ticksArbitrary, fc.constantFrom(...candlePeriods), (ticks, period) => {
        expect(aggregateCandles(aggregateTicks(ticks, '1m'), period)).toEqual(aggregateTicks(ticks, period));
      }),
      { numRuns: 100 },
    );
  });

  it('rolls days up into calendar months (UTC), each from its first to its last day', () => {
    expect(monthOpenTime(Date.UTC(2026, 1, 28, 23, 59))).toBe(Date.UTC(2026, 1, 1));
    expect(monthOpenTime(Date.UTC(2026, 2, 1))).toBe(Date.UTC(2026, 2, 1));
    const day = (month: number, date: number, open: bigint, close: bigint) => ({
      openTime: Date.UTC(2026, month, date),
      open,
      high: open > close ? open : close,
      low: open < close ? open : close,
      close,
      volume: 1n,
    });
    expect(aggregateMonths([day(0, 30, 10n, 12n), day(0, 31, 12n, 9n), day(1, 1, 9n, 15n)])).toEqual([
      { openTime: Date.UTC(2026, 0, 1), open: 10n, high: 12n, low: 9n, close: 9n, volume: 2n },
      { openTime: Date.UTC(2026, 1, 1), open: 9n, high: 15n, low: 9n, close: 15n, volume: 1n },
    ]);
  });
});
