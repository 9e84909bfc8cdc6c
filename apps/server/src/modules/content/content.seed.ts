import { articleCategories, homeShortcutKeys, type Locale, localeCodes } from '@fairex/contract';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { contentPageSlugs } from './content.domain';
import {
  countArticlesOfKind,
  countFaq,
  countMenuItems,
  insertArticles,
  insertFaq,
  insertMenuItems,
  insertMissingPages,
  insertMissingSettings,
  lockContentSeeding,
} from './content.repository';
import { demoBannerSlots, demoBannerTexts } from './seed-data/banners.data';
import { demoFaqTexts } from './seed-data/faq.data';
import { homeShortcutTargets } from './seed-data/menu.data';
import { demoNewsAgesHours, demoNewsTexts } from './seed-data/news.data';
import { demoPageTexts } from './seed-data/pages.data';
import { demoPopupTexts } from './seed-data/popup.data';
import { demoSettings } from './seed-data/settings.data';

const hourMs = 60 * 60 * 1000;
/** Gaps between sort orders leave room for an operator to slot shortcuts in between. */
const menuSortStep = 10;

/**
 * The Home shortcuts every installation needs, demo or not. Seeded only into an empty table, so
 * an operator's later edits (reordering, switching a shortcut off) survive restarts.
 */
export async function seedBaseContent(db: Database): Promise<void> {
  if ((await countMenuItems(db)) > 0) return;
  await insertMenuItems(
    db,
    homeShortcutKeys.map((key, index) => ({
      key,
      route: homeShortcutTargets[key].route,
      icon: homeShortcutTargets[key].icon,
      sortOrder: (index + 1) * menuSortStep,
    })),
  );
}

/**
 * Demo content in all ten locales. Safe at every start: each kind of content is added to a
 * locale only while that locale has none of it, and settings and pages only where absent, so
 * neither a restart nor an operator's edits lead to duplicates or overwrites.
 */
export async function seedDemoContent(db: Database, clock: Clock): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await lockContentSeeding(tx);
    await insertMissingSettings(
      tx,
      Object.entries(demoSettings).map(([key, value]) => ({ key, value })),
    );
    for (const locale of localeCodes) {
      await seedBanners(tx, locale, now);
      await seedNews(tx, locale, now);
      await seedPopup(tx, locale, now);
      await seedFaq(tx, locale);
      await insertMissingPages(
        tx,
        contentPageSlugs.map((slug) => ({ slug, locale, ...demoPageTexts[locale][slug] })),
      );
    }
  });
}

async function seedBanners(db: Database, locale: Locale, now: Date): Promise<void> {
  const kind = { categoryId: articleCategories.banner, locale, popup: false };
  if ((await countArticlesOfKind(db, kind)) > 0) return;
  await insertArticles(
    db,
    demoBannerTexts[locale].map((text, index) => ({
      categoryId: articleCategories.banner,
      locale,
      ...text,
      imageUrl: demoBannerSlots[index]?.imageUrl ?? null,
      linkRoute: demoBannerSlots[index]?.linkRoute ?? null,
      sortOrder: index + 1,
      publishedAt: now,
    })),
  );
}

async function seedNews(db: Database, locale: Locale, now: Date): Promise<void> {
  const kind = { categoryId: articleCategories.news, locale, popup: false };
  if ((await countArticlesOfKind(db, kind)) > 0) return;
  await insertArticles(
    db,
    demoNewsTexts[locale].map((text, index) => ({
      categoryId: articleCategories.news,
      locale,
      ...text,
      publishedAt: new Date(now.getTime() - (demoNewsAgesHours[index] ?? 0) * hourMs),
    })),
  );
}

/** The popup is also a news item, so it stays readable in the news list after it is dismissed. */
async function seedPopup(db: Database, locale: Locale, now: Date): Promise<void> {
  const kind = { categoryId: articleCategories.news, locale, popup: true };
  if ((await countArticlesOfKind(db, kind)) > 0) return;
  await insertArticles(db, [
    {
      categoryId: articleCategories.news,
      locale,
      ...demoPopupTexts[locale],
      isPopup: true,
      publishedAt: now,
    },
  ]);
}

async function seedFaq(db: Database, locale: Locale): Promise<void> {
  if ((await countFaq(db, locale)) > 0) return;
  await insertFaq(
    db,
    demoFaqTexts[locale].map((text, index) => ({ locale, ...text, sortOrder: index + 1 })),
  );
}
