import { describe, expect, it } from 'vitest';
import { coinColour } from './coin-icon';

describe('coinColour', () => {
  it('gives the fixed colours of spec section 3, whatever the case, and a default', () => {
    expect(coinColour('btc')).toBe('#f7931a');
    expect(coinColour('USDT')).toBe('#26a17b');
    expect(coinColour('ltc')).toBe('#345d9d');
    expect(coinColour('Eth')).toBe('#627eea');
    expect(coinColour('DOGE')).toBe('#5e6673');
  });
});
