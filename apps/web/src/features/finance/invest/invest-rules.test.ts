import type { DualOrder, DualProduct } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { annualPercent, dualOrderReceipt, dualPreview } from './invest-rules';

const product = {
  type: 'call',
  linked_price: '60000',
  annual_rate: '0.1',
  days: 7,
  base_scale: 8,
  quote_scale: 6,
  invest_scale: 8,
  unit_price: '0.01',
  min_shares: 2,
  room_shares: 10,
  currency: 'BTC',
  quote_currency: 'USDT',
} as DualProduct;

describe('dual investment on the device', () => {
  it('previews both outcomes of whole shares with the shared rule (spec section 9)', () => {
    // 1 BTC: 1.0019178 BTC below 60,000; 60,115.068493 USDT at or above.
    expect(dualPreview(product, '100')).toMatchObject({
      problem: 'above_room',
      amount: '1',
      below: { amount: '1.0019178', code: 'BTC' },
      atOrAbove: { amount: '60115.068493', code: 'USDT' },
    });
    expect(dualPreview(product, '2').problem).toBeNull();
    expect(dualPreview(product, '1').problem).toBe('below_minimum');
    expect(dualPreview(product, '2.5').problem).toBe('shares_invalid');
    expect(annualPercent('0.125')).toBe('12.5%');
  });

  it('recomputes a receipt from the recorded tick and marks it verified only when it matches', () => {
    const order = {
      ...product,
      state: 'success',
      amount: '1.00000000',
      settle_tick: { id: '7', price: '59999.99', time: 1 },
      payout: { currency: 'BTC', side: 'base', amount: '1.00191780' },
    } as unknown as DualOrder;
    expect(dualOrderReceipt(order)).toEqual({
      outcome: 'below',
      payout: { amount: '1.0019178', code: 'BTC' },
      verified: true,
    });
    const wrong = { ...order, payout: { currency: 'BTC', side: 'base', amount: '1.10000000' } } as DualOrder;
    expect(dualOrderReceipt(wrong)?.verified).toBe(false);
  });
});
