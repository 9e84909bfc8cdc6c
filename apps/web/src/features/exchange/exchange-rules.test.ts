import type { ExchangeDirection } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  directionAfterFrom,
  figure,
  fromCurrencies,
  isZeroRate,
  percentText,
  swapped,
  toCurrencies,
} from './exchange-rules';

const direction = (from: [number, string], to: [number, string], available = '10'): ExchangeDirection => ({
  from_currency_id: from[0],
  from_currency: from[1],
  to_currency_id: to[0],
  to_currency: to[1],
  symbol: 'X/Y',
  available,
  min_number: '0.001',
});
const btc: [number, string] = [1, 'BTC'];
const eth: [number, string] = [2, 'ETH'];
const usdt: [number, string] = [3, 'USDT'];
const directions = [direction(btc, usdt), direction(usdt, btc), direction(eth, usdt), direction(usdt, eth)];

describe('directions', () => {
  it('lists each from currency once and where it can go', () => {
    expect(fromCurrencies(directions).map((entry) => entry.code)).toEqual(['BTC', 'USDT', 'ETH']);
    expect(toCurrencies(directions, 3).map((entry) => entry.code)).toEqual(['BTC', 'ETH']);
  });

  it('keeps the to currency when it still fits, and swaps', () => {
    expect(directionAfterFrom(directions, 2, 3)?.from_currency).toBe('ETH');
    expect(directionAfterFrom(directions, 3, 3)?.to_currency).toBe('BTC');
    const first = directions[0] as ExchangeDirection;
    expect(swapped(directions, first)?.from_currency).toBe('USDT');
  });
});

describe('amount', () => {
  const first = directions[0] as ExchangeDirection;
  it('says what is wrong', () => {
    expect(amountProblem('', first)).toBeNull();
    expect(amountProblem('abc', first)).toBe('invalid');
    expect(amountProblem('0', first)).toBe('invalid');
    expect(amountProblem('0.0001', first)).toBe('belowMin');
    expect(amountProblem('11', first)).toBe('aboveAvailable');
    expect(amountProblem('10', first)).toBeNull();
  });

  it('shows figures without trailing zeros', () => {
    expect(figure('1234.50000000')).toBe('1,234.5');
    expect(figure('5')).toBe('5');
    expect(figure(null)).toBe('--');
    expect(percentText('0.001')).toBe('0.1%');
    expect(isZeroRate('0')).toBe(true);
  });
});
