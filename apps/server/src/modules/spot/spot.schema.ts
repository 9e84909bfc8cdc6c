import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Smallest units of a currency, as the ledger keeps them. */
const units = (name: string) => numeric(name, { precision: 40, scale: 0 });
/** Decimal prices and base amounts as shown (tick and lot multiples). */
const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });
/** Fee rates and the price band: fractions ("0.001" = 0.1 %). */
const fraction = (name: string) => numeric(name, { precision: 12, scale: 8 });

/**
 * The spot pairs and their trading rules: one row per spot instrument whose base and quote are
 * both ledger currencies (seeded at start: BTC/USDT with no fees, ETH/USDT 0.1 % maker and taker;
 * both within 10 % of the reference price). Staff change the fee rates live (content.instruments):
 * each order keeps the rates its hold was sized with, so a change applies to new orders only.
 */
export const spotMarkets = pgTable(
  'spot_markets',
  {
    instrumentId: integer('instrument_id').primaryKey(),
    baseCurrencyId: integer('base_currency_id').notNull(),
    quoteCurrencyId: integer('quote_currency_id').notNull(),
    makerFeeRate: fraction('maker_fee_rate').notNull(),
    takerFeeRate: fraction('taker_fee_rate').notNull(),
    priceBand: fraction('price_band').notNull(),
    status: text('status').$type<'trading' | 'paused'>().notNull().default('trading'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check(
      'spot_markets_rates',
      sql`maker_fee_rate >= 0 and maker_fee_rate < 0.5 and taker_fee_rate >= 0 and taker_fee_rate < 0.5`,
    ),
    check('spot_markets_band', sql`price_band > 0 and price_band < 1`),
    check('spot_markets_status', sql`status in ('trading', 'paused')`),
  ],
);

/**
 * Orders. `id` is also the engine's order id. A buy holds quote (hold `spot-order:<id>`, amount
 * `hold_amount`), a sell holds base. `notional_exact` is the sum of price_ticks x lots of its fills
 * and `fee_exact` the sum of price_ticks x lots x rate units: the exact cumulative figures the
 * rounding rules apply to. `turnover` and `fee` are what was actually booked (quote smallest units).
 * `seq` orders the book's rebuild (time priority).
 */
export const spotOrders = pgTable(
  'spot_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    instrumentId: integer('instrument_id').notNull(),
    side: text('side').$type<'buy' | 'sell'>().notNull(),
    kind: text('kind').$type<'limit' | 'market'>().notNull(),
    timeInForce: text('time_in_force').$type<'gtc' | 'ioc' | 'post_only'>().notNull(),
    price: decimal('price').notNull(),
    amount: decimal('amount').notNull(),
    filled: decimal('filled').notNull().default('0'),
    notionalExact: numeric('notional_exact', { precision: 60, scale: 0 }).notNull().default('0'),
    feeExact: numeric('fee_exact', { precision: 70, scale: 0 }).notNull().default('0'),
    turnover: units('turnover').notNull().default('0'),
    fee: units('fee').notNull().default('0'),
    holdAmount: units('hold_amount').notNull(),
    /** The pair's rates when the order's hold was sized: it pays these, whatever staff set later. */
    makerFeeRate: fraction('maker_fee_rate').notNull(),
    takerFeeRate: fraction('taker_fee_rate').notNull(),
    holdId: bigint('hold_id', { mode: 'bigint' }).notNull(),
    status: text('status').$type<'open' | 'filled' | 'cancelled' | 'expired' | 'rejected'>().notNull(),
    doneReason: text('done_reason'),
    idempotencyKey: text('idempotency_key'),
    tickId: bigint('tick_id', { mode: 'bigint' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('spot_orders_user_status_idx').on(table.userId, table.status, table.id),
    index('spot_orders_open_idx').on(table.instrumentId, table.seq).where(sql`status = 'open'`),
    uniqueIndex('spot_orders_idempotency_idx')
      .on(table.userId, table.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    check('spot_orders_side', sql`side in ('buy', 'sell')`),
    check('spot_orders_status', sql`status in ('open', 'filled', 'cancelled', 'expired', 'rejected')`),
    check(
      'spot_orders_rates',
      sql`maker_fee_rate >= 0 and maker_fee_rate < 0.5 and taker_fee_rate >= 0 and taker_fee_rate < 0.5`,
    ),
    check(
      'spot_orders_amounts',
      sql`price > 0 and amount > 0 and filled >= 0 and filled <= amount and turnover >= 0 and fee >= 0 and hold_amount > 0`,
    ),
  ],
);

/**
 * Trades: one per fill, at the maker's price. Each books two ledger entries, `spot-trade:<id>:base`
 * (seller's base to the buyer, from the sell hold) and `spot-trade:<id>:quote` (the buyer's cost and
 * fee from the buy hold to the seller, the fees account and the rounding account).
 */
export const spotTrades = pgTable(
  'spot_trades',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    instrumentId: integer('instrument_id').notNull(),
    makerOrderId: bigint('maker_order_id', { mode: 'number' }).notNull(),
    takerOrderId: bigint('taker_order_id', { mode: 'number' }).notNull(),
    makerUserId: integer('maker_user_id').notNull(),
    takerUserId: integer('taker_user_id').notNull(),
    takerSide: text('taker_side').$type<'buy' | 'sell'>().notNull(),
    price: decimal('price').notNull(),
    amount: decimal('amount').notNull(),
    /** price x amount, exact (quote currency, decimal). */
    turnover: numeric('turnover', { precision: 60, scale: 30 }).notNull(),
    /** What the buyer paid (cost and fee) and the seller received (after fee), smallest units. */
    buyerPaid: units('buyer_paid').notNull(),
    sellerReceived: units('seller_received').notNull(),
    makerFee: units('maker_fee').notNull(),
    takerFee: units('taker_fee').notNull(),
    tickId: bigint('tick_id', { mode: 'bigint' }),
    quoteEntryId: bigint('quote_entry_id', { mode: 'bigint' }),
    baseEntryId: bigint('base_entry_id', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('spot_trades_instrument_idx').on(table.instrumentId, table.id),
    index('spot_trades_maker_order_idx').on(table.makerOrderId),
    index('spot_trades_taker_order_idx').on(table.takerOrderId),
  ],
);
