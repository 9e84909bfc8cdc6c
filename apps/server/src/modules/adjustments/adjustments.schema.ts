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

/**
 * An adjustment above APPROVAL_TWO_PERSON_ABOVE_USDT waits here: nothing moves until a second,
 * different staff member approves the same terms (review_approvals, target 'adjustment'); then
 * the balance_adjustments row and its ledger entry are booked in the approval's transaction and
 * `adjustment_id` names them. The requester's Idempotency-Key and body hash make a retried request
 * one request.
 */
export const adjustmentRequests = pgTable(
  'adjustment_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    accountKind: smallint('account_kind').notNull(),
    /** Smallest units, signed: positive credits the user. */
    amount: numeric('amount', { precision: 40, scale: 0 }).notNull(),
    reason: text('reason').notNull(),
    requestedBy: integer('requested_by').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull(),
    decisionReason: text('decision_reason').notNull().default(''),
    decidedBy: integer('decided_by'),
    adjustmentId: integer('adjustment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('adjustment_requests_key_idx').on(table.requestedBy, table.idempotencyKey),
    index('adjustment_requests_status_idx').on(table.status, table.id),
    check('adjustment_requests_amount', sql`${table.amount} <> 0`),
    check('adjustment_requests_status', sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check(
      'adjustment_requests_booked',
      sql`(${table.status} = 'approved') = (${table.adjustmentId} is not null)`,
    ),
  ],
);
