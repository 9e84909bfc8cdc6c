import type { CoinEntry } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { decideUploadOutcome } from '../../lib/upload-outcome';
import {
  amountErrorKey,
  attemptKey,
  checkVoucherFile,
  cleanAmountInput,
  defaultCoins,
  depositCoins,
  plainAmount,
  readReceiveQuery,
  receivePath,
} from './deposit-rules';

const entry = (overrides: Partial<CoinEntry>): CoinEntry => ({
  id: 3,
  name: 'USDT',
  full_name: 'Tether USD',
  subName: 'TRC20',
  chain: 'TRC20',
  status: 1,
  image: '/coins/usdt.svg',
  scale: 6,
  withdraw_min: '10.000000',
  withdraw_fee: '1.000000',
  ...overrides,
});

describe('the coin list', () => {
  it('offers the enabled entries of the currency list, one per chain', () => {
    const coins = depositCoins([
      entry({ subName: 'ERC20', chain: 'ERC20' }),
      entry({}),
      entry({ id: 9, name: 'OLD', status: 0 }),
      entry({ id: 1, name: 'BTC', full_name: 'Bitcoin', subName: null, chain: 'BTC', image: '' }),
    ]);
    expect(coins.map((coin) => `${coin.code}/${coin.chain}`)).toEqual([
      'USDT/ERC20',
      'USDT/TRC20',
      'BTC/BTC',
    ]);
    expect(coins[2]?.image).toBe('/coins/btc.svg');
  });

  it('falls back to spec section 3’s defaults when the list is unavailable', () => {
    expect(depositCoins(null)).toBe(defaultCoins);
    expect(depositCoins([])).toBe(defaultCoins);
    expect(defaultCoins.map((coin) => `${coin.id}:${coin.subName ?? coin.code}`)).toEqual([
      '3:ERC20',
      '3:TRC20',
      '2:ETH',
      '1:BTC',
    ]);
  });
});

describe('links between the pages', () => {
  it('round-trips the currency and chain', () => {
    const path = receivePath(3, 'TRC20');
    expect(path).toBe('/pages/fund/receive?currency=3&chain=TRC20');
    expect(readReceiveQuery(new URLSearchParams(path.split('?')[1]))).toEqual({
      currency: 3,
      chain: 'TRC20',
    });
    expect(readReceiveQuery(new URLSearchParams('currency=1'))).toEqual({ currency: 1, chain: null });
    expect(readReceiveQuery(new URLSearchParams('currency=1&chain=../x'))).toEqual({
      currency: 1,
      chain: null,
    });
    expect(readReceiveQuery(new URLSearchParams('currency=abc'))).toBeNull();
    expect(readReceiveQuery(new URLSearchParams(''))).toBeNull();
    expect(readReceiveQuery(new URLSearchParams('currency=-3'))).toBeNull();
  });
});

describe('the amount', () => {
  it.each([
    ['', 'deposit:errors.amountRequired'],
    ['  ', 'deposit:errors.amountRequired'],
    ['0', 'deposit:errors.amountNotPositive'],
    ['0.000000', 'deposit:errors.amountNotPositive'],
    ['-1', 'deposit:errors.amountNotPositive'],
    ['1e30', 'deposit:errors.amountInvalid'],
    ['NaN', 'deposit:errors.amountInvalid'],
    ['.5', 'deposit:errors.amountInvalid'],
    ['1.0000001', 'deposit:errors.amountDecimals'],
    ['1000000000000000000', 'deposit:errors.amountTooLarge'],
  ])('refuses %j', (text, key) => {
    expect(amountErrorKey(text, 6)).toBe(key);
  });

  it('accepts amounts at the scale', () => {
    expect(amountErrorKey('100', 6)).toBeNull();
    expect(amountErrorKey('0.000001', 6)).toBeNull();
    expect(amountErrorKey('0.00000001', 8)).toBeNull();
  });

  it('keeps typing to digits and one point', () => {
    expect(cleanAmountInput('1,5')).toBe('1.5');
    expect(cleanAmountInput('1.2.3')).toBe('1.23');
    expect(cleanAmountInput('-12a')).toBe('12');
    expect(cleanAmountInput('1e5')).toBe('15');
  });

  it('shows server amounts without trailing zeros, exactly', () => {
    expect(plainAmount('100.000000')).toBe('100');
    expect(plainAmount('0.123400')).toBe('0.1234');
    expect(plainAmount('12345678901234567890.000001')).toBe('12345678901234567890.000001');
  });
});

describe('the voucher', () => {
  it('checks type and size before uploading', () => {
    expect(checkVoucherFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkVoucherFile({ type: 'image/svg+xml', size: 1000 })).toBe('deposit:voucher.type');
    expect(checkVoucherFile({ type: 'application/pdf', size: 1000 })).toBe('deposit:voucher.type');
    expect(checkVoucherFile({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe('deposit:voucher.size');
  });

  it('reads upload replies as spec sections 7 and 8 say', () => {
    const path = `/uploads/2026/11/${'a'.repeat(32)}.png`;
    expect(decideUploadOutcome(200, JSON.stringify({ type: 'ok', message: path }))).toEqual({
      kind: 'ok',
      path,
    });
    expect(
      decideUploadOutcome(200, ` ${encodeURIComponent(JSON.stringify({ type: 'ok', message: path }))} `),
    ).toEqual({
      kind: 'ok',
      path,
    });
    expect(decideUploadOutcome(200, JSON.stringify({ type: 'error', message: 'Too big' }))).toEqual({
      kind: 'failed',
      text: 'Too big',
    });
    expect(decideUploadOutcome(200, JSON.stringify({ type: 'error', message: '' }))).toEqual({
      kind: 'failed',
      text: null,
    });
    expect(decideUploadOutcome(200, JSON.stringify({ type: 999, message: 'Log in' }))).toEqual({
      kind: 'session-invalid',
      message: 'Log in',
    });
    expect(decideUploadOutcome(200, '<html>')).toEqual({ kind: 'format-error' });
    expect(decideUploadOutcome(200, JSON.stringify({ type: 'ok', message: '/etc/passwd' }))).toEqual({
      kind: 'format-error',
    });
    expect(decideUploadOutcome(413, '')).toEqual({ kind: 'failed', text: null });
  });
});

describe('the Idempotency-Key of a submission', () => {
  const attempt = { currency: 3, chain: 'TRC20', amount: '10', voucher: '/uploads/x.png' };
  let counter = 0;
  const newKey = () => {
    counter += 1;
    return `key-${counter}`;
  };

  it('is new for a first attempt, an answered one, or changed values', () => {
    expect(attemptKey({ attempt, previous: null, newKey })).toBe('key-1');
    expect(attemptKey({ attempt, previous: { attempt, key: 'old', answered: true }, newKey })).toBe('key-2');
    expect(
      attemptKey({
        attempt: { ...attempt, amount: '11' },
        previous: { attempt, key: 'old', answered: false },
        newKey,
      }),
    ).toBe('key-3');
  });

  it('is kept when the same deposit is retried after no answer', () => {
    expect(
      attemptKey({ attempt: { ...attempt }, previous: { attempt, key: 'old', answered: false }, newKey }),
    ).toBe('old');
  });
});
