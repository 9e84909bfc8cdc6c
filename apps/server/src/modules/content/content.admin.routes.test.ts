/**
 * Staff content routes end to end: each works for the content role (and admin), refuses other
 * staff, writes an audit entry with before and after, refuses bad input with a localised message
 * and changes nothing, and the public routes show the change on the next request.
 */
import type {
  AdminArticle,
  AdminArticleList,
  AdminFaqItem,
  AdminMenuItem,
  AdminPage,
  AdminSiteSettings,
  AuditList,
} from '@fairex/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { verifyAuditChain } from '../audit';
import { articles, faqItems, siteSettings } from './content.schema';
import { seedDemoContent } from './content.seed';

const tokens = { admin: 'staff-admin', content: 'staff-content', support: 'staff-support' } as const;
const staffStandIns: Record<string, Principal> = {
  [tokens.admin]: { kind: 'staff', staffId: 1, roles: ['admin'] },
  [tokens.content]: { kind: 'staff', staffId: 31, roles: ['content'] },
  [tokens.support]: { kind: 'staff', staffId: 32, roles: ['support'] },
};
const clock = { now: () => new Date() };
type Reply = { status: number; body: { type: unknown; message: unknown } };
const parameterError = { type: 'error', message: 'Parameter error' };

describe.each(testDatabases())('staff content routes on $name', (testDatabase) => {
  let testApp: TestApp;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, staffStandIns });
    await seedDemoContent(db(), clock);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  function call(
    method: 'GET' | 'POST',
    url: string,
    token?: string,
    payload?: object,
    lang = 'en',
  ): Promise<Reply> {
    const separator = url.includes('?') ? '&' : '?';
    return testApp.call({
      method,
      url: method === 'GET' ? `/api${url}${separator}lang=${lang}` : `/api${url}`,
      headers: token ? { authorization: token } : {},
      ...(payload ? { payload: { lang, ...payload } } : {}),
    });
  }
  async function okMessage<T>(reply: Promise<Reply>): Promise<T> {
    const { body } = await reply;
    expect(body.type, JSON.stringify(body)).toBe('ok');
    return body.message as T;
  }
  const staff = (url: string, payload?: object, token: string = tokens.content) =>
    okMessage<unknown>(call(payload ? 'POST' : 'GET', url, token, payload));
  async function auditOf(targetId: string): Promise<AuditList['list']> {
    const list = await okMessage<AuditList>(
      call('GET', `/admin/audit?target_type=content&target_id=${encodeURIComponent(targetId)}`, tokens.admin),
    );
    return list.list;
  }
  async function rowCounts() {
    const [articleRows] = await db().select({ n: count() }).from(articles);
    const [faqRows] = await db().select({ n: count() }).from(faqItems);
    const [settingRows] = await db().select({ n: count() }).from(siteSettings);
    return { articles: articleRows?.n, faq: faqRows?.n, settings: settingRows?.n };
  }

  it('lets content staff and admin in, and refuses other staff and users', async () => {
    expect((await call('GET', '/admin/content/articles', tokens.support)).status).toBe(403);
    expect((await call('GET', '/admin/content/menu')).body.type).not.toBe('ok');
    await staff('/admin/content/settings', undefined, tokens.admin);
    const list = (await staff('/admin/content/articles?kind=news&locale=zh&limit=5')) as AdminArticleList;
    expect(list.list.length).toBeGreaterThan(0);
    expect(list.list.every((item) => item.kind === 'news' && item.locale === 'zh')).toBe(true);
    expect(list.page_size).toBe(5);
  });

  it('creates, edits, hides and shows a banner; the public list follows; each step is audited', async () => {
    const before = await rowCounts();
    const noImage = await call('POST', '/admin/content/articles/create', tokens.content, {
      kind: 'banner',
      locale: 'en',
      title: 'No image',
    });
    expect(noImage.body).toEqual({
      type: 'error',
      message: serverMessages.en['content.errors.banner_image_required'],
    });
    const noImageZh = await call(
      'POST',
      '/admin/content/articles/create',
      tokens.content,
      { kind: 'banner', locale: 'en', title: 'No image' },
      'zh',
    );
    expect(noImageZh.body).toEqual({
      type: 'error',
      message: serverMessages.zh['content.errors.banner_image_required'],
    });
    const scriptLink = await call('POST', '/admin/content/articles/create', tokens.content, {
      kind: 'banner',
      locale: 'en',
      title: 'Bad link',
      image_url: '/uploads/x.webp',
      link: 'javascript:alert(1)',
    });
    expect(scriptLink.body).toEqual(parameterError);
    expect(await rowCounts()).toEqual(before);

    const banner = (await staff('/admin/content/articles/create', {
      kind: 'banner',
      locale: 'en',
      title: 'Staff banner',
      image_url: '/uploads/banner.webp',
      link: '/pages/coin/index',
      sort_order: 0,
    })) as AdminArticle;
    expect(banner).toMatchObject({ kind: 'banner', status: 'published', hidden: false });
    const publicBanners = async () =>
      (
        await okMessage<{ list: { id: number; title: string }[] }>(
          call('POST', '/news/list', undefined, { c_id: 5 }),
        )
      ).list;
    expect((await publicBanners()).map((item) => item.id)).toContain(banner.id);

    const edited = (await staff('/admin/content/articles/update', {
      id: banner.id,
      title: 'Edited banner',
    })) as AdminArticle;
    expect(edited.title).toBe('Edited banner');
    expect((await publicBanners()).find((item) => item.id === banner.id)?.title).toBe('Edited banner');
    const clearImage = await call('POST', '/admin/content/articles/update', tokens.content, {
      id: banner.id,
      image_url: null,
    });
    expect(clearImage.body.type).toBe('error');

    await staff('/admin/content/articles/hide', { id: banner.id });
    expect((await publicBanners()).map((item) => item.id)).not.toContain(banner.id);
    const detail = await call('POST', '/news/detail', undefined, { id: banner.id });
    expect(detail.body).toEqual({
      type: 'error',
      message: serverMessages.en['content.errors.article_not_found'],
    });
    const shown = (await staff('/admin/content/articles/show', { id: banner.id })) as AdminArticle;
    expect(shown.status).toBe('published');
    expect((await publicBanners()).map((item) => item.id)).toContain(banner.id);

    const audit = await auditOf(`article:${banner.id}`);
    expect(audit.map((entry) => entry.action)).toEqual([
      'content.update',
      'content.update',
      'content.update',
      'content.create',
    ]);
    expect(audit[3]).toMatchObject({ before: null, after: { title: 'Staff banner' }, staff_id: 31 });
    expect(audit[2]).toMatchObject({ before: { title: 'Staff banner' }, after: { title: 'Edited banner' } });
    expect(audit[1]).toMatchObject({ before: { hidden: false }, after: { hidden: true, status: 'hidden' } });
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  it('publishes a popup notice that Home shows at once', async () => {
    const popup = (await staff('/admin/content/articles/create', {
      kind: 'popup',
      locale: 'fra',
      title: 'Maintenance ce soir',
      content: 'De 22 h à 23 h.',
    })) as AdminArticle;
    const shown = await okMessage<{ id: number; title: string } | null>(
      call('GET', '/news/index_pop', undefined, undefined, 'fra'),
    );
    expect(shown).toMatchObject({ id: popup.id, title: 'Maintenance ce soir' });
    await staff('/admin/content/articles/hide', { id: popup.id });
    const after = await okMessage<{ id: number } | null>(
      call('GET', '/news/index_pop', undefined, undefined, 'fra'),
    );
    expect(after?.id).not.toBe(popup.id);
  });

  it('adds, edits, reorders and deletes FAQ items of one locale', async () => {
    const publicFaq = async () =>
      okMessage<{ id: number; question: string }[]>(call('GET', '/faq', undefined, undefined, 'vi'));
    const start = (await staff('/admin/content/faq?locale=vi')) as AdminFaqItem[];
    const added = (await staff('/admin/content/faq/create', {
      locale: 'vi',
      question: 'Câu hỏi mới?',
      answer: 'Trả lời.',
    })) as AdminFaqItem;
    expect((await publicFaq()).at(-1)?.id).toBe(added.id);
    await staff('/admin/content/faq/update', { id: added.id, question: 'Câu hỏi đã sửa?' });
    expect((await publicFaq()).at(-1)?.question).toBe('Câu hỏi đã sửa?');

    const ids = [added.id, ...start.map((item) => item.id)];
    const partial = await call('POST', '/admin/content/faq/order', tokens.content, {
      locale: 'vi',
      ids: [added.id],
    });
    expect(partial.body).toEqual({
      type: 'error',
      message: serverMessages.en['content.errors.faq_order_mismatch'],
    });
    expect((await publicFaq()).at(-1)?.id).toBe(added.id);
    await staff('/admin/content/faq/order', { locale: 'vi', ids });
    expect((await publicFaq()).map((item) => item.id)).toEqual(ids);

    await staff('/admin/content/faq/delete', { id: added.id });
    expect((await publicFaq()).map((item) => item.id)).toEqual(start.map((item) => item.id));
    const missing = await call('POST', '/admin/content/faq/delete', tokens.content, { id: added.id });
    expect(missing.body).toEqual({
      type: 'error',
      message: serverMessages.en['content.errors.faq_not_found'],
    });

    const audit = await auditOf(`faq:${added.id}`);
    expect(audit.map((entry) => entry.action)).toEqual([
      'content.delete',
      'content.update',
      'content.create',
    ]);
    expect(audit[0]).toMatchObject({ before: { question: 'Câu hỏi đã sửa?' }, after: null });
    expect((await auditOf('faq_order:vi'))[0]).toMatchObject({ after: { ids } });
  });

  it('saves a page per locale and the public page shows it', async () => {
    const empty = await call('POST', '/admin/content/pages/save', tokens.content, {
      slug: 'aboutus',
      locale: 'pt',
      title: '',
      content: 'x',
    });
    expect(empty.body).toEqual(parameterError);
    const saved = (await staff('/admin/content/pages/save', {
      slug: 'aboutus',
      locale: 'pt',
      title: 'Sobre nós',
      content: 'Texto novo.',
    })) as AdminPage;
    expect(saved.updated_at).not.toBeNull();
    expect(await okMessage(call('GET', '/aboutus', undefined, undefined, 'pt'))).toEqual({
      title: 'Sobre nós',
      content: 'Texto novo.',
    });
    expect((await staff('/admin/content/pages?slug=aboutus&locale=pt')) as AdminPage).toMatchObject({
      title: 'Sobre nós',
    });
    expect((await auditOf('page:aboutus:pt'))[0]).toMatchObject({
      action: 'content.update',
      after: { title: 'Sobre nós' },
    });
  });

  it('saves validated settings; getSetting and getSiteConfig follow; bad links change nothing', async () => {
    const before = (await staff('/admin/content/settings')) as AdminSiteSettings;
    for (const kefu_url of ['javascript:alert(1)', '//evil.example', 'ftp://x.example', 'x'.repeat(600)]) {
      expect((await call('POST', '/admin/content/settings/save', tokens.content, { kefu_url })).body).toEqual(
        parameterError,
      );
    }
    const longName = { site_name: 'n'.repeat(61) };
    expect((await call('POST', '/admin/content/settings/save', tokens.content, longName)).body).toEqual(
      parameterError,
    );
    expect((await call('POST', '/admin/content/settings/save', tokens.content, {})).body).toEqual(
      parameterError,
    );
    expect(await staff('/admin/content/settings')).toEqual(before);

    const saved = (await staff('/admin/content/settings/save', {
      site_name: 'Fairex Pro',
      whatsapp_url: 'https://wa.me/15555550199',
      telegram_url: null,
    })) as AdminSiteSettings;
    expect(saved).toMatchObject({
      site_name: 'Fairex Pro',
      whatsapp_url: 'https://wa.me/15555550199',
      telegram_url: null,
    });
    expect(await okMessage(call('GET', '/getSetting?keyword=whatsapp_url'))).toBe(
      'https://wa.me/15555550199',
    );
    expect(await okMessage(call('GET', '/getSetting?keyword=telegram_url'))).toBeNull();
    expect(await okMessage(call('GET', '/getSiteConfig'))).toMatchObject({ site_name: 'Fairex Pro' });

    const [entry] = (
      await okMessage<AuditList>(call('GET', '/admin/audit?target_type=setting&target_id=site', tokens.admin))
    ).list;
    expect(entry).toMatchObject({
      action: 'setting.update',
      before: { site_name: before.site_name, telegram_url: before.telegram_url },
      after: { site_name: 'Fairex Pro', telegram_url: null },
    });
  });

  it('switches Home shortcuts off and reorders them; /menu follows', async () => {
    const publicKeys = async () =>
      (await okMessage<{ key: string }[]>(call('GET', '/menu'))).map((item) => item.key);
    const all = (await staff('/admin/content/menu')) as AdminMenuItem[];
    const keys = all.map((item) => item.key);
    await staff('/admin/content/menu/toggle', { key: 'game', enabled: false });
    expect(await publicKeys()).not.toContain('game');
    const unknown = await call('POST', '/admin/content/menu/toggle', tokens.content, {
      key: 'nope',
      enabled: true,
    });
    expect(unknown.body).toEqual({
      type: 'error',
      message: serverMessages.en['content.errors.menu_item_not_found'],
    });

    const reversed = [...keys].reverse();
    const short = await call('POST', '/admin/content/menu/order', tokens.content, {
      keys: reversed.slice(1),
    });
    expect(short.body).toEqual({
      type: 'error',
      message: serverMessages.en['content.errors.menu_order_mismatch'],
    });
    await staff('/admin/content/menu/order', { keys: reversed });
    expect(await publicKeys()).toEqual(reversed.filter((key) => key !== 'game'));
    await staff('/admin/content/menu/toggle', { key: 'game', enabled: true });
    expect(await publicKeys()).toEqual(reversed);

    const toggles = await auditOf('menu:game');
    expect(toggles[1]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect((await auditOf('menu_order'))[0]).toMatchObject({ before: { keys }, after: { keys: reversed } });
  });
});
