import { numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Units of each fiat per 1 USD, kept from the last successful fetch (or the bundled table). */
export const fiatRates = pgTable('fiat_rates', {
  currencyCode: text('currency_code').primaryKey(),
  rate: numeric('rate', { precision: 30, scale: 12 }).notNull(),
  source: text('source').$type<'live' | 'bundled'>().notNull(),
  asOf: timestamp('as_of', { withTimezone: true }).notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});

/** Every attempt to reach the rate service, so a restart does not fetch again within 24 h. */
export const fiatRateAttempts = pgTable('fiat_rate_attempts', {
  id: text('id').primaryKey(),
  attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  outcome: text('outcome').$type<'ok' | 'failed'>().notNull(),
  detail: text('detail').notNull().default(''),
});
