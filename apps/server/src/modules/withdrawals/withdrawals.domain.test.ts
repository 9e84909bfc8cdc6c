import { describe, expect, it } from 'vitest';
import type { PayoutDestination } from '../payout-methods';
import {
  btcEquivalent,
  destinationChoice,
  destinationSummary,
  fitsLimit,
  payoutAfterFailure,
  payoutAttemptsMax,
  payoutRetryDelayMs,
  resolveChain,
  withdrawalLimitBtc,
  withdrawalLimitBtcDefaults,
} from './withdrawals.domain';

const address = (chain: string | null): PayoutDestination => ({
  kind: 'address',
  id: 4,
  currencyId: 3,
  chain,
  name: 'Cold',
  address: 'TXYZ',
  qrcode: '/uploads/x.png',
});
const card: PayoutDestination = {
  kind: 'bank_card',
  id: 9,
  region: 'international',
  realName: 'Ada Lovelace',
  bankName: 'Bank',
  bankAccount: 'GB29NWBK60161331926819',
  bankAccountMasked: '**** 6819',
  fields: { swift_code: 'NWBKGB2L' },
};

describe('the 24-hour limit', () => {
  it('is 200 BTC at Lv1, 500 BTC at Lv2 and above, nothing unverified', () => {
    const limits = withdrawalLimitBtcDefaults;
    expect(withdrawalLimitBtc(0, limits)).toBe(0n);
    expect(withdrawalLimitBtc(1, limits)).toBe(200_00000000n);
    expect(withdrawalLimitBtc(2, limits)).toBe(500_00000000n);
    expect(withdrawalLimitBtc(3, limits)).toBe(500_00000000n);
    // Rows staff changed: a missing level falls back to the row below; none below means none.
    expect(withdrawalLimitBtc(1, new Map([[2, 5n]]))).toBe(0n);
    expect(
      withdrawalLimitBtc(
        3,
        new Map([
          [1, 7n],
          [2, 0n],
        ]),
      ),
    ).toBe(0n);
    expect(withdrawalLimitBtc(2, new Map([[1, 7n]]))).toBe(7n);
    expect(withdrawalLimitBtc(5, new Map())).toBe(0n);
  });

  it('admits a request that reaches the limit exactly, not one satoshi more', () => {
    expect(fitsLimit({ usedBtc: 150_00000000n, requestBtc: 50_00000000n, limitBtc: 200_00000000n })).toBe(
      true,
    );
    expect(fitsLimit({ usedBtc: 150_00000000n, requestBtc: 50_00000001n, limitBtc: 200_00000000n })).toBe(
      false,
    );
  });
});

describe('the BTC equivalent', () => {
  it('counts BTC as itself, whatever the prices', () => {
    expect(btcEquivalent({ amount: 123n, scale: 8, code: 'BTC', usdtPrice: null, btcPrice: null })).toBe(
      123n,
    );
  });

  it('values USDT at 1 USDT through the BTC price, rounded up to a satoshi', () => {
    // 95,000 USDT at 95,000 USDT per BTC is 1 BTC.
    expect(
      btcEquivalent({ amount: 95_000_000000n, scale: 6, code: 'USDT', usdtPrice: null, btcPrice: '95000' }),
    ).toBe(1_00000000n);
    // 1 USDT at 95,000.01 is 0.0000105262... BTC: 1053 satoshi after rounding up.
    expect(
      btcEquivalent({ amount: 1_000000n, scale: 6, code: 'USDT', usdtPrice: null, btcPrice: '95000.01' }),
    ).toBe(1053n);
  });

  it('values other currencies through their USDT price', () => {
    // 2 ETH at 3,200 USDT with BTC at 64,000 USDT is 0.1 BTC.
    expect(
      btcEquivalent({ amount: 2_00000000n, scale: 8, code: 'ETH', usdtPrice: '3200', btcPrice: '64000.00' }),
    ).toBe(10_000000n);
  });

  it('is unknown without a needed price, or with a price that is not positive', () => {
    expect(btcEquivalent({ amount: 1n, scale: 6, code: 'USDT', usdtPrice: null, btcPrice: null })).toBeNull();
    expect(btcEquivalent({ amount: 1n, scale: 8, code: 'ETH', usdtPrice: null, btcPrice: '1' })).toBeNull();
    expect(btcEquivalent({ amount: 1n, scale: 8, code: 'ETH', usdtPrice: '0', btcPrice: '1' })).toBeNull();
    expect(btcEquivalent({ amount: 1n, scale: 8, code: 'ETH', usdtPrice: '-2', btcPrice: '1' })).toBeNull();
  });
});

describe('the destination', () => {
  it('is an address or the card, never both and never none (spec section 5)', () => {
    const none = { addressId: undefined, address: undefined, bankCardId: undefined };
    expect(destinationChoice(none)).toEqual({ ok: false, error: 'destination_required' });
    expect(destinationChoice({ ...none, address: 4 })).toEqual({ ok: true, kind: 'address', id: 4 });
    expect(destinationChoice({ ...none, addressId: 4, address: 4 })).toEqual({
      ok: true,
      kind: 'address',
      id: 4,
    });
    expect(destinationChoice({ ...none, addressId: 4, address: 5 })).toEqual({
      ok: false,
      error: 'destination_ambiguous',
    });
    expect(destinationChoice({ ...none, addressId: 4, bankCardId: 9 })).toEqual({
      ok: false,
      error: 'destination_ambiguous',
    });
    expect(destinationChoice({ ...none, bankCardId: 9 })).toEqual({ ok: true, kind: 'bank_card', id: 9 });
  });

  it('shows the owner a masked card number', () => {
    expect(destinationSummary(card)).toEqual({
      kind: 'bank_card',
      id: 9,
      region: 'international',
      real_name: 'Ada Lovelace',
      bank_name: 'Bank',
      card: '**** 6819',
    });
  });
});

describe('the network', () => {
  const usdt = ['ERC20', 'TRC20'];
  it("is the address's own chain; a requested one must agree", () => {
    expect(
      resolveChain({ currencyChains: usdt, destination: address('TRC20'), requested: undefined }),
    ).toEqual({
      ok: true,
      chain: 'TRC20',
    });
    expect(resolveChain({ currencyChains: usdt, destination: address('TRC20'), requested: 'ERC20' })).toEqual(
      {
        ok: false,
        error: 'chain_invalid',
      },
    );
    expect(
      resolveChain({ currencyChains: ['BTC'], destination: address('TRC20'), requested: undefined }),
    ).toEqual({
      ok: false,
      error: 'chain_invalid',
    });
  });

  it("is the currency's only chain, or must be named when there are several", () => {
    expect(
      resolveChain({ currencyChains: ['BTC'], destination: address(null), requested: undefined }),
    ).toEqual({
      ok: true,
      chain: 'BTC',
    });
    expect(resolveChain({ currencyChains: usdt, destination: address(null), requested: undefined })).toEqual({
      ok: false,
      error: 'chain_required',
    });
    expect(resolveChain({ currencyChains: usdt, destination: address(null), requested: 'SOL' })).toEqual({
      ok: false,
      error: 'chain_invalid',
    });
  });

  it('is none for a bank card', () => {
    expect(resolveChain({ currencyChains: usdt, destination: card, requested: undefined })).toEqual({
      ok: true,
      chain: null,
    });
  });
});

describe('payout retries', () => {
  it('back off from 30 s, doubling, capped at an hour', () => {
    expect(payoutRetryDelayMs(1)).toBe(30_000);
    expect(payoutRetryDelayMs(2)).toBe(60_000);
    expect(payoutRetryDelayMs(20)).toBe(3_600_000);
  });

  it('give up after the last attempt', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(payoutAfterFailure({ attempts: 1, now })).toEqual({
      status: 'queued',
      nextAttemptAt: new Date('2026-01-01T00:00:30Z'),
    });
    expect(payoutAfterFailure({ attempts: payoutAttemptsMax, now })).toEqual({ status: 'failed' });
  });
});
