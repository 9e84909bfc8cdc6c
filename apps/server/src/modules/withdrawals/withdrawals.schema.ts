import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PriceTicks } from './withdrawals.domain';

/** Smallest units, as the ledger keeps them. */
const units = (name: string) => numeric(name, { precision: 40, scale: 0 });

/** The destination frozen into a request (later edits of the saved address or card change nothing). */
export type DestinationSnapshot = Record<string, unknown> & { kind: 'address' | 'bank_card' };

/**
 * Withdrawal requests. `amount` is what the user receives, `fee` comes on top; both are held on
 * the user's spot account by the ledger hold `withdrawal:<id>` (id in `hold_id`) until staff
 * approve (posted as the entry `withdrawal:<id>:payout`), reject, or the user cancels (released).
 * `btc_equivalent` and `limit_btc` (BTC smallest units) record the 24-hour limit as it was applied.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    chain: text('chain'),
    amount: units('amount').notNull(),
    fee: units('fee').notNull(),
    destinationKind: text('destination_kind').$type<'address' | 'bank_card'>().notNull(),
    destinationId: integer('destination_id').notNull(),
    destination: jsonb('destination').$type<DestinationSnapshot>().notNull(),
    holdId: bigint('hold_id', { mode: 'bigint' }),
    status: text('status').$type<'pending' | 'approved' | 'rejected' | 'cancelled'>().notNull(),
    reason: text('reason').notNull().default(''),
    btcEquivalent: units('btc_equivalent').notNull(),
    limitBtc: units('limit_btc').notNull(),
    priceTicks: jsonb('price_ticks').$type<PriceTicks>().notNull(),
    /** The Idempotency-Key of the request that made it: one request per key, even after a crash. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The staff member who approved or rejected (null when the user cancelled). */
    decidedBy: integer('decided_by'),
  },
  (table) => [
    index('withdrawals_user_idx').on(table.userId, table.createdAt),
    index('withdrawals_status_idx').on(table.status, table.id),
    uniqueIndex('withdrawals_idempotency_idx')
      .on(table.userId, table.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    check('withdrawals_amounts', sql`amount > 0 and fee >= 0 and btc_equivalent >= 0 and limit_btc >= 0`),
    check('withdrawals_status', sql`status in ('pending', 'approved', 'rejected', 'cancelled')`),
    check('withdrawals_decided', sql`(status = 'pending') = (decided_at is null)`),
  ],
);

/**
 * The payout outbox: one row per approved withdrawal, written in the approval's transaction and
 * sent by the payout worker. `lease_until` marks a row a worker has claimed (a crashed worker's
 * claim expires and the row is tried again, with the same idempotency key at the gateway).
 */
export const withdrawalPayouts = pgTable(
  'withdrawal_payouts',
  {
    id: serial('id').primaryKey(),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    status: text('status').$type<'queued' | 'sent' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    externalRef: text('external_ref'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('withdrawal_payouts_withdrawal_idx').on(table.withdrawalId),
    index('withdrawal_payouts_due_idx').on(table.nextAttemptAt).where(sql`status = 'queued'`),
    check('withdrawal_payouts_status', sql`status in ('queued', 'sent', 'failed')`),
    check(
      'withdrawal_payouts_sent',
      sql`(status = 'sent') = (sent_at is not null and external_ref is not null)`,
    ),
  ],
);

/**
 * The rolling 24-hour withdrawal limit per verification level, in BTC smallest units (spec
 * sections 6 and 9: Lv1 200 BTC, Lv2 500 BTC; seeded at start). Admins change a row; each request
 * records in `withdrawals.limit_btc` the limit it was checked against, so a change applies to new
 * requests only. A level without a row (0, unverified) may not withdraw.
 */
export const withdrawalLimits = pgTable(
  'withdrawal_limits',
  {
    level: integer('level').primaryKey(),
    limitBtc: units('limit_btc').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('withdrawal_limits_values', sql`level >= 1 and limit_btc >= 0`)],
);
