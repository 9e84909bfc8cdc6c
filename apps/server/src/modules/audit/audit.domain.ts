/**
 * Pure rules of the audit trail: snapshots as plain JSON without secrets, the canonical JSON every
 * hash is taken over, each row's hash, the chain check, and the CSV export. No I/O here; the
 * sha-256 function comes in as an argument (node:crypto in the service, the same in tests).
 */
import type { AuditAction, AuditTargetType } from '@fairex/contract';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** Hex sha-256 of a UTF-8 text. */
export type Sha256Hex = (text: string) => string;

/** The first row's prev_hash. */
export const genesisHash = '0'.repeat(64);

/** Snapshots nest at most this deep; deeper is a bug in the caller, not something to store. */
const snapshotDepthMax = 8;
/** Keys whose values never reach the audit log, whatever a caller passes. */
const secretKeyPattern = /password|secret|token|totp|otp|private_key|api_key|mnemonic|seed_phrase/i;
export const redacted = '[redacted]';

/**
 * Turns a snapshot into JSON the database stores and returns unchanged (so the hash taken now
 * holds when the verifier recomputes it): bigint becomes decimal text, Date ISO text, undefined
 * entries are dropped, non-finite numbers refused, and secret-looking keys redacted.
 */
export function toAuditJson(value: unknown, depth = 0): JsonValue {
  if (depth > snapshotDepthMax) throw new Error('audit snapshot nests too deep');
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      // jsonb refuses U+0000; nothing legitimate carries it.
      return value.replaceAll('\u0000', '');
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new Error('audit snapshot holds a non-finite number');
      return value;
    case 'bigint':
      return value.toString();
    case 'object': {
      if (value instanceof Date) return value.toISOString();
      if (Array.isArray(value)) return value.map((item) => toAuditJson(item, depth + 1));
      const result: JsonObject = {};
      for (const [key, item] of Object.entries(value)) {
        if (item === undefined) continue;
        result[key] = secretKeyPattern.test(key) ? redacted : toAuditJson(item, depth + 1);
      }
      return result;
    }
    default:
      throw new Error(`audit snapshot holds a ${typeof value}`);
  }
}

/** A snapshot for before/after: an object, or null when there was none. */
export function auditSnapshot(value: object | null | undefined): JsonObject | null {
  if (value === null || value === undefined) return null;
  const json = toAuditJson(value);
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new Error('an audit snapshot is an object');
  return json;
}

/** JSON with object keys sorted (by code unit) at every level and no whitespace. */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] ?? null)}`).join(',')}}`;
}

/** One audit row as stored, without its own hash. */
export type AuditRowFields = {
  readonly id: bigint;
  readonly at: Date;
  readonly staffId: number;
  readonly staffRoles: readonly string[];
  readonly action: AuditAction;
  readonly targetType: AuditTargetType;
  readonly targetId: string;
  readonly before: JsonObject | null;
  readonly after: JsonObject | null;
  readonly reason: string;
  readonly requestId: string;
  readonly prevHash: string;
};
export type AuditRow = AuditRowFields & { readonly hash: string };

/** The fields a row's hash covers, by their column names. */
export function hashedFields(row: AuditRowFields): JsonObject {
  return {
    id: row.id.toString(),
    at: row.at.toISOString(),
    staff_id: row.staffId,
    staff_roles: [...row.staffRoles],
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before,
    after: row.after,
    reason: row.reason,
    request_id: row.requestId,
  };
}

/** sha-256 over the previous row's hash and the canonical JSON of this row's fields. */
export function auditHash(row: AuditRowFields, sha256: Sha256Hex): string {
  return sha256(`${row.prevHash}\n${canonicalJson(hashedFields(row))}`);
}

/** Where a chain check stands after the rows seen so far. */
export type ChainState = {
  readonly count: number;
  readonly lastId: bigint | null;
  readonly lastHash: string;
};
export const emptyChain: ChainState = { count: 0, lastId: null, lastHash: genesisHash };

export type ChainProblem = 'out_of_order' | 'prev_hash_mismatch' | 'hash_mismatch';
export type ChainBreak = {
  readonly id: bigint;
  readonly problem: ChainProblem;
  readonly expected: string;
  readonly found: string;
};

/**
 * Checks the next rows (ascending id) against the chain so far: each row must follow the last
 * one's id and hash, and its stored hash must be the one its fields give. An edited row fails its
 * own hash; a deleted or inserted row breaks the link of the row after it.
 */
export function continueChain(
  state: ChainState,
  rows: readonly AuditRow[],
  sha256: Sha256Hex,
): { ok: true; state: ChainState } | { ok: false; break: ChainBreak; state: ChainState } {
  let current = state;
  for (const row of rows) {
    if (current.lastId !== null && row.id <= current.lastId) {
      return {
        ok: false,
        state: current,
        break: {
          id: row.id,
          problem: 'out_of_order',
          expected: `> ${current.lastId}`,
          found: String(row.id),
        },
      };
    }
    if (row.prevHash !== current.lastHash) {
      return {
        ok: false,
        state: current,
        break: { id: row.id, problem: 'prev_hash_mismatch', expected: current.lastHash, found: row.prevHash },
      };
    }
    const expected = auditHash(row, sha256);
    if (row.hash !== expected) {
      return {
        ok: false,
        state: current,
        break: { id: row.id, problem: 'hash_mismatch', expected, found: row.hash },
      };
    }
    current = { count: current.count + 1, lastId: row.id, lastHash: row.hash };
  }
  return { ok: true, state: current };
}

/** A break in words, for the CLI and the logs. */
export function describeBreak(chainBreak: ChainBreak): string {
  switch (chainBreak.problem) {
    case 'out_of_order':
      return `entry #${chainBreak.id}: ids out of order (expected ${chainBreak.expected})`;
    case 'prev_hash_mismatch':
      return `entry #${chainBreak.id}: does not follow the entry before it (prev_hash ${chainBreak.found}, the chain has ${chainBreak.expected}): an entry before it was changed, removed or inserted`;
    case 'hash_mismatch':
      return `entry #${chainBreak.id}: its fields do not match its hash (stored ${chainBreak.found}, computed ${chainBreak.expected}): the entry was changed`;
    default:
      return chainBreak.problem satisfies never;
  }
}

/**
 * RFC 4180 field: quoted when it holds a comma, quote or line break. A text field starting with
 * =, +, -, @, tab or CR gets a leading ' so a spreadsheet does not run it as a formula.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const auditCsvHeader = [
  'id',
  'at',
  'staff_id',
  'staff_roles',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'reason',
  'request_id',
  'prev_hash',
  'hash',
] as const;

/** The audit log as CSV: a header row, ISO 8601 UTC times, snapshots as canonical JSON; CRLF lines. */
export function auditCsv(rows: readonly AuditRow[]): string {
  const lines = [auditCsvHeader.join(',')];
  for (const row of rows) {
    lines.push(
      [
        row.id.toString(),
        row.at.toISOString(),
        String(row.staffId),
        csvField(row.staffRoles.join(' ')),
        csvField(row.action),
        csvField(row.targetType),
        csvField(row.targetId),
        csvField(row.before === null ? '' : canonicalJson(row.before)),
        csvField(row.after === null ? '' : canonicalJson(row.after)),
        csvField(row.reason),
        csvField(row.requestId),
        row.prevHash,
        row.hash,
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
