/**
 * IEO token launches, the pure rules shared by the server (which settles with them) and the web
 * (which shows each subscriber's receipt with the same arithmetic): a project's state from the
 * clock, the cost of a subscription, the published pro-rata allocation, and the lock release time.
 * Every amount is an integer count of smallest units; no clock, no I/O.
 *
 * The allocation rule (version 1), as published on the project screen:
 * 1. D = the tokens all subscriptions asked for, T = the issuance. If D <= T every subscription gets
 *    what it asked for.
 * 2. Otherwise subscription i (asking q_i) first gets floor(q_i x T / D) smallest units.
 * 3. What is left, R = T - the sum of step 2 (fewer units than there are subscriptions), is handed
 *    out one smallest unit at a time: to the largest remainders (q_i x T mod D) first, ties to the
 *    earlier subscription (lower id). No subscription gets more than it asked for.
 * 4. Each subscription pays its allocation at the issue price of its payable currency, rounded up
 *    to that currency's smallest unit (never more than one unit above the exact price, never more
 *    than it held); the rest of its hold is refunded.
 */
import { ceilDivide } from './decimal';
import { invariant } from './invariant';

/** The rule's version, stored with every allocation so a receipt names the rule it used. */
export const ieoAllocationRuleVersion = 1;

export const ieoProjectStates = ['warmup', 'in_progress', 'finished'] as const;
export type IeoProjectState = (typeof ieoProjectStates)[number];

/** spec section 4: warm-up before the start, in progress until the end, finished from the end on. */
export function ieoProjectState(
  window: { readonly startsAtMs: number; readonly endsAtMs: number },
  nowMs: number,
): IeoProjectState {
  if (nowMs < window.startsAtMs) return 'warmup';
  if (nowMs < window.endsAtMs) return 'in_progress';
  return 'finished';
}

const dayMs = 86_400_000;

/** Allocated tokens stay locked `lockDays` after the subscription ends; 0 releases them at once. */
export function ieoReleaseAtMs(endsAtMs: number, lockDays: number): number {
  invariant(Number.isInteger(lockDays) && lockDays >= 0, 'lock days are a whole non-negative number');
  return endsAtMs + lockDays * dayMs;
}

/**
 * What `tokens` smallest units cost at `priceUnits` (smallest payment units per whole token), with
 * the token at `tokenScale` decimals: rounded up to the payment's smallest unit.
 */
export function ieoCost(params: {
  readonly tokens: bigint;
  readonly priceUnits: bigint;
  readonly tokenScale: number;
}): bigint {
  invariant(params.tokens >= 0n && params.priceUnits > 0n, 'cost of a non-negative amount at a price');
  return ceilDivide(params.tokens * params.priceUnits, 10n ** BigInt(params.tokenScale));
}

export type IeoApplication = {
  /** The subscription's id: the tie-break of the remainder order (lower first). */
  readonly id: bigint;
  /** Tokens asked for, smallest units, positive. */
  readonly requested: bigint;
};

export type IeoAllocationLine = {
  readonly id: bigint;
  readonly requested: bigint;
  /** floor(requested x issuance / total requested), or `requested` when not oversubscribed. */
  readonly share: bigint;
  /** 1 when a leftover unit of step 3 went to this subscription, else 0. */
  readonly remainderUnit: bigint;
  /** share + remainderUnit. */
  readonly allocated: bigint;
  /** requested x issuance mod total requested (the step 3 order); 0 when not oversubscribed. */
  readonly remainder: bigint;
};

export type IeoAllocation = {
  readonly ruleVersion: number;
  readonly issuance: bigint;
  readonly requestedTotal: bigint;
  readonly allocatedTotal: bigint;
  /** issuance - allocatedTotal: stays in the issuance account. */
  readonly unallocated: bigint;
  readonly oversubscribed: boolean;
  /** In the order of the input. */
  readonly lines: readonly IeoAllocationLine[];
};

/** The published rule (see the head of this file): same input, same result. */
export function allocateIeo(params: {
  readonly issuance: bigint;
  readonly applications: readonly IeoApplication[];
}): IeoAllocation {
  const { issuance, applications } = params;
  invariant(issuance > 0n, 'an issuance is positive');
  const ids = new Set<bigint>();
  let requestedTotal = 0n;
  for (const application of applications) {
    invariant(application.requested > 0n, 'a subscription asks for a positive amount');
    invariant(!ids.has(application.id), 'subscription ids are unique');
    ids.add(application.id);
    requestedTotal += application.requested;
  }
  if (requestedTotal <= issuance) {
    const lines = applications.map((a) => ({
      id: a.id,
      requested: a.requested,
      share: a.requested,
      remainderUnit: 0n,
      allocated: a.requested,
      remainder: 0n,
    }));
    return {
      ruleVersion: ieoAllocationRuleVersion,
      issuance,
      requestedTotal,
      allocatedTotal: requestedTotal,
      unallocated: issuance - requestedTotal,
      oversubscribed: false,
      lines,
    };
  }
  const shares = applications.map((a) => ({
    id: a.id,
    requested: a.requested,
    share: (a.requested * issuance) / requestedTotal,
    remainder: (a.requested * issuance) % requestedTotal,
  }));
  let left = issuance - shares.reduce((sum, line) => sum + line.share, 0n);
  invariant(left >= 0n && left < BigInt(shares.length), 'fewer leftover units than subscriptions');
  const order = [...shares].sort((a, b) =>
    a.remainder !== b.remainder
      ? a.remainder > b.remainder
        ? -1
        : 1
      : a.id < b.id
        ? -1
        : a.id > b.id
          ? 1
          : 0,
  );
  const extra = new Set<bigint>();
  for (const line of order) {
    if (left === 0n) break;
    if (line.remainder === 0n) break;
    extra.add(line.id);
    left -= 1n;
  }
  invariant(left === 0n, 'every leftover unit is handed out');
  const lines = shares.map((line) => {
    const remainderUnit = extra.has(line.id) ? 1n : 0n;
    const allocated = line.share + remainderUnit;
    invariant(allocated <= line.requested, 'nobody gets more than they asked for');
    return { ...line, remainderUnit, allocated };
  });
  return {
    ruleVersion: ieoAllocationRuleVersion,
    issuance,
    requestedTotal,
    allocatedTotal: issuance,
    unallocated: 0n,
    oversubscribed: true,
    lines,
  };
}

/** What one subscription pays and gets back once allocated (step 4). */
export type IeoSettlement = {
  readonly allocated: bigint;
  readonly charged: bigint;
  readonly refunded: bigint;
};

export function settleIeoSubscription(params: {
  readonly allocated: bigint;
  readonly held: bigint;
  readonly priceUnits: bigint;
  readonly tokenScale: number;
}): IeoSettlement {
  const charged = ieoCost({
    tokens: params.allocated,
    priceUnits: params.priceUnits,
    tokenScale: params.tokenScale,
  });
  invariant(charged <= params.held, 'a subscription is never charged more than it held');
  return { allocated: params.allocated, charged, refunded: params.held - charged };
}

/**
 * One subscriber's receipt, recomputed from the public inputs (the issuance and every
 * subscription's id and amount): the web shows it and marks it verified when it matches what the
 * server stored.
 */
export type IeoReceipt = IeoSettlement & {
  readonly ruleVersion: number;
  readonly issuance: bigint;
  readonly requestedTotal: bigint;
  readonly requested: bigint;
  readonly share: bigint;
  readonly remainderUnit: bigint;
  readonly oversubscribed: boolean;
};

export function ieoReceipt(params: {
  readonly issuance: bigint;
  readonly applications: readonly IeoApplication[];
  readonly orderId: bigint;
  readonly held: bigint;
  readonly priceUnits: bigint;
  readonly tokenScale: number;
}): IeoReceipt | null {
  const allocation = allocateIeo({ issuance: params.issuance, applications: params.applications });
  const line = allocation.lines.find((candidate) => candidate.id === params.orderId);
  if (!line) return null;
  const settlement = settleIeoSubscription({
    allocated: line.allocated,
    held: params.held,
    priceUnits: params.priceUnits,
    tokenScale: params.tokenScale,
  });
  return {
    ...settlement,
    ruleVersion: allocation.ruleVersion,
    issuance: allocation.issuance,
    requestedTotal: allocation.requestedTotal,
    requested: line.requested,
    share: line.share,
    remainderUnit: line.remainderUnit,
    oversubscribed: allocation.oversubscribed,
  };
}

export type IeoSubscriptionRefusal =
  | 'not_started'
  | 'ended'
  | 'below_minimum'
  | 'above_maximum'
  | 'price_changed'
  | 'currency_not_payable';

/**
 * Checks a subscription against the project's terms: in the window, at the price the client saw,
 * at least the minimum, and the user's subscriptions to the project together within the maximum.
 */
export function checkIeoSubscription(params: {
  readonly window: { readonly startsAtMs: number; readonly endsAtMs: number };
  readonly nowMs: number;
  readonly requested: bigint;
  readonly alreadyRequested: bigint;
  readonly minPerUser: bigint;
  readonly maxPerUser: bigint;
  /** The project's price in the payable currency, or null when it is not payable in it. */
  readonly priceUnits: bigint | null;
  readonly pricePresented: bigint;
}): IeoSubscriptionRefusal | null {
  const state = ieoProjectState(params.window, params.nowMs);
  if (state === 'warmup') return 'not_started';
  if (state === 'finished') return 'ended';
  if (params.priceUnits === null) return 'currency_not_payable';
  if (params.pricePresented !== params.priceUnits) return 'price_changed';
  if (params.requested < params.minPerUser) return 'below_minimum';
  if (params.alreadyRequested + params.requested > params.maxPerUser) return 'above_maximum';
  return null;
}
