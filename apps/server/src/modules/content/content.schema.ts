import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Operator settings read by clients: site name and logo, customer-service links, and the like. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<string | number | boolean | null>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** News (category 4), banners (category 5) and the popup notice, one row per locale. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    imageUrl: text('image_url'),
    linkRoute: text('link_route'),
    isPopup: boolean('is_popup').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** Unpublished by staff: kept (audit trail, no demo re-seeding) but never shown to users. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('articles_category_locale_idx').on(table.categoryId, table.locale, table.publishedAt)],
);

/** Long-form pages per locale: about, contact, operational compliance. */
export const contentPages = pgTable(
  'content_pages',
  {
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.slug, table.locale] })],
);

export const faqItems = pgTable(
  'faq_items',
  {
    id: serial('id').primaryKey(),
    locale: text('locale').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('faq_items_locale_idx').on(table.locale, table.sortOrder)],
);

/** The Home shortcuts; labels come from the client's locale files by `key`. */
export const menuItems = pgTable('menu_items', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  route: text('route').notNull(),
  icon: text('icon').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});
