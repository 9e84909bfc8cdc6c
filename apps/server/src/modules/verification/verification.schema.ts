import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Identity verification requests, Lv1 (basic) and Lv2 (advanced), and their review. */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    level: integer('level').$type<1 | 2>().notNull(),
    idType: text('id_type').$type<'id_card' | 'passport' | 'driver_license'>(),
    name: text('name'),
    cardId: text('card_id'),
    frontPic: text('front_pic'),
    reversePic: text('reverse_pic'),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull(),
    reason: text('reason').notNull().default(''),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('identity_verifications_user_idx').on(table.userId, table.level),
    index('identity_verifications_status_idx').on(table.status, table.createdAt),
    // At most one open request per user and level: a second submission cannot race the first.
    uniqueIndex('identity_verifications_one_pending_idx')
      .on(table.userId, table.level)
      .where(sql`status = 'pending'`),
  ],
);
