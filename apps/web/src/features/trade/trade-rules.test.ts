import type { SpotMarket, SpotOrder } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import {
  applyOrderUpdate,
  choosePair,
  depthRows,
  draftProblem,
  isZeroRate,
  newerDepth,
  normaliseSymbol,
  orderTotal,
  percentText,
  priceHeadline,
  sideParam,
  sliderAmount,
  tradeParams,
  truncateDecimals,
} from './trade-rules';

const market = (symbol: string, overrides: Partial<SpotMarket> = {}): SpotMarket => ({
  symbol,
  currency_id: symbol.startsWith('BTC') ? 1 : 2,
  legal_id: 3,
  base: symbol.split('/')[0] ?? '',
  quote: 'USDT',
  tick_size: '0.01',
  lot_size: '0.0001',
  price_decimals: 2,
  amount_decimals: 4,
  maker_fee_rate: '0',
  taker_fee_rate: '0',
  price_band: '0.1',
  status: 'trading',
  reference_price: '64000',
  reference_tick_id: '7',
  ...overrides,
});

const btc = market('BTC/USDT');
const eth = market('ETH/USDT', { maker_fee_rate: '0.001', taker_fee_rate: '0.001' });

const order = (id: number, status: SpotOrder['status'], updated = 1): SpotOrder => ({
  id,
  symbol: 'BTC/USDT',
  currency_id: 1,
  legal_id: 3,
  side: 'buy',
  type: 1,
  kind: 'limit',
  time_in_force: 'gtc',
  price: '100',
  amount: '1',
  filled: '0',
  average_price: null,
  turnover: '0',
  fee: '0',
  held: '100',
  status,
  tick_id: null,
  created_at: id,
  updated_at: updated,
});

describe('pair choice', () => {
  it('reads the symbol in any common spelling', () => {
    expect(normaliseSymbol('eth_usdt')).toBe('ETH/USDT');
    expect(normaliseSymbol('ETH-USDT')).toBe('ETH/USDT');
    expect(normaliseSymbol('ETH/USDT')).toBe('ETH/USDT');
    expect(normaliseSymbol('nonsense')).toBeNull();
    expect(normaliseSymbol(null)).toBeNull();
  });

  it('prefers the query, then the remembered pair, then BTC/USDT', () => {
    expect(choosePair([btc, eth], 'ETH/USDT', 'BTC/USDT')?.symbol).toBe('ETH/USDT');
    // A coin page's Sell opens the form on Sell; anything else on Buy.
    expect([sideParam('sell'), sideParam('buy'), sideParam(null), sideParam('short')]).toEqual([
      'sell',
      'buy',
      'buy',
      'buy',
    ]);
    expect(choosePair([btc, eth], null, 'ETH/USDT')?.symbol).toBe('ETH/USDT');
    expect(choosePair([eth, btc], 'XRP/USDT', null)?.symbol).toBe('BTC/USDT');
    expect(choosePair([eth], null, null)?.symbol).toBe('ETH/USDT');
    expect(choosePair([], null, null)).toBeUndefined();
  });
});

describe('slider amount', () => {
  it('sells a share of the base, cut to whole lots', () => {
    expect(
      sliderAmount({ side: 'sell', share: 50, available: '0.12345', price: null, feeRate: '0', market: btc }),
    ).toBe('0.0617');
    expect(
      sliderAmount({ side: 'sell', share: 100, available: '1', price: null, feeRate: '0', market: btc }),
    ).toBe('1.0000');
  });

  it('buys what a share of the quote pays for, fee included, never more', () => {
    expect(
      sliderAmount({ side: 'buy', share: 100, available: '1000', price: '64000', feeRate: '0', market: btc }),
    ).toBe('0.0156');
    // 1000 / (2000 x 1.001) = 0.49950..., floored to the lot.
    expect(
      sliderAmount({
        side: 'buy',
        share: 100,
        available: '1000',
        price: '2000',
        feeRate: '0.001',
        market: eth,
      }),
    ).toBe('0.4995');
    expect(
      sliderAmount({ side: 'buy', share: 25, available: '1000', price: '2000', feeRate: '0', market: eth }),
    ).toBe('0.1250');
  });

  it('gives nothing without a price or with bad figures', () => {
    expect(
      sliderAmount({ side: 'buy', share: 50, available: '1000', price: null, feeRate: '0', market: btc }),
    ).toBeNull();
    expect(
      sliderAmount({ side: 'buy', share: 50, available: 'x', price: '1', feeRate: '0', market: btc }),
    ).toBeNull();
  });
});

describe('figures', () => {
  it('multiplies exactly', () => {
    expect(orderTotal('64000.5', '0.0002')).toBe('12.80010');
    expect(orderTotal('abc', '1')).toBeNull();
  });

  it('cuts decimals without rounding up', () => {
    expect(truncateDecimals('1.239', 2)).toBe('1.23');
    expect(truncateDecimals('5', 2)).toBe('5.00');
  });

  it('shows fee rates as percent and spots zero', () => {
    expect(percentText('0.001')).toBe('0.1%');
    expect(percentText('0')).toBe('0%');
    expect(percentText('0.0025')).toBe('0.25%');
    expect(isZeroRate('0.000')).toBe(true);
    expect(isZeroRate('0.001')).toBe(false);
  });
});

describe('depth', () => {
  it('runs totals and scales bars to the deepest level', () => {
    const rows = depthRows(
      [
        ['100', '1'],
        ['99', '3'],
      ],
      8,
      4,
    );
    expect(rows.map((row) => row.share)).toEqual([0.25, 1]);
    expect(rows[1]?.cumulative).toBe('4.00000000');
  });

  it('keeps the newer snapshot by seq', () => {
    const older = { symbol: 'BTC/USDT', seq: 4, bids: [], asks: [], time: 1 };
    const newer = { ...older, seq: 5 };
    expect(newerDepth(newer, older)).toBe(newer);
    expect(newerDepth(older, newer)).toBe(newer);
    expect(newerDepth(null, older)).toBe(older);
  });
});

describe('open orders', () => {
  it('adds an open order, drops a finished one, ignores a stale update', () => {
    const listed = applyOrderUpdate([order(1, 'open')], order(2, 'open'));
    expect(listed.map((item) => item.id)).toEqual([2, 1]);
    expect(applyOrderUpdate(listed, order(2, 'filled')).map((item) => item.id)).toEqual([1]);
    const fresh = order(1, 'open', 9);
    expect(applyOrderUpdate([fresh], order(1, 'open', 3))[0]).toBe(fresh);
  });
});

describe('drafts', () => {
  it('finds what is wrong before sending', () => {
    expect(draftProblem({ side: 'buy', kind: 'limit', price: '', amount: '1' }, btc)).toBe('price');
    expect(draftProblem({ side: 'buy', kind: 'limit', price: '1.001', amount: '1' }, btc)).toBe(
      'priceDecimals',
    );
    expect(draftProblem({ side: 'buy', kind: 'limit', price: '1', amount: '0' }, btc)).toBe('amount');
    expect(draftProblem({ side: 'buy', kind: 'limit', price: '1', amount: '0.00001' }, btc)).toBe(
      'amountDecimals',
    );
    expect(draftProblem({ side: 'sell', kind: 'market', price: '', amount: '0.5' }, btc)).toBeNull();
  });

  it('sends a market order without a price', () => {
    expect(tradeParams({ side: 'sell', kind: 'market', price: '5', amount: ' 0.5 ' }, eth)).toEqual({
      amount: '0.5',
      target_price: '',
      currency_id: 2,
      legal_id: 3,
      type: 2,
    });
  });
});

describe('the spot headline (issue 16 item 4)', () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);
  it('shows the last trade, with its age once it is a minute old, and the moving reference beside it', () => {
    const fresh = priceHeadline({
      lastTrade: { price: '3200.10', time: now - 5_000 },
      reference: '3211.55',
      nowMs: now,
    });
    expect(fresh).toEqual({ last: '3200.10', tradeTime: now - 5_000, stale: false, reference: '3211.55' });
    const old = priceHeadline({
      lastTrade: { price: '3200.10', time: now - 600_000 },
      reference: '3260.00',
      nowMs: now,
    });
    expect(old).toMatchObject({ last: '3200.10', stale: true, reference: '3260.00' });
  });

  it('never invents a trade: before any, the last is empty and only the reference moves', () => {
    expect(priceHeadline({ lastTrade: undefined, reference: '95000.00', nowMs: now })).toEqual({
      last: null,
      tradeTime: null,
      stale: false,
      reference: '95000.00',
    });
  });
});
