import { fromScaledBigint } from '@fairex/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { getUserContact } from '../accounts';
import { type AuditActor, recordAudit } from '../audit';
import { listCurrencies } from '../ledger';
import { usdtReferenceSymbol } from '../market';
import { staffNamesOf, staffReviewerOf } from '../staff';
import {
  type ApprovalTerms,
  approvalsRequired,
  currentApprovals,
  isOwnRequest,
  sameTerms,
  usdtMicrosOf,
} from './approvals.domain';
import { approvalsError } from './approvals.errors';
import { type ApprovalTargetType, reviewApprovals } from './approvals.schema';

/** One approval as the console shows it: who, when, and the terms approved (amount as decimal text). */
export type ApprovalView = {
  readonly staff_id: number;
  readonly name: string;
  readonly at: number;
  readonly amount: string;
  readonly currency: string;
  readonly destination: string;
};

type StoredApproval = { readonly staffId: number; readonly at: Date; readonly terms: ApprovalTerms };

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
 * Records one approval of a locked, pending request and its terms, and says whether the terms
 * now have enough approvals. Only approvals of equal terms count together: a later approval of
 * other terms (another amount, say) starts a new count instead of completing the old one. The
 * caller holds the request's row lock, so approvals of one request are serialised; the unique
 * index backs "never the same person twice for the same terms". An incomplete approval is
 * audited here; a complete one is audited by the caller with the decision itself.
 */
export async function recordApproval(
  tx: Database,
  params: {
    readonly target: { readonly type: ApprovalTargetType; readonly id: number };
    readonly actor: AuditActor;
    /** What this approval approves; a complete approval moves exactly these terms. */
    readonly terms: ApprovalTerms;
    readonly required: 1 | 2;
    readonly at: Date;
    /** The request as the audit log shows it. */
    readonly snapshot: Record<string, unknown>;
  },
): Promise<{ complete: boolean }> {
  const earlier =
    (await storedApprovals(tx, params.target.type, [params.target.id])).get(params.target.id) ?? [];
  const agreeing = earlier.filter((approval) => sameTerms(approval.terms, params.terms));
  if (agreeing.some((approval) => approval.staffId === params.actor.staffId)) {
    throw approvalsError('already_approved_by_you');
  }
  await tx.insert(reviewApprovals).values({
    targetType: params.target.type,
    targetId: params.target.id,
    staffId: params.actor.staffId,
    at: params.at,
    terms: params.terms,
  });
  const given = agreeing.length + 1;
  const complete = given >= params.required;
  if (!complete) {
    await recordAudit(tx, {
      actor: params.actor,
      action: `${params.target.type}.first_approval`,
      target: params.target,
      before: params.snapshot,
      after: {
        ...params.snapshot,
        approved_terms: params.terms,
        approvals: given,
        approvals_required: params.required,
      },
      reason: '',
      at: params.at,
    });
  }
  return { complete };
}

async function storedApprovals(
  db: Database,
  type: ApprovalTargetType,
  ids: readonly number[],
): Promise<Map<number, StoredApproval[]>> {
  const byId = new Map<number, StoredApproval[]>();
  if (ids.length === 0) return byId;
  const rows = await db
    .select()
    .from(reviewApprovals)
    .where(and(eq(reviewApprovals.targetType, type), inArray(reviewApprovals.targetId, [...ids])))
    .orderBy(asc(reviewApprovals.id));
  for (const row of rows) {
    const list = byId.get(row.targetId) ?? [];
    list.push({ staffId: row.staffId, at: row.at, terms: row.terms });
    byId.set(row.targetId, list);
  }
  return byId;
}

/**
 * The approvals that count for some requests, by request id, oldest first: those of the newest
 * approval's terms (earlier approvals of other terms are in the audit log), each with its terms.
 */
export async function approvalsFor(
  db: Database,
  type: ApprovalTargetType,
  ids: readonly number[],
): Promise<Map<number, ApprovalView[]>> {
  const stored = await storedApprovals(db, type, ids);
  const byId = new Map<number, ApprovalView[]>();
  if (stored.size === 0) return byId;
  const current = new Map([...stored].map(([id, list]) => [id, currentApprovals(list)]));
  // Stand-in principals (tests, the demo token) have no staff row: their name is "".
  const [names, currencies] = await Promise.all([
    staffNamesOf(
      db,
      [...current.values()].flat().map((approval) => approval.staffId),
    ),
    listCurrencies(db),
  ]);
  for (const [id, list] of current) {
    byId.set(
      id,
      list.map((approval) => {
        const currency = currencies.find((candidate) => candidate.id === approval.terms.currency_id);
        return {
          staff_id: approval.staffId,
          name: names.get(approval.staffId) ?? '',
          at: approval.at.getTime(),
          amount: currency ? fromScaledBigint(BigInt(approval.terms.amount), currency.scale) : '',
          currency: currency?.code ?? '',
          destination: approval.terms.destination ?? '',
        };
      }),
    );
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
