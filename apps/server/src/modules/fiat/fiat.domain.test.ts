import { fiatCodes } from '@fairex/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  carriesSupportedRates,
  decimalFromNumber,
  failedFetchRetryIntervalMs,
  liveRatesToStore,
  nextRefreshAt,
  normalizeStoredDecimal,
  ratesRefreshIntervalMs,
  rateTableOf,
  type StoredRate,
} from './fiat.domain';

describe('decimalFromNumber', () => {
  it.each([
    [7.1234567891234, '7.123456789123'],
    [7.1234567891235, '7.123456789124'],
    [1e-7, '0.0000001'],
    [1.5e-12, '0.000000000002'],
    [25000, '25000'],
    [26312.5, '26312.5'],
    [0.1 + 0.2, '0.3'],
    [0.1 + 0.2 + 0.56, '0.86'],
    [1.005, '1.005'],
    [1, '1'],
    [1e18, null],
    [1e21, null],
    [123456789012345680, '123456789012345680'],
    [3.6725, '3.6725'],
    [0.000000000000499, null],
    [0.0000000000005, '0.000000000001'],
  ])('turns %s into %j', (value, expected) => {
    expect(decimalFromNumber(value)).toBe(expected);
  });

  it.each([0, -1, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'refuses %s',
    (value) => {
      expect(decimalFromNumber(value)).toBeNull();
    },
  );

  it('always writes plain digits the contract accepts, within half a unit of the twelfth decimal', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-9, max: 1e15, noNaN: true }), (value) => {
        const text = decimalFromNumber(value);
        expect(text).toMatch(/^\d{1,18}(\.\d{1,12})?$/);
        expect(text).not.toMatch(/e|\.$|\.\d*0$/);
        expect(Math.abs(Number(text) - value)).toBeLessThanOrEqual(0.5e-12 + Math.abs(value) * 1e-15);
      }),
    );
  });
});

describe('normalizeStoredDecimal', () => {
  it('drops the padding PostgreSQL adds', () => {
    expect(normalizeStoredDecimal('7.120000000000')).toBe('7.12');
    expect(normalizeStoredDecimal('1.000000000000')).toBe('1');
    expect(normalizeStoredDecimal('25000')).toBe('25000');
    expect(normalizeStoredDecimal('0.000000100000')).toBe('0.0000001');
  });
});

describe('liveRatesToStore', () => {
  it('keeps the supported codes only, with USD exactly 1', () => {
    const rows = liveRatesToStore({ USD: '1.000001', CNY: '7.1', XAU: '0.0003', THB: '32.5' });
    expect(rows).toEqual([
      { currencyCode: 'USD', rate: '1' },
      { currencyCode: 'CNY', rate: '7.1' },
      { currencyCode: 'THB', rate: '32.5' },
    ]);
    expect(carriesSupportedRates({ USD: '1', XAU: '0.0003' })).toBe(false);
    expect(carriesSupportedRates({ USD: '1', VND: '26000' })).toBe(true);
  });
});

describe('nextRefreshAt', () => {
  const at = new Date('2026-11-05T00:00:00Z');
  it('is now without any attempt, a day after success, an hour after failure', () => {
    expect(nextRefreshAt(null).getTime()).toBe(0);
    expect(nextRefreshAt({ at, outcome: 'ok' }).getTime()).toBe(at.getTime() + ratesRefreshIntervalMs);
    expect(nextRefreshAt({ at, outcome: 'failed' }).getTime()).toBe(
      at.getTime() + failedFetchRetryIntervalMs,
    );
    expect(ratesRefreshIntervalMs).toBe(86_400_000);
  });
});

describe('rateTableOf', () => {
  const bundledAsOf = new Date('2026-11-01T00:00:00Z');
  const liveAsOf = new Date('2026-11-05T00:00:00Z');
  const bundled: StoredRate[] = fiatCodes.map((currencyCode) => ({
    currencyCode,
    rate: '2.500000000000',
    source: 'bundled',
    asOf: bundledAsOf,
  }));

  it('is null while a supported code has no row', () => {
    expect(rateTableOf(bundled.slice(1))).toBeNull();
  });

  it('orders by the contract, pins USD to 1 and dates a bundled table by its own date', () => {
    const table = rateTableOf([...bundled].reverse());
    expect(table?.source).toBe('bundled');
    expect(table?.asOf).toEqual(bundledAsOf);
    expect(table?.rates.map((rate) => rate.currencyCode)).toEqual([...fiatCodes]);
    expect(table?.rates[0]).toEqual({ currencyCode: 'USD', rate: '1' });
    expect(table?.rates[1]).toEqual({ currencyCode: 'CNY', rate: '2.5' });
  });

  it('is live, with the live date, once any rate is live', () => {
    const mixed = bundled.map((row) =>
      row.currencyCode === 'THB' ? row : { ...row, source: 'live' as const, asOf: liveAsOf },
    );
    expect(rateTableOf(mixed)).toMatchObject({ source: 'live', asOf: liveAsOf });
  });
});
