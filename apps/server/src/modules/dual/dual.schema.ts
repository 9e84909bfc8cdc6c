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
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Smallest units, as the ledger keeps them. */
const units = (name: string) => numeric(name, { precision: 40, scale: 0 });

/**
 * Dual investment products, set by staff (finance or admin, audited). A change reaches new orders
 * only: each order copies its terms. The pair (instrument, coin, quote) is fixed at creation. The
 * reserve is the ledger pool `pool:dual:<id>`, one account per currency of the pair. Prices are
 * quote smallest units per whole coin; the unit price (one share) is in the invested currency's
 * smallest units (the coin for call, the quote for put). `sold_shares` counts open and settled
 * orders' shares (capacity is checked against it under the product's row lock).
 */
export const dualProducts = pgTable(
  'dual_products',
  {
    id: serial('id').primaryKey(),
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    instrumentId: integer('instrument_id').notNull(),
    pair: text('pair').notNull(),
    baseCurrencyId: integer('base_currency_id').notNull(),
    quoteCurrencyId: integer('quote_currency_id').notNull(),
    direction: text('direction').notNull(),
    linkedPrice: units('linked_price').notNull(),
    annualRatePpm: bigint('annual_rate_ppm', { mode: 'bigint' }).notNull(),
    days: integer('days').notNull(),
    settleAt: timestamp('settle_at', { withTimezone: true }).notNull(),
    unitPrice: units('unit_price').notNull(),
    minShares: integer('min_shares').notNull(),
    maxShares: integer('max_shares').notNull(),
    totalShares: integer('total_shares').notNull(),
    soldShares: integer('sold_shares').notNull().default(0),
    active: boolean('active').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  () => [
    check('dual_products_direction', sql`direction in ('call', 'put')`),
    check(
      'dual_products_terms',
      sql`days > 0 and linked_price > 0 and unit_price > 0 and annual_rate_ppm >= 0 and min_shares > 0
          and max_shares >= min_shares and total_shares >= 0 and sold_shares >= 0`,
    ),
  ],
);

/**
 * Orders, with the product's terms frozen. The principal is held on the user's spot account
 * (`principal_hold_id`, hold `dual:order:<id>`); the reserve holds, in each currency of the pair,
 * what either outcome can cost it beyond the principal (`base_hold_id`, `quote_hold_id`; null
 * when that part is zero). Settlement is one scheduled item per order (`dual:settle`, key = id):
 * the principal is posted into the reserve (`dual:order:<id>:principal`), the payout posted from
 * the reserve hold of its currency (`dual:order:<id>:payout`), the other hold released, and the
 * tick it used stored. A failure (no recorded tick within the tolerance) releases everything.
 */
export const dualOrders = pgTable(
  'dual_orders',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    productId: integer('product_id').notNull(),
    userId: integer('user_id').notNull(),
    instrumentId: integer('instrument_id').notNull(),
    baseCurrencyId: integer('base_currency_id').notNull(),
    quoteCurrencyId: integer('quote_currency_id').notNull(),
    direction: text('direction').notNull(),
    shares: integer('shares').notNull(),
    amount: units('amount').notNull(),
    linkedPrice: units('linked_price').notNull(),
    annualRatePpm: bigint('annual_rate_ppm', { mode: 'bigint' }).notNull(),
    days: integer('days').notNull(),
    settleAt: timestamp('settle_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    principalHoldId: bigint('principal_hold_id', { mode: 'bigint' }).notNull(),
    baseHoldId: bigint('base_hold_id', { mode: 'bigint' }),
    quoteHoldId: bigint('quote_hold_id', { mode: 'bigint' }),
    state: text('state').notNull(),
    failReason: text('fail_reason'),
    settleTickId: bigint('settle_tick_id', { mode: 'bigint' }),
    settlePrice: text('settle_price'),
    settleTickAt: timestamp('settle_tick_at', { withTimezone: true }),
    payoutSide: text('payout_side'),
    payout: units('payout'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('dual_orders_user_idx').on(table.userId, table.id),
    index('dual_orders_product_idx').on(table.productId, table.state),
    uniqueIndex('dual_orders_principal_hold_idx').on(table.principalHoldId),
    check('dual_orders_state', sql`state in ('purchased', 'success', 'fail')`),
    check('dual_orders_amounts', sql`shares > 0 and amount > 0`),
    check(
      'dual_orders_settled',
      sql`(state = 'purchased' and settled_at is null and payout is null and settle_tick_id is null)
          or (state = 'success' and settled_at is not null and payout >= 0 and settle_tick_id is not null
              and settle_price is not null and payout_side in ('base', 'quote'))
          or (state = 'fail' and settled_at is not null and fail_reason is not null and payout is null)`,
    ),
  ],
);
