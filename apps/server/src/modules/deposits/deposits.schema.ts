import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Smallest units, as the ledger keeps them. */
const units = (name: string) => numeric(name, { precision: 40, scale: 0 });

/**
 * The operator's receiving address per currency and chain. None exist until finance staff set
 * them (a demo installation seeds made-up ones, `note` = 'demo'); inactive ones are not offered.
 */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: serial('id').primaryKey(),
    currencyId: integer('currency_id').notNull(),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    memo: text('memo'),
    active: boolean('active').notNull(),
    note: text('note').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** The staff member who set it; null for the demo seed. */
    updatedBy: integer('updated_by'),
  },
  (table) => [uniqueIndex('deposit_addresses_currency_chain_idx').on(table.currencyId, table.chain)],
);

/** Every change to a deposit address, as it was saved and by whom (append-only by use). */
export const depositAddressChanges = pgTable(
  'deposit_address_changes',
  {
    id: serial('id').primaryKey(),
    currencyId: integer('currency_id').notNull(),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    memo: text('memo'),
    active: boolean('active').notNull(),
    changedBy: integer('changed_by').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('deposit_address_changes_idx').on(table.currencyId, table.chain, table.id)],
);

/**
 * A user's deposit: what they say they sent, with the payment voucher, until finance staff
 * approve (crediting `credited_amount` once, ledger reference `deposit:<id>`) or reject it.
 */
export const depositRequests = pgTable(
  'deposit_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    chain: text('chain').notNull(),
    amount: units('amount').notNull(),
    /** Where the user says they paid from (optional, as typed). */
    sender: text('sender').notNull().default(''),
    /** The voucher image's path (`/uploads/...`), private to the owner and staff. */
    voucher: text('voucher').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull(),
    reason: text('reason').notNull().default(''),
    creditedAmount: units('credited_amount'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The request's Idempotency-Key: a retry after a lost reply finds the same request. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('deposit_requests_user_idx').on(table.userId, table.id),
    index('deposit_requests_status_idx').on(table.status, table.createdAt),
    uniqueIndex('deposit_requests_idempotency_idx')
      .on(table.userId, table.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    check('deposit_requests_status', sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check('deposit_requests_amount', sql`${table.amount} > 0`),
    // Credited exactly when approved, and then by a positive amount.
    check(
      'deposit_requests_credit',
      sql`(${table.status} = 'approved') = (${table.creditedAmount} is not null) and coalesce(${table.creditedAmount}, 1) > 0`,
    ),
    check('deposit_requests_review', sql`(${table.status} = 'pending') = (${table.reviewedAt} is null)`),
  ],
);
