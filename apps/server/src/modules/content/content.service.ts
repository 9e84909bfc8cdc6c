import {
  type ArticleDetail,
  articleCategories,
  type ContentPage,
  type FaqItem,
  type Locale,
  type MenuItem,
  type NewsList,
  type SiteConfig,
} from '@fairex/contract';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import {
  articleDetailView,
  articleSummaryView,
  type ContentPageSlug,
  contentLocaleOrder,
  isPublicSettingKeyword,
  menuItemView,
  pageWindow,
  publicSettingValue,
  type SettingValue,
  type ShippedShortcuts,
  siteConfigFrom,
} from './content.domain';
import { contentError } from './content.errors';
import {
  countArticles,
  findArticle,
  findContentPage,
  findNewestPopup,
  listArticles,
  listEnabledMenu,
  listFaq,
  readSettings,
} from './content.repository';

export type ContentServiceDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly demo: boolean;
  readonly demoClockAheadMs?: number;
  /** WalletConnect Cloud project id from the configuration, readable by clients; may be unset. */
  readonly walletConnectProjectId?: string | undefined;
  readonly shippedShortcuts: ShippedShortcuts;
};

export type NewsListRequest = {
  readonly locale: Locale;
  readonly categoryId: (typeof articleCategories)[keyof typeof articleCategories];
  readonly page: number | undefined;
  readonly limit: number | undefined;
};

/** Tries each locale of the fallback order and keeps the first answer that has something. */
async function firstInLocales<T>(
  locale: Locale,
  read: (candidate: Locale) => Promise<T | null>,
): Promise<T | null> {
  for (const candidate of contentLocaleOrder(locale)) {
    const found = await read(candidate);
    if (found !== null) return found;
  }
  return null;
}

export function createContentService(deps: ContentServiceDeps) {
  const { db, clock } = deps;

  async function siteConfig(): Promise<SiteConfig> {
    const stored = await readSettings(db, ['site_name', 'site_logo']);
    return siteConfigFrom(
      { siteName: stored.get('site_name'), siteLogo: stored.get('site_logo') },
      deps.demo,
      deps.demoClockAheadMs,
    );
  }

  async function publicSetting(keyword: string): Promise<SettingValue> {
    if (!isPublicSettingKeyword(keyword)) return null;
    if (keyword === 'walletconnect_project_id') return deps.walletConnectProjectId ?? null;
    const stored = await readSettings(db, [keyword]);
    return publicSettingValue(keyword, stored.get(keyword));
  }

  async function popupNotice(locale: Locale): Promise<ArticleDetail | null> {
    const now = clock.now();
    const popup = await firstInLocales(locale, (candidate) => findNewestPopup(db, candidate, now));
    return popup ? articleDetailView(popup) : null;
  }

  /** A locale with no article of the category shows English; a page past the end is just empty. */
  async function newsList(request: NewsListRequest): Promise<NewsList> {
    const window = pageWindow(request.page, request.limit);
    const publishedBy = clock.now();
    const located = await firstInLocales(request.locale, async (candidate) => {
      const query = { categoryId: request.categoryId, locale: candidate, publishedBy };
      const total = await countArticles(db, query);
      return total > 0 ? { query, total } : null;
    });
    if (!located) return { list: [], page: window.page, total: 0 };
    const order = request.categoryId === articleCategories.banner ? 'sort_order' : 'newest';
    const rows = await listArticles(db, located.query, { order, limit: window.limit, offset: window.offset });
    return { list: rows.map(articleSummaryView), page: window.page, total: located.total };
  }

  async function newsDetail(id: number): Promise<ArticleDetail> {
    const article = await findArticle(db, id, clock.now());
    if (!article) throw contentError('article_not_found');
    return articleDetailView(article);
  }

  async function menu(): Promise<MenuItem[]> {
    const rows = await listEnabledMenu(db);
    return rows.map((row) => menuItemView(row, deps.shippedShortcuts));
  }

  async function faq(locale: Locale): Promise<FaqItem[]> {
    const items = await firstInLocales(locale, async (candidate) => {
      const rows = await listFaq(db, candidate);
      return rows.length > 0 ? rows : null;
    });
    return items ?? [];
  }

  async function contentPage(slug: ContentPageSlug, locale: Locale): Promise<ContentPage> {
    const page = await firstInLocales(locale, (candidate) => findContentPage(db, slug, candidate));
    if (!page) throw contentError('page_not_found');
    return { title: page.title, content: page.body };
  }

  return { siteConfig, publicSetting, popupNotice, newsList, newsDetail, menu, faq, contentPage };
}
