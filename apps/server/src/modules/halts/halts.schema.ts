import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A money path that broke an invariant stops what it belongs to (a spot pair, a product) until
 * staff resume it: one row per halt, at most one open per scope ("spot:BTC/USDT", "options").
 * Rows are kept after resuming, so the console shows what happened and who resumed it.
 */
export const halts = pgTable(
  'halts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedByDefaultAsIdentity(),
    scope: text('scope').notNull(),
    reason: text('reason').notNull(),
    context: jsonb('context').$type<Record<string, string | number | boolean | null>>(),
    haltedAt: timestamp('halted_at', { withTimezone: true, mode: 'date' }).notNull(),
    resumedAt: timestamp('resumed_at', { withTimezone: true, mode: 'date' }),
    resumedBy: integer('resumed_by'),
  },
  (table) => [
    uniqueIndex('halts_open_scope_idx').on(table.scope).where(sql`resumed_at is null`),
    index('halts_halted_at_idx').on(table.haltedAt),
  ],
);
