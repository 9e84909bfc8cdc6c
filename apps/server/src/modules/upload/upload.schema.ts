import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What was uploaded, by whom, and who may read it (ID photos are private). */
export const uploadedFiles = pgTable('uploaded_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  ownerUserId: integer('owner_user_id'),
  /** Set instead of the user for images staff upload for the site (banners, news, the logo). */
  ownerStaffId: integer('owner_staff_id'),
  visibility: text('visibility').$type<'public' | 'private'>().notNull().default('public'),
  /** Which staff review a private file: compliance (ID photos) or finance (vouchers, QR codes). */
  reviewer: text('reviewer').$type<'compliance' | 'finance'>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
