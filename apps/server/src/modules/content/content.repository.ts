import type { Locale } from '@fairex/contract';
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { ArticleRecord, ContentPageSlug, MenuRecord, SettingValue } from './content.domain';
import { articles, contentPages, faqItems, menuItems, siteSettings } from './content.schema';

const articleColumns = {
  id: articles.id,
  categoryId: articles.categoryId,
  title: articles.title,
  summary: articles.summary,
  body: articles.body,
  imageUrl: articles.imageUrl,
  linkRoute: articles.linkRoute,
  publishedAt: articles.publishedAt,
};

export async function readSettings(
  db: Database,
  keys: readonly string[],
): Promise<Map<string, SettingValue>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export type ArticleQuery = {
  readonly categoryId: number;
  readonly locale: Locale;
  /** Articles dated later are scheduled, not yet published. */
  readonly publishedBy: Date;
};

function publishedIn(query: ArticleQuery) {
  return and(
    eq(articles.categoryId, query.categoryId),
    eq(articles.locale, query.locale),
    lte(articles.publishedAt, query.publishedBy),
    eq(articles.hidden, false),
  );
}

export async function countArticles(db: Database, query: ArticleQuery): Promise<number> {
  const [row] = await db.select({ total: count() }).from(articles).where(publishedIn(query));
  return row?.total ?? 0;
}

export type ArticleOrder = 'newest' | 'sort_order';

export async function listArticles(
  db: Database,
  query: ArticleQuery,
  window: { readonly order: ArticleOrder; readonly limit: number; readonly offset: number },
): Promise<ArticleRecord[]> {
  const ordering =
    window.order === 'newest'
      ? [desc(articles.publishedAt), desc(articles.id)]
      : [asc(articles.sortOrder), asc(articles.id)];
  return db
    .select(articleColumns)
    .from(articles)
    .where(publishedIn(query))
    .orderBy(...ordering)
    .limit(window.limit)
    .offset(window.offset);
}

export async function findArticle(
  db: Database,
  id: number,
  publishedBy: Date,
): Promise<ArticleRecord | null> {
  const [row] = await db
    .select(articleColumns)
    .from(articles)
    .where(and(eq(articles.id, id), lte(articles.publishedAt, publishedBy), eq(articles.hidden, false)))
    .limit(1);
  return row ?? null;
}

export async function findNewestPopup(
  db: Database,
  locale: Locale,
  publishedBy: Date,
): Promise<ArticleRecord | null> {
  const [row] = await db
    .select(articleColumns)
    .from(articles)
    .where(
      and(
        eq(articles.isPopup, true),
        eq(articles.locale, locale),
        lte(articles.publishedAt, publishedBy),
        eq(articles.hidden, false),
      ),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(1);
  return row ?? null;
}

export type FaqRecord = { readonly id: number; readonly question: string; readonly answer: string };

export async function listFaq(db: Database, locale: Locale): Promise<FaqRecord[]> {
  return db
    .select({ id: faqItems.id, question: faqItems.question, answer: faqItems.answer })
    .from(faqItems)
    .where(eq(faqItems.locale, locale))
    .orderBy(asc(faqItems.sortOrder), asc(faqItems.id));
}

export async function findContentPage(
  db: Database,
  slug: ContentPageSlug,
  locale: Locale,
): Promise<{ title: string; body: string } | null> {
  const [row] = await db
    .select({ title: contentPages.title, body: contentPages.body })
    .from(contentPages)
    .where(and(eq(contentPages.slug, slug), eq(contentPages.locale, locale)))
    .limit(1);
  return row ?? null;
}

/** The shortcuts the operator has not switched off, in display order. */
export async function listEnabledMenu(db: Database): Promise<MenuRecord[]> {
  return db
    .select({ key: menuItems.key, route: menuItems.route, icon: menuItems.icon })
    .from(menuItems)
    .where(eq(menuItems.enabled, true))
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
}

// Seeding: writes used only at start, each safe to repeat.

/** Serialises seeding when several instances start at once; released when the transaction ends. */
const contentSeedLockKey = 7_401_101;

export async function lockContentSeeding(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${contentSeedLockKey})`);
}

export async function countMenuItems(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(menuItems);
  return row?.total ?? 0;
}

export async function insertMenuItems(
  db: Database,
  rows: readonly (typeof menuItems.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(menuItems)
    .values([...rows])
    .onConflictDoNothing({ target: menuItems.key });
}

/** Adds settings that are absent; an operator's own values are never overwritten. */
export async function insertMissingSettings(
  db: Database,
  rows: readonly { key: string; value: SettingValue }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(siteSettings)
    .values([...rows])
    .onConflictDoNothing({ target: siteSettings.key });
}

export async function countArticlesOfKind(
  db: Database,
  kind: { readonly categoryId: number; readonly locale: Locale; readonly popup: boolean },
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(articles)
    .where(
      and(
        eq(articles.categoryId, kind.categoryId),
        eq(articles.locale, kind.locale),
        eq(articles.isPopup, kind.popup),
      ),
    );
  return row?.total ?? 0;
}

export async function insertArticles(
  db: Database,
  rows: readonly (typeof articles.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(articles).values([...rows]);
}

export async function countFaq(db: Database, locale: Locale): Promise<number> {
  const [row] = await db.select({ total: count() }).from(faqItems).where(eq(faqItems.locale, locale));
  return row?.total ?? 0;
}

export async function insertFaq(
  db: Database,
  rows: readonly (typeof faqItems.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(faqItems).values([...rows]);
}

/** Adds pages that are absent; a page the operator has edited stays as it is. */
export async function insertMissingPages(
  db: Database,
  rows: readonly (typeof contentPages.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(contentPages)
    .values([...rows])
    .onConflictDoNothing();
}
