import { describe, expect, it } from 'vitest';
import {
  amountDirection,
  billReasonKey,
  cleanAmountInput,
  defaultTarget,
  displayAmount,
  fiatFigure,
  isZero,
  newIdempotencyKey,
  sameAttempt,
  signedDisplayAmount,
  transferAmountError,
  uniqueById,
} from './assets-rules';

describe('the transfer amount', () => {
  it.each([
    ['', 'required'],
    ['  ', 'required'],
    ['abc', 'invalid'],
    ['1e-30', 'invalid'],
    ['NaN', 'invalid'],
    ['-1', 'invalid'],
    ['0', 'notPositive'],
    ['0.000000', 'notPositive'],
    ['0.0000001', 'tooManyDecimals'],
    ['1000000000000000000', 'tooLarge'],
    ['10.000001', 'insufficient'],
    ['10', null],
    ['0.000001', null],
    ['9.5', null],
  ])('%j at scale 6 with 10 available: %s', (text, expected) => {
    expect(transferAmountError(text, 6, '10.000000')).toBe(expected);
  });

  it('keeps typing to digits and one dot', () => {
    expect(cleanAmountInput('1,5')).toBe('1.5');
    expect(cleanAmountInput('1.2.3')).toBe('1.23');
    expect(cleanAmountInput(' 12a3 ')).toBe('123');
    expect(cleanAmountInput('-5')).toBe('5');
  });
});

describe('amounts on screen', () => {
  it('shows exact amounts, trimming only trailing zeros', () => {
    expect(displayAmount('10000.000000')).toBe('10,000.00');
    expect(displayAmount('0.50000000')).toBe('0.50');
    expect(displayAmount('0.12345678')).toBe('0.12345678');
    expect(displayAmount('1234567.1')).toBe('1,234,567.10');
    expect(displayAmount('7')).toBe('7.00');
  });

  it('signs and colours bill amounts', () => {
    expect(signedDisplayAmount('-0.25000000')).toBe('-0.25');
    expect(signedDisplayAmount('1.5')).toBe('+1.50');
    expect(signedDisplayAmount('0')).toBe('0.00');
    expect(amountDirection('-1')).toBe('down');
    expect(amountDirection('0.000')).toBe('zero');
    expect(amountDirection('3')).toBe('up');
    expect(isZero('0.00000000')).toBe(true);
    expect(isZero('0.00000001')).toBe(false);
  });

  it('converts USDT to the chosen fiat exactly, rounding once at 2 decimals', () => {
    expect(fiatFigure('1234.56', '1')).toBe('1234.56');
    expect(fiatFigure('100.00', '7.2345')).toBe('723.45');
    expect(fiatFigure('0.10', '0.3333')).toBe('0.03');
    expect(fiatFigure('abc', '1')).toBeNull();
  });
});

describe('bill reasons', () => {
  it('names transfers in or out by the sign of the line', () => {
    expect(billReasonKey({ kind: 'transfer', amount: '-1' })).toBe('assets:reasons.transferOut');
    expect(billReasonKey({ kind: 'transfer', amount: '1' })).toBe('assets:reasons.transferIn');
    expect(billReasonKey({ kind: 'demo_funds', amount: '1' })).toBe('assets:reasons.demo_funds');
  });

  it('drops a line seen on an earlier page', () => {
    const pages = [{ list: [{ id: '3' }, { id: '2' }] }, { list: [{ id: '2' }, { id: '1' }] }];
    expect(uniqueById(pages).map((item) => item.id)).toEqual(['3', '2', '1']);
  });
});

describe('transfer attempts', () => {
  it('moves spot to futures by default, anything else back to spot', () => {
    expect(defaultTarget('change')).toBe('legal');
    expect(defaultTarget('micro')).toBe('change');
  });

  it('reuses a key only for the very same transfer', () => {
    const attempt = { currencyId: 3, number: '10', from: 'change', to: 'lever' } as const;
    expect(sameAttempt(null, attempt)).toBe(false);
    expect(sameAttempt(attempt, { ...attempt })).toBe(true);
    expect(sameAttempt(attempt, { ...attempt, number: '11' })).toBe(false);
    expect(sameAttempt(attempt, { ...attempt, to: 'micro' })).toBe(false);
  });

  it('makes fresh keys, also where crypto.randomUUID is missing (plain http)', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(newIdempotencyKey()).not.toBe(first);
    const insecure = { getRandomValues: (array: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(array) };
    expect(newIdempotencyKey(insecure)).toMatch(/^[0-9a-f]{32}$/);
  });
});
