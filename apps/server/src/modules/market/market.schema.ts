import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Spot pairs, perpetuals and stocks; staff add, pause and edit them (operator console). */
export const instruments = pgTable(
  'instruments',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull(),
    kind: text('kind').$type<'spot' | 'perpetual' | 'stock'>().notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    tickSize: numeric('tick_size', { precision: 38, scale: 18 }).notNull(),
    lotSize: numeric('lot_size', { precision: 38, scale: 18 }).notNull(),
    priceDecimals: integer('price_decimals').notNull(),
    status: text('status').$type<'trading' | 'paused'>().notNull().default('trading'),
    tradingHours: text('trading_hours'),
    /** "simulated" or a ccxt exchange id. */
    feed: text('feed').notNull().default('simulated'),
    /** The symbol on the feed, when it differs (e.g. "BTC/USDT:USDT" for a perpetual). */
    feedSymbol: text('feed_symbol'),
    /** Simulated feed: the starting price and the annualised volatility of its random walk. */
    referencePrice: numeric('reference_price', { precision: 38, scale: 18 }).notNull(),
    annualVolatility: numeric('annual_volatility', { precision: 10, scale: 6 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('instruments_symbol_idx').on(sql`upper(${table.symbol})`)],
);

/** Every published price, kept: fills and settlements cite these ids so anyone can check them. */
export const priceTicks = pgTable(
  'price_ticks',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    instrumentId: integer('instrument_id').notNull(),
    price: numeric('price', { precision: 38, scale: 18 }).notNull(),
    /** Traded base volume the feed reported with this tick (simulated: generated). */
    volume: numeric('volume', { precision: 38, scale: 18 }).notNull().default('0'),
    source: text('source').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** sha256 of the previous tick's hash (of this instrument) and this tick's fields: ticks.chain.ts. */
    hash: text('hash'),
  },
  (table) => [index('price_ticks_instrument_time_idx').on(table.instrumentId, table.recordedAt)],
);

/** Candles per period, built from the ticks (and the backfilled history of a fresh install). */
export const candles = pgTable(
  'candles',
  {
    instrumentId: integer('instrument_id').notNull(),
    period: text('period').notNull(),
    openTime: timestamp('open_time', { withTimezone: true }).notNull(),
    open: numeric('open', { precision: 38, scale: 18 }).notNull(),
    high: numeric('high', { precision: 38, scale: 18 }).notNull(),
    low: numeric('low', { precision: 38, scale: 18 }).notNull(),
    close: numeric('close', { precision: 38, scale: 18 }).notNull(),
    volume: numeric('volume', { precision: 38, scale: 18 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.instrumentId, table.period, table.openTime] })],
);

export const favourites = pgTable(
  'favourites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    instrumentId: integer('instrument_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('favourites_user_instrument_idx').on(table.userId, table.instrumentId)],
);
