import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Work due at a time (an expiry, a dividend, an overnight fee, an auction's end): one row per
 * item, kind and period, unique on (kind, key), so it is scheduled once. Its effect and its
 * `done_at` commit in one transaction: after a crash the work is either done or still due, never
 * half done nor done twice.
 */
export const scheduledWork = pgTable(
  'scheduled_work',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    payload: jsonb('payload').$type<Record<string, string | number | boolean | null>>(),
    attempts: integer('attempts').notNull().default(0),
    /** A retry waits until then (an input not recorded yet, a transient failure). */
    notBefore: timestamp('not_before', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('scheduled_work_kind_key_idx').on(table.kind, table.key),
    index('scheduled_work_due_idx').on(table.dueAt, table.id).where(sql`done_at is null`),
  ],
);
