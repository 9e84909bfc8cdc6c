import type { OptionReceipt } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { checkReceipt, percent, winPayout } from './options-rules';

const t0 = Date.parse('2026-11-26T12:00:00.000Z');

function receipt(overrides: Partial<OptionReceipt['order']> = {}, closePrice = '101'): OptionReceipt {
  const open = { id: '10', price: '100', time: t0 - 400 };
  const close = { id: '42', price: closePrice, time: t0 + 30_000 };
  return {
    order: {
      id: 1,
      match_id: 1,
      symbol: 'BTC/USDT',
      currency_id: 3,
      currency_name: 'USDT',
      type: 1,
      seconds: 30,
      number: '10.000000',
      profit_rate: '0.8',
      status: 3,
      accepted_at: t0,
      expires_at: t0 + 30_000,
      open_tick: open,
      close_tick: close,
      result: 'win',
      payout: '18.000000',
      tolerance_ms: 5_000,
      settled_at: t0 + 30_100,
      ...overrides,
    },
    ticks: [
      { ...open, hash: 'a' },
      { id: '30', price: '99', time: t0 + 29_999, hash: 'b' },
      { ...close, hash: 'c' },
    ],
  };
}

describe('checkReceipt', () => {
  it('verifies a receipt whose ticks give the stored outcome and payout', () => {
    expect(checkReceipt(receipt())).toBe('verified');
  });
  it('flags a stored outcome or payout the ticks do not give', () => {
    expect(checkReceipt(receipt({ payout: '20.000000' }))).toBe('mismatch');
    expect(checkReceipt(receipt({}, '99'))).toBe('mismatch');
    expect(checkReceipt(receipt({ type: 2 }))).toBe('mismatch');
  });
  it('waits for an open order', () => {
    expect(checkReceipt(receipt({ status: 1, result: null, payout: null, settled_at: null }))).toBe(
      'pending',
    );
  });
});

describe('figures', () => {
  it('shows the payout of a win and rates as percents', () => {
    const term = {
      match_id: 1,
      symbol: 'BTC/USDT',
      seconds: 30,
      profit_rate: '0.85',
      min_number: '10',
      max_number: '100',
      break_even: '0.540541',
    };
    expect(winPayout('10', term)).toBe('18.5');
    expect(winPayout('', term)).toBeNull();
    expect(percent('0.85')).toBe('85%');
    expect(percent('0.540541')).toBe('54.0541%');
  });
});
