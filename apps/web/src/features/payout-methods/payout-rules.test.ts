import { bankCardFormSchema } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import {
  addressFormSchema,
  addressIssueKey,
  type Coin,
  cardFormValues,
  cardIssueKey,
  checkImageFile,
  coinsFrom,
  effectiveChain,
  emptyCardValues,
  regionOfPath,
  shortenAddress,
} from './payout-rules';

const coins: Coin[] = [
  { id: 3, code: 'USDT', image: '/coins/usdt.svg', chains: ['ERC20', 'TRC20'] },
  { id: 1, code: 'BTC', image: '/coins/btc.svg', chains: ['BTC'] },
];
const qrcode = '/uploads/2026/11/0123456789abcdef0123456789abcdef.png';
const validAddress = {
  currency: '3',
  chain: 'TRC20',
  name: 'My wallet',
  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  qrcode,
  pay_password: 'secret',
};

/** The message keys the form would show, per field. */
function addressErrors(values: Record<string, string>): Record<string, string> {
  const result = addressFormSchema(coins).safeParse(values, {
    error: (issue) => addressIssueKey(issue),
  });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('coinsFrom', () => {
  it('groups the list by currency with its networks, skipping disabled entries', () => {
    expect(
      coinsFrom([
        { id: 3, name: 'USDT', chain: 'ERC20', subName: 'ERC20', image: '/coins/usdt.svg', status: 1 },
        { id: 3, name: 'USDT', chain: 'TRC20', subName: 'TRC20', image: '/coins/usdt.svg', status: 1 },
        { id: 1, name: 'BTC', chain: 'BTC', subName: null, image: '/coins/btc.svg', status: 1 },
        { id: 9, name: 'OFF', chain: 'X', status: 0 },
        { id: 2, name: 'ETH' },
      ]),
    ).toEqual([
      { id: 3, code: 'USDT', image: '/coins/usdt.svg', chains: ['ERC20', 'TRC20'] },
      { id: 1, code: 'BTC', image: '/coins/btc.svg', chains: ['BTC'] },
      { id: 2, code: 'ETH', image: null, chains: [] },
    ]);
  });

  it('takes the only network when none is chosen', () => {
    expect(effectiveChain(coins[1], '')).toBe('BTC');
    expect(effectiveChain(coins[0], '')).toBeNull();
    expect(effectiveChain(coins[0], 'ERC20')).toBe('ERC20');
  });
});

describe('the add-address form', () => {
  it('accepts a complete address', () => {
    expect(addressErrors(validAddress)).toEqual({});
    expect(
      addressErrors({
        ...validAddress,
        currency: '1',
        chain: '',
        address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      }),
    ).toEqual({});
  });

  it('names every missing field at once', () => {
    expect(
      addressErrors({ currency: '', chain: '', name: '', address: '', qrcode: '', pay_password: '' }),
    ).toEqual({
      currency: 'payout:errors.currencyRequired',
      name: 'payout:errors.required',
      address: 'payout:errors.required',
      qrcode: 'payout:errors.qrcodeRequired',
      pay_password: 'payout:errors.payPasswordRequired',
    });
  });

  it('explains each rule', () => {
    expect(addressErrors({ ...validAddress, chain: '' })).toEqual({ chain: 'payout:errors.chainRequired' });
    expect(addressErrors({ ...validAddress, chain: 'ERC20' })).toEqual({
      address: 'payout:errors.addressFormat',
    });
    expect(addressErrors({ ...validAddress, name: 'x'.repeat(31) })).toEqual({
      name: 'payout:errors.nameTooLong',
    });
    expect(addressErrors({ ...validAddress, name: 'a<b>' })).toEqual({ name: 'payout:errors.nameChars' });
    expect(addressErrors({ ...validAddress, address: 'x'.repeat(129) })).toEqual({
      address: 'payout:errors.addressFormat',
    });
    expect(addressErrors({ ...validAddress, qrcode: '/uploads/../x.png' })).toEqual({
      qrcode: 'payout:errors.qrcodeRequired',
    });
  });
});

describe('the card form', () => {
  const domestic = {
    real_name: 'Ada Lovelace',
    phone: '+86 139 0000 0000',
    wechat_account: '12 Lake Road, Hangzhou',
    bank_name: 'Bank of Hangzhou',
    bank_network: 'West Lake Branch',
    bank_dizhi: 'Zhejiang, Hangzhou',
    swift_code: 'HZCBCN2H',
    alipay_account: '021000021',
    bank_account: '6222 0212 3456 7890',
    pay_password: 'secret',
  };
  const cardErrors = (region: 'domestic' | 'international', values: Record<string, string>) => {
    const result = bankCardFormSchema(region).safeParse(values, {
      error: (issue) => cardIssueKey(region, issue),
    });
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  };

  it('accepts a complete card and asks for every blank field', () => {
    expect(cardErrors('domestic', domestic)).toEqual({});
    const blank = cardErrors('domestic', emptyCardValues);
    expect(Object.keys(blank).sort()).toEqual(Object.keys(emptyCardValues).sort());
    expect(blank.real_name).toBe('payout:errors.required');
    expect(blank.pay_password).toBe('payout:errors.payPasswordRequired');
  });

  it('says what each field needs, per region', () => {
    expect(cardErrors('domestic', { ...domestic, alipay_account: '12345' })).toEqual({
      alipay_account: 'payout:errors.abaDomestic',
    });
    expect(cardErrors('international', { ...domestic, alipay_account: '12$45' })).toEqual({
      alipay_account: 'payout:errors.abaInternational',
    });
    expect(cardErrors('domestic', { ...domestic, bank_account: 'GB82WEST1234' })).toEqual({
      bank_account: 'payout:errors.accountDomestic',
    });
    expect(cardErrors('international', { ...domestic, bank_account: 'GB82 WEST 1234 5698 7654 32' })).toEqual(
      {},
    );
    expect(cardErrors('domestic', { ...domestic, swift_code: 'HZCB' })).toEqual({
      swift_code: 'payout:errors.swift',
    });
    expect(cardErrors('domestic', { ...domestic, phone: 'abc' })).toEqual({ phone: 'payout:errors.phone' });
    expect(cardErrors('domestic', { ...domestic, real_name: 'R2D2' })).toEqual({
      real_name: 'payout:errors.realName',
    });
    expect(cardErrors('domestic', { ...domestic, bank_name: '<b>' })).toEqual({
      bank_name: 'payout:errors.text',
    });
    expect(cardErrors('domestic', { ...domestic, wechat_account: 'abc' })).toEqual({
      wechat_account: 'payout:errors.holderAddress',
    });
  });

  it('prefills from the saved card, never the password', () => {
    expect(cardFormValues(null)).toEqual(emptyCardValues);
    expect(
      cardFormValues({
        id: 1,
        region: 'domestic',
        alipay_account: '021000021',
        real_name: 'Ada',
        bank_account: '6222021234567890',
        bank_account_masked: '**** 7890',
        bank_dizhi: 'Hangzhou',
        bank_name: 'Bank',
        bank_network: 'West',
        swift_code: 'HZCBCN2H',
        wechat_nickname: 'HZCBCN2H',
        phone: '+8613900000000',
        wechat_account: '12 Lake Road',
        updated_at: 0,
      }),
    ).toMatchObject({ bank_account: '6222021234567890', swift_code: 'HZCBCN2H', pay_password: '' });
  });
});

describe('helpers', () => {
  it('shortens long addresses only', () => {
    expect(shortenAddress('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe('TJRabPrw…jpRTv8');
    expect(shortenAddress('short')).toBe('short');
  });

  it('tells the card region from the path', () => {
    expect(regionOfPath('/pages/setting/bank')).toBe('domestic');
    expect(regionOfPath('/pages/setting/bank_international')).toBe('international');
  });

  it('refuses images the server would refuse', () => {
    expect(checkImageFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkImageFile({ type: 'image/svg+xml', size: 1000 })).toBe('payout:upload.type');
    expect(checkImageFile({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe('payout:upload.size');
  });
});
