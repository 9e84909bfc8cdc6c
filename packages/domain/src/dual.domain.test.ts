import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DualTerms,
  dualAmount,
  dualOutcomes,
  dualPriceUnits,
  dualReceipt,
  dualReserveObligation,
  settleDual,
} from './dual.domain';

/** BTC at 8 decimals, USDT at 6: 1 BTC at a linked price of 60,000 USDT, 10% a year, 7 days. */
const btc = 100_000_000n;
const usdt = 1_000_000n;
const call: DualTerms = {
  direction: 'call',
  amount: btc,
  linkedPrice: 60_000n * usdt,
  annualRatePpm: 100_000n,
  days: 7,
  baseScale: 8,
};

describe('dual investment settlement (spec section 9)', () => {
  it('call: below the linked price pays the coin with interest, at or above pays USDT at the linked price', () => {
    // 1 x (1 + 7 x 0.1 / 365) = 1.00191780 BTC (rounded down)
    expect(settleDual(call, 59_999n * usdt)).toEqual({ currency: 'base', amount: 100_191_780n });
    // 60,000 x (1 + 7 x 0.1 / 365) = 60,115.068493 USDT
    expect(settleDual(call, 60_000n * usdt)).toEqual({ currency: 'quote', amount: 60_115_068_493n });
    expect(settleDual(call, 70_000n * usdt).currency).toBe('quote');
  });

  it('put: at or above pays USDT with interest, below pays the coin bought at the linked price', () => {
    const put: DualTerms = { ...call, direction: 'put', amount: 60_000n * usdt };
    expect(settleDual(put, 60_000n * usdt)).toEqual({ currency: 'quote', amount: 60_115_068_493n });
    expect(settleDual(put, 50_000n * usdt)).toEqual({ currency: 'base', amount: 100_191_780n });
  });

  it('shares are whole numbers', () => {
    expect(dualAmount('3', 1000n)).toBe(3000n);
    expect(dualAmount('1.5', 1000n)).toBeNull();
    expect(dualAmount('0', 1000n)).toBeNull();
    expect(dualAmount('-1', 1000n)).toBeNull();
  });

  const termsArb = fc.record({
    direction: fc.constantFrom('call' as const, 'put' as const),
    amount: fc.bigInt({ min: 1n, max: 10n ** 14n }),
    linkedPrice: fc.bigInt({ min: 1n, max: 10n ** 12n }),
    annualRatePpm: fc.bigInt({ min: 0n, max: 2_000_000n }),
    days: fc.integer({ min: 1, max: 365 }),
    baseScale: fc.integer({ min: 0, max: 18 }),
  });

  it('property: matches a rational reference rounded down, and the reserve covers the worse outcome', () => {
    fc.assert(
      fc.property(termsArb, fc.bigInt({ min: 1n, max: 10n ** 12n }), (terms, price) => {
        const unit = 10n ** BigInt(terms.baseScale);
        // reference as a fraction n/d of exact value
        const g = [365n * 1_000_000n + BigInt(terms.days) * terms.annualRatePpm, 365n * 1_000_000n] as const;
        const below =
          terms.direction === 'call'
            ? [terms.amount * g[0], g[1]]
            : [terms.amount * unit * g[0], terms.linkedPrice * g[1]];
        const above =
          terms.direction === 'call'
            ? [terms.amount * terms.linkedPrice * g[0], unit * g[1]]
            : [terms.amount * g[0], g[1]];
        const [num, den] = price < terms.linkedPrice ? below : above;
        const payout = settleDual(terms, price);
        expect(payout.amount * (den as bigint) <= (num as bigint)).toBe(true);
        expect((payout.amount + 1n) * (den as bigint) > (num as bigint)).toBe(true);
        // the reserve, plus the principal paid into it, covers both outcomes
        const reserve = dualReserveObligation(terms);
        const outcomes = dualOutcomes(terms);
        const held = {
          base: reserve.base + (terms.direction === 'call' ? terms.amount : 0n),
          quote: reserve.quote + (terms.direction === 'put' ? terms.amount : 0n),
        };
        expect(held[outcomes.below.currency] >= outcomes.below.amount).toBe(true);
        expect(held[outcomes.atOrAbove.currency] >= outcomes.atOrAbove.amount).toBe(true);
        expect(reserve.base >= 0n && reserve.quote >= 0n).toBe(true);
      }),
    );
  });
});

describe('dual receipts from a recorded tick', () => {
  it('reads the tick price in quote units, rounding extra decimals down', () => {
    expect(dualPriceUnits('60000', 6)).toBe(60_000n * usdt);
    expect(dualPriceUnits('59999.1234567', 6)).toBe(59_999_123_456n);
    expect(dualPriceUnits('abc', 6)).toBeNull();
    expect(dualPriceUnits('-1', 6)).toBeNull();
  });

  it('recomputes the same payout the settlement paid, and names the outcome', () => {
    expect(dualReceipt(call, '59999.99', 6)).toEqual({
      settlePrice: 59_999_990_000n,
      outcome: 'below',
      payout: { currency: 'base', amount: 100_191_780n },
    });
    expect(dualReceipt(call, '60000', 6)?.outcome).toBe('at_or_above');
  });
});

describe('dual receipts, property', () => {
  it('the receipt of a tick is settleDual on its price read at the quote scale', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('call' as const, 'put' as const),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 99 }),
        (direction, amount, linkedPrice, whole, cents) => {
          const terms: DualTerms = {
            direction,
            amount,
            linkedPrice,
            annualRatePpm: 150_000n,
            days: 14,
            baseScale: 8,
          };
          const text = `${whole}.${String(cents).padStart(2, '0')}`;
          const receipt = dualReceipt(terms, text, 6);
          const price = whole * 1_000_000n + BigInt(cents) * 10_000n;
          expect(receipt?.settlePrice).toBe(price);
          expect(receipt?.payout).toEqual(settleDual(terms, price));
          expect(receipt?.outcome).toBe(price < linkedPrice ? 'below' : 'at_or_above');
        },
      ),
    );
  });
});
