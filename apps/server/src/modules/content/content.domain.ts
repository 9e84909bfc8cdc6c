import {
  type ArticleDetail,
  type ArticleSummary,
  customerServiceKeywords,
  defaultLocale,
  type Locale,
  type MenuItem,
  type SiteConfig,
} from '@fairex/contract';

export const siteNameDefault = 'Fairex';
export const siteLogoDefault = '/logo.svg';

/**
 * Settings any visitor may read through GET /getSetting. site_settings also holds staff-only
 * values, so anything not listed here answers null, whether it exists or not.
 */
export const publicSettingKeywords = [
  ...customerServiceKeywords,
  'site_name',
  'site_logo',
  'walletconnect_project_id',
] as const;

export type PublicSettingKeyword = (typeof publicSettingKeywords)[number];

export type SettingValue = string | number | boolean | null;

export function isPublicSettingKeyword(keyword: string): keyword is PublicSettingKeyword {
  return (publicSettingKeywords as readonly string[]).includes(keyword);
}

function nonEmptyText(value: SettingValue | undefined): string | null {
  return typeof value === 'string' && value.trim().length > 0 ? value : null;
}

/** A public setting as clients see it: site name and logo fall back to the defaults. */
export function publicSettingValue(
  keyword: PublicSettingKeyword,
  stored: SettingValue | undefined,
): SettingValue {
  if (keyword === 'site_name') return nonEmptyText(stored) ?? siteNameDefault;
  if (keyword === 'site_logo') return nonEmptyText(stored) ?? siteLogoDefault;
  return stored ?? null;
}

export function siteConfigFrom(
  stored: { siteName: SettingValue | undefined; siteLogo: SettingValue | undefined },
  demo: boolean,
  clockAheadMs = 0,
): SiteConfig {
  return {
    site_name: nonEmptyText(stored.siteName) ?? siteNameDefault,
    site_logo: nonEmptyText(stored.siteLogo) ?? siteLogoDefault,
    demo,
    clock_ahead_ms: demo ? clockAheadMs : 0,
  };
}

export const articlePageSizeDefault = 10;
/** The contract caps `limit` at 50 too; this keeps the server safe if that ever loosens. */
export const articlePageSizeMax = 50;

export type PageWindow = { readonly page: number; readonly limit: number; readonly offset: number };

export function pageWindow(page: number | undefined, limit: number | undefined): PageWindow {
  const safePage = Math.max(1, page ?? 1);
  const safeLimit = Math.min(articlePageSizeMax, Math.max(1, limit ?? articlePageSizeDefault));
  return { page: safePage, limit: safeLimit, offset: (safePage - 1) * safeLimit };
}

/**
 * Content is written per locale; a locale with nothing of a kind shows the English version
 * rather than an empty screen.
 */
export function contentLocaleOrder(locale: Locale): readonly Locale[] {
  return locale === defaultLocale ? [locale] : [locale, defaultLocale];
}

export const contentPageSlugs = ['aboutus', 'contactus', 'operational_compliance'] as const;
export type ContentPageSlug = (typeof contentPageSlugs)[number];

export type ArticleRecord = {
  readonly id: number;
  readonly categoryId: number;
  readonly title: string;
  readonly summary: string;
  readonly body: string;
  readonly imageUrl: string | null;
  readonly linkRoute: string | null;
  readonly publishedAt: Date;
};

export function articleSummaryView(article: ArticleRecord): ArticleSummary {
  return {
    id: article.id,
    c_id: article.categoryId,
    title: article.title,
    summary: article.summary,
    thumbnail: article.imageUrl,
    link: article.linkRoute,
    create_time: article.publishedAt.getTime(),
  };
}

export function articleDetailView(article: ArticleRecord): ArticleDetail {
  return { ...articleSummaryView(article), content: article.body };
}

export type MenuRecord = { readonly key: string; readonly route: string; readonly icon: string };

/**
 * The Home shortcuts whose feature has shipped: the union of what the registered modules declare
 * (their manifests' `shortcuts`). Every other shortcut is still listed (the web marks it "coming
 * soon") but answers `available: false`.
 */
export type ShippedShortcuts = ReadonlySet<string>;

export function menuItemView(item: MenuRecord, shipped: ShippedShortcuts): MenuItem {
  return { key: item.key, route: item.route, icon: item.icon, available: shipped.has(item.key) };
}
