/**
 * Staff editing of content: articles (news, banners, the popup notice), FAQ, pages, site settings
 * and the Home menu. Each write and its audit entry (before and after) commit in one transaction;
 * the public routes read the tables directly, so a change shows on the next request.
 */
import {
  type AdminArticle,
  type AdminArticleCreateBody,
  type AdminArticleList,
  type AdminFaqItem,
  type AdminMenuItem,
  type AdminPage,
  type AdminSiteSettings,
  type ArticleKind,
  articleCategories,
  contentAdminLimits,
  type Locale,
} from '@fairex/contract';
import { assertNever } from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { type AuditActor, type AuditRecord, recordAudit } from '../audit';
import {
  type ArticleChangeSet,
  type ArticleFilter,
  type ArticleRow,
  countAdminArticles,
  deleteFaqItem,
  type FaqRow,
  findArticleRow,
  findFaqRow,
  findPageRow,
  insertArticle,
  insertFaqItem,
  listAdminArticles,
  listFaqRows,
  listMenuRows,
  type MenuRow,
  readSettingRows,
  setMenuEnabled,
  setMenuSortOrder,
  updateArticle,
  updateFaqItem,
  upsertPage,
  writeSetting,
} from './content.admin.repository';
import type { ContentPageSlug, ShippedShortcuts } from './content.domain';
import { contentError } from './content.errors';

export type ContentAdminServiceDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly shippedShortcuts: ShippedShortcuts;
};

export const adminSettingKeys = [
  'site_name',
  'site_logo',
  'kefu_url',
  'whatsapp_url',
  'telegram_url',
] as const;
type AdminSettingKey = (typeof adminSettingKeys)[number];

/** Gaps between sort orders leave room to slot items in between. */
const sortStep = 10;

function kindFilter(kind: ArticleKind): { categoryId: number; popup: boolean } {
  switch (kind) {
    case 'news':
      return { categoryId: articleCategories.news, popup: false };
    case 'banner':
      return { categoryId: articleCategories.banner, popup: false };
    case 'popup':
      // The popup notice is also a news item, readable in the news list after it is dismissed.
      return { categoryId: articleCategories.news, popup: true };
    default:
      return assertNever(kind);
  }
}

function kindOf(row: ArticleRow): ArticleKind {
  if (row.isPopup) return 'popup';
  return row.categoryId === articleCategories.banner ? 'banner' : 'news';
}

export function adminArticleView(row: ArticleRow, now: Date): AdminArticle {
  const status = row.hidden ? 'hidden' : row.publishedAt > now ? 'scheduled' : 'published';
  return {
    id: row.id,
    kind: kindOf(row),
    locale: row.locale as Locale,
    title: row.title,
    summary: row.summary,
    content: row.body,
    image_url: row.imageUrl,
    link: row.linkRoute,
    sort_order: row.sortOrder,
    published_at: row.publishedAt.getTime(),
    hidden: row.hidden,
    status,
    created_at: row.createdAt.getTime(),
  };
}

function faqView(row: FaqRow): AdminFaqItem {
  return {
    id: row.id,
    locale: row.locale as Locale,
    question: row.question,
    answer: row.answer,
    sort_order: row.sortOrder,
  };
}

function menuView(row: MenuRow, shipped: ShippedShortcuts): AdminMenuItem {
  return {
    id: row.id,
    key: row.key,
    route: row.route,
    icon: row.icon,
    sort_order: row.sortOrder,
    enabled: row.enabled,
    available: shipped.has(row.key),
  };
}

/** Same members, each once, in any order. */
function isPermutation<T>(given: readonly T[], existing: readonly T[]): boolean {
  if (given.length !== existing.length) return false;
  const wanted = new Set(existing);
  const seen = new Set<T>();
  for (const item of given) {
    if (!wanted.has(item) || seen.has(item)) return false;
    seen.add(item);
  }
  return true;
}

export type ArticleListRequest = {
  readonly kind?: ArticleKind | undefined;
  readonly locale?: Locale | undefined;
  readonly page?: number | undefined;
  readonly limit?: number | undefined;
};

export type ArticleChanges = {
  readonly title?: string | undefined;
  readonly summary?: string | undefined;
  readonly content?: string | undefined;
  readonly image_url?: string | null | undefined;
  readonly link?: string | null | undefined;
  readonly sort_order?: number | undefined;
  readonly published_at?: number | undefined;
};

type ArticleCreate = Omit<AdminArticleCreateBody, 'sort_order' | 'published_at'> & {
  readonly sort_order?: number | undefined;
  readonly published_at?: number | undefined;
};

export function createContentAdminService(deps: ContentAdminServiceDeps) {
  const { db, clock } = deps;

  /** Runs `write` and its audit entry (built from what `write` returns) in one transaction. */
  async function audited<T>(
    write: (tx: Database, at: Date) => Promise<{ result: T; audit: Omit<AuditRecord, 'actor' | 'at'> }>,
    actor: AuditActor,
  ): Promise<T> {
    const at = clock.now();
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const { result, audit } = await write(tx, at);
      await recordAudit(tx, { ...audit, actor, at });
      return result;
    });
  }

  async function listArticles(request: ArticleListRequest): Promise<AdminArticleList> {
    const page = request.page ?? 1;
    const pageSize = Math.min(
      request.limit ?? contentAdminLimits.articlePageSizeDefault,
      contentAdminLimits.articlePageSizeMax,
    );
    const kind = request.kind ? kindFilter(request.kind) : undefined;
    const filter: ArticleFilter = {
      categoryId: kind?.categoryId,
      popup: kind?.popup,
      locale: request.locale,
    };
    const total = await countAdminArticles(db, filter);
    const rows = await listAdminArticles(db, filter, {
      bySortOrder: request.kind === 'banner',
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    const now = clock.now();
    return { list: rows.map((row) => adminArticleView(row, now)), page, page_size: pageSize, total };
  }

  async function createArticle(actor: AuditActor, body: ArticleCreate): Promise<AdminArticle> {
    const imageUrl = body.image_url ?? null;
    if (body.kind === 'banner' && imageUrl === null) throw contentError('banner_image_required');
    const kind = kindFilter(body.kind);
    return audited(async (tx, at) => {
      const row = await insertArticle(tx, {
        categoryId: kind.categoryId,
        isPopup: kind.popup,
        locale: body.locale,
        title: body.title,
        summary: body.summary ?? '',
        body: body.content ?? '',
        imageUrl,
        linkRoute: body.link ?? null,
        sortOrder: body.sort_order ?? 0,
        publishedAt: body.published_at === undefined ? at : new Date(body.published_at),
        createdAt: at,
      });
      const view = adminArticleView(row, at);
      return {
        result: view,
        audit: {
          action: 'content.create',
          target: { type: 'content', id: `article:${row.id}` },
          before: null,
          after: view,
        },
      };
    }, actor);
  }

  async function changeArticle(
    actor: AuditActor,
    id: number,
    changes: ArticleChangeSet,
  ): Promise<AdminArticle> {
    return audited(async (tx, at) => {
      const before = await findArticleRow(tx, id);
      if (!before) throw contentError('article_not_found');
      const after = { ...before, ...changes };
      if (kindOf(before) === 'banner' && after.imageUrl === null) throw contentError('banner_image_required');
      const row = await updateArticle(tx, id, changes);
      if (!row) throw contentError('article_not_found');
      const view = adminArticleView(row, at);
      return {
        result: view,
        audit: {
          action: 'content.update',
          target: { type: 'content', id: `article:${id}` },
          before: adminArticleView(before, at),
          after: view,
        },
      };
    }, actor);
  }

  function updateArticleFields(actor: AuditActor, id: number, body: ArticleChanges): Promise<AdminArticle> {
    const changes: ArticleChangeSet = {};
    if (body.title !== undefined) changes.title = body.title;
    if (body.summary !== undefined) changes.summary = body.summary;
    if (body.content !== undefined) changes.body = body.content;
    if (body.image_url !== undefined) changes.imageUrl = body.image_url;
    if (body.link !== undefined) changes.linkRoute = body.link;
    if (body.sort_order !== undefined) changes.sortOrder = body.sort_order;
    if (body.published_at !== undefined) changes.publishedAt = new Date(body.published_at);
    return changeArticle(actor, id, changes);
  }

  async function listFaq(locale: Locale): Promise<AdminFaqItem[]> {
    return (await listFaqRows(db, locale)).map(faqView);
  }

  function createFaq(
    actor: AuditActor,
    body: { locale: Locale; question: string; answer: string; sort_order?: number | undefined },
  ): Promise<AdminFaqItem> {
    return audited(async (tx) => {
      const existing = await listFaqRows(tx, body.locale);
      const last = existing[existing.length - 1]?.sortOrder ?? 0;
      const row = await insertFaqItem(tx, {
        locale: body.locale,
        question: body.question,
        answer: body.answer,
        sortOrder: body.sort_order ?? last + sortStep,
      });
      const view = faqView(row);
      return {
        result: view,
        audit: {
          action: 'content.create',
          target: { type: 'content', id: `faq:${row.id}` },
          before: null,
          after: view,
        },
      };
    }, actor);
  }

  function updateFaq(
    actor: AuditActor,
    body: {
      id: number;
      question?: string | undefined;
      answer?: string | undefined;
      sort_order?: number | undefined;
    },
  ): Promise<AdminFaqItem> {
    return audited(async (tx) => {
      const before = await findFaqRow(tx, body.id);
      if (!before) throw contentError('faq_not_found');
      const changes: Partial<FaqRow> = {};
      if (body.question !== undefined) changes.question = body.question;
      if (body.answer !== undefined) changes.answer = body.answer;
      if (body.sort_order !== undefined) changes.sortOrder = body.sort_order;
      const row = (await updateFaqItem(tx, body.id, changes)) ?? before;
      const view = faqView(row);
      return {
        result: view,
        audit: {
          action: 'content.update',
          target: { type: 'content', id: `faq:${body.id}` },
          before: faqView(before),
          after: view,
        },
      };
    }, actor);
  }

  function deleteFaq(actor: AuditActor, id: number): Promise<{ id: number }> {
    return audited(async (tx) => {
      const before = await findFaqRow(tx, id);
      if (!before) throw contentError('faq_not_found');
      await deleteFaqItem(tx, id);
      return {
        result: { id },
        audit: {
          action: 'content.delete',
          target: { type: 'content', id: `faq:${id}` },
          before: faqView(before),
          after: null,
        },
      };
    }, actor);
  }

  function orderFaq(actor: AuditActor, locale: Locale, ids: readonly number[]): Promise<AdminFaqItem[]> {
    return audited(async (tx) => {
      const before = await listFaqRows(tx, locale);
      if (
        !isPermutation(
          ids,
          before.map((row) => row.id),
        )
      )
        throw contentError('faq_order_mismatch');
      for (const [index, id] of ids.entries()) {
        await updateFaqItem(tx, id, { sortOrder: (index + 1) * sortStep });
      }
      const after = (await listFaqRows(tx, locale)).map(faqView);
      return {
        result: after,
        audit: {
          action: 'content.update',
          target: { type: 'content', id: `faq_order:${locale}` },
          before: { ids: before.map((row) => row.id) },
          after: { ids: after.map((item) => item.id) },
        },
      };
    }, actor);
  }

  async function page(slug: ContentPageSlug, locale: Locale): Promise<AdminPage> {
    const row = await findPageRow(db, slug, locale);
    return {
      slug,
      locale,
      title: row?.title ?? '',
      content: row?.body ?? '',
      updated_at: row ? row.updatedAt.getTime() : null,
    };
  }

  function savePage(
    actor: AuditActor,
    body: { slug: ContentPageSlug; locale: Locale; title: string; content: string },
  ): Promise<AdminPage> {
    return audited(async (tx, at) => {
      const before = await findPageRow(tx, body.slug, body.locale);
      const saved = await upsertPage(tx, {
        slug: body.slug,
        locale: body.locale,
        title: body.title,
        body: body.content,
        updatedAt: at,
      });
      const view: AdminPage = {
        slug: body.slug,
        locale: body.locale,
        title: saved.title,
        content: saved.body,
        updated_at: saved.updatedAt.getTime(),
      };
      return {
        result: view,
        audit: {
          action: before ? 'content.update' : 'content.create',
          target: { type: 'content', id: `page:${body.slug}:${body.locale}` },
          before: before ? { title: before.title, content: before.body } : null,
          after: { title: view.title, content: view.content },
        },
      };
    }, actor);
  }

  async function settingsIn(reader: Database): Promise<AdminSiteSettings> {
    const stored = await readSettingRows(reader, adminSettingKeys);
    const text = (key: AdminSettingKey) => {
      const value = stored.get(key);
      return value === undefined || value === null ? null : String(value);
    };
    return {
      site_name: text('site_name'),
      site_logo: text('site_logo'),
      kefu_url: text('kefu_url'),
      whatsapp_url: text('whatsapp_url'),
      telegram_url: text('telegram_url'),
    };
  }

  function saveSettings(
    actor: AuditActor,
    changes: Partial<Record<AdminSettingKey, string | null | undefined>>,
  ): Promise<AdminSiteSettings> {
    return audited(async (tx, at) => {
      const before = await settingsIn(tx);
      for (const key of adminSettingKeys) {
        const value = changes[key];
        if (value !== undefined) await writeSetting(tx, { key, value, at });
      }
      const after = await settingsIn(tx);
      return {
        result: after,
        audit: { action: 'setting.update', target: { type: 'setting', id: 'site' }, before, after },
      };
    }, actor);
  }

  async function menu(): Promise<AdminMenuItem[]> {
    return (await listMenuRows(db)).map((row) => menuView(row, deps.shippedShortcuts));
  }

  function toggleMenu(actor: AuditActor, key: string, enabled: boolean): Promise<AdminMenuItem> {
    return audited(async (tx) => {
      const before = (await listMenuRows(tx)).find((row) => row.key === key);
      if (!before) throw contentError('menu_item_not_found');
      const row = await setMenuEnabled(tx, key, enabled);
      if (!row) throw contentError('menu_item_not_found');
      const view = menuView(row, deps.shippedShortcuts);
      return {
        result: view,
        audit: {
          action: 'content.update',
          target: { type: 'content', id: `menu:${key}` },
          before: menuView(before, deps.shippedShortcuts),
          after: view,
        },
      };
    }, actor);
  }

  function orderMenu(actor: AuditActor, keys: readonly string[]): Promise<AdminMenuItem[]> {
    return audited(async (tx) => {
      const before = await listMenuRows(tx);
      if (
        !isPermutation(
          keys,
          before.map((row) => row.key),
        )
      )
        throw contentError('menu_order_mismatch');
      for (const [index, key] of keys.entries()) await setMenuSortOrder(tx, key, (index + 1) * sortStep);
      const after = (await listMenuRows(tx)).map((row) => menuView(row, deps.shippedShortcuts));
      return {
        result: after,
        audit: {
          action: 'content.update',
          target: { type: 'content', id: 'menu_order' },
          before: { keys: before.map((row) => row.key) },
          after: { keys: after.map((item) => item.key) },
        },
      };
    }, actor);
  }

  return {
    listArticles,
    createArticle,
    updateArticle: updateArticleFields,
    hideArticle: (actor: AuditActor, id: number) => changeArticle(actor, id, { hidden: true }),
    showArticle: (actor: AuditActor, id: number) => changeArticle(actor, id, { hidden: false }),
    listFaq,
    createFaq,
    updateFaq,
    deleteFaq,
    orderFaq,
    page,
    savePage,
    settings: () => settingsIn(db),
    saveSettings,
    menu,
    toggleMenu,
    orderMenu,
  };
}
