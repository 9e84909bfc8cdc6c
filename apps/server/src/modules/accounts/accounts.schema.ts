import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A person who can sign in: by account, email, phone or an Ethereum wallet. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** The sign-in name; for a wallet-only user, the checksummed address. */
    account: text('account').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    areaCode: text('area_code'),
    /** argon2id; null for a wallet-only user who has not set a password. */
    passwordHash: text('password_hash'),
    payPasswordHash: text('pay_password_hash'),
    nickname: text('nickname').notNull(),
    signature: text('signature').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    invitationCode: text('invitation_code').notNull(),
    inviterId: integer('inviter_id'),
    /** 0 none, 1 basic (Lv1), 2 advanced (Lv2); written only by the verification module. */
    verificationLevel: integer('verification_level').notNull().default(0),
    score: integer('score').notNull().default(100),
    walletAddress: text('wallet_address'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    failedPayPasswords: integer('failed_pay_passwords').notNull().default(0),
    payPasswordLockedUntil: timestamp('pay_password_locked_until', { withTimezone: true }),
    loginFrozen: boolean('login_frozen').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_account_idx').on(sql`lower(${table.account})`),
    uniqueIndex('users_email_idx').on(sql`lower(${table.email})`),
    uniqueIndex('users_mobile_idx').on(table.mobile),
    uniqueIndex('users_invitation_code_idx').on(table.invitationCode),
    uniqueIndex('users_wallet_address_idx').on(sql`lower(${table.walletAddress})`),
    index('users_inviter_idx').on(table.inviterId),
  ],
);

/** Opaque session tokens, stored as SHA-256 hashes so a database leak yields no usable token. */
export const userSessions = pgTable(
  'user_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    stayLoggedIn: boolean('stay_logged_in').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    clientAddress: text('client_address').notNull().default(''),
  },
  (table) => [index('user_sessions_user_idx').on(table.userId)],
);

/** One-time codes: hashed, bound to an address and a purpose, single use, limited tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    /** Lower-cased e-mail, or the mobile number's digits. */
    address: text('address').notNull(),
    areaCode: text('area_code'),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    requesterAddress: text('requester_address').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Demo only: sha-256 of the requesting browser's outbox cookie (see demo-visitor.ts). */
    viewerHash: text('viewer_hash'),
  },
  (table) => [
    index('verification_codes_address_idx').on(table.address, table.purpose, table.createdAt),
    index('verification_codes_requester_idx').on(table.requesterAddress, table.createdAt),
  ],
);

/** Every e-mail and SMS handed to delivery; in demo mode this is the outbox users read. */
export const deliveryOutbox = pgTable(
  'delivery_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<'outbox' | 'sent' | 'failed'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Demo only: the browser (sha-256 of its outbox cookie) that may read this message. */
    viewerHash: text('viewer_hash'),
  },
  (table) => [
    index('delivery_outbox_created_idx').on(table.createdAt),
    index('delivery_outbox_viewer_idx').on(table.viewerHash, table.id),
  ],
);

/**
 * Failed sign-ins of login names without an account (issue 22 defect 4): counted and locked
 * exactly as a user's own failed_logins and locked_until are, in the database (no cap, kept across
 * restarts, shared by every server process), so a locked account and an unknown name answer alike.
 */
export const unknownLoginFailures = pgTable(
  'unknown_login_failures',
  {
    name: text('name').primaryKey(),
    failures: integer('failures').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('unknown_login_failures_updated_at_idx').on(table.updatedAt)],
);
