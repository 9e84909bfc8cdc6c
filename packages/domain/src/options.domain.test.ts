import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type OptionDirection,
  type OptionTick,
  optionBreakEvenWinRate,
  optionCloseTick,
  optionExpiryMs,
  optionOutcome,
  optionRateScale,
  optionWorstCaseExposure,
  settleOption,
  validateOptionTerms,
} from './options.domain';

const start = Date.parse('2026-11-26T12:00:00.000Z');

/** A tick stream: increasing ids, non-decreasing times, prices of a few digits (ties happen). */
const tickStream = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 95, max: 105 })), {
    minLength: 1,
    maxLength: 60,
  })
  .map((steps) => {
    let time = start;
    return steps.map(([gap, price], index): OptionTick => {
      time += gap;
      return { id: String(index + 1), price: `${price}.5`, time };
    });
  });

const direction = fc.constantFrom<OptionDirection>('up', 'down');

/** The reference: the rule as the issue states it, written as plainly as possible. */
function reference(
  dir: OptionDirection,
  stake: bigint,
  rate: bigint,
  open: OptionTick,
  ticks: readonly OptionTick[],
  expiry: number,
  tolerance: number,
): { result: string; payout: bigint } {
  const after = ticks.filter((tick) => tick.time >= expiry);
  after.sort((a, b) => a.time - b.time || Number(a.id) - Number(b.id));
  const close = after[0];
  if (!close || close.time > expiry + tolerance) return { result: 'refund', payout: stake };
  const o = Number(open.price);
  const c = Number(close.price);
  if (o === c) return { result: 'equal', payout: stake };
  const won = dir === 'up' ? c > o : c < o;
  return won
    ? { result: 'win', payout: stake + (stake * rate) / 1_000_000n }
    : { result: 'lose', payout: 0n };
}

describe('settleOption', () => {
  it('equals the plain reference on random orders and tick streams', () => {
    fc.assert(
      fc.property(
        tickStream,
        direction,
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 2_000_000n }),
        fc.integer({ min: 1, max: 60 }),
        fc.nat(20),
        (ticks, dir, stake, rate, seconds, openIndex) => {
          const open = ticks[Math.min(openIndex, ticks.length - 1)] as OptionTick;
          const order = { direction: dir, stake, rate, acceptedAtMs: open.time, seconds, openTick: open };
          const expiry = optionExpiryMs(open.time, seconds);
          // Settled long after: the whole stream is known.
          const settled = settleOption(order, ticks, expiry + 60_000, 2_000);
          const expected = reference(dir, stake, rate, open, ticks, expiry, 2_000);
          expect(settled?.result).toBe(expected.result);
          expect(settled?.payout).toBe(expected.payout);
          // Money is conserved: the user's gain is the pool's loss.
          if (settled) expect(settled.payout - stake + settled.poolDelta).toBe(0n);
        },
      ),
    );
  });

  it('gives the same answer whatever order the ticks arrive in (settling twice changes nothing)', () => {
    fc.assert(
      fc.property(tickStream, direction, fc.integer({ min: 1, max: 30 }), (ticks, dir, seconds) => {
        const open = ticks[0] as OptionTick;
        const order = {
          direction: dir,
          stake: 100n,
          rate: 850_000n,
          acceptedAtMs: open.time,
          seconds,
          openTick: open,
        };
        const later = optionExpiryMs(open.time, seconds) + 60_000;
        const first = settleOption(order, ticks, later);
        const again = settleOption(order, [...ticks].reverse(), later);
        expect(again).toEqual(first);
      }),
    );
  });

  it('waits while the close tick may still come, then refunds', () => {
    const open = { id: '1', price: '100', time: start };
    const order = {
      direction: 'up' as const,
      stake: 50n,
      rate: 900_000n,
      acceptedAtMs: start,
      seconds: 30,
      openTick: open,
    };
    const expiry = start + 30_000;
    expect(settleOption(order, [open], expiry + 1_000, 5_000)).toBeNull();
    expect(settleOption(order, [open], expiry + 5_001, 5_000)).toEqual({
      result: 'refund',
      reason: 'no_tick_at_expiry',
      payout: 50n,
      poolDelta: 0n,
    });
    // A tick only after the tolerance does not close it either.
    const late = { id: '2', price: '200', time: expiry + 6_000 };
    expect(settleOption(order, [open, late], expiry + 10_000, 5_000)?.result).toBe('refund');
  });

  it('closes on the first tick at or after expiry, to the millisecond', () => {
    const open = { id: '1', price: '100', time: start };
    const before = { id: '2', price: '101', time: start + 29_999 };
    const at = { id: '3', price: '99', time: start + 30_000 };
    const after = { id: '4', price: '102', time: start + 30_500 };
    expect(optionCloseTick([open, before, after, at], start + 30_000)).toBe(at);
    const order = {
      direction: 'up' as const,
      stake: 100n,
      rate: 850_000n,
      acceptedAtMs: start,
      seconds: 30,
      openTick: open,
    };
    expect(settleOption(order, [open, before, at, after], start + 31_000)).toMatchObject({
      result: 'lose',
      payout: 0n,
      poolDelta: 100n,
    });
  });
});

describe('optionOutcome', () => {
  it('compares prices exactly, whatever their decimals', () => {
    expect(optionOutcome('up', '100.10', '100.1')).toBe('equal');
    expect(optionOutcome('up', '100.1', '100.100000000000000001')).toBe('win');
    expect(optionOutcome('down', '100.1', '100.100000000000000001')).toBe('lose');
    expect(optionOutcome('down', '100', '99.99')).toBe('win');
  });
});

describe('terms', () => {
  const term = { seconds: 30, rate: 850_000n, minStake: 10n, maxStake: 1_000n };
  it('accepts sound terms and names the first problem', () => {
    expect(validateOptionTerms([term, { ...term, seconds: 60 }])).toBeNull();
    expect(validateOptionTerms([term, term])).toBe('seconds_duplicate');
    expect(validateOptionTerms([{ ...term, seconds: 0 }])).toBe('seconds_invalid');
    expect(validateOptionTerms([{ ...term, seconds: 1.5 }])).toBe('seconds_invalid');
    expect(validateOptionTerms([{ ...term, rate: 0n }])).toBe('rate_invalid');
    expect(validateOptionTerms([{ ...term, minStake: 2_000n }])).toBe('stake_limits_invalid');
  });

  it('the worst case the pool reserves is exactly what a win pays it out', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        (stake, rate) => {
          const open = { id: '1', price: '1', time: start };
          const close = { id: '2', price: '2', time: start + 1_000 };
          const win = settleOption(
            { direction: 'up', stake, rate, acceptedAtMs: start, seconds: 1, openTick: open },
            [open, close],
            start + 1_000,
          );
          expect(win?.poolDelta).toBe(-optionWorstCaseExposure(stake, rate));
        },
      ),
    );
  });

  it('break-even win rate: 1 / (1 + rate), rounded up', () => {
    expect(optionBreakEvenWinRate(optionRateScale)).toBe(500_000n);
    expect(optionBreakEvenWinRate(850_000n)).toBe(540_541n);
  });
});
