/**
 * The operator console's content, settings, instruments and fees calls (staff API, `/api/admin/
 * content/...`). Reads are GET with a query, writes are POST with a JSON body naming the object;
 * every write is audited with the object before and after. Roles: `content` for articles, FAQ,
 * pages, settings and the Home menu; `admin` for instruments, spot fees and withdrawal fees
 * (admin also passes every `content` route).
 */
import { z } from 'zod';
import { homeShortcutKeys } from './content';
import { intParam, positiveIntParam } from './envelope';
import { decimalString } from './fiat';
import { localeSchema } from './locales';
import { instrumentKinds } from './market';
import { getRoute, postRoute } from './route';
import { text } from './text';

/** A form client sends "" for "any". */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);
const idParam = positiveIntParam.pipe(z.number().max(2_147_483_647));
const sortOrderParam = intParam.pipe(z.number().int().min(0).max(1_000_000));
/** Unix milliseconds. */
const unixMsParam = intParam.pipe(z.number().int().min(0));

export const contentAdminLimits = {
  titleLengthMax: 200,
  summaryLengthMax: 500,
  articleBodyLengthMax: 20_000,
  urlLengthMax: 500,
  faqQuestionLengthMax: 500,
  faqAnswerLengthMax: 5_000,
  pageTitleLengthMax: 200,
  pageBodyLengthMax: 50_000,
  siteNameLengthMax: 60,
  articlePageSizeDefault: 20,
  articlePageSizeMax: 100,
  /** Items one reorder call may name (FAQ of one locale, Home shortcuts). */
  reorderItemsMax: 200,
} as const;

/**
 * A link or image address: an absolute http(s) URL, or a path on this site ("/uploads/...",
 * "/h5/chat.html"). Anything else (javascript:, data:, "//host") is refused.
 */
export const safeUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(contentAdminLimits.urlLengthMax)
  .regex(/^(https?:\/\/[^\s/$.?#][^\s]*|\/(?!\/)[^\s]*)$/i);

// Articles: news, banners and the popup notice, one row per locale.

/**
 * `news` is category 4, `banner` category 5 (image and link), `popup` the Home popup notice
 * (also listed as news, category 4).
 */
export const articleKinds = ['news', 'banner', 'popup'] as const;
export type ArticleKind = (typeof articleKinds)[number];

/**
 * `published`: public now; `scheduled`: public from `published_at`; `hidden`: unpublished by
 * staff (articles are never hard-deleted: hiding keeps the row for the audit trail and stops the
 * demo seeder from refilling an emptied locale).
 */
export const articleStatuses = ['published', 'scheduled', 'hidden'] as const;
export type ArticleStatus = (typeof articleStatuses)[number];

export const adminArticleSchema = z.object({
  id: z.number().int(),
  kind: z.enum(articleKinds),
  locale: localeSchema,
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  image_url: z.string().nullable(),
  link: z.string().nullable(),
  sort_order: z.number().int(),
  /** Unix milliseconds; later than now means scheduled. */
  published_at: z.number().int(),
  hidden: z.boolean(),
  status: z.enum(articleStatuses),
  /** Unix milliseconds. */
  created_at: z.number().int(),
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;

/** GET /admin/content/articles: newest first (banners in display order), 20 a page. */
export const adminArticleListQuerySchema = z.strictObject({
  kind: z.preprocess(blankAsAbsent, z.enum(articleKinds).optional()),
  locale: z.preprocess(blankAsAbsent, localeSchema.optional()),
  page: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(10_000)).optional()),
  limit: z.preprocess(
    blankAsAbsent,
    positiveIntParam.pipe(z.number().max(contentAdminLimits.articlePageSizeMax)).optional(),
  ),
});
export const adminArticleListReplySchema = z.object({
  list: z.array(adminArticleSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type AdminArticleList = z.infer<typeof adminArticleListReplySchema>;

const articleFields = {
  title: text().trim().min(1).max(contentAdminLimits.titleLengthMax),
  summary: text().trim().max(contentAdminLimits.summaryLengthMax),
  content: text().max(contentAdminLimits.articleBodyLengthMax),
  /** Required for banners: a stored upload ("/uploads/...") or an http(s) URL; null clears. */
  image_url: safeUrlSchema.nullable(),
  /** An in-app hash route a banner opens ("/pages/..."), or an absolute http(s) URL. */
  link: safeUrlSchema.nullable(),
  sort_order: sortOrderParam,
  published_at: unixMsParam,
};

/** POST /admin/content/articles/create: `published_at` defaults to now. */
export const adminArticleCreateBodySchema = z.strictObject({
  kind: z.enum(articleKinds),
  locale: localeSchema,
  title: articleFields.title,
  summary: articleFields.summary.optional(),
  content: articleFields.content.optional(),
  image_url: articleFields.image_url.optional(),
  link: articleFields.link.optional(),
  sort_order: articleFields.sort_order.optional(),
  published_at: articleFields.published_at.optional(),
});
export type AdminArticleCreateBody = z.input<typeof adminArticleCreateBodySchema>;

/** POST /admin/content/articles/update: only the fields sent change; kind and locale stay. */
export const adminArticleUpdateBodySchema = z.strictObject({
  id: idParam,
  title: articleFields.title.optional(),
  summary: articleFields.summary.optional(),
  content: articleFields.content.optional(),
  image_url: articleFields.image_url.optional(),
  link: articleFields.link.optional(),
  sort_order: articleFields.sort_order.optional(),
  published_at: articleFields.published_at.optional(),
});
export type AdminArticleUpdateBody = z.input<typeof adminArticleUpdateBodySchema>;

/** POST /admin/content/articles/hide and /show: unpublish an article, or publish it again. */
export const adminIdBodySchema = z.strictObject({ id: idParam });
export type AdminIdBody = z.input<typeof adminIdBodySchema>;

// FAQ, per locale, in display order.

export const adminFaqItemSchema = z.object({
  id: z.number().int(),
  locale: localeSchema,
  question: z.string(),
  answer: z.string(),
  sort_order: z.number().int(),
});
export type AdminFaqItem = z.infer<typeof adminFaqItemSchema>;
export const adminFaqListReplySchema = z.array(adminFaqItemSchema);

/** GET /admin/content/faq: one locale's items in display order (no English fallback). */
export const adminLocaleQuerySchema = z.strictObject({ locale: localeSchema });

const faqFields = {
  question: text().trim().min(1).max(contentAdminLimits.faqQuestionLengthMax),
  answer: text().trim().min(1).max(contentAdminLimits.faqAnswerLengthMax),
};

/** POST /admin/content/faq/create: appended at the end unless `sort_order` is given. */
export const adminFaqCreateBodySchema = z.strictObject({
  locale: localeSchema,
  question: faqFields.question,
  answer: faqFields.answer,
  sort_order: sortOrderParam.optional(),
});
export type AdminFaqCreateBody = z.input<typeof adminFaqCreateBodySchema>;

/** POST /admin/content/faq/update */
export const adminFaqUpdateBodySchema = z.strictObject({
  id: idParam,
  question: faqFields.question.optional(),
  answer: faqFields.answer.optional(),
  sort_order: sortOrderParam.optional(),
});
export type AdminFaqUpdateBody = z.input<typeof adminFaqUpdateBodySchema>;

/** POST /admin/content/faq/delete {id}: FAQ items are removed (nothing refers to them). */
export const adminDeletedReplySchema = z.object({ id: z.number().int() });

/** POST /admin/content/faq/order: every item of the locale, each once, in the new order. */
export const adminFaqOrderBodySchema = z.strictObject({
  locale: localeSchema,
  ids: z.array(idParam).min(1).max(contentAdminLimits.reorderItemsMax),
});
export type AdminFaqOrderBody = z.input<typeof adminFaqOrderBodySchema>;

// Long-form pages per locale: /aboutus, /contactus, /operational_compliance.

export const contentPageSlugs = ['aboutus', 'contactus', 'operational_compliance'] as const;
export type ContentPageSlugName = (typeof contentPageSlugs)[number];

/** GET /admin/content/pages {slug, locale} */
export const adminPageQuerySchema = z.strictObject({
  slug: z.enum(contentPageSlugs),
  locale: localeSchema,
});
/** `updated_at` is null (and title and content empty) when the locale has no page yet. */
export const adminPageSchema = z.object({
  slug: z.enum(contentPageSlugs),
  locale: localeSchema,
  title: z.string(),
  content: z.string(),
  updated_at: z.number().int().nullable(),
});
export type AdminPage = z.infer<typeof adminPageSchema>;

/** POST /admin/content/pages/save: creates or replaces the page of that locale. */
export const adminPageSaveBodySchema = z.strictObject({
  slug: z.enum(contentPageSlugs),
  locale: localeSchema,
  title: text().trim().min(1).max(contentAdminLimits.pageTitleLengthMax),
  content: text().trim().min(1).max(contentAdminLimits.pageBodyLengthMax),
});
export type AdminPageSaveBody = z.input<typeof adminPageSaveBodySchema>;

// Site settings.

/** GET /admin/content/settings: the operator's values (null when unset; clients then use defaults). */
export const adminSiteSettingsSchema = z.object({
  site_name: z.string().nullable(),
  site_logo: z.string().nullable(),
  /** Online customer-service chat (GET /getSetting?keyword=kefu_url). */
  kefu_url: z.string().nullable(),
  whatsapp_url: z.string().nullable(),
  telegram_url: z.string().nullable(),
});
export type AdminSiteSettings = z.infer<typeof adminSiteSettingsSchema>;

/** POST /admin/content/settings/save: only the keys sent change; null clears a value. */
export const adminSiteSettingsSaveBodySchema = z
  .strictObject({
    site_name: text().trim().min(1).max(contentAdminLimits.siteNameLengthMax).nullable().optional(),
    site_logo: safeUrlSchema.nullable().optional(),
    kefu_url: safeUrlSchema.nullable().optional(),
    whatsapp_url: safeUrlSchema.nullable().optional(),
    telegram_url: safeUrlSchema.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'nothing to save' });
export type AdminSiteSettingsSaveBody = z.input<typeof adminSiteSettingsSaveBodySchema>;

// Home menu shortcuts.

export const adminMenuItemSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  route: z.string(),
  icon: z.string(),
  sort_order: z.number().int(),
  enabled: z.boolean(),
  /** False while the feature behind it has not shipped (users see "coming soon"). */
  available: z.boolean(),
});
export type AdminMenuItem = z.infer<typeof adminMenuItemSchema>;
/** GET /admin/content/menu: every shortcut, enabled or not, in display order. */
export const adminMenuListReplySchema = z.array(adminMenuItemSchema);

const menuKeySchema = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/);

/** POST /admin/content/menu/toggle: show or hide one shortcut on Home. */
export const adminMenuToggleBodySchema = z.strictObject({ key: menuKeySchema, enabled: z.boolean() });
export type AdminMenuToggleBody = z.input<typeof adminMenuToggleBodySchema>;

/** POST /admin/content/menu/order: every shortcut key, each once, in the new order. */
export const adminMenuOrderBodySchema = z.strictObject({
  keys: z.array(menuKeySchema).min(1).max(contentAdminLimits.reorderItemsMax),
});
export type AdminMenuOrderBody = z.input<typeof adminMenuOrderBodySchema>;
/** The shortcuts clients know how to draw (a reorder may only name existing keys). */
export const adminKnownMenuKeys = homeShortcutKeys;

// Instruments (role admin). Prices, ticks and fills are never editable here.

export const adminInstrumentSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  kind: z.enum(instrumentKinds),
  base: z.string(),
  quote: z.string(),
  tick_size: z.string(),
  lot_size: z.string(),
  /** Decimals prices are shown with. */
  price_decimals: z.number().int(),
  status: z.enum(['trading', 'paused']),
  trading_hours: z.string().nullable(),
  feed: z.string(),
  sort_order: z.number().int(),
});
export type AdminInstrument = z.infer<typeof adminInstrumentSchema>;
export const adminInstrumentListReplySchema = z.array(adminInstrumentSchema);

const symbolSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,12}([/-][A-Z0-9]{1,12})?$/);
const assetCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,12}$/);
/** e.g. "09:30-16:00 America/New_York". */
const tradingHoursSchema = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d [A-Za-z_]+(\/[A-Za-z_+-]+){0,2}$/);
const priceDecimalsParam = intParam.pipe(z.number().int().min(0).max(12));
const positiveDecimal = decimalString.refine((value) => /[1-9]/.test(value), 'must be above zero');

/**
 * POST /admin/content/instruments/create: a new instrument on the simulated feed, trading at
 * once in the market lists. `reference_price` only seeds its simulated random walk.
 */
export const adminInstrumentCreateBodySchema = z.strictObject({
  symbol: symbolSchema,
  kind: z.enum(instrumentKinds),
  base: assetCodeSchema,
  quote: assetCodeSchema,
  tick_size: positiveDecimal,
  lot_size: positiveDecimal,
  price_decimals: priceDecimalsParam,
  trading_hours: tradingHoursSchema.nullable().optional(),
  reference_price: positiveDecimal,
  /** Annualised volatility of the simulated walk, e.g. "0.6"; default 0.5. */
  annual_volatility: decimalString
    .refine((value) => Number(value) > 0 && Number(value) <= 5, 'between 0 and 5')
    .optional(),
  sort_order: sortOrderParam.optional(),
});
export type AdminInstrumentCreateBody = z.input<typeof adminInstrumentCreateBodySchema>;

/** POST /admin/content/instruments/update: display fields only (no tick, lot or price). */
export const adminInstrumentUpdateBodySchema = z.strictObject({
  id: idParam,
  price_decimals: priceDecimalsParam.optional(),
  trading_hours: tradingHoursSchema.nullable().optional(),
  sort_order: sortOrderParam.optional(),
});
export type AdminInstrumentUpdateBody = z.input<typeof adminInstrumentUpdateBodySchema>;

/** POST /admin/content/instruments/pause and /resume: body `adminIdBodySchema`. */

// Spot pair fees and price band; withdrawal fees, minimums and limits (role admin).

/**
 * The rules each spot pair trades under now (what new orders take). Each order keeps the fee rates
 * its hold was sized with, so a change applies to orders placed after it and never to resting ones.
 */
export const adminSpotFeesSchema = z.object({
  instrument_id: z.number().int(),
  symbol: z.string(),
  maker_fee_rate: z.string(),
  taker_fee_rate: z.string(),
  /** Limit prices must lie within this fraction of the reference price. */
  price_band: z.string(),
  status: z.enum(['trading', 'paused']),
});
export type AdminSpotFees = z.infer<typeof adminSpotFeesSchema>;
/** GET /admin/content/spot-fees */
export const adminSpotFeesListReplySchema = z.array(adminSpotFeesSchema);

/** A fee rate as a fraction: "0.001" is 0.1 %; at least 0, below 0.5, at most 8 decimals. */
const feeRateParam = z
  .string()
  .trim()
  .regex(/^0(\.\d{1,8})?$/)
  .refine((value) => Number(value) < 0.5, 'below 0.5');

/** POST /admin/content/spot-fees/update: the rates new orders of the pair pay. */
export const adminSpotFeesUpdateBodySchema = z.strictObject({
  instrument_id: idParam,
  maker_fee_rate: feeRateParam,
  taker_fee_rate: feeRateParam,
});
export type AdminSpotFeesUpdateBody = z.input<typeof adminSpotFeesUpdateBodySchema>;

/**
 * GET /admin/content/withdrawal-fees: minimum and fee per currency (kept in the currency table)
 * and the rolling 24-hour limit per verification level in BTC equivalent (spec: Lv1 200, Lv2 500).
 * Each request records the fee and the limit it was checked against: a change applies to new
 * requests only.
 */
export const adminWithdrawalFeesSchema = z.object({
  currencies: z.array(
    z.object({
      currency_id: z.number().int(),
      code: z.string(),
      /** Decimals the amounts may have. */
      scale: z.number().int(),
      /** Decimal at the currency's scale. */
      withdraw_min: z.string(),
      withdraw_fee: z.string(),
    }),
  ),
  limits: z.array(z.object({ level: z.number().int(), limit_btc: z.string() })),
});
export type AdminWithdrawalFees = z.infer<typeof adminWithdrawalFeesSchema>;

/** A non-negative decimal (the currency's scale is checked by the server). */
const nonNegativeDecimal = z
  .string()
  .trim()
  .regex(/^\d{1,24}(\.\d{1,18})?$/);

/** POST /admin/content/withdrawal-fees/update */
export const adminWithdrawalFeeUpdateBodySchema = z.strictObject({
  currency_id: idParam,
  withdraw_min: nonNegativeDecimal,
  withdraw_fee: nonNegativeDecimal,
});
export type AdminWithdrawalFeeUpdateBody = z.input<typeof adminWithdrawalFeeUpdateBodySchema>;

/** POST /admin/content/withdrawal-limits/update: one verification level's 24-hour limit. */
export const adminWithdrawalLimitUpdateBodySchema = z.strictObject({
  level: intParam.pipe(z.number().int().min(1).max(2)),
  limit_btc: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,8})?$/),
});
export type AdminWithdrawalLimitUpdateBody = z.input<typeof adminWithdrawalLimitUpdateBodySchema>;

/** Calls without parameters. */
export const adminNoParamsSchema = z.strictObject({});

export const adminContentArticlesRoute = getRoute('/admin/content/articles', {
  policy: { staff: ['content'] },
  query: adminArticleListQuerySchema,
  reply: adminArticleListReplySchema,
});

export const adminContentArticlesCreateRoute = postRoute('/admin/content/articles/create', {
  policy: { staff: ['content'] },
  body: adminArticleCreateBodySchema,
  reply: adminArticleSchema,
});

export const adminContentArticlesUpdateRoute = postRoute('/admin/content/articles/update', {
  policy: { staff: ['content'] },
  body: adminArticleUpdateBodySchema,
  reply: adminArticleSchema,
});

export const adminContentArticlesHideRoute = postRoute('/admin/content/articles/hide', {
  policy: { staff: ['content'] },
  body: adminIdBodySchema,
  reply: adminArticleSchema,
});

export const adminContentArticlesShowRoute = postRoute('/admin/content/articles/show', {
  policy: { staff: ['content'] },
  body: adminIdBodySchema,
  reply: adminArticleSchema,
});

export const adminContentFaqRoute = getRoute('/admin/content/faq', {
  policy: { staff: ['content'] },
  query: adminLocaleQuerySchema,
  reply: adminFaqListReplySchema,
});

export const adminContentFaqCreateRoute = postRoute('/admin/content/faq/create', {
  policy: { staff: ['content'] },
  body: adminFaqCreateBodySchema,
  reply: adminFaqItemSchema,
});

export const adminContentFaqUpdateRoute = postRoute('/admin/content/faq/update', {
  policy: { staff: ['content'] },
  body: adminFaqUpdateBodySchema,
  reply: adminFaqItemSchema,
});

export const adminContentFaqDeleteRoute = postRoute('/admin/content/faq/delete', {
  policy: { staff: ['content'] },
  body: adminIdBodySchema,
  reply: adminDeletedReplySchema,
});

export const adminContentFaqOrderRoute = postRoute('/admin/content/faq/order', {
  policy: { staff: ['content'] },
  body: adminFaqOrderBodySchema,
  reply: adminFaqListReplySchema,
});

export const adminContentPagesRoute = getRoute('/admin/content/pages', {
  policy: { staff: ['content'] },
  query: adminPageQuerySchema,
  reply: adminPageSchema,
});

export const adminContentPagesSaveRoute = postRoute('/admin/content/pages/save', {
  policy: { staff: ['content'] },
  body: adminPageSaveBodySchema,
  reply: adminPageSchema,
});

export const adminContentSettingsRoute = getRoute('/admin/content/settings', {
  policy: { staff: ['content'] },
  query: adminNoParamsSchema,
  reply: adminSiteSettingsSchema,
});

export const adminContentSettingsSaveRoute = postRoute('/admin/content/settings/save', {
  policy: { staff: ['content'] },
  body: adminSiteSettingsSaveBodySchema,
  reply: adminSiteSettingsSchema,
});

export const adminContentMenuRoute = getRoute('/admin/content/menu', {
  policy: { staff: ['content'] },
  query: adminNoParamsSchema,
  reply: adminMenuListReplySchema,
});

export const adminContentMenuToggleRoute = postRoute('/admin/content/menu/toggle', {
  policy: { staff: ['content'] },
  body: adminMenuToggleBodySchema,
  reply: adminMenuItemSchema,
});

export const adminContentMenuOrderRoute = postRoute('/admin/content/menu/order', {
  policy: { staff: ['content'] },
  body: adminMenuOrderBodySchema,
  reply: adminMenuListReplySchema,
});

export const adminContentSpotFeesRoute = getRoute('/admin/content/spot-fees', {
  policy: { staff: ['admin'] },
  query: adminNoParamsSchema,
  reply: adminSpotFeesListReplySchema,
});

export const adminContentSpotFeesUpdateRoute = postRoute('/admin/content/spot-fees/update', {
  policy: { staff: ['admin'] },
  body: adminSpotFeesUpdateBodySchema,
  reply: adminSpotFeesSchema,
});

export const adminContentWithdrawalFeesRoute = getRoute('/admin/content/withdrawal-fees', {
  policy: { staff: ['admin'] },
  query: adminNoParamsSchema,
  reply: adminWithdrawalFeesSchema,
});

export const adminContentWithdrawalFeesUpdateRoute = postRoute('/admin/content/withdrawal-fees/update', {
  policy: { staff: ['admin'] },
  body: adminWithdrawalFeeUpdateBodySchema,
  reply: adminWithdrawalFeesSchema,
});

export const adminContentWithdrawalLimitsUpdateRoute = postRoute('/admin/content/withdrawal-limits/update', {
  policy: { staff: ['admin'] },
  body: adminWithdrawalLimitUpdateBodySchema,
  reply: adminWithdrawalFeesSchema,
});

export const adminContentInstrumentsRoute = getRoute('/admin/content/instruments', {
  policy: { staff: ['admin'] },
  query: adminNoParamsSchema,
  reply: adminInstrumentListReplySchema,
});

export const adminContentInstrumentsCreateRoute = postRoute('/admin/content/instruments/create', {
  policy: { staff: ['admin'] },
  body: adminInstrumentCreateBodySchema,
  reply: adminInstrumentSchema,
});

export const adminContentInstrumentsUpdateRoute = postRoute('/admin/content/instruments/update', {
  policy: { staff: ['admin'] },
  body: adminInstrumentUpdateBodySchema,
  reply: adminInstrumentSchema,
});

export const adminContentInstrumentsPauseRoute = postRoute('/admin/content/instruments/pause', {
  policy: { staff: ['admin'] },
  body: adminIdBodySchema,
  reply: adminInstrumentSchema,
});

export const adminContentInstrumentsResumeRoute = postRoute('/admin/content/instruments/resume', {
  policy: { staff: ['admin'] },
  body: adminIdBodySchema,
  reply: adminInstrumentSchema,
});
