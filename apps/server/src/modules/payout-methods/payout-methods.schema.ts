import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The user's saved withdrawal addresses. Deleting one only stamps deleted_at, so a withdrawal that
 * went to it keeps its meaning. `chain` is always stored (the network the address was checked
 * against), so a network added to a currency later cannot make an old address ambiguous.
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    chain: text('chain').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    /** The QR code image's upload path (made private on save). */
    qrcode: text('qrcode').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('withdrawal_addresses_live_idx')
      .on(table.userId, table.createdAt, table.id)
      .where(sql`deleted_at is null`),
  ],
);

/**
 * Bank cards, one per user and region; saving again replaces the card in place (withdrawals keep
 * their own snapshot). Columns say what each field is; the wire keeps spec section 3's names.
 */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    region: text('region').$type<'domestic' | 'international'>().notNull(),
    /** alipay_account on the wire. */
    routingNumber: text('routing_number').notNull(),
    realName: text('real_name').notNull(),
    /** bank_account on the wire. */
    accountNumber: text('account_number').notNull(),
    /** bank_dizhi on the wire. */
    provinceCity: text('province_city').notNull(),
    bankName: text('bank_name').notNull(),
    /** bank_network on the wire. */
    branch: text('branch').notNull(),
    /** swift_code (and wechat_nickname) on the wire. */
    swiftCode: text('swift_code').notNull(),
    phone: text('phone').notNull(),
    /** wechat_account on the wire. */
    holderAddress: text('holder_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('bank_cards_user_region_idx').on(table.userId, table.region)],
);
