/**
 * Appending to the audit trail inside the caller's transaction, reading it back for the console,
 * and verifying the chain. Every staff action calls `recordAudit` in the transaction of the action
 * itself, so the action and its audit entry commit together or not at all.
 */
import { createHash } from 'node:crypto';
import {
  type AuditAction,
  type AuditEntry,
  type AuditList,
  type AuditTargetType,
  auditExportLinesMax,
  auditPageSizeDefault,
} from '@fairex/contract';
import type { Database } from '../../platform/db/database';
import {
  type AuditRow,
  type AuditRowFields,
  auditCsv,
  auditHash,
  auditSnapshot,
  type ChainBreak,
  type ChainState,
  continueChain,
  emptyChain,
  genesisHash,
  type Sha256Hex,
} from './audit.domain';
import {
  type AuditFilter,
  chainHead,
  chainRowsAfter,
  insertAuditRow,
  listAuditRows,
  lockChain,
  nextAuditId,
} from './audit.repository';

/** Who acted: the staff member, their roles at the time, and the request (its id is logged). */
export type AuditActor = {
  readonly staffId: number;
  readonly roles: readonly string[];
  readonly requestId: string;
};

export type AuditRecord = {
  readonly actor: AuditActor;
  readonly action: AuditAction;
  readonly target: { readonly type: AuditTargetType; readonly id: string | number };
  /** The object before and after the action (no secrets: secret-looking keys are redacted). */
  readonly before: object | null;
  readonly after: object | null;
  readonly reason?: string | undefined;
  readonly at: Date;
};

const reasonLengthMax = 1000;
const requestIdLengthMax = 200;
/** The chain is verified this many rows at a time. */
const verifyBatchRows = 1000;

export const sha256Hex: Sha256Hex = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Appends one entry to the chain in `tx`, the caller's transaction. Call it last in the
 * transaction: it holds the chain's lock until commit.
 */
export async function recordAudit(tx: Database, record: AuditRecord): Promise<AuditRow> {
  await lockChain(tx);
  const head = await chainHead(tx);
  const id = await nextAuditId(tx);
  const fields: AuditRowFields = {
    id,
    at: record.at,
    staffId: record.actor.staffId,
    staffRoles: [...record.actor.roles],
    action: record.action,
    targetType: record.target.type,
    targetId: String(record.target.id),
    before: auditSnapshot(record.before),
    after: auditSnapshot(record.after),
    reason: (record.reason ?? '').trim().slice(0, reasonLengthMax),
    requestId: record.actor.requestId.slice(0, requestIdLengthMax),
    prevHash: head?.hash ?? genesisHash,
  };
  const row: AuditRow = { ...fields, hash: auditHash(fields, sha256Hex) };
  await insertAuditRow(tx, row);
  return row;
}

export type ChainVerification =
  | { readonly ok: true; readonly state: ChainState }
  | { readonly ok: false; readonly state: ChainState; readonly break: ChainBreak };

/** Walks the whole chain, oldest first, in bounded batches; stops at the first bad row. */
export async function verifyAuditChain(db: Database): Promise<ChainVerification> {
  let state = emptyChain;
  for (;;) {
    const rows = await chainRowsAfter(db, { afterId: state.lastId, limit: verifyBatchRows });
    if (rows.length === 0) return { ok: true, state };
    const checked = continueChain(state, rows, sha256Hex);
    if (!checked.ok) return checked;
    state = checked.state;
  }
}

export function auditEntryView(row: AuditRow): AuditEntry {
  return {
    id: row.id.toString(),
    at: row.at.getTime(),
    staff_id: row.staffId,
    staff_roles: [...row.staffRoles],
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before,
    after: row.after,
    reason: row.reason,
    request_id: row.requestId,
    prev_hash: row.prevHash,
    hash: row.hash,
  };
}

/** The console's list: matching entries newest first, one page. */
export async function auditPage(
  db: Database,
  params: { filter: AuditFilter; page: number | undefined; limit: number | undefined },
): Promise<AuditList> {
  const page = params.page ?? 1;
  const pageSize = params.limit ?? auditPageSizeDefault;
  const rows = await listAuditRows(db, {
    filter: params.filter,
    limit: pageSize + 1,
    offset: (page - 1) * pageSize,
  });
  return {
    list: rows.slice(0, pageSize).map(auditEntryView),
    page,
    page_size: pageSize,
    has_more: rows.length > pageSize,
  };
}

/** The matching entries (newest first, at most auditExportLinesMax) as CSV. */
export async function auditExport(db: Database, filter: AuditFilter): Promise<string> {
  return auditCsv(await listAuditRows(db, { filter, limit: auditExportLinesMax, offset: 0 }));
}
