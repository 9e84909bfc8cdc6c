import { toScaledBigint } from '@fairex/domain';

/** USDT values here are in micro-USDT (6 decimals), exact. */
const usdtScale = 6;

/** The threshold text ("10000") in micro-USDT; null when it is not a number >= 0. */
export function thresholdMicros(text: string): bigint | null {
  const parsed = toScaledBigint(text.trim(), usdtScale);
  return parsed.ok && parsed.value >= 0n ? parsed.value : null;
}

/**
 * An amount (smallest units at `scale`) valued at a USDT price (decimal text), in micro-USDT,
 * rounded down; null without a price. USDT itself is worth one.
 */
export function usdtMicrosOf(params: { units: bigint; scale: number; price: string | null }): bigint | null {
  if (params.price === null) return null;
  // The price at 18 decimals, so no digit of it is dropped before the product.
  const price = toScaledBigint(params.price, 18);
  if (!price.ok) return null;
  return (params.units * price.value) / 10n ** BigInt(params.scale + 18 - usdtScale);
}

/**
 * How many different staff members must approve: two above the threshold, and two when the value
 * is unknown (no reference price) — when in doubt, the stricter rule.
 */
export function approvalsRequired(valueMicros: bigint | null, threshold: bigint): 1 | 2 {
  if (valueMicros === null) return 2;
  return valueMicros > threshold ? 2 : 1;
}

/** Whether a staff member is deciding a request that is their own (by linked account or e-mail). */
export function isOwnRequest(params: {
  staff: { email: string; linkedUserId: number | null } | null;
  owner: { id: number; email: string | null };
}): boolean {
  const { staff, owner } = params;
  if (!staff) return false;
  if (staff.linkedUserId !== null && staff.linkedUserId === owner.id) return true;
  return owner.email !== null && owner.email.trim().toLowerCase() === staff.email.trim().toLowerCase();
}

/**
 * What one approval approves: the currency, the amount in its smallest units (decimal integer
 * text) and where the money goes. Two approvals count together only when their terms are equal.
 */
export type ApprovalTerms = {
  readonly currency_id: number;
  readonly amount: string;
  readonly destination: string;
};

export function sameTerms(a: ApprovalTerms, b: ApprovalTerms): boolean {
  return a.currency_id === b.currency_id && a.amount === b.amount && a.destination === b.destination;
}

/**
 * The approvals that count now: those agreeing with the newest approval's terms (a later approval
 * with other terms starts a new count), oldest first. Input oldest first.
 */
export function currentApprovals<T extends { readonly terms: ApprovalTerms }>(approvals: readonly T[]): T[] {
  const newest = approvals.at(-1);
  if (!newest) return [];
  return approvals.filter((approval) => sameTerms(approval.terms, newest.terms));
}
