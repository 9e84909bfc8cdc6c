import { isAddressForChain } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import {
  type AddressCurrency,
  addressInQrText,
  checkAddress,
  listWindow,
  maskAccountNumber,
  qrTextNamesAddress,
  sameAddress,
  validationErrorFor,
} from './payout-methods.domain';

const btc: AddressCurrency = { id: 1, code: 'BTC', image: '', chains: ['BTC'], status: 1 };
const usdt: AddressCurrency = { id: 3, code: 'USDT', image: '', chains: ['ERC20', 'TRC20'], status: 1 };
const erc20 = '0x52908400098527886E0F7030069857D2E4169EE7';
const trc20 = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

describe('address formats per chain', () => {
  it.each([
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
    ['BTC', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', true],
    ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', true],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb', false], // b is not in bech32
    ['BTC', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ', false],
    ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0', false], // 0 is not base58
    ['BTC', 'tb1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', false], // testnet
    ['BTC', erc20, false],
    ['ERC20', erc20, true],
    ['ERC20', erc20.toLowerCase(), true],
    ['ERC20', `${erc20}0`, false],
    ['ERC20', erc20.replace('0x', '0X'), false],
    ['ERC20', trc20, false],
    ['TRC20', trc20, true],
    ['TRC20', `${trc20}x`, false],
    ['TRC20', trc20.replace('T', 't'), false],
    ['TRC20', erc20, false],
    ['SOL', 'So11111111111111111111111111111111111111112', true], // a later chain: the generic rule
    ['SOL', 'a b', false],
  ])('%s %s is %s', (chain, address, valid) => {
    expect(isAddressForChain(chain, address)).toBe(valid);
  });
});

describe('checkAddress', () => {
  it('takes the only network when none is named and insists on one when there are several', () => {
    expect(
      checkAddress({ currency: btc, chain: undefined, address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' }),
    ).toEqual({
      ok: true,
      chain: 'BTC',
    });
    expect(checkAddress({ currency: usdt, chain: undefined, address: trc20 })).toEqual({
      ok: false,
      error: 'chain_required',
    });
    expect(checkAddress({ currency: usdt, chain: 'TRC20', address: trc20 })).toEqual({
      ok: true,
      chain: 'TRC20',
    });
    expect(checkAddress({ currency: usdt, chain: 'BTC', address: trc20 })).toEqual({
      ok: false,
      error: 'chain_invalid',
    });
    expect(checkAddress({ currency: usdt, chain: 'ERC20', address: trc20 })).toEqual({
      ok: false,
      error: 'address_invalid',
    });
  });

  it('refuses a missing or disabled currency', () => {
    expect(checkAddress({ currency: null, chain: undefined, address: trc20 })).toEqual({
      ok: false,
      error: 'currency_invalid',
    });
    expect(checkAddress({ currency: { ...usdt, status: 0 }, chain: 'TRC20', address: trc20 })).toEqual({
      ok: false,
      error: 'currency_invalid',
    });
    expect(checkAddress({ currency: { ...usdt, chains: [] }, chain: 'TRC20', address: trc20 })).toEqual({
      ok: false,
      error: 'currency_invalid',
    });
  });
});

describe('helpers', () => {
  it('compares EVM addresses without case, others exactly', () => {
    expect(
      sameAddress({ chain: 'ERC20', address: erc20 }, { chain: 'ERC20', address: erc20.toLowerCase() }),
    ).toBe(true);
    expect(
      sameAddress({ chain: 'TRC20', address: trc20 }, { chain: 'TRC20', address: trc20.toLowerCase() }),
    ).toBe(false);
    expect(sameAddress({ chain: 'ERC20', address: erc20 }, { chain: 'TRC20', address: erc20 })).toBe(false);
  });

  it('pages 10 by default', () => {
    expect(listWindow({ page: undefined, limit: undefined })).toEqual({ page: 1, limit: 10, offset: 0 });
    expect(listWindow({ page: 3, limit: 50 })).toEqual({ page: 3, limit: 50, offset: 100 });
  });

  it('masks all but the last four', () => {
    expect(maskAccountNumber('6222021234567890')).toBe('**** 7890');
    expect(maskAccountNumber('123')).toBe('**** 123');
  });
});

describe('validationErrorFor', () => {
  const issue = (field: string, keyword = 'invalid_format', message?: string) => ({
    keyword,
    instancePath: `/${field}`,
    ...(message ? { message } : {}),
  });

  it('names the field at fault, per region', () => {
    expect(validationErrorFor('address', [issue('name')])).toBe('name_invalid');
    expect(validationErrorFor('address', [issue('qrcode', 'invalid_type')])).toBe('qrcode_required');
    expect(validationErrorFor('address_delete', [issue('pay_password', 'too_small')])).toBe(
      'pay_password_required',
    );
    expect(validationErrorFor({ card: 'domestic' }, [issue('alipay_account')])).toBe('aba_domestic_invalid');
    expect(validationErrorFor({ card: 'international' }, [issue('alipay_account')])).toBe(
      'aba_international_invalid',
    );
    expect(
      validationErrorFor({ card: 'international' }, [issue('wechat_nickname', 'custom', 'swift_mismatch')]),
    ).toBe('swift_mismatch');
  });

  it('keeps the generic message for unknown fields and whole-body problems', () => {
    expect(validationErrorFor('address', [issue('name'), issue('', 'unrecognized_keys')])).toBeNull();
    expect(validationErrorFor('address', [issue('', 'invalid_type')])).toBeNull();
    expect(validationErrorFor('address_delete', [issue('id', 'invalid_type')])).toBeNull();
    expect(validationErrorFor('address', [issue('__proto__')])).toBeNull();
    expect(validationErrorFor('address', [issue('constructor')])).toBeNull();
  });
});

describe('the address a QR code names', () => {
  const evm = '0x52908400098527886E0F7030069857D2E4169EE7';
  const tron = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
  const bech32 = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

  it('reads a bare address and the common payment URIs', () => {
    expect(addressInQrText(` ${tron}\n`)).toBe(tron);
    expect(addressInQrText(`ethereum:${evm}`)).toBe(evm);
    expect(addressInQrText(`ethereum:${evm}@1?value=2.014e18`)).toBe(evm);
    expect(addressInQrText(`ethereum:pay-${evm}@1`)).toBe(evm);
    expect(addressInQrText(`bitcoin:${bech32}?amount=0.01&label=x`)).toBe(bech32);
    expect(addressInQrText(`BITCOIN:${bech32.toUpperCase()}`)).toBe(bech32.toUpperCase());
    expect(addressInQrText(`tron:${tron}?amount=5`)).toBe(tron);
  });

  it('reads the recipient of an EIP-681 token transfer, not the token contract', () => {
    const token = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
    expect(addressInQrText(`ethereum:${token}@1/transfer?address=${evm}&uint256=1e6`)).toBe(evm);
  });

  it('compares hex EVM and bech32 without case, base58 exactly', () => {
    expect(qrTextNamesAddress(`ethereum:${evm.toLowerCase()}`, evm)).toBe(true);
    expect(qrTextNamesAddress(`bitcoin:${bech32.toUpperCase()}`, bech32)).toBe(true);
    expect(qrTextNamesAddress(tron, tron)).toBe(true);
    expect(qrTextNamesAddress(tron.toLowerCase(), tron)).toBe(false);
    expect(qrTextNamesAddress(`${tron}x`, tron)).toBe(false);
    expect(qrTextNamesAddress(`https://example.com/${tron}`, tron)).toBe(false);
    expect(qrTextNamesAddress('', tron)).toBe(false);
  });
});
