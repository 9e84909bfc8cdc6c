import { describe, expect, it } from 'vitest';
import {
  chooseChain,
  depositAmount,
  depositRecordView,
  findCurrency,
  isAddressForChain,
  isValidMemo,
  offeredChains,
  pageWindow,
  voucherPathOf,
} from './deposits.domain';
import { demoAddresses } from './deposits.seed';

const usdt = { id: 3, code: 'USDT', scale: 6, chains: ['ERC20', 'TRC20'], status: 1 };
const btc = { id: 1, code: 'BTC', scale: 8, chains: ['BTC'], status: 1 };
const retired = { id: 9, code: 'OLD', scale: 2, chains: ['ERC20'], status: 0 };

describe('deposit address formats', () => {
  it.each([
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['BTC', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ'],
    ['BTC', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'],
    ['ERC20', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['ERC20', '0xdededededededededededededededededededede'],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  ])('accepts %s %s', (chain, address) => {
    expect(isAddressForChain(chain, address)).toBe(true);
  });

  it.each([
    ['BTC', ''],
    ['BTC', 'bc1qAr0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['BTC', 'bc1qbr0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['BTC', '0OIl1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['BTC', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['ERC20', '0x52908400098527886E0F7030069857D2E4169EE'],
    ['ERC20', '52908400098527886E0F7030069857D2E4169EE7aa'],
    ['ERC20', '0x52908400098527886E0F7030069857D2E4169EEG'],
    ['ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60'],
    ['TRC20', 'AR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgj../t'],
  ])('refuses %s %s', (chain, address) => {
    expect(isAddressForChain(chain, address)).toBe(false);
  });

  it('seeds demo addresses that have their chain’s shape', () => {
    for (const entry of demoAddresses) {
      expect(isAddressForChain(entry.chain, entry.address), entry.address).toBe(true);
    }
  });

  it('checks memos', () => {
    expect(isValidMemo('104857')).toBe(true);
    expect(isValidMemo('tag-1 a_b:c.d')).toBe(true);
    expect(isValidMemo('<script>')).toBe(false);
    expect(isValidMemo('x'.repeat(65))).toBe(false);
  });
});

describe('which currency and chain a deposit means', () => {
  it('finds enabled currencies by id or code', () => {
    expect(findCurrency([usdt, btc, retired], 3)).toBe(usdt);
    expect(findCurrency([usdt, btc, retired], 'BTC')).toBe(btc);
    expect(findCurrency([usdt, btc, retired], 9)).toBeNull();
    expect(findCurrency([usdt, btc, retired], 'ETH')).toBeNull();
  });

  it('takes the asked chain if the currency has it, else the first with an address', () => {
    expect(chooseChain({ currency: usdt, requested: 'TRC20', activeChains: [] })).toBe('TRC20');
    expect(chooseChain({ currency: usdt, requested: 'BTC', activeChains: ['ERC20'] })).toBeNull();
    expect(chooseChain({ currency: usdt, requested: undefined, activeChains: ['TRC20'] })).toBe('TRC20');
    expect(chooseChain({ currency: usdt, requested: undefined, activeChains: [] })).toBe('ERC20');
    expect(offeredChains(usdt, ['TRC20', 'ERC20'])).toEqual(['ERC20', 'TRC20']);
  });
});

describe('deposit amounts', () => {
  it('reads decimals at the scale', () => {
    expect(depositAmount('12.5', 6)).toEqual({ ok: true, units: 12_500_000n });
    expect(depositAmount(' 0.000001 ', 6)).toEqual({ ok: true, units: 1n });
  });

  it.each([
    ['0', 'amount_not_positive'],
    ['0.000000', 'amount_not_positive'],
    ['-1', 'amount_not_positive'],
    ['-0.5', 'amount_not_positive'],
    ['1e30', 'amount_invalid'],
    ['NaN', 'amount_invalid'],
    ['', 'amount_invalid'],
    ['abc', 'amount_invalid'],
    ['1.0000001', 'amount_too_many_decimals'],
    ['1000000000000000000', 'amount_too_large'],
  ])('refuses %s as %s', (text, error) => {
    expect(depositAmount(text, 6)).toEqual({ ok: false, error });
  });
});

describe('voucher fields', () => {
  it('takes voucher, pic or image, refusing two different paths', () => {
    expect(voucherPathOf({})).toBeNull();
    expect(voucherPathOf({ voucher: '' })).toBeNull();
    expect(voucherPathOf({ pic: '/uploads/a.png' })).toBe('/uploads/a.png');
    expect(voucherPathOf({ voucher: '/uploads/a.png', image: '/uploads/a.png' })).toBe('/uploads/a.png');
    expect(voucherPathOf({ voucher: '/uploads/a.png', image: '/uploads/b.png' })).toBe('conflict');
  });
});

describe('paging and views', () => {
  it('pages by 10, allowing fewer', () => {
    expect(pageWindow(undefined)).toEqual({ page: 1, limit: 10, offset: 0 });
    expect(pageWindow(3, 5)).toEqual({ page: 3, limit: 5, offset: 10 });
    expect(pageWindow(2, 100)).toEqual({ page: 2, limit: 10, offset: 10 });
  });

  it('shows amounts at the currency’s scale and times in milliseconds', () => {
    const view = depositRecordView(
      {
        id: 4,
        userId: 7,
        currencyId: 3,
        chain: 'TRC20',
        amount: 12_500_000n,
        sender: '',
        voucher: '/uploads/x.png',
        status: 'approved',
        reason: '',
        creditedAmount: 12_000_000n,
        reviewedBy: 2,
        reviewedAt: new Date(2000),
        createdAt: new Date(1000),
      },
      new Map([[3, { code: 'USDT', scale: 6 }]]),
    );
    expect(view).toEqual({
      id: 4,
      currency_id: 3,
      currency: 'USDT',
      chain: 'TRC20',
      amount: '12.500000',
      credited_amount: '12.000000',
      status: 'approved',
      reason: '',
      voucher: '/uploads/x.png',
      created_at: 1000,
      reviewed_at: 2000,
    });
  });
});
