import type { WithdrawCurrency } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  defaultChain,
  maxReceivable,
  newIdempotencyKey,
  readCurrencyParam,
  readRecordTab,
  sameAttempt,
  shortAddress,
  type WithdrawAttempt,
  withdrawalFigures,
  withdrawErrorKeys,
  withdrawFormSchema,
  withdrawParams,
} from './withdraw-rules';

const usdt: WithdrawCurrency = {
  id: 3,
  code: 'USDT',
  name: 'Tether USD',
  image: '/coins/usdt.svg',
  scale: 6,
  chains: ['ERC20', 'TRC20'],
  withdraw_min: '10.000000',
  withdraw_fee: '1.000000',
  available: '100.500000',
};

describe('the amount', () => {
  it('names every problem (spec section 5)', () => {
    expect(amountProblem(usdt, '')).toBe(withdrawErrorKeys.amountRequired);
    expect(amountProblem(usdt, '  ')).toBe(withdrawErrorKeys.amountRequired);
    expect(amountProblem(usdt, 'abc')).toBe(withdrawErrorKeys.amountInvalid);
    expect(amountProblem(usdt, '0')).toBe(withdrawErrorKeys.amountInvalid);
    expect(amountProblem(usdt, '-5')).toBe(withdrawErrorKeys.amountInvalid);
    expect(amountProblem(usdt, '1e3')).toBe(withdrawErrorKeys.amountInvalid);
    expect(amountProblem(usdt, '10.0000001')).toBe(withdrawErrorKeys.tooManyDecimals);
    expect(amountProblem(usdt, '9'.repeat(20))).toBe(withdrawErrorKeys.amountTooLarge);
    expect(amountProblem(usdt, '9.999999')).toBe(withdrawErrorKeys.belowMinimum);
    expect(amountProblem(usdt, '99.500001')).toBe(withdrawErrorKeys.insufficient);
  });

  it('accepts the minimum and everything up to the balance less the fee', () => {
    expect(amountProblem(usdt, '10')).toBeNull();
    expect(amountProblem(usdt, '99.5')).toBeNull();
    expect(amountProblem(usdt, maxReceivable(usdt))).toBeNull();
  });

  it('"All" is the balance less the fee, or nothing', () => {
    expect(maxReceivable(usdt)).toBe('99.500000');
    expect(maxReceivable({ ...usdt, available: '0.500000' })).toBe('0');
  });

  it('shows the fee, what arrives and what leaves the account', () => {
    expect(withdrawalFigures(usdt, '25.5')).toEqual({
      receive: '25.500000',
      fee: '1.000000',
      total: '26.500000',
    });
    expect(withdrawalFigures(usdt, '25.')).toBeNull();
  });
});

describe('the form', () => {
  const schema = withdrawFormSchema(usdt);
  const valid = { number: '20', destinationId: '4', payPassword: 'secret', code: '123456' };
  const messages = (values: object) => {
    const result = schema.safeParse(values);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('passes a complete request', () => {
    expect(messages(valid)).toEqual([]);
  });

  it('asks for an address or card, the payment password and a 6-digit code', () => {
    expect(messages({ ...valid, destinationId: '' })).toEqual([withdrawErrorKeys.destinationRequired]);
    expect(messages({ ...valid, payPassword: '' })).toEqual([withdrawErrorKeys.payPasswordRequired]);
    expect(messages({ ...valid, code: '12345' })).toEqual([withdrawErrorKeys.codeInvalid]);
    expect(messages({ ...valid, code: 'abcdef' })).toEqual([withdrawErrorKeys.codeInvalid]);
  });
});

describe('a submission', () => {
  const attempt: WithdrawAttempt = {
    currency: 3,
    number: '20',
    chain: 'TRC20',
    kind: 'address',
    destinationId: 4,
  };

  it('reuses its key only for the very same request', () => {
    expect(sameAttempt(null, attempt)).toBe(false);
    expect(sameAttempt(attempt, { ...attempt })).toBe(true);
    expect(sameAttempt(attempt, { ...attempt, number: '21' })).toBe(false);
    expect(sameAttempt(attempt, { ...attempt, kind: 'bank_card' })).toBe(false);
  });

  it('sends the address or the card, never both', () => {
    expect(withdrawParams(attempt, { payPassword: 'p', code: '123456' })).toEqual({
      currency: 3,
      number: '20',
      chain: 'TRC20',
      address_id: 4,
      pay_password: 'p',
      code: '123456',
    });
    expect(
      withdrawParams({ ...attempt, kind: 'bank_card', chain: null }, { payPassword: 'p', code: '1' }),
    ).toEqual({
      currency: 3,
      number: '20',
      bank_card_id: 4,
      pay_password: 'p',
      code: '1',
    });
  });

  it('gets a fresh key, with or without randomUUID', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
    const key = newIdempotencyKey({ getRandomValues: (array) => array });
    expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('the network shown first', () => {
  const address = (currency_id: number, chain: string) => ({
    id: 1,
    currency_id,
    currency: 'USDT',
    image: '',
    chain,
    name: 'Cold',
    address: 'T',
    qrcode: '',
    created_at: 0,
  });

  it("is the newest saved address's network for the coin, else the coin's first", () => {
    expect(defaultChain(usdt, [address(3, 'TRC20'), address(3, 'ERC20')])).toBe('TRC20');
    expect(defaultChain(usdt, [address(1, 'BTC')])).toBe('ERC20');
    expect(defaultChain(usdt, [])).toBe('ERC20');
  });
});

describe('the pages', () => {
  it('open the tab the link names, deposits otherwise', () => {
    expect(readRecordTab(new URLSearchParams('tab=withdraw'))).toBe('withdraw');
    expect(readRecordTab(new URLSearchParams('tab=deposit'))).toBe('deposit');
    expect(readRecordTab(new URLSearchParams('tab=<x>'))).toBe('deposit');
    expect(readRecordTab(new URLSearchParams(''))).toBe('deposit');
  });

  it('read a currency id from the link', () => {
    expect(readCurrencyParam(new URLSearchParams('currency=3'))).toBe(3);
    expect(readCurrencyParam(new URLSearchParams('currency=-1'))).toBeNull();
    expect(readCurrencyParam(new URLSearchParams('currency=x'))).toBeNull();
  });

  it('shorten long addresses in the middle', () => {
    expect(shortAddress('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe('TJRabPrw…jpRTv8');
    expect(shortAddress('short')).toBe('short');
  });
});
