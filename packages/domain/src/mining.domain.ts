/**
 * Lock, cloud and DeFi mining (spec sections 7 and 9; issue 19): the pure rules one order follows,
 * shared by the server (which pays) and the web (which shows the receipt). Amounts are bigint
 * smallest units of the product's currency; rates are parts per million (ppm: 0.4% = 4000).
 *
 * Rounding, documented once:
 * - the daily dividend is `amount x daily rate`, rounded DOWN to the currency's unit; every day of
 *   an order pays the same dividend, so the reserve holds exactly `days x dividend` (nothing is left
 *   over and nothing goes to `rounding`: the sub-unit part is never promised nor paid);
 * - the early-redemption penalty is `penalty rate x remaining days x amount` rounded UP (never
 *   below the stated rate) and never more than the amount itself.
 *
 * Time: dividends are paid at the product's dividend time of day (UTC, minutes after midnight).
 * Day 1 is the first dividend time strictly after the subscription; day k is k - 1 days later; the
 * principal returns with the last dividend (day `days`), which is the order's maturity.
 */

const ppm = 1_000_000n;
export const miningDayMs = 86_400_000;
const minuteMs = 60_000;

export const miningCategories = ['lock', 'cloud', 'defi'] as const;
export type MiningCategory = (typeof miningCategories)[number];

/** The terms of one order, frozen at subscription (later product changes never reach it). */
export type MiningTerms = {
  /** The locked principal, smallest units. */
  readonly amount: bigint;
  readonly dailyRatePpm: bigint;
  /** Lock period in days (one dividend per day). */
  readonly days: number;
  readonly penaltyRatePpm: bigint;
  readonly subscribedAtMs: number;
  /** Dividend time of day, minutes after 00:00 UTC (0..1439). */
  readonly dividendMinute: number;
};

/** The dividend paid on each day of the order (rounded down). */
export function miningDailyDividend(terms: Pick<MiningTerms, 'amount' | 'dailyRatePpm'>): bigint {
  return (terms.amount * terms.dailyRatePpm) / ppm;
}

/** What the product's reserve must hold for the order before it is accepted: every dividend. */
export function miningReserveObligation(
  terms: Pick<MiningTerms, 'amount' | 'dailyRatePpm' | 'days'>,
): bigint {
  return miningDailyDividend(terms) * BigInt(terms.days);
}

/** When dividend `day` (1-based) falls due. */
export function miningDividendDueMs(
  terms: Pick<MiningTerms, 'subscribedAtMs' | 'dividendMinute'>,
  day: number,
): number {
  const midnight = Math.floor(terms.subscribedAtMs / miningDayMs) * miningDayMs;
  let first = midnight + terms.dividendMinute * minuteMs;
  if (first <= terms.subscribedAtMs) first += miningDayMs;
  return first + (day - 1) * miningDayMs;
}

/** The maturity: the last dividend's time, when the principal returns. */
export function miningMaturityMs(
  terms: Pick<MiningTerms, 'subscribedAtMs' | 'dividendMinute' | 'days'>,
): number {
  return miningDividendDueMs(terms, terms.days);
}

/** Early redemption after `paidDays` dividends: the penalty, what returns, what the reserve frees. */
export type MiningRedemption = {
  readonly remainingDays: number;
  readonly penalty: bigint;
  /** Principal minus penalty. */
  readonly returned: bigint;
  /** Reserved yield of the days not paid, released from the reserve's hold. */
  readonly releasedYield: bigint;
};

export function miningEarlyRedemption(terms: MiningTerms, paidDays: number): MiningRedemption {
  const remainingDays = Math.max(0, terms.days - paidDays);
  const raw = terms.penaltyRatePpm * BigInt(remainingDays) * terms.amount;
  const rounded = (raw + ppm - 1n) / ppm;
  const penalty = rounded > terms.amount ? terms.amount : rounded;
  return {
    remainingDays,
    penalty,
    returned: terms.amount - penalty,
    releasedYield: miningDailyDividend(terms) * BigInt(remainingDays),
  };
}

export type MiningOrderState = 'in_progress' | 'redeemed';

/** One order's statement: each dividend paid, the penalty, the principal returned. */
export type MiningReceipt = {
  readonly state: MiningOrderState;
  readonly dailyDividend: bigint;
  readonly dividends: readonly { readonly day: number; readonly dueMs: number; readonly amount: bigint }[];
  readonly totalDividends: bigint;
  /** Total the order would earn if held to maturity. */
  readonly fullYield: bigint;
  readonly maturityMs: number;
  /** Null until redeemed. */
  readonly penalty: bigint | null;
  readonly principalReturned: bigint | null;
  readonly early: boolean;
};

/**
 * The statement of an order from its terms and what happened to it: `paidDays` dividends paid and,
 * if redeemed early, after how many paid days. The server books exactly these figures; the web
 * recomputes them from the same stored inputs.
 */
export function miningReceipt(
  terms: MiningTerms,
  happened: { readonly paidDays: number; readonly redeemedEarly: boolean },
): MiningReceipt {
  const daily = miningDailyDividend(terms);
  const paidDays = Math.min(Math.max(0, happened.paidDays), terms.days);
  const dividends = Array.from({ length: paidDays }, (_, index) => ({
    day: index + 1,
    dueMs: miningDividendDueMs(terms, index + 1),
    amount: daily,
  }));
  const matured = !happened.redeemedEarly && paidDays === terms.days;
  const redemption = happened.redeemedEarly ? miningEarlyRedemption(terms, paidDays) : null;
  return {
    state: matured || happened.redeemedEarly ? 'redeemed' : 'in_progress',
    dailyDividend: daily,
    dividends,
    totalDividends: daily * BigInt(paidDays),
    fullYield: miningReserveObligation(terms),
    maturityMs: miningMaturityMs(terms),
    penalty: redemption ? redemption.penalty : matured ? 0n : null,
    principalReturned: redemption ? redemption.returned : matured ? terms.amount : null,
    early: happened.redeemedEarly,
  };
}

export type MiningSubscriptionRefusal = 'below_minimum' | 'above_maximum' | 'capacity_full';

/** The product limits on one subscription; the reserve's cover is checked by the ledger hold. */
export function checkMiningSubscription(
  product: {
    readonly minAmount: bigint;
    readonly maxAmount: bigint;
    readonly capacity: bigint;
    readonly subscribed: bigint;
  },
  amount: bigint,
): MiningSubscriptionRefusal | null {
  if (amount < product.minAmount) return 'below_minimum';
  if (amount > product.maxAmount) return 'above_maximum';
  if (product.subscribed + amount > product.capacity) return 'capacity_full';
  return null;
}

/** A rate typed as a decimal fraction ("0.004") in ppm, or null if it has more than 6 decimals. */
export function miningRatePpm(text: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1] ?? '0') * ppm + BigInt((match[2] ?? '').padEnd(6, '0') || '0');
}

/** A ppm rate as a decimal fraction without trailing zeros (4000n -> "0.004"). */
export function miningRateText(ratePpm: bigint): string {
  const whole = ratePpm / ppm;
  const fraction = (ratePpm % ppm).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/**
 * The largest principal a reserve with `available` unreserved units can still cover over `days`
 * at `dailyRatePpm` (its whole obligation fits), or null when any amount fits (a zero rate).
 */
export function miningCoverableAmount(available: bigint, dailyRatePpm: bigint, days: number): bigint | null {
  if (dailyRatePpm === 0n) return null;
  if (available < 0n) return 0n;
  const dailyMax = available / BigInt(days);
  return ((dailyMax + 1n) * ppm - 1n) / dailyRatePpm;
}
