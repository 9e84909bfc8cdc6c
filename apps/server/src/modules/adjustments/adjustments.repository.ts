/** Drizzle queries of balance adjustments. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { balanceAdjustments } from './adjustments.schema';

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
