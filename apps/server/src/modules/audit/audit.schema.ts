import type { AuditAction, AuditTargetType } from '@fairex/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { JsonObject } from './audit.domain';

/**
 * Every staff action: who (staff id and roles at the time), what, to which object, the object
 * before and after, why, and the request. Append-only (triggers in the migration refuse UPDATE,
 * DELETE and TRUNCATE) and hash-chained: `hash` = sha-256 over `prev_hash` and the row's fields
 * (audit.domain.ts), rows appended one at a time under an advisory lock. The unique `prev_hash`
 * makes a fork impossible even if that lock were skipped.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** 0: the demo staff token of earlier releases (entries made before staff accounts existed). */
    staffId: integer('staff_id').notNull(),
    staffRoles: text('staff_roles').array().notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type').$type<AuditTargetType>().notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<JsonObject>(),
    after: jsonb('after').$type<JsonObject>(),
    reason: text('reason').notNull(),
    requestId: text('request_id').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    uniqueIndex('audit_log_prev_hash_idx').on(table.prevHash),
    index('audit_log_staff_idx').on(table.staffId, table.id),
    index('audit_log_action_idx').on(table.action, table.id),
    index('audit_log_target_idx').on(table.targetType, table.targetId, table.id),
    index('audit_log_at_idx').on(table.at),
    check('audit_log_hashes', sql`${table.hash} ~ '^[0-9a-f]{64}$' and ${table.prevHash} ~ '^[0-9a-f]{64}$'`),
  ],
);
