import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Smallest units fit NUMERIC(40,0); 1e30 smallest units is already refused at the edge. */
const units = (name: string) => numeric(name, { precision: 40, scale: 0 });

/**
 * Assets the ledger counts. `scale` is the number of decimals of one smallest unit (BTC 8: one
 * satoshi); every amount in the ledger is an integer count of smallest units of its currency.
 */
export const currencies = pgTable(
  'currencies',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    scale: smallint('scale').notNull(),
    /** Networks deposits and withdrawals travel on, e.g. ["ERC20","TRC20"] for USDT. */
    chains: jsonb('chains').$type<string[]>().notNull(),
    image: text('image').notNull().default(''),
    /** Smallest units: the least a user may withdraw, and the fee taken on each withdrawal. */
    withdrawMin: units('withdraw_min').notNull().default('0'),
    withdrawFee: units('withdraw_fee').notNull().default('0'),
    /** May quote a market (USDT). */
    isQuote: boolean('is_quote').notNull().default(false),
    status: smallint('status').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    uniqueIndex('currencies_code_idx').on(table.code),
    check('currencies_scale_range', sql`${table.scale} between 0 and 18`),
  ],
);

/**
 * One account per user, currency and kind (1 legal, 2 change, 3 lever, 4 micro, ...), plus named
 * system accounts per currency. `balance` is the sum of the account's postings (credits positive);
 * `held` is the part set aside by pending holds. The CHECK makes the database itself refuse a user
 * balance below what is held or below zero, inside the transaction that would cause it.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    currencyId: integer('currency_id').notNull(),
    userId: integer('user_id'),
    kind: smallint('kind'),
    systemName: text('system_name'),
    balance: units('balance').notNull().default('0'),
    held: units('held').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_user_idx')
      .on(table.userId, table.currencyId, table.kind)
      .where(sql`user_id is not null`),
    uniqueIndex('ledger_accounts_system_idx')
      .on(table.systemName, table.currencyId)
      .where(sql`system_name is not null`),
    check(
      'ledger_accounts_owner',
      sql`(user_id is not null and kind is not null and system_name is null) or (user_id is null and kind is null and system_name is not null)`,
    ),
    check('ledger_accounts_held_nonnegative', sql`held >= 0`),
    check('ledger_accounts_user_nonnegative', sql`user_id is null or balance >= held`),
    // A product's pool or reserve pays only what it holds: never below zero nor below its holds.
    check(
      'ledger_accounts_pool_nonnegative',
      sql`system_name is null or system_name not like 'pool:%' or balance >= held`,
    ),
  ],
);

/**
 * The journal: one row per balanced transfer. `reference` names the business event it settles
 * ("deposit:12", "withdrawal:7:payout") and is unique, so an event can be booked at most once.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    /** The user whose bill shows the entry (null for system-only entries). */
    userId: integer('user_id'),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key'),
    /** The price tick the entry used (fills, settlements, equivalents), for anyone to check. */
    tickId: bigint('tick_id', { mode: 'bigint' }),
    memo: jsonb('memo').$type<Record<string, string | number | null>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('ledger_entries_reference_idx').on(table.reference).where(sql`reference is not null`),
    uniqueIndex('ledger_entries_idempotency_idx')
      .on(table.userId, table.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    index('ledger_entries_user_idx').on(table.userId, table.id),
  ],
);

/** The legs of each entry; append-only (triggers in the migration refuse UPDATE, DELETE, TRUNCATE). */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    entryId: bigint('entry_id', { mode: 'bigint' }).notNull(),
    accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
    currencyId: integer('currency_id').notNull(),
    amount: units('amount').notNull(),
    balanceAfter: units('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('ledger_postings_account_idx').on(table.accountId, table.id),
    index('ledger_postings_entry_idx').on(table.entryId),
    check('ledger_postings_nonzero', sql`amount <> 0`),
  ],
);

/**
 * Two-phase holds: money set aside on an account (`held`), then posted (in one or more parts) or
 * released, each exactly once. `remaining` is what is still set aside; a closed hold has none.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
    currencyId: integer('currency_id').notNull(),
    userId: integer('user_id'),
    amount: units('amount').notNull(),
    remaining: units('remaining').notNull(),
    state: text('state').$type<'pending' | 'posted' | 'released'>().notNull(),
    reason: text('reason').notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ledger_holds_reference_idx').on(table.reference),
    index('ledger_holds_account_idx').on(table.accountId).where(sql`state = 'pending'`),
    check('ledger_holds_amounts', sql`amount > 0 and remaining >= 0 and remaining <= amount`),
    check(
      'ledger_holds_closed',
      sql`(state = 'pending' and resolved_at is null and remaining > 0) or (state <> 'pending' and resolved_at is not null and remaining = 0)`,
    ),
  ],
);
