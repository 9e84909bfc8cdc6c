/**
 * Pure rules of the IEO screens: the state and countdown from the clock, the progress of a
 * project, what a subscription costs, and each subscriber's receipt recomputed with the server's
 * own rule (packages/domain ieo.domain.ts) from the public inputs.
 */
import type { IeoAllocationInputs, IeoOrder, IeoProject } from '@fairex/contract';
import {
  fromScaledBigint,
  type IeoProjectState,
  type IeoReceipt,
  ieoCost,
  ieoProjectState,
  ieoReceipt,
  parseAmount,
  toScaledBigint,
} from '@fairex/domain';

export const ieoPaths = {
  list: '/pages/ieo/ieo',
  subscribe: (projectId: number) => `/pages/ieo/subscribe?id=${projectId}`,
  orders: '/pages/ieo/order',
} as const;

/** A project's id from `?id=`, or null. */
export function readProjectId(search: URLSearchParams): number | null {
  const id = Number(search.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The state now, on the server's clock (`offsetMs` = server - this device). */
export function stateAt(project: IeoProject, nowMs: number): IeoProjectState {
  return ieoProjectState({ startsAtMs: project.starts_at, endsAtMs: project.ends_at }, nowMs);
}

/** What the countdown runs to: the start while warming up, the end while in progress. */
export function countdownTarget(project: IeoProject, state: IeoProjectState): number | null {
  if (state === 'warmup') return project.starts_at;
  if (state === 'in_progress') return project.ends_at;
  return null;
}

export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number };

export function countdownParts(leftMs: number): CountdownParts {
  const total = Math.max(0, Math.floor(leftMs / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const two = (value: number) => String(value).padStart(2, '0');

/** "2d 03:04:05", or "03:04:05" under a day (the day suffix comes translated). */
export function countdownText(parts: CountdownParts, daySuffix: string): string {
  const clock = `${two(parts.hours)}:${two(parts.minutes)}:${two(parts.seconds)}`;
  return parts.days > 0 ? `${parts.days}${daySuffix} ${clock}` : clock;
}

function units(text: string | null, scale: number): bigint | null {
  if (text === null) return null;
  const parsed = toScaledBigint(text, scale);
  return parsed.ok ? parsed.value : null;
}

/** Asked for over the issuance, in percent with one decimal, at most 100 (the bar). */
export function progressPercent(project: IeoProject): number {
  const issuance = units(project.issuance, project.token_scale) ?? 0n;
  const requested = units(project.requested_total, project.token_scale) ?? 0n;
  if (issuance <= 0n) return 0;
  const permille = (requested * 1000n) / issuance;
  return Math.min(100, Number(permille) / 10);
}

/** How much the issuance is oversubscribed, e.g. 1.9 for 1900 asked for 1000; null when not. */
export function oversubscription(project: IeoProject): string | null {
  const issuance = units(project.issuance, project.token_scale) ?? 0n;
  const requested = units(project.requested_total, project.token_scale) ?? 0n;
  if (issuance <= 0n || requested <= issuance) return null;
  return fromScaledBigint((requested * 100n) / issuance, 2);
}

/** What `amount` tokens cost at `price` (the server holds exactly this), or null for no amount. */
export function subscriptionCost(params: {
  amount: string;
  tokenScale: number;
  price: string;
  payScale: number;
}): { tokens: bigint; cost: bigint; text: string } | null {
  const tokens = parseAmount(params.amount, params.tokenScale);
  const price = units(params.price, params.payScale);
  if (!tokens.ok || price === null || price <= 0n) return null;
  const cost = ieoCost({ tokens: tokens.units, priceUnits: price, tokenScale: params.tokenScale });
  return { tokens: tokens.units, cost, text: fromScaledBigint(cost, params.payScale) };
}

export type AmountProblem =
  | 'invalid'
  | 'below_minimum'
  | 'above_maximum'
  | 'too_many_decimals'
  | 'insufficient';

/** The form's own check before asking the server (which checks the same and more). */
export function amountProblem(params: {
  amount: string;
  project: IeoProject;
  alreadyRequested: bigint;
  cost: bigint | null;
  available: bigint | null;
}): AmountProblem | null {
  const { project } = params;
  const parsed = parseAmount(params.amount, project.token_scale);
  if (!parsed.ok) return parsed.error === 'too_many_decimals' ? 'too_many_decimals' : 'invalid';
  if (parsed.units < (units(project.min_per_user, project.token_scale) ?? 0n)) return 'below_minimum';
  const max = units(project.max_per_user, project.token_scale) ?? 0n;
  if (params.alreadyRequested + parsed.units > max) return 'above_maximum';
  if (params.cost !== null && params.available !== null && params.cost > params.available)
    return 'insufficient';
  return null;
}

/** Tokens the caller already asked for in a project (the maximum counts them all). */
export function requestedIn(orders: readonly IeoOrder[], projectId: number): bigint {
  return orders
    .filter((order) => order.project_id === projectId)
    .reduce((sum, order) => sum + (units(order.amount, order.token_scale) ?? 0n), 0n);
}

export type CheckedReceipt = IeoReceipt & { readonly verified: boolean };

/** The order's receipt recomputed from the public inputs; verified when it matches the stored one. */
export function receiptOf(order: IeoOrder, inputs: IeoAllocationInputs): CheckedReceipt | null {
  if (order.allocated === null) return null;
  const issuance = units(inputs.issuance, inputs.token_scale);
  const held = units(order.held, order.pay_scale);
  const price = units(order.price, order.pay_scale);
  if (issuance === null || held === null || price === null) return null;
  const applications = inputs.applications.flatMap((application) => {
    const requested = units(application.amount, inputs.token_scale);
    return requested === null ? [] : [{ id: BigInt(application.id), requested }];
  });
  const receipt = ieoReceipt({
    issuance,
    applications,
    orderId: BigInt(order.id),
    held,
    priceUnits: price,
    tokenScale: order.token_scale,
  });
  if (!receipt) return null;
  const verified =
    receipt.allocated === units(order.allocated, order.token_scale) &&
    receipt.charged === units(order.charged, order.pay_scale) &&
    receipt.refunded === units(order.refunded, order.pay_scale);
  return { ...receipt, verified };
}
