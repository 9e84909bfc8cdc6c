import type { Candle, Instrument, Locale, Quote } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { fiatDecimals, formatPrice, multiplyDecimalText, toFiatPrice } from '../../../lib/market/fiat-price';
import { applyQuoteBuffer, bufferQuotes, overlayQuotes } from '../../../lib/market/quote-buffer';
import {
  candlesToApply,
  candleWindow,
  chartCandleCount,
  dedupeCandles,
  periodSeconds,
  withLastPrice,
} from './candle-window';
import { detailPath, splitSymbol, spotTradeability, symbolTestId, tradePath } from './market-paths';
import { parseRecentSymbols, pushRecentSymbol, recentSymbolsMax } from './recent-symbols';
import { filterInstruments, topByVolume } from './search-filter';
import { nextSort, sortQuotes } from './sort-quotes';

function quote(symbol: string, overrides: Partial<Quote> = {}): Quote {
  return {
    symbol,
    kind: 'spot',
    last: '100',
    change_percent: '0',
    open: '100',
    high: '100',
    low: '100',
    volume: '10',
    tick_id: '1',
    time: 1000,
    ...overrides,
  };
}

function instrument(symbol: string, base: string): Instrument {
  return {
    id: 1,
    symbol,
    kind: 'spot',
    base,
    quote: 'USDT',
    tick_size: '0.01',
    lot_size: '0.0001',
    price_decimals: 2,
    status: 'trading',
    trading_hours: null,
    feed: 'simulated',
  };
}

function candle(time: number, close = '1'): Candle {
  return { time, open: '1', high: '1', low: '1', close, volume: '1' };
}

describe('a coin page’s Buy and Sell (issue 16 item 1)', () => {
  it('open the trade screen on the tapped instrument and side, never a fixed pair', () => {
    for (const [symbol, side] of [
      ['ETH/USDT', 'sell'],
      ['SOL/USDT', 'buy'],
      ['BTC/USDT', 'sell'],
    ] as const) {
      const url = new URL(tradePath(symbol, side), 'https://fairex.test');
      expect(url.pathname).toBe('/pages/transaction/currency');
      expect(url.searchParams.get('symbol')).toBe(symbol);
      expect(url.searchParams.get('side')).toBe(side);
    }
  });

  it('are offered only for a spot pair that trades; anything else says so', () => {
    const pairs = [
      { symbol: 'BTC/USDT', status: 'trading' },
      { symbol: 'ETH/USDT', status: 'paused' },
    ] as const;
    expect(spotTradeability('BTC/USDT', pairs)).toBe('trading');
    expect(spotTradeability('ETH/USDT', pairs)).toBe('paused');
    expect(spotTradeability('AAPL', pairs)).toBe('none');
    expect(spotTradeability('BTC-PERP', pairs)).toBe('none');
    expect(spotTradeability('AAPL', undefined)).toBe('unknown');
  });
});

describe('the chart’s last price is the header’s (issue 16 item 5)', () => {
  const candle = {
    time: 1_700_000_100,
    open: '251.00',
    high: '251.50',
    low: '250.80',
    close: '251.28',
    volume: '12',
  };
  it('closes the last candle at the quote, widening its range', () => {
    const quote = { price: '252.31', timeMs: (candle.time + 30) * 1000 };
    expect(withLastPrice(candle, quote, '15m')).toEqual({ ...candle, close: '252.31', high: '252.31' });
    expect(withLastPrice(candle, { price: '250.10', timeMs: quote.timeMs }, '15m')).toEqual({
      ...candle,
      close: '250.10',
      low: '250.10',
    });
  });

  it('opens the next period’s candle at the quote, and ignores older quotes', () => {
    const later = { price: '252.31', timeMs: (candle.time + 900 + 61) * 1000 };
    const next = withLastPrice(candle, later, '15m');
    expect(next).toMatchObject({ open: '252.31', close: '252.31', volume: '0' });
    expect((next?.time ?? 0) % 900).toBe(0);
    expect(next?.time).toBeGreaterThan(candle.time);
    expect(withLastPrice(candle, { price: '1', timeMs: (candle.time - 1) * 1000 }, '15m')).toBeNull();
    expect(withLastPrice(null, later, '15m')).toBeNull();
    expect(withLastPrice(candle, { price: '1', timeMs: (candle.time + 700_000) * 1000 }, '1w')).toBeNull();
  });
});

describe('quote buffer (applied once per animation frame)', () => {
  it('keeps the latest quote per symbol and ignores late older ones', () => {
    const buffer = new Map<string, Quote>();
    bufferQuotes(buffer, [quote('BTC/USDT', { last: '1', time: 2 }), quote('ETH/USDT', { time: 1 })]);
    bufferQuotes(buffer, [
      quote('BTC/USDT', { last: '3', time: 3 }),
      quote('BTC/USDT', { last: '0', time: 1 }),
    ]);
    expect(buffer.get('BTC/USDT')?.last).toBe('3');
    expect(buffer.size).toBe(2);
  });

  it('returns the same state when nothing is newer, a new map otherwise', () => {
    const held = quote('BTC/USDT', { time: 5 });
    const state = new Map([['BTC/USDT', held]]);
    expect(applyQuoteBuffer(state, new Map([['BTC/USDT', quote('BTC/USDT', { time: 4 })]]))).toBe(state);
    const next = applyQuoteBuffer(state, new Map([['ETH/USDT', quote('ETH/USDT')]]));
    expect(next).not.toBe(state);
    expect(next.size).toBe(2);
  });

  it('overlays newer live quotes on the REST list in order', () => {
    const base = [quote('A', { time: 5, last: '1' }), quote('B', { time: 5, last: '2' })];
    const live = new Map([
      ['A', quote('A', { time: 4, last: '9' })],
      ['B', quote('B', { time: 6, last: '8' })],
    ]);
    expect(overlayQuotes(base, live).map((entry) => entry.last)).toEqual(['1', '8']);
  });
});

describe('fiat conversion', () => {
  it('multiplies exactly', () => {
    expect(multiplyDecimalText('64000.5', '7.25')).toBe('464003.625');
    expect(multiplyDecimalText('0.1', '0.2')).toBe('0.02');
    expect(multiplyDecimalText('-2', '0')).toBe('0');
    expect(multiplyDecimalText('abc', '1')).toBeNull();
  });

  it('converts USD and USDT quotes only', () => {
    expect(toFiatPrice({ price: '100.5', quote: 'USDT', rate: '7.1' })).toBe('713.55');
    expect(toFiatPrice({ price: '100', quote: 'USD', rate: '1' })).toBe('100');
    expect(toFiatPrice({ price: '0.05', quote: 'BTC', rate: '7.1' })).toBeNull();
  });

  it('formats with grouping and sensible decimals', () => {
    expect(formatPrice('464003.625', fiatDecimals(2))).toBe('464,003.63');
    expect(fiatDecimals(0)).toBe(2);
    expect(fiatDecimals(12)).toBe(8);
  });
});

describe('recently viewed', () => {
  it('puts the newest first without duplicates, at most ten', () => {
    let list: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      list = pushRecentSymbol(list, `S${index}`);
    }
    list = pushRecentSymbol(list, 'S5');
    expect(list[0]).toBe('S5');
    expect(list).toHaveLength(recentSymbolsMax);
    expect(new Set(list).size).toBe(list.length);
  });

  it('tolerates malformed storage', () => {
    expect(parseRecentSymbols(null)).toEqual([]);
    expect(parseRecentSymbols({ a: 1 })).toEqual([]);
    expect(parseRecentSymbols(['BTC/USDT', 3, '', 'BTC/USDT', 'ETH/USDT'])).toEqual(['BTC/USDT', 'ETH/USDT']);
  });
});

describe('search', () => {
  const instruments = [
    instrument('ETH/USDT', 'ETH'),
    instrument('BTC/USDT', 'BTC'),
    instrument('WBTC/USDT', 'WBTC'),
    instrument('BTC-PERP', 'BTC'),
  ];

  it('matches ignoring case and separators, prefix matches first', () => {
    expect(filterInstruments(instruments, 'btc').map((entry) => entry.symbol)).toEqual([
      'BTC/USDT',
      'BTC-PERP',
      'WBTC/USDT',
    ]);
    expect(filterInstruments(instruments, 'btcusdt').map((entry) => entry.symbol)).toEqual([
      'BTC/USDT',
      'WBTC/USDT',
    ]);
    expect(filterInstruments(instruments, '  ')).toEqual([]);
  });

  it("search finds names as well as tickers, in the reader's language and in English", () => {
    const listed = ['BTC/USDT', 'ETH/USDT', 'ETH-PERP', 'ETC/USDT', 'TSLA', 'AAPL'].map((symbol) =>
      instrument(symbol, symbol.split(/[/-]/)[0] ?? symbol),
    );
    const found = (query: string, locale: Locale = 'en') =>
      filterInstruments(listed, query, locale).map((entry) => entry.symbol);
    expect(found('ethereum')).toEqual(['ETH/USDT', 'ETH-PERP', 'ETC/USDT']);
    expect(found('Ethereum Classic')).toEqual(['ETC/USDT']);
    expect(found('tesla')).toEqual(['TSLA']);
    expect(found('特斯拉', 'zh')).toEqual(['TSLA']);
    expect(found('tesla', 'zh')).toEqual(['TSLA']);
    expect(found('比特', 'hk')).toEqual(['BTC/USDT']);
    expect(found('google')).toEqual([]);
    expect(found('apple')).toEqual(['AAPL']);
    expect(found('特斯拉', 'en')).toEqual([]);
  });

  it('hot searches are the most traded by exact notional volume (volume x last)', () => {
    const quotes = [
      quote('A', { volume: '9.5' }),
      quote('B', { volume: '100' }),
      quote('C', { volume: '10' }),
      quote('D', { volume: '1000', kind: 'stock' }),
      quote('CHEAP', { volume: '5000', last: '0.01' }),
      quote('BTC', { volume: '2', last: '70000' }),
    ];
    expect(topByVolume(quotes, 2).map((entry) => entry.symbol)).toEqual(['BTC', 'D']);
    expect(topByVolume(quotes, 5, 'spot').map((entry) => entry.symbol)).toEqual([
      'BTC',
      'B',
      'C',
      'A',
      'CHEAP',
    ]);
  });
});

describe('sorting', () => {
  const quotes = [
    quote('B', { last: '10', change_percent: '-1.5' }),
    quote('A', { last: '9.99', change_percent: '2' }),
    quote('C', { last: '100', change_percent: '0' }),
  ];

  it('sorts by name, exact price and change', () => {
    expect(sortQuotes(quotes, { key: 'name', order: 'asc' }).map((entry) => entry.symbol)).toEqual([
      'A',
      'B',
      'C',
    ]);
    expect(sortQuotes(quotes, { key: 'price', order: 'desc' }).map((entry) => entry.symbol)).toEqual([
      'C',
      'B',
      'A',
    ]);
    expect(sortQuotes(quotes, { key: 'change', order: 'asc' }).map((entry) => entry.symbol)).toEqual([
      'B',
      'C',
      'A',
    ]);
    expect(sortQuotes(quotes, null).map((entry) => entry.symbol)).toEqual(['B', 'A', 'C']);
  });

  it('cycles desc, asc, none', () => {
    const first = nextSort(null, 'price');
    expect(first).toEqual({ key: 'price', order: 'desc' });
    const second = nextSort(first, 'price');
    expect(second).toEqual({ key: 'price', order: 'asc' });
    expect(nextSort(second, 'price')).toBeNull();
    expect(nextSort(second, 'name')).toEqual({ key: 'name', order: 'desc' });
  });
});

describe('candle windows', () => {
  it('asks for 300 candles of the period ending now', () => {
    const nowMs = 1_700_000_000_500;
    for (const [period, seconds] of Object.entries(periodSeconds)) {
      const window = candleWindow(period as keyof typeof periodSeconds, nowMs);
      expect(window.to).toBe(1_700_000_000);
      expect(window.to - window.from).toBe(seconds * chartCandleCount);
    }
  });

  it('dedupes and sorts candles, and applies only the present', () => {
    expect(
      dedupeCandles([candle(3), candle(1), candle(3, '2')]).map((entry) => [entry.time, entry.close]),
    ).toEqual([
      [1, '1'],
      [3, '2'],
    ]);
    const buffer = new Map([
      [5, candle(5)],
      [3, candle(3)],
      [4, candle(4)],
    ]);
    expect(candlesToApply(buffer, 4).map((entry) => entry.time)).toEqual([4, 5]);
    expect(candlesToApply(buffer, null).map((entry) => entry.time)).toEqual([3, 4, 5]);
  });
});

describe('paths', () => {
  it('builds test ids and detail paths', () => {
    expect(symbolTestId('BTC/USDT')).toBe('BTC-USDT');
    expect(detailPath('BTC/USDT')).toBe('/pages/market/detail?symbol=BTC%2FUSDT');
    expect(splitSymbol('ETH/USDT')).toEqual({ base: 'ETH', quote: 'USDT' });
    expect(splitSymbol('AAPL')).toEqual({ base: 'AAPL', quote: null });
    expect(splitSymbol('BTC-PERP')).toEqual({ base: 'BTC', quote: null });
  });
});
