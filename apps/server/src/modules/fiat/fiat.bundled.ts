import type { FiatCode } from '@fairex/contract';

/**
 * Rates shipped with the server (units per 1 USD), used until the rate service first answers and
 * whenever it cannot be reached. The client shows this table's own date, so it never passes for
 * today's rates.
 */
export const bundledRatesAsOf = new Date('2026-11-01T00:00:00Z');

export const bundledRates: Readonly<Record<FiatCode, string>> = {
  USD: '1',
  CNY: '7.1185',
  GBP: '0.7642',
  HKD: '7.7791',
  JPY: '151.84',
  EUR: '0.8663',
  AED: '3.6725',
  THB: '32.47',
  PHP: '58.21',
  SGD: '1.3018',
  VND: '26185',
};
