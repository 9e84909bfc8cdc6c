import { parseDecimal } from '@fairex/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulatedTick, tickerFor } from './simulated-feed';
import { isTradingTime, parseTradingHours, SimulatedPath } from './simulated-path.domain';

const btc = {
  id: 1,
  pathKey: 'BTC',
  tickSize: '0.01',
  lotSize: '0.00001',
  referencePrice: '95000',
  annualVolatility: '0.5',
  tradingHours: null,
};
const doge = {
  ...btc,
  id: 2,
  pathKey: 'DOGE',
  tickSize: '0.00001',
  lotSize: '1',
  referencePrice: '0.16',
  annualVolatility: '0.95',
};
const secondArbitrary = fc.integer({ min: 1_700_000_000, max: 1_900_000_000 });

describe('the simulated path', () => {
  it('is a pure function of (seed, key, second): fresh paths and any order agree', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.array(secondArbitrary, { minLength: 1, maxLength: 20 }),
        (seed, seconds) => {
          const params = { seed, key: 'ETH', referencePrice: 3200, annualVolatility: 0.65 };
          const shared = new SimulatedPath(params);
          const inOrder = seconds.map((second) => shared.priceAt(second));
          const fresh = seconds.map((second) => new SimulatedPath(params).priceAt(second));
          expect(inOrder).toEqual(fresh);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('differs between seeds and keys', () => {
    const second = 1_795_000_000;
    const a = new SimulatedPath({ seed: 1, key: 'BTC', referencePrice: 95000, annualVolatility: 0.5 });
    const b = new SimulatedPath({ seed: 2, key: 'BTC', referencePrice: 95000, annualVolatility: 0.5 });
    const c = new SimulatedPath({ seed: 1, key: 'ETH', referencePrice: 95000, annualVolatility: 0.5 });
    expect(a.priceAt(second)).not.toBe(b.priceAt(second));
    expect(a.priceAt(second)).not.toBe(c.priceAt(second));
  });

  it('moves about as much per second as its volatility says', () => {
    const path = new SimulatedPath({ seed: 7, key: 'BTC', referencePrice: 95000, annualVolatility: 0.5 });
    const start = 1_795_000_000;
    let sum = 0;
    const count = 20_000;
    for (let second = start; second < start + count; second += 1) {
      sum += (path.logPriceAt(second + 1) - path.logPriceAt(second)) ** 2;
    }
    const annualised = Math.sqrt((sum / count) * 365 * 86_400);
    expect(annualised).toBeGreaterThan(0.4);
    expect(annualised).toBeLessThan(0.6);
  });

  it.each([btc, doge])(
    'publishes $pathKey prices on the tick grid and above zero for any seed',
    (instrument) => {
      fc.assert(
        fc.property(fc.integer(), secondArbitrary, (seed, second) => {
          const tick = simulatedTick(tickerFor(instrument, seed), seed, second);
          expect(tick).not.toBeNull();
          const price = parseDecimal(tick?.price ?? '');
          const tickSize = parseDecimal(instrument.tickSize);
          if (!price.ok || !tickSize.ok) throw new Error('not decimals');
          expect(price.value.scale).toBe(tickSize.value.scale);
          expect(price.value.digits % tickSize.value.digits).toBe(0n);
          expect(price.value.digits).toBeGreaterThan(0n);
          expect(price.value.negative).toBe(false);
          expect(tick?.time).toBe(second * 1000);
        }),
        { numRuns: 200 },
      );
    },
  );

  it('gives the same tick for the same seed, instrument and second', () => {
    const second = 1_795_311_441;
    expect(simulatedTick(tickerFor(btc, 42), 42, second)).toEqual(
      simulatedTick(tickerFor(btc, 42), 42, second),
    );
  });
});

describe('trading hours', () => {
  const hours = parseTradingHours('09:30-16:00 America/New_York Mon-Fri');
  if (!hours) throw new Error('hours did not parse');

  it('opens 09:30 to 16:00 New York time on weekdays, DST included', () => {
    expect(isTradingTime(hours, Date.parse('2026-11-20T14:30:00Z'))).toBe(true); // Fri 09:30 EST
    expect(isTradingTime(hours, Date.parse('2026-11-20T14:29:59Z'))).toBe(false);
    expect(isTradingTime(hours, Date.parse('2026-11-20T20:59:59Z'))).toBe(true);
    expect(isTradingTime(hours, Date.parse('2026-11-20T21:00:00Z'))).toBe(false); // 16:00 EST
    expect(isTradingTime(hours, Date.parse('2026-07-20T13:30:00Z'))).toBe(true); // Mon 09:30 EDT
    expect(isTradingTime(hours, Date.parse('2026-11-21T15:00:00Z'))).toBe(false); // Saturday
  });

  it('publishes no stock tick while the market is closed', () => {
    const stock = {
      ...btc,
      pathKey: 'AAPL',
      tickSize: '0.01',
      lotSize: '1',
      tradingHours: '09:30-16:00 America/New_York Mon-Fri',
    };
    const ticker = tickerFor(stock, 1);
    expect(simulatedTick(ticker, 1, Date.parse('2026-11-21T15:00:00Z') / 1000)).toBeNull();
    expect(simulatedTick(ticker, 1, Date.parse('2026-11-20T15:00:00Z') / 1000)).not.toBeNull();
  });

  it('refuses malformed hours', () => {
    expect(parseTradingHours('9-5')).toBeNull();
  });
});
