import { describe, expect, it } from 'vitest';
import { usdtReferenceSymbol } from './market.symbols';

describe('the USDT reference of a currency', () => {
  it('prices every currency but USDT against USDT', () => {
    expect(usdtReferenceSymbol('BTC')).toBe('BTC/USDT');
    expect(usdtReferenceSymbol('ETH')).toBe('ETH/USDT');
    expect(usdtReferenceSymbol('USDT')).toBeNull();
  });
});
