import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The terms staff set per instrument and duration (audited). An order copies its rate when it is
 * accepted, so a change applies to new orders only.
 */
export const optionTerms = pgTable(
  'option_terms',
  {
    instrumentId: integer('instrument_id').notNull(),
    seconds: integer('seconds').notNull(),
    /** Profit on a win in millionths of the stake. */
    rate: bigint('rate', { mode: 'bigint' }).notNull(),
    /** Stake limits in smallest units of the stake currency. */
    minStake: numeric('min_stake', { precision: 38, scale: 0 }).notNull(),
    maxStake: numeric('max_stake', { precision: 38, scale: 0 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.instrumentId, table.seconds] }),
    check('option_terms_sound', sql`seconds > 0 and rate > 0 and min_stake > 0 and max_stake >= min_stake`),
  ],
);

/**
 * One seconds order: everything its outcome is computed from (the open tick, the acceptance
 * time to the millisecond, the duration, the rate) is fixed when it is accepted; the close tick,
 * the result and the payout are written once, by the settlement worker.
 */
export const optionOrders = pgTable(
  'option_orders',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: integer('user_id').notNull(),
    instrumentId: integer('instrument_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    /** 1 up, 2 down. */
    direction: smallint('direction').notNull(),
    seconds: integer('seconds').notNull(),
    stake: numeric('stake', { precision: 38, scale: 0 }).notNull(),
    rate: bigint('rate', { mode: 'bigint' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    openTickId: bigint('open_tick_id', { mode: 'bigint' }).notNull(),
    openPrice: numeric('open_price', { precision: 38, scale: 18 }).notNull(),
    openTickAt: timestamp('open_tick_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    stakeHoldId: bigint('stake_hold_id', { mode: 'bigint' }).notNull(),
    poolHoldId: bigint('pool_hold_id', { mode: 'bigint' }).notNull(),
    toleranceMs: integer('tolerance_ms').notNull(),
    status: text('status').$type<'open' | 'settled'>().notNull().default('open'),
    result: text('result').$type<'win' | 'lose' | 'equal' | 'refund'>(),
    closeTickId: bigint('close_tick_id', { mode: 'bigint' }),
    closePrice: numeric('close_price', { precision: 38, scale: 18 }),
    closeTickAt: timestamp('close_tick_at', { withTimezone: true, mode: 'date', precision: 3 }),
    payout: numeric('payout', { precision: 38, scale: 0 }),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('option_orders_user_idx').on(table.userId, table.id),
    index('option_orders_open_idx').on(table.currencyId).where(sql`status = 'open'`),
    check('option_orders_direction', sql`direction in (1, 2)`),
    check('option_orders_stake_positive', sql`stake > 0`),
    check(
      'option_orders_settled_whole',
      sql`(status = 'open') = (result is null and payout is null and settled_at is null)`,
    ),
  ],
);
