import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkMiningSubscription,
  type MiningTerms,
  miningCoverableAmount,
  miningDailyDividend,
  miningDayMs,
  miningDividendDueMs,
  miningEarlyRedemption,
  miningMaturityMs,
  miningRatePpm,
  miningRateText,
  miningReceipt,
  miningReserveObligation,
} from './mining.domain';

/** USDT at 8 decimals: 1000 USDT. */
const usdt = (whole: number) => BigInt(whole) * 100_000_000n;
const base: MiningTerms = {
  amount: usdt(1000),
  dailyRatePpm: 4000n,
  days: 5,
  penaltyRatePpm: 4000n,
  subscribedAtMs: Date.UTC(2026, 0, 1, 10, 0),
  dividendMinute: 0,
};

const termsArb = fc.record({
  amount: fc.bigInt({ min: 1n, max: 10n ** 20n }),
  dailyRatePpm: fc.bigInt({ min: 0n, max: 100_000n }),
  days: fc.integer({ min: 1, max: 400 }),
  penaltyRatePpm: fc.bigInt({ min: 0n, max: 100_000n }),
  subscribedAtMs: fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }),
  dividendMinute: fc.integer({ min: 0, max: 1439 }),
});

describe('mining rules (spec section 9)', () => {
  it('the spec example: penalty 0.4% x 3 remaining days x 1000 = 12', () => {
    const redemption = miningEarlyRedemption(base, 2);
    expect(redemption.remainingDays).toBe(3);
    expect(redemption.penalty).toBe(usdt(12));
    expect(redemption.returned).toBe(usdt(988));
    expect(redemption.releasedYield).toBe(usdt(12));
  });

  it('daily 0.4% of 1000 pays 4 a day, 20 over 5 days, all reserved up front', () => {
    expect(miningDailyDividend(base)).toBe(usdt(4));
    expect(miningReserveObligation(base)).toBe(usdt(20));
  });

  it('day 1 is the first dividend time after subscribing; maturity is the last day', () => {
    expect(miningDividendDueMs(base, 1)).toBe(Date.UTC(2026, 0, 2, 0, 0));
    expect(miningMaturityMs(base)).toBe(Date.UTC(2026, 0, 6, 0, 0));
    const atTheMinute = { ...base, subscribedAtMs: Date.UTC(2026, 0, 1, 0, 0) };
    expect(miningDividendDueMs(atTheMinute, 1)).toBe(Date.UTC(2026, 0, 2, 0, 0));
    expect(miningDividendDueMs({ ...base, dividendMinute: 12 * 60 }, 1)).toBe(Date.UTC(2026, 0, 1, 12, 0));
  });

  it('rates read and print as decimal fractions', () => {
    expect(miningRatePpm('0.004')).toBe(4000n);
    expect(miningRatePpm('1')).toBe(1_000_000n);
    expect(miningRatePpm('0.0000001')).toBeNull();
    expect(miningRatePpm('-1')).toBeNull();
    expect(miningRateText(4000n)).toBe('0.004');
    expect(miningRateText(1_500_000n)).toBe('1.5');
  });

  it('subscription limits', () => {
    const product = {
      minAmount: usdt(100),
      maxAmount: usdt(5000),
      capacity: usdt(10000),
      subscribed: usdt(9000),
    };
    expect(checkMiningSubscription(product, usdt(99))).toBe('below_minimum');
    expect(checkMiningSubscription(product, usdt(5001))).toBe('above_maximum');
    expect(checkMiningSubscription(product, usdt(1001))).toBe('capacity_full');
    expect(checkMiningSubscription(product, usdt(1000))).toBeNull();
  });

  it('property: dividends never exceed the reserved obligation, and match a reference', () => {
    fc.assert(
      fc.property(termsArb, fc.integer({ min: 0, max: 400 }), fc.boolean(), (terms, paid, early) => {
        const paidDays = Math.min(paid, terms.days);
        const receipt = miningReceipt(terms, { paidDays, redeemedEarly: early && paidDays < terms.days });
        // reference: the exact rational dividend, floored
        const exact = (terms.amount * terms.dailyRatePpm) / 1_000_000n;
        expect(receipt.dailyDividend).toBe(exact);
        expect(receipt.dailyDividend * 1_000_000n <= terms.amount * terms.dailyRatePpm).toBe(true);
        expect((receipt.dailyDividend + 1n) * 1_000_000n > terms.amount * terms.dailyRatePpm).toBe(true);
        expect(receipt.totalDividends <= miningReserveObligation(terms)).toBe(true);
        expect(receipt.dividends.length).toBe(paidDays);
      }),
    );
  });

  it('property: paid plus released yield is the whole reservation; penalty plus returned is the principal', () => {
    fc.assert(
      fc.property(termsArb, fc.integer({ min: 0, max: 400 }), (terms, paid) => {
        const paidDays = Math.min(paid, terms.days);
        const redemption = miningEarlyRedemption(terms, paidDays);
        expect(miningDailyDividend(terms) * BigInt(paidDays) + redemption.releasedYield).toBe(
          miningReserveObligation(terms),
        );
        expect(redemption.penalty + redemption.returned).toBe(terms.amount);
        expect(redemption.penalty >= 0n && redemption.returned >= 0n).toBe(true);
        // rounded up, never below the stated rate
        const raw = terms.penaltyRatePpm * BigInt(redemption.remainingDays) * terms.amount;
        if (redemption.penalty < terms.amount) {
          expect(redemption.penalty * 1_000_000n >= raw).toBe(true);
          expect((redemption.penalty - 1n) * 1_000_000n < raw).toBe(true);
        }
      }),
    );
  });

  it('property: dividend times are one day apart, after subscription, at the dividend minute', () => {
    fc.assert(
      fc.property(termsArb, (terms) => {
        const first = miningDividendDueMs(terms, 1);
        expect(first > terms.subscribedAtMs).toBe(true);
        expect(first - terms.subscribedAtMs <= miningDayMs).toBe(true);
        expect(first % miningDayMs).toBe(terms.dividendMinute * 60_000);
        expect(miningMaturityMs(terms) - first).toBe((terms.days - 1) * miningDayMs);
      }),
    );
  });

  it('a matured order returns all its principal and every dividend', () => {
    const receipt = miningReceipt(base, { paidDays: 5, redeemedEarly: false });
    expect(receipt.state).toBe('redeemed');
    expect(receipt.principalReturned).toBe(usdt(1000));
    expect(receipt.totalDividends).toBe(usdt(20));
    expect(receipt.penalty).toBe(0n);
  });

  it('property: the coverable amount is the largest whose obligation fits the reserve', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 100_000n }),
        fc.integer({ min: 1, max: 400 }),
        (available, rate, days) => {
          const most = miningCoverableAmount(available, rate, days) as bigint;
          const obligation = (amount: bigint) =>
            miningReserveObligation({ amount, dailyRatePpm: rate, days });
          expect(obligation(most) <= available).toBe(true);
          expect(obligation(most + 1n) > available).toBe(true);
        },
      ),
    );
  });
});
