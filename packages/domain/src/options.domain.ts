/**
 * Seconds options (issue 18), pure: the terms staff set, an order's expiry, the tick that closes
 * it, its outcome and its payout. The server settles with `settleOption` and the web receipt
 * recomputes the same function from the ticks it fetched, so a user can check every outcome.
 * Amounts are bigint smallest units; prices are decimal strings compared exactly; times are
 * milliseconds since the epoch; rates are millionths (850_000 = 85 %).
 */
import { compareDecimal } from './decimal';

export const optionDirections = { up: 1, down: 2 } as const;
export type OptionDirection = keyof typeof optionDirections;

/** Millionths: a profit rate of 850_000 pays 85 % of the stake on top of it. */
export const optionRateScale = 1_000_000n;
/** A rate above 10x the stake is a typing mistake, never a term. */
export const optionRateMax = 10n * optionRateScale;
/** The longest duration offered: one day. */
export const optionSecondsMax = 86_400;
/**
 * A close tick recorded more than this after the expiry does not close the order: it is refunded
 * ("no tick at expiry"). Published with the terms.
 */
export const optionCloseToleranceMsDefault = 5_000;

export type OptionTerm = {
  readonly seconds: number;
  /** Profit on a win in millionths of the stake. */
  readonly rate: bigint;
  readonly minStake: bigint;
  readonly maxStake: bigint;
};

export type OptionTermRefusal =
  | 'seconds_invalid'
  | 'seconds_duplicate'
  | 'rate_invalid'
  | 'stake_limits_invalid';

/** Checks a set of terms for one instrument: the first problem, or null. */
export function validateOptionTerms(terms: readonly OptionTerm[]): OptionTermRefusal | null {
  const seen = new Set<number>();
  for (const term of terms) {
    if (!Number.isSafeInteger(term.seconds) || term.seconds < 1 || term.seconds > optionSecondsMax) {
      return 'seconds_invalid';
    }
    if (seen.has(term.seconds)) return 'seconds_duplicate';
    seen.add(term.seconds);
    if (term.rate <= 0n || term.rate > optionRateMax) return 'rate_invalid';
    if (term.minStake <= 0n || term.maxStake < term.minStake) return 'stake_limits_invalid';
  }
  return null;
}

export type OptionStakeRefusal = 'stake_below_minimum' | 'stake_above_maximum';

export function checkOptionStake(term: OptionTerm, stake: bigint): OptionStakeRefusal | null {
  if (stake < term.minStake) return 'stake_below_minimum';
  if (stake > term.maxStake) return 'stake_above_maximum';
  return null;
}

/** Expiry: acceptance time plus the duration, to the millisecond. */
export function optionExpiryMs(acceptedAtMs: number, seconds: number): number {
  return acceptedAtMs + seconds * 1000;
}

/** What a win pays on top of the stake (rounded down to the smallest unit). */
export function optionProfit(stake: bigint, rate: bigint): bigint {
  return (stake * rate) / optionRateScale;
}

/** The most the pool can lose on one order: its profit on a win. Reserved on the pool at submit. */
export function optionWorstCaseExposure(stake: bigint, rate: bigint): bigint {
  return optionProfit(stake, rate);
}

/**
 * The win rate at which the order breaks even: p x rate = (1 - p), so p = 1 / (1 + rate); in
 * millionths, rounded up (below it the user loses on average).
 */
export function optionBreakEvenWinRate(rate: bigint): bigint {
  const denominator = optionRateScale + rate;
  return (optionRateScale * optionRateScale + denominator - 1n) / denominator;
}

export type OptionTick = { readonly id: string; readonly price: string; readonly time: number };

function tickOrder(left: OptionTick, right: OptionTick): number {
  if (left.time !== right.time) return left.time - right.time;
  const a = BigInt(left.id);
  const b = BigInt(right.id);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first recorded tick at or after `expiryMs` (by time, then id), or null. */
export function optionCloseTick(ticks: readonly OptionTick[], expiryMs: number): OptionTick | null {
  let best: OptionTick | null = null;
  for (const tick of ticks) {
    if (tick.time < expiryMs) continue;
    if (best === null || tickOrder(tick, best) < 0) best = tick;
  }
  return best;
}

export type OptionOutcome = 'win' | 'lose' | 'equal';

/** Up wins if close > open, down if close < open; the same price is "equal" (stake returned). */
export function optionOutcome(
  direction: OptionDirection,
  openPrice: string,
  closePrice: string,
): OptionOutcome {
  const compared = compareDecimal(closePrice, openPrice);
  if (!compared.ok) throw new Error(`not a price: ${openPrice} or ${closePrice}`);
  if (compared.value === 0) return 'equal';
  const up = compared.value > 0;
  return up === (direction === 'up') ? 'win' : 'lose';
}

export type OptionOrderInputs = {
  readonly direction: OptionDirection;
  readonly stake: bigint;
  readonly rate: bigint;
  readonly acceptedAtMs: number;
  readonly seconds: number;
  readonly openTick: OptionTick;
};

export type OptionSettlement =
  | {
      readonly result: OptionOutcome;
      readonly closeTick: OptionTick;
      /** What the user receives back in total (stake + profit on a win, stake on equal, 0 on a loss). */
      readonly payout: bigint;
      /** The pool's side: negative when it pays a win, the stake when the user loses. */
      readonly poolDelta: bigint;
    }
  | {
      readonly result: 'refund';
      readonly reason: 'no_tick_at_expiry';
      readonly payout: bigint;
      readonly poolDelta: 0n;
    };

/**
 * Settles one order from recorded ticks: null while its close tick may still come (no tick at or
 * after expiry yet and `nowMs` within the tolerance), a refund when none came within it.
 */
export function settleOption(
  order: OptionOrderInputs,
  ticks: readonly OptionTick[],
  nowMs: number,
  toleranceMs: number = optionCloseToleranceMsDefault,
): OptionSettlement | null {
  const expiryMs = optionExpiryMs(order.acceptedAtMs, order.seconds);
  const close = optionCloseTick(ticks, expiryMs);
  if (close === null || close.time > expiryMs + toleranceMs) {
    if (close === null && nowMs <= expiryMs + toleranceMs) return null;
    return { result: 'refund', reason: 'no_tick_at_expiry', payout: order.stake, poolDelta: 0n };
  }
  const result = optionOutcome(order.direction, order.openTick.price, close.price);
  const profit = optionProfit(order.stake, order.rate);
  switch (result) {
    case 'win':
      return { result, closeTick: close, payout: order.stake + profit, poolDelta: -profit };
    case 'lose':
      return { result, closeTick: close, payout: 0n, poolDelta: order.stake };
    case 'equal':
      return { result, closeTick: close, payout: order.stake, poolDelta: 0n };
  }
}
