import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Idempotency-Key records of money-moving requests: the first request with a key stores its reply;
 * a retry with the same body gets that reply, another body is refused, and a retry while the first
 * is still running gets a conflict.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<'in_flight' | 'done'>().notNull(),
    reply: jsonb('reply'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
