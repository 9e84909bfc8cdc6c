import { billEntryKinds } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { entryKinds } from '../ledger';
import {
  addExact,
  billCsv,
  billNoteOf,
  coinEntriesOf,
  csvField,
  demoFundsReference,
  exactZero,
  nextUtcDay,
  roundedEquivalent,
  transferAmount,
  transferRecords,
  usdtValue,
  validationErrorFor,
} from './wallet.domain';

describe('typed transfer amounts', () => {
  it('takes plain decimals up to the scale, in smallest units', () => {
    expect(transferAmount('1.5', 8)).toEqual({ ok: true, units: 150_000_000n });
    expect(transferAmount('0.00000001', 8)).toEqual({ ok: true, units: 1n });
    expect(transferAmount(' 12 ', 6)).toEqual({ ok: true, units: 12_000_000n });
    expect(transferAmount('1.500000000', 8)).toEqual({ ok: true, units: 150_000_000n });
  });

  it.each([
    ['', 'amount_required'],
    ['   ', 'amount_required'],
    ['0', 'amount_not_positive'],
    ['0.00', 'amount_not_positive'],
    ['-1', 'amount_invalid'],
    ['1e-30', 'amount_invalid'],
    ['1e30', 'amount_invalid'],
    ['NaN', 'amount_invalid'],
    ['Infinity', 'amount_invalid'],
    ['1,5', 'amount_invalid'],
    ['0x10', 'amount_invalid'],
    ['0.000000001', 'amount_too_many_decimals'],
    ['1000000000000000000', 'amount_too_large'],
  ])('refuses %j as %s, never rounding', (text, code) => {
    expect(transferAmount(text, 8)).toEqual({ ok: false, code });
  });
});

describe('USDT equivalents', () => {
  it('multiplies exactly and rounds half-up to 2 decimals only for display', () => {
    const value = usdtValue(150_000_000n, 8, '64000.125');
    expect(value).not.toBeNull();
    if (!value) return;
    expect(roundedEquivalent(value)).toBe('96000.19');
    expect(roundedEquivalent(exactZero)).toBe('0.00');
    expect(roundedEquivalent({ digits: 5n, scale: 3 })).toBe('0.01');
    expect(roundedEquivalent({ digits: 4n, scale: 3 })).toBe('0.00');
  });

  it('sums before rounding, so parts of a cent add up', () => {
    const third = { digits: 3_333n, scale: 6 };
    const total = [third, third, third].reduce(addExact, exactZero);
    expect(roundedEquivalent(total)).toBe('0.01');
    expect(roundedEquivalent(addExact({ digits: 1n, scale: 0 }, { digits: 25n, scale: 2 }))).toBe('1.25');
  });

  it('refuses a malformed or negative price', () => {
    expect(usdtValue(1n, 8, 'abc')).toBeNull();
    expect(usdtValue(1n, 8, '-1')).toBeNull();
  });
});

describe('coin entries', () => {
  it('lists one entry per chain and names the chain only when there are several', () => {
    const usdt = { id: 3, code: 'USDT', name: 'Tether USD', scale: 6, chains: ['ERC20', 'TRC20'] };
    const btc = { id: 1, code: 'BTC', name: 'Bitcoin', scale: 8, chains: ['BTC'] };
    expect(
      coinEntriesOf([usdt, btc]).map(({ currency, chain, subName }) => [currency.id, chain, subName]),
    ).toEqual([
      [3, 'ERC20', 'ERC20'],
      [3, 'TRC20', 'TRC20'],
      [1, 'BTC', null],
    ]);
  });
});

describe('transfer records', () => {
  it('folds the two postings of each transfer into one record, newest first', () => {
    const at = new Date('2026-11-20T10:00:00Z');
    const lines = [
      {
        entryId: 9n,
        currencyId: 1,
        accountKind: 3,
        amount: 5n,
        memo: { from: 'change', to: 'lever' },
        createdAt: at,
      },
      {
        entryId: 9n,
        currencyId: 1,
        accountKind: 2,
        amount: -5n,
        memo: { from: 'change', to: 'lever' },
        createdAt: at,
      },
      { entryId: 7n, currencyId: 3, accountKind: 1, amount: -2n, memo: null, createdAt: at },
      { entryId: 7n, currencyId: 3, accountKind: 4, amount: 2n, memo: null, createdAt: at },
    ];
    const names: Record<number, string> = { 1: 'legal', 2: 'change', 3: 'lever', 4: 'micro' };
    expect(transferRecords(lines, (kind) => names[kind] ?? '?')).toEqual([
      { entryId: 9n, currencyId: 1, amount: 5n, from: 'change', to: 'lever', time: at.getTime() },
      { entryId: 7n, currencyId: 3, amount: 2n, from: 'legal', to: 'micro', time: at.getTime() },
    ]);
  });
});

describe('the demo-funds day', () => {
  it('names the user and the UTC day, and the next claim opens at the next UTC midnight', () => {
    const now = new Date('2026-11-20T23:59:59.999Z');
    expect(demoFundsReference(42, now)).toBe('demo-funds:42:2026-11-20');
    expect(nextUtcDay(now).toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(demoFundsReference(42, nextUtcDay(now))).toBe('demo-funds:42:2026-11-21');
  });
});

describe('the bill as CSV', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1.5', 'number')).toBe('-1.5');
  });

  it('writes a header, ISO times and decimal amounts at the currency scale', () => {
    const csv = billCsv([
      {
        time: new Date('2026-11-20T10:00:00Z'),
        entryId: 3n,
        postingId: 5n,
        kind: 'transfer',
        currency: 'BTC',
        account: 'change',
        amount: -50_000_000n,
        balanceAfter: 100_000_000n,
        scale: 8,
        reference: null,
        tickId: null,
        note: null,
      },
      {
        time: new Date('2026-11-20T11:00:00Z'),
        entryId: 4n,
        postingId: 7n,
        kind: 'adjustment',
        currency: 'USDT',
        account: 'change',
        amount: 1_500_000n,
        balanceAfter: 1_500_000n,
        scale: 6,
        reference: 'adjustment:9',
        tickId: null,
        note: 'Refund, "fee"',
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'time,entry_id,posting_id,kind,currency,account,amount,balance_after,reference,tick_id,note',
      '2026-11-20T10:00:00.000Z,3,5,transfer,BTC,change,-0.50000000,1.00000000,,,',
      '2026-11-20T11:00:00.000Z,4,7,adjustment,USDT,change,1.500000,1.500000,adjustment:9,,"Refund, ""fee"""',
      '',
    ]);
  });

  it('notes an adjustment’s reason and nothing else', () => {
    expect(billNoteOf('adjustment', { adjustment_id: 1, reason: 'Fee correction', staff_id: 2 })).toBe(
      'Fee correction',
    );
    expect(billNoteOf('adjustment', null)).toBeNull();
    expect(billNoteOf('transfer', { reason: 'not shown' })).toBeNull();
  });
});

describe('refused fields', () => {
  it('names the account, currency or amount, and leaves unknown fields generic', () => {
    expect(validationErrorFor([{ keyword: 'invalid_union', instancePath: '/from_field' }])).toBe(
      'account_unknown',
    );
    expect(validationErrorFor([{ keyword: 'invalid_type', instancePath: '/currency_id' }])).toBe(
      'currency_unknown',
    );
    expect(validationErrorFor([{ keyword: 'too_big', instancePath: '/number' }])).toBe('amount_invalid');
    expect(
      validationErrorFor([
        { keyword: 'unrecognized_keys', instancePath: '' },
        { keyword: 'invalid_union', instancePath: '/to_field' },
      ]),
    ).toBeNull();
    expect(validationErrorFor([{ keyword: 'invalid_type', instancePath: '/page' }])).toBeNull();
  });
});

describe('the contract', () => {
  it('names exactly the ledger’s entry kinds for the bill', () => {
    expect([...billEntryKinds]).toEqual([...entryKinds]);
  });
});
