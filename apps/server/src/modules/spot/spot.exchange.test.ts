import { lots, ticks } from '@fairex/domain';
import { describe, expect, it } from 'vitest';
import { pairRules } from './spot.domain';
import { exchangeDirection, exchangeQuoteOf, exchangeRequestOf, type ListedPair } from './spot.exchange';
import type { MarketRow } from './spot.repository';

const rules = pairRules({
  symbol: 'ETH/USDT',
  tickSize: '0.01',
  lotSize: '0.00001',
  baseScale: 8,
  quoteScale: 6,
  makerFeeRate: '0.001',
  takerFeeRate: '0.001',
  priceBand: '0.1',
});
const pair: ListedPair = {
  symbol: 'ETH/USDT',
  instrumentId: 7,
  baseCurrencyId: 2,
  quoteCurrencyId: 1,
  rules,
  row: { base: 'ETH', quote: 'USDT' } as MarketRow,
};
const band = { low: ticks(288_000), high: ticks(352_000) };
const asks = [
  { priceTicks: ticks(320_000), lots: lots(1000) },
  { priceTicks: ticks(320_100), lots: lots(1000) },
];

describe('the quick exchange, pure', () => {
  it('buys the base paying quote, sells it for quote, and refuses any other pair of currencies', () => {
    expect(exchangeDirection([pair], 1, 2)).toMatchObject({ side: 'buy' });
    expect(exchangeDirection([pair], 2, 1)).toMatchObject({ side: 'sell' });
    expect(() => exchangeDirection([pair], 1, 3)).toThrow();
  });

  it('quotes nothing without a reference price, and the best price per unit without an amount', () => {
    const reference = { price: '3200', tickId: '9' };
    expect(
      exchangeQuoteOf({ pair, side: 'buy', reference: null, levels: null, number: undefined }),
    ).toMatchObject({
      rate: null,
      fillable: false,
    });
    expect(exchangeQuoteOf({ pair, side: 'sell', reference, levels: asks, number: undefined })).toMatchObject(
      {
        rate: '3200.000000000000',
        tick_id: '9',
        fillable: true,
      },
    );
  });

  it('quotes a budget walking the book, fee included, never beyond the budget', () => {
    const quote = exchangeQuoteOf({ pair, side: 'buy', reference: null, levels: asks, number: '40' });
    expect(quote.receive).toBe('0.01248000');
    expect(Number(quote.fee)).toBeGreaterThan(0);
    expect(quote.fillable).toBe(true);
  });

  it('places a buy as a quote budget at the band top, and a sell as held base lots at the band bottom', () => {
    const common = {
      pair,
      band,
      tickId: '9',
      userId: 5,
      minReceive: undefined,
      allowPartial: false,
      idempotencyKey: 'k',
    };
    const buy = exchangeRequestOf({ ...common, side: 'buy', number: '40' });
    expect(buy.askedUnits).toBe(40_000_000n);
    expect(buy.request).toMatchObject({ priceTicks: band.high, lots: 0, holdAmount: 0n, kind: 'market' });
    expect(buy.request.exchange).toMatchObject({ kind: 'budget', budget: 40_000_000n });
    const sell = exchangeRequestOf({ ...common, side: 'sell', number: '0.01' });
    expect(sell.askedUnits).toBe(1_000_000n);
    expect(sell.request).toMatchObject({ priceTicks: band.low, lots: 1000, holdAmount: 1_000_000n });
    expect(() => exchangeRequestOf({ ...common, side: 'sell', number: '0.000001' })).toThrow();
  });
});
