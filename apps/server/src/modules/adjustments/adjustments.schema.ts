import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A balance correction staff booked: a signed amount on one user account, paid by or to the
 * `adjustments` system account as one ledger entry (kind 'adjustment', reference
 * `adjustment:<id>`, the reason in its memo). Append-only (triggers in the migration).
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    accountKind: smallint('account_kind').notNull(),
    /** Smallest units, signed: positive credits the user. */
    amount: numeric('amount', { precision: 40, scale: 0 }).notNull(),
    reason: text('reason').notNull(),
    staffId: integer('staff_id').notNull(),
    entryId: bigint('entry_id', { mode: 'bigint' }).notNull(),
    /** The staff request's Idempotency-Key and a hash of its body: a retry replays, once. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('balance_adjustments_key_idx').on(table.staffId, table.idempotencyKey),
    uniqueIndex('balance_adjustments_entry_idx').on(table.entryId),
    index('balance_adjustments_user_idx').on(table.userId, table.id),
    check('balance_adjustments_amount', sql`${table.amount} <> 0`),
  ],
);
