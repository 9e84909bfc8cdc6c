import { describe, expect, it } from 'vitest';
import { historyRows } from './market.backfill';

const now = Date.parse('2026-11-20T15:00:30Z');
const btc = {
  id: 1,
  pathKey: 'BTC',
  tickSize: '0.01',
  lotSize: '0.00001',
  referencePrice: '95000',
  annualVolatility: '0.5',
  tradingHours: null,
  priceScale: 2,
  volumeScale: 5,
};

describe('history backfill', () => {
  it('covers 30 days up to the current minute, coarser further back, deterministically', () => {
    const rows = historyRows(btc, 1, { now, days: 30 });
    const byPeriod = (period: string) => rows.filter((row) => row.period === period);
    const daily = byPeriod('1d');
    expect(daily[0]?.openTime.toISOString()).toBe('2026-10-21T00:00:00.000Z');
    expect(daily).toHaveLength(31);
    const minutes = byPeriod('1m');
    expect(minutes).toHaveLength(24 * 60);
    expect(minutes[minutes.length - 1]?.openTime.toISOString()).toBe('2026-11-20T14:59:00.000Z');
    expect(byPeriod('1h')).toHaveLength(30 * 24);
    for (const row of rows) {
      expect(Number(row.low)).toBeLessThanOrEqual(Number(row.open));
      expect(Number(row.high)).toBeGreaterThanOrEqual(Number(row.close));
      expect(Number(row.low)).toBeGreaterThan(0);
    }
    expect(historyRows(btc, 1, { now, days: 30 })).toEqual(rows);
  });

  it('fills stocks only within their trading sessions', () => {
    const stock = {
      ...btc,
      pathKey: 'AAPL',
      lotSize: '1',
      volumeScale: 0,
      tradingHours: '09:30-16:00 America/New_York Mon-Fri',
    };
    const minutes = historyRows(stock, 1, { now, days: 30 }).filter((row) => row.period === '1m');
    // The last 24 h: Thursday 15:00-21:00 UTC and Friday 14:30-15:00 UTC.
    expect(minutes).toHaveLength(360 + 30);
  });
});
