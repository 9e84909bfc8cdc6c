/** The audit log's reads and its one write; rows come back as domain AuditRows. */
import { and, asc, desc, eq, gt, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { AuditRow } from './audit.domain';
import { auditLog } from './audit.schema';

export type AuditFilter = {
  readonly staffId?: number | undefined;
  readonly action?: AuditRow['action'] | undefined;
  readonly targetType?: AuditRow['targetType'] | undefined;
  readonly targetId?: string | undefined;
  readonly from?: Date | undefined;
  readonly to?: Date | undefined;
};

const rowColumns = {
  id: auditLog.id,
  at: auditLog.at,
  staffId: auditLog.staffId,
  staffRoles: auditLog.staffRoles,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  before: auditLog.before,
  after: auditLog.after,
  reason: auditLog.reason,
  requestId: auditLog.requestId,
  prevHash: auditLog.prevHash,
  hash: auditLog.hash,
};

/**
 * Appends are serialised until the transaction ends: the head read next is the last committed row,
 * so two staff actions at once cannot both follow it. Take it last in a transaction (after every
 * row and ledger lock) so it never waits while holding what another appender needs.
 */
export async function lockChain(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('audit_log'), 0)`);
}

export async function chainHead(tx: Database): Promise<{ id: bigint; hash: string } | null> {
  const [row] = await tx
    .select({ id: auditLog.id, hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row ?? null;
}

/** The next id, taken before the row is hashed (the hash covers it). */
export async function nextAuditId(tx: Database): Promise<bigint> {
  const result = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence('audit_log', 'id'))::text as id`,
  )) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('audit_log sequence answered nothing');
  return BigInt(id);
}

export async function insertAuditRow(tx: Database, row: AuditRow): Promise<void> {
  await tx.insert(auditLog).values({ ...row, staffRoles: [...row.staffRoles] });
}

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.staffId !== undefined) conditions.push(eq(auditLog.staffId, filter.staffId));
  if (filter.action !== undefined) conditions.push(eq(auditLog.action, filter.action));
  if (filter.targetType !== undefined) conditions.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId !== undefined) conditions.push(eq(auditLog.targetId, filter.targetId));
  if (filter.from !== undefined) conditions.push(gte(auditLog.at, filter.from));
  if (filter.to !== undefined) conditions.push(lt(auditLog.at, filter.to));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Matching rows, newest first. */
export async function listAuditRows(
  db: Database,
  params: { filter: AuditFilter; limit: number; offset: number },
): Promise<AuditRow[]> {
  return db
    .select(rowColumns)
    .from(auditLog)
    .where(whereOf(params.filter))
    .orderBy(desc(auditLog.id))
    .limit(params.limit)
    .offset(params.offset);
}

/** The next rows of the chain after `afterId` (all from the start when null), oldest first. */
export async function chainRowsAfter(
  db: Database,
  params: { afterId: bigint | null; limit: number },
): Promise<AuditRow[]> {
  return db
    .select(rowColumns)
    .from(auditLog)
    .where(params.afterId === null ? undefined : gt(auditLog.id, params.afterId))
    .orderBy(asc(auditLog.id))
    .limit(params.limit);
}
