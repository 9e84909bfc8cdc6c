import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Sign-In with Ethereum nonces: issued by the server, consumed exactly once. */
export const siweNonces = pgTable('siwe_nonces', {
  nonce: text('nonce').primaryKey(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});
