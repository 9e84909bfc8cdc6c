import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateIeo,
  checkIeoSubscription,
  ieoCost,
  ieoProjectState,
  ieoReceipt,
  ieoReleaseAtMs,
  settleIeoSubscription,
} from './ieo.domain';
import { announcedSeed } from './matching/book-test-support';

const seed = announcedSeed('ieo allocation');

const applicationsArbitrary = fc
  .array(fc.bigInt({ min: 1n, max: 10n ** 12n }), { minLength: 0, maxLength: 40 })
  .map((amounts) => amounts.map((requested, index) => ({ id: BigInt(index + 1), requested })));
const issuanceArbitrary = fc.oneof(
  fc.bigInt({ min: 1n, max: 1000n }),
  fc.bigInt({ min: 1n, max: 10n ** 15n }),
);

describe('ieo allocation (published rule, version 1)', () => {
  it('conserves the issuance, never gives more than asked, stays within one unit of the exact share', () => {
    fc.assert(
      fc.property(issuanceArbitrary, applicationsArbitrary, (issuance, applications) => {
        const result = allocateIeo({ issuance, applications });
        const allocated = result.lines.reduce((sum, line) => sum + line.allocated, 0n);
        expect(allocated).toBe(result.allocatedTotal);
        expect(result.allocatedTotal + result.unallocated).toBe(issuance);
        expect(result.allocatedTotal <= issuance).toBe(true);
        for (const line of result.lines) {
          expect(line.allocated >= 0n && line.allocated <= line.requested).toBe(true);
          // |allocated x D - requested x T| < D: within one smallest unit of the exact share.
          const gap = line.allocated * result.requestedTotal - line.requested * issuance;
          if (result.oversubscribed)
            expect(gap < result.requestedTotal && -gap < result.requestedTotal).toBe(true);
          else expect(line.allocated).toBe(line.requested);
        }
      }),
      { seed, numRuns: 300 },
    );
  });

  it('gives the same result for the same input, in any order, and more to who asked more', () => {
    fc.assert(
      fc.property(issuanceArbitrary, applicationsArbitrary, (issuance, applications) => {
        const forward = allocateIeo({ issuance, applications });
        const backward = allocateIeo({ issuance, applications: [...applications].reverse() });
        const byId = new Map(backward.lines.map((line) => [line.id, line.allocated]));
        for (const line of forward.lines) expect(byId.get(line.id)).toBe(line.allocated);
        for (const a of forward.lines)
          for (const b of forward.lines)
            if (a.requested > b.requested) expect(a.allocated >= b.allocated).toBe(true);
      }),
      { seed, numRuns: 200 },
    );
  });

  it('charges at most what was held and refunds exactly the rest', () => {
    fc.assert(
      fc.property(
        issuanceArbitrary,
        applicationsArbitrary,
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 18 }),
        (issuance, applications, priceUnits, tokenScale) => {
          const result = allocateIeo({ issuance, applications });
          let holds = 0n;
          let charges = 0n;
          let refunds = 0n;
          for (const line of result.lines) {
            const held = ieoCost({ tokens: line.requested, priceUnits, tokenScale });
            const settlement = settleIeoSubscription({
              allocated: line.allocated,
              held,
              priceUnits,
              tokenScale,
            });
            expect(settlement.charged <= held && settlement.refunded >= 0n).toBe(true);
            holds += held;
            charges += settlement.charged;
            refunds += settlement.refunded;
          }
          expect(charges + refunds).toBe(holds);
        },
      ),
      { seed, numRuns: 200 },
    );
  });

  it('hands leftover units to the largest remainders, ties to the earlier subscription', () => {
    // 3 subscriptions of 1 for an issuance of 2: shares 0, remainders equal, ids 1 and 2 win.
    const result = allocateIeo({
      issuance: 2n,
      applications: [
        { id: 3n, requested: 1n },
        { id: 1n, requested: 1n },
        { id: 2n, requested: 1n },
      ],
    });
    expect(result.lines.map((line) => [line.id, line.allocated])).toEqual([
      [3n, 0n],
      [1n, 1n],
      [2n, 1n],
    ]);
    // 100 tokens, asks 50/30/40 (D = 120): floors 41/25/33 (99), remainders 80/0/40: +1 to the first.
    const second = allocateIeo({
      issuance: 100n,
      applications: [
        { id: 1n, requested: 50n },
        { id: 2n, requested: 30n },
        { id: 3n, requested: 40n },
      ],
    });
    expect(second.lines.map((line) => line.allocated)).toEqual([42n, 25n, 33n]);
  });

  it('a receipt recomputes one subscription with its arithmetic', () => {
    const receipt = ieoReceipt({
      issuance: 100n,
      applications: [
        { id: 1n, requested: 50n },
        { id: 2n, requested: 30n },
        { id: 3n, requested: 40n },
      ],
      orderId: 1n,
      held: ieoCost({ tokens: 50n, priceUnits: 3n, tokenScale: 0 }),
      priceUnits: 3n,
      tokenScale: 0,
    });
    expect(receipt).toMatchObject({
      share: 41n,
      remainderUnit: 1n,
      allocated: 42n,
      charged: 126n,
      refunded: 24n,
    });
    expect(
      ieoReceipt({ issuance: 1n, applications: [], orderId: 1n, held: 0n, priceUnits: 1n, tokenScale: 0 }),
    ).toBe(null);
  });
});

describe('ieo terms', () => {
  const window = { startsAtMs: 1000, endsAtMs: 2000 };
  it('reads the state from the clock', () => {
    expect(ieoProjectState(window, 999)).toBe('warmup');
    expect(ieoProjectState(window, 1000)).toBe('in_progress');
    expect(ieoProjectState(window, 2000)).toBe('finished');
    expect(ieoReleaseAtMs(2000, 2)).toBe(2000 + 2 * 86_400_000);
  });

  it('costs round up to the payment unit', () => {
    // 1.5 tokens (scale 1) at 0.333333 USDT (333333 units): 499999.5 -> 500000.
    expect(ieoCost({ tokens: 15n, priceUnits: 333_333n, tokenScale: 1 })).toBe(500_000n);
  });

  it('refuses a subscription outside the window, off price, below the minimum or past the maximum', () => {
    const base = {
      window,
      nowMs: 1500,
      requested: 10n,
      alreadyRequested: 0n,
      minPerUser: 5n,
      maxPerUser: 20n,
      priceUnits: 7n,
      pricePresented: 7n,
    };
    expect(checkIeoSubscription(base)).toBe(null);
    expect(checkIeoSubscription({ ...base, nowMs: 500 })).toBe('not_started');
    expect(checkIeoSubscription({ ...base, nowMs: 2000 })).toBe('ended');
    expect(checkIeoSubscription({ ...base, priceUnits: null })).toBe('currency_not_payable');
    expect(checkIeoSubscription({ ...base, pricePresented: 8n })).toBe('price_changed');
    expect(checkIeoSubscription({ ...base, requested: 4n })).toBe('below_minimum');
    expect(checkIeoSubscription({ ...base, alreadyRequested: 11n })).toBe('above_maximum');
  });
});
