import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { getUserContact } from '../accounts';
import { type AuditActor, recordAudit } from '../audit';
import { usdtReferenceSymbol } from '../market';
import { staffNamesOf, staffReviewerOf } from '../staff';
import { approvalsRequired, isOwnRequest, usdtMicrosOf } from './approvals.domain';
import { approvalsError } from './approvals.errors';
import { type ApprovalTargetType, reviewApprovals } from './approvals.schema';

export type ApprovalView = { readonly staff_id: number; readonly name: string; readonly at: number };

/**
 * Refuses a decision on a staff member's own request: the owner is the customer account the
 * member holds (staff.linked_user_id, set by an admin), or, as a fallback, has the member's e-mail.
 * (Staff accounts are separate from users.)
 */
export async function refuseOwnRequest(tx: Database, actor: AuditActor, ownerUserId: number): Promise<void> {
  const reviewer = await staffReviewerOf(tx, actor.staffId);
  if (reviewer === null) return;
  const owner = await getUserContact(tx, ownerUserId);
  const own = isOwnRequest({
    staff: reviewer,
    owner: { id: ownerUserId, email: owner?.email ?? null },
  });
  if (own) throw approvalsError('own_request');
}

/**
 * Records one approval of a locked, pending request and says whether it is now complete. The
 * caller holds the request's row lock, so approvals of one request are serialised; the unique
 * index backs "never the same person twice". An incomplete approval is audited here; a complete
 * one is audited by the caller with the decision itself.
 */
export async function recordApproval(
  tx: Database,
  params: {
    readonly target: { readonly type: ApprovalTargetType; readonly id: number };
    readonly actor: AuditActor;
    readonly required: 1 | 2;
    readonly at: Date;
    /** The request as the audit log shows it. */
    readonly snapshot: Record<string, unknown>;
  },
): Promise<{ complete: boolean; approvals: ApprovalView[] }> {
  const earlier = await approvalsFor(tx, params.target.type, [params.target.id]);
  const mine = earlier.get(params.target.id) ?? [];
  if (mine.some((approval) => approval.staff_id === params.actor.staffId)) {
    throw approvalsError('already_approved_by_you');
  }
  await tx.insert(reviewApprovals).values({
    targetType: params.target.type,
    targetId: params.target.id,
    staffId: params.actor.staffId,
    at: params.at,
  });
  const names = await staffNamesOf(tx, [params.actor.staffId]);
  const approvals = [
    ...mine,
    { staff_id: params.actor.staffId, name: names.get(params.actor.staffId) ?? '', at: params.at.getTime() },
  ];
  const complete = approvals.length >= params.required;
  if (!complete) {
    await recordAudit(tx, {
      actor: params.actor,
      action: params.target.type === 'deposit' ? 'deposit.first_approval' : 'withdrawal.first_approval',
      target: params.target,
      before: params.snapshot,
      after: { ...params.snapshot, approvals: approvals.length, approvals_required: params.required },
      reason: '',
      at: params.at,
    });
  }
  return { complete, approvals };
}

/** The approvals of some requests, oldest first, by request id. */
export async function approvalsFor(
  db: Database,
  type: ApprovalTargetType,
  ids: readonly number[],
): Promise<Map<number, ApprovalView[]>> {
  const byId = new Map<number, ApprovalView[]>();
  if (ids.length === 0) return byId;
  const rows = await db
    .select()
    .from(reviewApprovals)
    .where(and(eq(reviewApprovals.targetType, type), inArray(reviewApprovals.targetId, [...ids])))
    .orderBy(asc(reviewApprovals.id));
  // Stand-in principals (tests, the demo token) have no staff row: their name is "".
  const names = await staffNamesOf(
    db,
    rows.map((row) => row.staffId),
  );
  for (const row of rows) {
    const list = byId.get(row.targetId) ?? [];
    list.push({ staff_id: row.staffId, name: names.get(row.staffId) ?? '', at: row.at.getTime() });
    byId.set(row.targetId, list);
  }
  return byId;
}

/** The market's reference prices, as far as the two-person rule needs them. */
export type UsdtPrices = { referencePrice(symbol: string): { readonly price: string } | null };

/** How many approvals a request of `units` of a currency needs, valued at the current USDT price. */
export function approvalsNeeded(params: {
  readonly prices: UsdtPrices;
  readonly code: string;
  readonly units: bigint;
  readonly scale: number;
  readonly thresholdMicros: bigint;
}): 1 | 2 {
  const symbol = usdtReferenceSymbol(params.code);
  const price = symbol === null ? '1' : (params.prices.referencePrice(symbol)?.price ?? null);
  return approvalsRequired(
    usdtMicrosOf({ units: params.units, scale: params.scale, price }),
    params.thresholdMicros,
  );
}
