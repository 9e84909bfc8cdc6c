import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Smallest units, as the ledger keeps them. */
const units = (name: string) => numeric(name, { precision: 40, scale: 0 });

/**
 * Mining products (lock, cloud, DeFi: one engine, three listings), set by staff (finance or
 * admin, audited). A change reaches new subscriptions only: each order copies its terms. The
 * product's reserve is the ledger pool `pool:mining:<id>` in its currency; `subscribed` is the
 * principal of its open orders (capacity is checked against it under the product's row lock).
 */
export const miningProducts = pgTable(
  'mining_products',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    currencyId: integer('currency_id').notNull(),
    dailyRatePpm: bigint('daily_rate_ppm', { mode: 'bigint' }).notNull(),
    days: integer('days').notNull(),
    minAmount: units('min_amount').notNull(),
    maxAmount: units('max_amount').notNull(),
    capacity: units('capacity').notNull(),
    subscribed: units('subscribed').notNull().default('0'),
    dividendMinute: smallint('dividend_minute').notNull(),
    penaltyRatePpm: bigint('penalty_rate_ppm', { mode: 'bigint' }).notNull(),
    active: boolean('active').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  () => [
    check('mining_products_category', sql`category in ('lock', 'cloud', 'defi')`),
    check(
      'mining_products_terms',
      sql`days > 0 and min_amount > 0 and max_amount >= min_amount and capacity >= 0 and subscribed >= 0
          and daily_rate_ppm >= 0 and penalty_rate_ppm >= 0 and dividend_minute between 0 and 1439`,
    ),
  ],
);

/**
 * Subscriptions, with the product's terms frozen. The principal is held on the user's spot
 * account (`principal_hold_id`, hold `mining:order:<id>`); the full yield is reserved on the
 * product's reserve (`reserve_hold_id`, hold `mining:order:<id>:yield`). Each dividend is posted
 * from the reserve hold once (mining_dividends, entry `mining:order:<id>:day:<n>`); at maturity the
 * principal hold is released; an early redemption posts the penalty to the reserve and releases
 * the unearned yield.
 */
export const miningOrders = pgTable(
  'mining_orders',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    productId: integer('product_id').notNull(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    amount: units('amount').notNull(),
    dailyRatePpm: bigint('daily_rate_ppm', { mode: 'bigint' }).notNull(),
    days: integer('days').notNull(),
    penaltyRatePpm: bigint('penalty_rate_ppm', { mode: 'bigint' }).notNull(),
    dividendMinute: smallint('dividend_minute').notNull(),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull(),
    principalHoldId: bigint('principal_hold_id', { mode: 'bigint' }).notNull(),
    reserveHoldId: bigint('reserve_hold_id', { mode: 'bigint' }),
    paidDays: integer('paid_days').notNull().default(0),
    state: text('state').notNull(),
    early: boolean('early').notNull().default(false),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    penalty: units('penalty'),
    returned: units('returned'),
  },
  (table) => [
    index('mining_orders_user_idx').on(table.userId, table.id),
    index('mining_orders_product_idx').on(table.productId, table.state),
    check('mining_orders_state', sql`state in ('in_progress', 'redeemed')`),
    check('mining_orders_amounts', sql`amount > 0 and paid_days >= 0 and paid_days <= days`),
    check(
      'mining_orders_redeemed',
      sql`(state = 'in_progress' and redeemed_at is null and penalty is null and returned is null)
          or (state = 'redeemed' and redeemed_at is not null and penalty >= 0 and returned >= 0
              and penalty + returned = amount)`,
    ),
  ],
);

/** Each dividend paid, once per order and day (the primary key). */
export const miningDividends = pgTable(
  'mining_dividends',
  {
    orderId: bigint('order_id', { mode: 'bigint' }).notNull(),
    day: integer('day').notNull(),
    amount: units('amount').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    entryId: bigint('entry_id', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.day] }),
    check('mining_dividends_amount', sql`amount >= 0`),
  ],
);
