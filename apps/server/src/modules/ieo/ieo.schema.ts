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
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Smallest units, as the ledger keeps them. */
const units = (name: string) => numeric(name, { precision: 40, scale: 0 });

/**
 * IEO projects, created by staff (admin, audited). The token is a ledger currency of its own
 * (`currency_id`); its whole issuance is minted into the issuance account `pool:ieo:<id>` by the
 * entry `ieo:<id>:mint` when the project is created. The allocation (`allocated_at` and the totals)
 * and the lock release (`released_at`) are written once each, by scheduled work.
 */
export const ieoProjects = pgTable(
  'ieo_projects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    currencyId: integer('currency_id').notNull(),
    tokenScale: smallint('token_scale').notNull(),
    logo: text('logo').notNull().default(''),
    whitepaperUrl: text('whitepaper_url').notNull().default(''),
    websiteUrl: text('website_url').notNull().default(''),
    /** Description per locale (zh, en, ...). */
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
    issuance: units('issuance').notNull(),
    minPerUser: units('min_per_user').notNull(),
    maxPerUser: units('max_per_user').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    lockDays: integer('lock_days').notNull(),
    listingAt: timestamp('listing_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').notNull(),
    /** Set once by the allocation run, with what it found. */
    allocatedAt: timestamp('allocated_at', { withTimezone: true }),
    ruleVersion: smallint('rule_version'),
    requestedTotal: units('requested_total'),
    allocatedTotal: units('allocated_total'),
    applications: integer('applications'),
    passes: integer('passes'),
    /** Set once when the locked allocations are released. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /**
     * Set once when staff open the spot pair (from `listing_at` on, admin, audited): the pair's
     * symbol, the reference price they set (recorded as the pair's first tick) and the tokens
     * moved from the issuance account to the market maker by the entry `ieo:<id>:listing`.
     */
    listedAt: timestamp('listed_at', { withTimezone: true }),
    listingSymbol: text('listing_symbol'),
    listingReference: text('listing_reference'),
    makerInventory: units('maker_inventory'),
  },
  () => [
    check(
      'ieo_projects_terms',
      sql`issuance > 0 and min_per_user > 0 and max_per_user >= min_per_user and ends_at > starts_at and lock_days >= 0`,
    ),
    check(
      'ieo_projects_listing',
      sql`(listed_at is null) = (listing_symbol is null) and (listed_at is null) = (maker_inventory is null)
          and (maker_inventory is null or maker_inventory >= 0)`,
    ),
    check(
      'ieo_projects_allocation',
      sql`(allocated_at is null) = (requested_total is null) and (allocated_at is null) = (allocated_total is null)
          and (allocated_total is null or allocated_total <= issuance)`,
    ),
  ],
);

/** The issue price per payable currency: smallest payment units per whole token. */
export const ieoProjectPrices = pgTable(
  'ieo_project_prices',
  {
    projectId: integer('project_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    price: units('price').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.currencyId] }),
    check('ieo_project_prices_positive', sql`price > 0`),
  ],
);

/**
 * Subscriptions. `amount` tokens asked for at `price` (frozen from the project); `held` is the
 * payment held on the user's spot account by the ledger hold `ieo:order:<id>` (`hold_id`). The
 * allocation fills `allocated`, `charged` (posted to the issuer's account `pool:ieo_issuer:<id>`,
 * entry `ieo:order:<id>:charge`) and `refunded` (the rest of the hold, released), and credits the
 * tokens (entry `ieo:order:<id>:tokens`), locked by the hold `ieo:order:<id>:lock` until the
 * release.
 */
export const ieoOrders = pgTable(
  'ieo_orders',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    projectId: integer('project_id').notNull(),
    userId: integer('user_id').notNull(),
    payCurrencyId: integer('pay_currency_id').notNull(),
    amount: units('amount').notNull(),
    price: units('price').notNull(),
    held: units('held').notNull(),
    holdId: bigint('hold_id', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    allocated: units('allocated'),
    charged: units('charged'),
    refunded: units('refunded'),
    lockHoldId: bigint('lock_hold_id', { mode: 'bigint' }),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    index('ieo_orders_project_idx').on(table.projectId, table.id),
    index('ieo_orders_user_idx').on(table.userId, table.id),
    check('ieo_orders_amounts', sql`amount > 0 and price > 0 and held > 0`),
    check(
      'ieo_orders_settled',
      sql`(allocated_at is null and allocated is null and charged is null and refunded is null)
          or (allocated_at is not null and allocated >= 0 and allocated <= amount and charged >= 0
              and refunded >= 0 and charged + refunded = held)`,
    ),
  ],
);
