import type { Quote } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { fiatPriceText, topSpotQuotes } from './home-quotes-logic';

function quote(symbol: string, overrides: Partial<Quote> = {}): Quote {
  return {
    symbol,
    kind: 'spot',
    last: '1',
    change_percent: '0',
    open: '1',
    high: '1',
    low: '1',
    volume: '1',
    tick_id: '1',
    time: 1,
    ...overrides,
  };
}

describe('home quotes', () => {
  it('picks the most traded spot pairs by notional volume', () => {
    const quotes = [
      quote('A/USDT', { volume: '5' }),
      quote('B/USDT', { volume: '50.5' }),
      quote('B-PERP', { volume: '999', kind: 'perpetual' }),
      quote('C/USDT', { volume: '7' }),
      quote('BTC/USDT', { volume: '2', last: '70000' }),
    ];
    expect(topSpotQuotes(quotes, 2).map((entry) => entry.symbol)).toEqual(['BTC/USDT', 'B/USDT']);
  });

  it('converts USDT prices to the fiat exactly', () => {
    expect(fiatPriceText('BTC/USDT', '64000.10', '7.2')).toBe('460,800.72');
    expect(fiatPriceText('ETH/BTC', '0.05', '7.2')).toBeNull();
    expect(fiatPriceText('BTC/USDT', 'x', '1')).toBeNull();
  });
});
