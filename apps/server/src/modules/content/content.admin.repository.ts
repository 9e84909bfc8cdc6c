/** Drizzle queries of the staff content routes: every row, hidden or scheduled, per locale. */
import type { Locale } from '@fairex/contract';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { ContentPageSlug, SettingValue } from './content.domain';
import { articles, contentPages, faqItems, menuItems, siteSettings } from './content.schema';

export type ArticleRow = typeof articles.$inferSelect;
export type ArticleChangeSet = Partial<typeof articles.$inferInsert>;
export type FaqRow = typeof faqItems.$inferSelect;
export type PageRow = typeof contentPages.$inferSelect;
export type MenuRow = typeof menuItems.$inferSelect;

export type ArticleFilter = {
  readonly categoryId: number | undefined;
  readonly popup: boolean | undefined;
  readonly locale: Locale | undefined;
};

function articleWhere(filter: ArticleFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.categoryId !== undefined) conditions.push(eq(articles.categoryId, filter.categoryId));
  if (filter.popup !== undefined) conditions.push(eq(articles.isPopup, filter.popup));
  if (filter.locale !== undefined) conditions.push(eq(articles.locale, filter.locale));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function countAdminArticles(db: Database, filter: ArticleFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(articles).where(articleWhere(filter));
  return row?.total ?? 0;
}

export function listAdminArticles(
  db: Database,
  filter: ArticleFilter,
  window: { readonly bySortOrder: boolean; readonly limit: number; readonly offset: number },
): Promise<ArticleRow[]> {
  const ordering = window.bySortOrder
    ? [asc(articles.sortOrder), asc(articles.id)]
    : [desc(articles.publishedAt), desc(articles.id)];
  return db
    .select()
    .from(articles)
    .where(articleWhere(filter))
    .orderBy(...ordering)
    .limit(window.limit)
    .offset(window.offset);
}

export async function findArticleRow(db: Database, id: number): Promise<ArticleRow | null> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  return row ?? null;
}

export async function insertArticle(db: Database, row: typeof articles.$inferInsert): Promise<ArticleRow> {
  const [inserted] = await db.insert(articles).values(row).returning();
  if (!inserted) throw new Error('article insert returned nothing');
  return inserted;
}

export async function updateArticle(
  db: Database,
  id: number,
  changes: Partial<typeof articles.$inferInsert>,
): Promise<ArticleRow | null> {
  const [row] = await db.update(articles).set(changes).where(eq(articles.id, id)).returning();
  return row ?? null;
}

export function listFaqRows(db: Database, locale: Locale): Promise<FaqRow[]> {
  return db
    .select()
    .from(faqItems)
    .where(eq(faqItems.locale, locale))
    .orderBy(asc(faqItems.sortOrder), asc(faqItems.id));
}

export async function findFaqRow(db: Database, id: number): Promise<FaqRow | null> {
  const [row] = await db.select().from(faqItems).where(eq(faqItems.id, id)).limit(1);
  return row ?? null;
}

export async function insertFaqItem(db: Database, row: typeof faqItems.$inferInsert): Promise<FaqRow> {
  const [inserted] = await db.insert(faqItems).values(row).returning();
  if (!inserted) throw new Error('faq insert returned nothing');
  return inserted;
}

export async function updateFaqItem(
  db: Database,
  id: number,
  changes: Partial<typeof faqItems.$inferInsert>,
): Promise<FaqRow | null> {
  const [row] = await db.update(faqItems).set(changes).where(eq(faqItems.id, id)).returning();
  return row ?? null;
}

export async function deleteFaqItem(db: Database, id: number): Promise<void> {
  await db.delete(faqItems).where(eq(faqItems.id, id));
}

export async function findPageRow(
  db: Database,
  slug: ContentPageSlug,
  locale: Locale,
): Promise<PageRow | null> {
  const [row] = await db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.slug, slug), eq(contentPages.locale, locale)))
    .limit(1);
  return row ?? null;
}

export async function upsertPage(
  db: Database,
  row: Required<typeof contentPages.$inferInsert>,
): Promise<PageRow> {
  const [saved] = await db
    .insert(contentPages)
    .values(row)
    .onConflictDoUpdate({
      target: [contentPages.slug, contentPages.locale],
      set: { title: row.title, body: row.body, updatedAt: row.updatedAt },
    })
    .returning();
  if (!saved) throw new Error('page upsert returned nothing');
  return saved;
}

export async function readSettingRows(
  db: Database,
  keys: readonly string[],
): Promise<Map<string, SettingValue>> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Null removes the setting (clients then see the default). */
export async function writeSetting(
  db: Database,
  setting: { readonly key: string; readonly value: string | null; readonly at: Date },
): Promise<void> {
  if (setting.value === null) {
    await db.delete(siteSettings).where(eq(siteSettings.key, setting.key));
    return;
  }
  await db
    .insert(siteSettings)
    .values({ key: setting.key, value: setting.value, updatedAt: setting.at })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: setting.value, updatedAt: setting.at },
    });
}

export function listMenuRows(db: Database): Promise<MenuRow[]> {
  return db.select().from(menuItems).orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
}

export async function setMenuEnabled(db: Database, key: string, enabled: boolean): Promise<MenuRow | null> {
  const [row] = await db.update(menuItems).set({ enabled }).where(eq(menuItems.key, key)).returning();
  return row ?? null;
}

export async function setMenuSortOrder(db: Database, key: string, sortOrder: number): Promise<void> {
  await db.update(menuItems).set({ sortOrder }).where(eq(menuItems.key, key));
}
