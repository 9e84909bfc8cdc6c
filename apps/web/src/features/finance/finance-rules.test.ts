import type { MiningOrder, MiningProduct } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import {
  buyPreview,
  dividendTime,
  orderReceipt,
  percentText,
  productName,
  redemptionQuote,
} from './finance-rules';

const product: MiningProduct = {
  id: 1,
  category: 'lock',
  names: { en: 'USDT lock', zh: 'USDT 锁仓' },
  currency_id: 3,
  currency: 'USDT',
  scale: 6,
  daily_rate: '0.004',
  days: 5,
  min_amount: '100.000000',
  max_amount: '2000.000000',
  capacity: '6000.000000',
  subscribed: '0.000000',
  dividend_minute: 0,
  penalty_rate: '0.004',
  active: true,
  reserve: { account: 'pool:mining:1', balance: '100.000000', reserved: '0.000000', available: '100.000000' },
  room: '2000.000000',
  full: false,
};

describe('finance rules', () => {
  it('previews a purchase from the shared rules: per day, total, penalty table', () => {
    const preview = buyPreview(product, '1000', Date.UTC(2026, 0, 1));
    expect(preview).toMatchObject({ problem: null, perDay: '4.000000', total: '20.000000' });
    expect(preview.penalties[2]).toEqual({ remainingDays: 3, penalty: '12.000000' });
    expect(buyPreview(product, '99', 0).problem).toBe('below_minimum');
    expect(buyPreview(product, '2001', 0).problem).toBe('above_room');
    expect(buyPreview(product, 'x', 0).problem).toBe('invalid');
  });

  it('names, rates and times', () => {
    expect(productName(product.names, 'zh')).toBe('USDT 锁仓');
    expect(productName(product.names, 'th')).toBe('USDT lock');
    expect(percentText('0.004')).toBe('0.4%');
    expect(percentText('0.0035')).toBe('0.35%');
    expect(dividendTime(90)).toBe('01:30 UTC');
  });

  it('recomputes a redeemed order and verifies the booked figures', () => {
    const order: MiningOrder = {
      id: '7',
      config_id: 1,
      category: 'lock',
      names: product.names,
      currency: 'USDT',
      scale: 6,
      amount: '1000.000000',
      daily_rate: '0.004',
      days: 5,
      penalty_rate: '0.004',
      dividend_minute: 0,
      subscribed_at: Date.UTC(2026, 0, 1, 10),
      state: 'in_progress',
      early: false,
      redeemed_at: null,
      penalty: null,
      returned: null,
      daily_dividend: '4.000000',
      total_yield: '20.000000',
      maturity_at: Date.UTC(2026, 0, 6),
      dividends: [
        { day: 1, amount: '4.000000', paid_at: Date.UTC(2026, 0, 2) },
        { day: 2, amount: '4.000000', paid_at: Date.UTC(2026, 0, 3) },
      ],
    };
    expect(redemptionQuote(order)).toEqual({
      remainingDays: 3,
      penalty: '12.000000',
      returned: '988.000000',
    });
    expect(orderReceipt(order).verified).toBe(true);
    const redeemed = {
      ...order,
      state: 'redeemed' as const,
      early: true,
      penalty: '12.000000',
      returned: '988.000000',
    };
    expect(orderReceipt(redeemed)).toMatchObject({
      verified: true,
      totalDividends: '8.000000',
      penalty: '12.000000',
    });
    expect(orderReceipt({ ...redeemed, penalty: '11.000000' }).verified).toBe(false);
  });
});
