import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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

/** Smallest units of the settlement currency, as the ledger keeps them. */
const units = (name: string) => numeric(name, { precision: 40, scale: 0 });
/** Prices and contract sizes in 1e-8 units (contractPriceScale). */
const priceUnits = (name: string) => numeric(name, { precision: 40, scale: 0 });

/**
 * Contract terms per instrument (perpetuals and stocks). Staff changes apply to new positions only:
 * each position copies the terms it opened with.
 */
export const contractTerms = pgTable(
  'contract_terms',
  {
    instrumentId: integer('instrument_id').primaryKey(),
    /** The settlement currency (USDT, 3). */
    currencyId: integer('currency_id').notNull(),
    contractSize: priceUnits('contract_size').notNull(),
    /** Offered multiples, e.g. "1,2,5,10,20,50,100". */
    multiples: text('multiples').notNull(),
    spread: priceUnits('spread').notNull(),
    openFeePpm: integer('open_fee_ppm').notNull(),
    closeFeePpm: integer('close_fee_ppm').notNull(),
    overnightPpm: integer('overnight_ppm').notNull(),
    maintenancePpm: integer('maintenance_ppm').notNull(),
    liquidationFeePpm: integer('liquidation_fee_ppm').notNull(),
    maxMovePpm: integer('max_move_ppm').notNull(),
    /** Open notional per side may reach this share of the pool's balance. */
    sideCapPpm: integer('side_cap_ppm').notNull(),
    /** A market order or close needs a tick at most this old (milliseconds). */
    maxTickAgeMs: integer('max_tick_age_ms').notNull().default(30_000),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      'contract_terms_positive',
      sql`${table.contractSize} > 0 and ${table.spread} >= 0 and ${table.openFeePpm} >= 0 and ${table.closeFeePpm} >= 0 and ${table.overnightPpm} >= 0 and ${table.maintenancePpm} > 0 and ${table.liquidationFeePpm} >= 0 and ${table.maxMovePpm} > 0 and ${table.sideCapPpm} >= 0 and ${table.maxTickAgeMs} > 0`,
    ),
  ],
);

export type ContractStatus = 'pending' | 'open' | 'closed' | 'cancelled';

/**
 * Positions and pending limit orders ("delegates"). A pending order holds margin + open fee on the
 * user's contract account (hold `contracts:order:<id>`); an open position holds its margin
 * (`contracts:margin:<id>`) and reserves its largest payout on the pool (`contracts:exposure:<id>`).
 * Every price event cites the tick it happened at.
 */
export const contractPositions = pgTable(
  'contract_positions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: integer('user_id').notNull(),
    instrumentId: integer('instrument_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    /** 1 long, 2 short. */
    side: smallint('side').notNull(),
    /** 0 market, 1 limit. */
    orderType: smallint('order_type').notNull(),
    status: text('status').$type<ContractStatus>().notNull(),
    lots: integer('lots').notNull(),
    multiple: integer('multiple').notNull(),
    limitPrice: priceUnits('limit_price'),
    /** The terms it opened with (JSON of decimal strings and ppm rates). */
    terms: jsonb('terms').$type<Record<string, string>>().notNull(),
    openPrice: priceUnits('open_price'),
    openReference: priceUnits('open_reference'),
    openTickId: bigint('open_tick_id', { mode: 'bigint' }),
    notional: units('notional').notNull(),
    initialMargin: units('initial_margin').notNull(),
    /** What is left of the margin (overnight fees come off it). */
    margin: units('margin').notNull(),
    openFee: units('open_fee').notNull(),
    exposure: units('exposure').notNull(),
    maintenance: units('maintenance').notNull(),
    takeProfit: priceUnits('take_profit'),
    stopLoss: priceUnits('stop_loss'),
    overnightTotal: units('overnight_total').notNull().default('0'),
    orderHoldId: bigint('order_hold_id', { mode: 'bigint' }),
    marginHoldId: bigint('margin_hold_id', { mode: 'bigint' }),
    exposureHoldId: bigint('exposure_hold_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
  },
  (table) => [
    index('contract_positions_user_idx').on(table.userId, table.status, table.id),
    index('contract_positions_open_idx').on(table.instrumentId, table.status),
    uniqueIndex('contract_positions_idempotency_idx')
      .on(table.userId, table.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    check(
      'contract_positions_sizes',
      sql`${table.lots} > 0 and ${table.multiple} > 0 and ${table.side} in (1, 2) and ${table.orderType} in (0, 1) and ${table.margin} >= 0`,
    ),
  ],
);

export type SettlementKind =
  | 'close'
  | 'take_profit'
  | 'stop_loss'
  | 'liquidation'
  | 'max_profit'
  | 'overnight';

/**
 * One row per settlement: a close (at most one per position) or a day's overnight fee (at most
 * one per position and day). `inputs` and `outcome` are the receipt: the pure settlement function
 * recomputes `outcome` from `inputs`.
 */
export const contractSettlements = pgTable(
  'contract_settlements',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    positionId: bigint('position_id', { mode: 'bigint' }).notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<SettlementKind>().notNull(),
    /** Overnight fees: the UTC day charged. */
    day: text('day'),
    tickId: bigint('tick_id', { mode: 'bigint' }),
    inputs: jsonb('inputs').$type<Record<string, string>>().notNull(),
    outcome: jsonb('outcome').$type<Record<string, string>>().notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('contract_settlements_close_idx').on(table.positionId).where(sql`kind <> 'overnight'`),
    uniqueIndex('contract_settlements_day_idx')
      .on(table.positionId, table.day)
      .where(sql`kind = 'overnight'`),
    index('contract_settlements_user_idx').on(table.userId, table.id),
  ],
);

/** The last tick each instrument's triggers were evaluated on: a restart resumes after it. */
export const contractCursors = pgTable('contract_cursors', {
  instrumentId: integer('instrument_id').primaryKey(),
  tickId: bigint('tick_id', { mode: 'bigint' }).notNull(),
});
