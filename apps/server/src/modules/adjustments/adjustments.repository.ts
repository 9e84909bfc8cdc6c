/** Drizzle queries of balance adjustments. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { adjustmentRequests, balanceAdjustments } from './adjustments.schema';

export type AdjustmentRow = {
  readonly id: number;
  readonly userId: number;
  readonly currencyId: number;
  readonly accountKind: number;
  readonly amount: bigint;
  readonly reason: string;
  readonly staffId: number;
  readonly entryId: bigint;
  readonly requestHash: string;
  readonly createdAt: Date;
};

const columns = {
  id: balanceAdjustments.id,
  userId: balanceAdjustments.userId,
  currencyId: balanceAdjustments.currencyId,
  accountKind: balanceAdjustments.accountKind,
  amount: balanceAdjustments.amount,
  reason: balanceAdjustments.reason,
  staffId: balanceAdjustments.staffId,
  entryId: balanceAdjustments.entryId,
  requestHash: balanceAdjustments.requestHash,
  createdAt: balanceAdjustments.createdAt,
};

function toRow(row: Omit<AdjustmentRow, 'amount'> & { amount: string }): AdjustmentRow {
  return { ...row, amount: BigInt(row.amount) };
}

/** One staff member's requests with one key run one at a time until the transaction ends. */
export async function lockIdempotencyKey(
  tx: Database,
  params: { staffId: number; key: string },
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('balance_adjustments'), hashtext(${`${params.staffId}:${params.key}`}))`,
  );
}

export async function findByIdempotencyKey(
  db: Database,
  params: { staffId: number; key: string },
): Promise<AdjustmentRow | null> {
  const [row] = await db
    .select(columns)
    .from(balanceAdjustments)
    .where(
      and(eq(balanceAdjustments.staffId, params.staffId), eq(balanceAdjustments.idempotencyKey, params.key)),
    );
  return row ? toRow(row) : null;
}

/** The next id, taken first: the ledger reference names it. */
export async function nextAdjustmentId(tx: Database): Promise<number> {
  const result = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence('balance_adjustments', 'id'))::int as id`,
  )) as unknown as { rows: { id: number }[] };
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('balance_adjustments sequence answered nothing');
  return Number(id);
}

export async function insertAdjustment(
  tx: Database,
  row: AdjustmentRow & { readonly idempotencyKey: string },
): Promise<AdjustmentRow> {
  const [inserted] = await tx
    .insert(balanceAdjustments)
    .values({ ...row, amount: row.amount.toString() })
    .returning(columns);
  if (!inserted) throw new Error('adjustment insert returned no row');
  return toRow(inserted);
}

/** Newest first, optionally one user's. */
export async function listAdjustments(
  db: Database,
  params: { userId: number | undefined; limit: number; offset: number },
): Promise<AdjustmentRow[]> {
  const rows = await db
    .select(columns)
    .from(balanceAdjustments)
    .where(params.userId === undefined ? undefined : eq(balanceAdjustments.userId, params.userId))
    .orderBy(desc(balanceAdjustments.id))
    .limit(params.limit)
    .offset(params.offset);
  return rows.map(toRow);
}

export type AdjustmentRequestRow = {
  readonly id: number;
  readonly userId: number;
  readonly currencyId: number;
  readonly accountKind: number;
  readonly amount: bigint;
  readonly reason: string;
  readonly requestedBy: number;
  readonly idempotencyKey: string;
  readonly requestHash: string;
  readonly status: 'pending' | 'approved' | 'rejected';
  readonly decisionReason: string;
  readonly decidedBy: number | null;
  readonly adjustmentId: number | null;
  readonly createdAt: Date;
};

const requestColumns = {
  id: adjustmentRequests.id,
  userId: adjustmentRequests.userId,
  currencyId: adjustmentRequests.currencyId,
  accountKind: adjustmentRequests.accountKind,
  amount: adjustmentRequests.amount,
  reason: adjustmentRequests.reason,
  requestedBy: adjustmentRequests.requestedBy,
  idempotencyKey: adjustmentRequests.idempotencyKey,
  requestHash: adjustmentRequests.requestHash,
  status: adjustmentRequests.status,
  decisionReason: adjustmentRequests.decisionReason,
  decidedBy: adjustmentRequests.decidedBy,
  adjustmentId: adjustmentRequests.adjustmentId,
  createdAt: adjustmentRequests.createdAt,
};

function toRequestRow(row: Omit<AdjustmentRequestRow, 'amount'> & { amount: string }): AdjustmentRequestRow {
  return { ...row, amount: BigInt(row.amount) };
}

export async function findRequestByIdempotencyKey(
  db: Database,
  params: { staffId: number; key: string },
): Promise<AdjustmentRequestRow | null> {
  const [row] = await db
    .select(requestColumns)
    .from(adjustmentRequests)
    .where(
      and(
        eq(adjustmentRequests.requestedBy, params.staffId),
        eq(adjustmentRequests.idempotencyKey, params.key),
      ),
    );
  return row ? toRequestRow(row) : null;
}

export async function insertRequest(
  tx: Database,
  row: Omit<AdjustmentRequestRow, 'id' | 'status' | 'decisionReason' | 'decidedBy' | 'adjustmentId'>,
): Promise<AdjustmentRequestRow> {
  const [inserted] = await tx
    .insert(adjustmentRequests)
    .values({ ...row, amount: row.amount.toString(), status: 'pending' })
    .returning(requestColumns);
  if (!inserted) throw new Error('adjustment request insert returned no row');
  return toRequestRow(inserted);
}

/** The request, its row locked until the transaction ends (decisions on it run one at a time). */
export async function lockRequest(tx: Database, id: number): Promise<AdjustmentRequestRow | null> {
  const [row] = await tx
    .select(requestColumns)
    .from(adjustmentRequests)
    .where(eq(adjustmentRequests.id, id))
    .for('update');
  return row ? toRequestRow(row) : null;
}

/** Ends a pending request; null when it was no longer pending. */
export async function endRequest(
  tx: Database,
  params: {
    id: number;
    status: 'approved' | 'rejected';
    decisionReason: string;
    decidedBy: number;
    adjustmentId: number | null;
    at: Date;
  },
): Promise<AdjustmentRequestRow | null> {
  const [row] = await tx
    .update(adjustmentRequests)
    .set({
      status: params.status,
      decisionReason: params.decisionReason,
      decidedBy: params.decidedBy,
      adjustmentId: params.adjustmentId,
      decidedAt: params.at,
    })
    .where(and(eq(adjustmentRequests.id, params.id), eq(adjustmentRequests.status, 'pending')))
    .returning(requestColumns);
  return row ? toRequestRow(row) : null;
}

/** Pending oldest first; decided newest first. */
export async function listRequests(
  db: Database,
  params: { status: 'pending' | 'approved' | 'rejected'; limit: number; offset: number },
): Promise<AdjustmentRequestRow[]> {
  const rows = await db
    .select(requestColumns)
    .from(adjustmentRequests)
    .where(eq(adjustmentRequests.status, params.status))
    .orderBy(params.status === 'pending' ? asc(adjustmentRequests.id) : desc(adjustmentRequests.id))
    .limit(params.limit)
    .offset(params.offset);
  return rows.map(toRequestRow);
}
