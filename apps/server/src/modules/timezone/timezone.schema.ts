import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A user's chosen or detected time zone; no row means unset. */
export const userTimezones = pgTable('user_timezones', {
  userId: integer('user_id').primaryKey(),
  timezone: text('timezone').notNull(),
  method: text('method').$type<'browser' | 'manual'>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
