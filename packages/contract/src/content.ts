import { z } from 'zod';
import { noParamsSchema, positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';

/** GET /getSiteConfig: read by every client at launch. */
export const siteConfigSchema = z.object({
  site_name: z.string(),
  site_logo: z.string(),
  /** True when the server runs in demo mode (simulated prices, test funds): the UI says so. */
  demo: z.boolean(),
  /** A demo's clock runs this far ahead of real time (DEMO_CLOCK_AHEAD_MS); 0 otherwise. */
  clock_ahead_ms: z.number().int().min(0),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** GET /getSetting {keyword}: one operator setting; unknown keywords answer null. */
export const settingQuerySchema = z.strictObject({ keyword: z.string().min(1).max(64) });
export const settingValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** Article categories of the client contract. */
export const articleCategories = { news: 4, banner: 5 } as const;
export const articleCategorySchema = z.union([z.literal(4), z.literal(5)]);

export const newsListBodySchema = z.strictObject({
  c_id: positiveIntParam.pipe(articleCategorySchema),
  page: positiveIntParam.optional(),
  limit: positiveIntParam.pipe(z.number().max(50)).optional(),
});

export const articleSummarySchema = z.object({
  id: z.number().int(),
  c_id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** Image path or absolute URL; null for text-only news. */
  thumbnail: z.string().nullable(),
  /** An in-app hash route the banner opens, or null to open the article itself. */
  link: z.string().nullable(),
  /** Unix milliseconds. */
  create_time: z.number().int(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const newsListReplySchema = z.object({
  list: z.array(articleSummarySchema),
  page: z.number().int(),
  total: z.number().int(),
});
export type NewsList = z.infer<typeof newsListReplySchema>;

export const newsDetailBodySchema = z.strictObject({ id: positiveIntParam });
export const articleDetailSchema = articleSummarySchema.extend({ content: z.string() });
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

/** GET /news/index_pop: the popup notice of Home, or null when there is none. */
export const popupNoticeSchema = articleDetailSchema.nullable();

/**
 * The Home shortcuts of spec section 2, in display order. Clients label and draw them by key
 * (`menu.<key>` in their locale files); the server may also send keys an operator added.
 */
export const homeShortcutKeys = [
  'recharge',
  'withdrawal',
  'stock',
  'futures',
  'copy',
  'finance',
  'otc',
  'coupon',
  'bills',
  'exchange',
  'lock_mining',
  'game',
  'chat_room',
  'quick_buy',
  'real_name',
  'ieo',
  'options',
  'coin_transfer',
  'borrowing',
] as const;
export type HomeShortcutKey = (typeof homeShortcutKeys)[number];

/** GET /menu: the Home shortcuts; `available` is false for features that have not shipped yet. */
export const menuItemSchema = z.object({
  key: z.string(),
  route: z.string(),
  icon: z.string(),
  available: z.boolean(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;
export const menuReplySchema = z.array(menuItemSchema);

export const faqItemSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type FaqItem = z.infer<typeof faqItemSchema>;
export const faqReplySchema = z.array(faqItemSchema);

/** GET /aboutus, /contactus, /operational_compliance: one page in the caller's locale. */
export const contentPageSchema = z.object({ title: z.string(), content: z.string() });
export type ContentPage = z.infer<typeof contentPageSchema>;

/** Customer-service links the operator configures (GET /getSetting keywords). */
export const customerServiceKeywords = ['kefu_url', 'whatsapp_url', 'telegram_url'] as const;

export const getSiteConfigRoute = getRoute('/getSiteConfig', {
  policy: 'public',
  query: noParamsSchema,
  reply: siteConfigSchema,
});

export const getSettingRoute = getRoute('/getSetting', {
  policy: 'public',
  query: settingQuerySchema,
  reply: settingValueSchema,
});

export const newsIndexPopRoute = getRoute('/news/index_pop', {
  policy: 'public',
  query: noParamsSchema,
  reply: popupNoticeSchema,
});

export const newsListRoute = postRoute('/news/list', {
  policy: 'public',
  body: newsListBodySchema,
  reply: newsListReplySchema,
});

export const newsDetailRoute = postRoute('/news/detail', {
  policy: 'public',
  body: newsDetailBodySchema,
  reply: articleDetailSchema,
});

export const menuRoute = getRoute('/menu', {
  policy: 'public',
  query: noParamsSchema,
  reply: menuReplySchema,
});

export const faqRoute = getRoute('/faq', {
  policy: 'public',
  query: noParamsSchema,
  reply: faqReplySchema,
});

/** The long-form pages, each in the caller's locale (else English). */
export const aboutusRoute = getRoute('/aboutus', {
  policy: 'public',
  query: noParamsSchema,
  reply: contentPageSchema,
});
export const contactusRoute = getRoute('/contactus', {
  policy: 'public',
  query: noParamsSchema,
  reply: contentPageSchema,
});
export const operationalComplianceRoute = getRoute('/operational_compliance', {
  policy: 'public',
  query: noParamsSchema,
  reply: contentPageSchema,
});
