import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../platform/http/route-policy';

/**
 * Operators: separate from users, with an argon2id password and a required TOTP second factor.
 * `totp_secret` is `aesgcm:...` (encrypted with STAFF_TOTP_KEY) or `plain:<base32>`;
 * `totp_last_step` is the last 30-second step whose code signed in, so each code works once.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; unique whatever the case. */
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().$type<StaffRole[]>().notNull(),
    totpSecret: text('totp_secret').notNull(),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The admin who created the account; null for one made by `npm run admin:create`. */
    createdBy: integer('created_by'),
    /**
     * The customer account (users.id) this staff member personally holds, set by an admin: they
     * may not decide that user's deposits, withdrawals or verifications. One staff per user.
     */
    linkedUserId: integer('linked_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('staff_email_idx').on(sql`lower(${table.email})`),
    uniqueIndex('staff_linked_user_idx').on(table.linkedUserId),
    check('staff_status', sql`status in ('active', 'disabled')`),
    check(
      'staff_roles',
      sql`cardinality(roles) >= 1 and roles <@ array['admin', 'compliance', 'finance', 'content', 'support']::text[]`,
    ),
    check('staff_failed_logins', sql`failed_logins >= 0`),
  ],
);

/** Staff bearer tokens, stored only as SHA-256 hashes; 12 hours, revocable. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    clientAddress: text('client_address').notNull().default(''),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);
