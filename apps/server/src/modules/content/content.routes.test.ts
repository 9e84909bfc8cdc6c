import { homeShortcutKeys, type Locale, localeCodes } from '@fairex/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { articles, contentPages, faqItems, menuItems, siteSettings } from './content.schema';
import { seedBaseContent, seedDemoContent } from './content.seed';

const clock = { now: () => new Date() };

type Call = { status: number; body: { type: unknown; message: unknown } };
type ListMessage = {
  list: { id: number; title: string; thumbnail: string | null; create_time: number }[];
  page: number;
  total: number;
};

function callers(testApp: () => TestApp) {
  return {
    get: (path: string, lang: Locale = 'en'): Promise<Call> =>
      testApp().call({ method: 'GET', url: `/api${path}${path.includes('?') ? '&' : '?'}lang=${lang}` }),
    post: (path: string, body: Record<string, unknown>, lang: Locale = 'en'): Promise<Call> =>
      testApp().call({ method: 'POST', url: `/api${path}`, payload: { ...body, lang } }),
  };
}

async function tableCounts(db: Database) {
  const [settings] = await db.select({ n: count() }).from(siteSettings);
  const [articleRows] = await db.select({ n: count() }).from(articles);
  const [faqRows] = await db.select({ n: count() }).from(faqItems);
  const [pages] = await db.select({ n: count() }).from(contentPages);
  const [menu] = await db.select({ n: count() }).from(menuItems);
  return { settings: settings?.n, articles: articleRows?.n, faq: faqRows?.n, pages: pages?.n, menu: menu?.n };
}

const parameterError = { status: 200, body: { type: 'error', message: 'Parameter error' } };

describe.each(testDatabases())('content routes on an empty $name database', (testDatabase) => {
  let testApp: TestApp;
  const { get, post } = callers(() => testApp);
  beforeAll(async () => {
    testApp = await startTestApp(testDatabase);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('states a policy on every route it registers', async () => {
    const urls = [
      '/api/getSiteConfig',
      '/api/getSetting',
      '/api/news/index_pop',
      '/api/news/list',
      '/api/news/detail',
      '/api/menu',
      '/api/faq',
      '/api/aboutus',
      '/api/contactus',
      '/api/operational_compliance',
    ];
    const routes = testApp.app.registeredRoutes.filter((route) => urls.includes(route.url));
    expect(new Set(routes.map((route) => route.url))).toEqual(new Set(urls));
    for (const route of routes) expect(route.policy).toEqual({ kind: 'public' });
  });

  it('answers the default site name and the shipped logo, outside demo mode', async () => {
    expect(await get('/getSiteConfig')).toEqual({
      status: 200,
      body: {
        type: 'ok',
        message: { site_name: 'Fairex', site_logo: '/logo.svg', demo: false, clock_ahead_ms: 0 },
      },
    });
  });

  it('answers null for unset, unknown and staff-only settings, and refuses a call without keyword', async () => {
    await testApp.database.db.insert(siteSettings).values({ key: 'smtp_password', value: 'hunter2' });
    expect((await get('/getSetting?keyword=kefu_url')).body).toEqual({ type: 'ok', message: null });
    expect((await get('/getSetting?keyword=smtp_password')).body).toEqual({ type: 'ok', message: null });
    expect((await get('/getSetting?keyword=no_such_thing')).body).toEqual({ type: 'ok', message: null });
    expect((await get('/getSetting?keyword=site_name')).body).toEqual({ type: 'ok', message: 'Fairex' });
    expect(await get('/getSetting')).toEqual(parameterError);
    expect(await get('/getSetting?keyword=kefu_url&extra=1')).toEqual(parameterError);
    expect((await get('/getSetting', 'zh')).body).toEqual({ type: 'error', message: '参数错误' });
  });

  it('has no popup, news, FAQ or pages yet', async () => {
    expect((await get('/news/index_pop')).body).toEqual({ type: 'ok', message: null });
    expect((await post('/news/list', { c_id: 4 })).body).toEqual({
      type: 'ok',
      message: { list: [], page: 1, total: 0 },
    });
    expect((await get('/faq', 'th')).body).toEqual({ type: 'ok', message: [] });
    expect(await get('/aboutus', 'kor')).toEqual({
      status: 200,
      body: { type: 'error', message: '아직 게시되지 않은 페이지입니다' },
    });
  });

  it('answers a missing article with the localised catalogue error', async () => {
    expect(await post('/news/detail', { id: 999_999 })).toEqual({
      status: 200,
      body: { type: 'error', message: 'Article not found' },
    });
    expect((await post('/news/detail', { id: 999_999 }, 'jp')).body.message).toBe('記事が見つかりません');
  });

  it('seeds the Home shortcuts even outside demo mode, available only where the feature shipped', async () => {
    const reply = await get('/menu');
    expect(reply.body.type).toBe('ok');
    const menu = reply.body.message as { key: string; route: string; icon: string; available: boolean }[];
    expect(menu.map((item) => item.key)).toEqual([...homeShortcutKeys]);
    expect(menu.filter((item) => item.available).map((item) => item.key)).toEqual([
      'recharge',
      'withdrawal',
      'stock',
      'futures',
      'finance',
      'bills',
      'exchange',
      'lock_mining',
      'quick_buy',
      'real_name',
      'ieo',
      'options',
      'coin_transfer',
    ]);
    const routes = Object.fromEntries(menu.map((item) => [item.key, item.route]));
    expect(routes).toMatchObject({
      recharge: '/pages/fund/select',
      withdrawal: '/pages/fund/withdraw',
      futures: '/pages/transaction/contract',
      real_name: '/pages/setting/real_mark',
      options: '/pages/transaction/seconds_order',
      coin_transfer: '/pages/fund/fundTransfer',
      exchange: '/pages/fund/exchange',
      borrowing: '/pages/common/borrowing',
    });
  });

  it('keeps an operator’s menu edits across restarts and hides switched-off shortcuts', async () => {
    const db = testApp.database.db;
    await db.update(menuItems).set({ enabled: false }).where(eq(menuItems.key, 'game'));
    await seedBaseContent(db);
    const menu = (await get('/menu')).body.message as { key: string }[];
    expect(menu.map((item) => item.key)).not.toContain('game');
    expect((await tableCounts(db)).menu).toBe(homeShortcutKeys.length);
  });

  it('shows English content to a locale that has none of its own', async () => {
    const db = testApp.database.db;
    const publishedAt = new Date(Date.now() - 60_000);
    await db.insert(articles).values([
      { categoryId: 4, locale: 'en', title: 'English only', body: 'Body', isPopup: true, publishedAt },
      { categoryId: 5, locale: 'en', title: 'English banner', publishedAt },
      { categoryId: 5, locale: 'th', title: 'แบนเนอร์ไทย', publishedAt },
    ]);
    await db.insert(contentPages).values({ slug: 'aboutus', locale: 'en', title: 'About', body: 'Text' });
    await db.insert(faqItems).values({ locale: 'en', question: 'Q?', answer: 'A.' });

    const thaiNews = (await post('/news/list', { c_id: 4 }, 'th')).body.message as ListMessage;
    expect(thaiNews.list.map((item) => item.title)).toEqual(['English only']);
    const thaiBanners = (await post('/news/list', { c_id: 5 }, 'th')).body.message as ListMessage;
    expect(thaiBanners.list.map((item) => item.title)).toEqual(['แบนเนอร์ไทย']);
    expect(((await get('/news/index_pop', 'vi')).body.message as { title: string }).title).toBe(
      'English only',
    );
    expect((await get('/aboutus', 'pt')).body).toEqual({
      type: 'ok',
      message: { title: 'About', content: 'Text' },
    });
    expect((await get('/faq', 'spa')).body.message).toEqual([
      { id: expect.any(Number), question: 'Q?', answer: 'A.' },
    ]);
  });

  it('keeps scheduled articles out of lists and details until their time', async () => {
    const [scheduled] = await testApp.database.db
      .insert(articles)
      .values({
        categoryId: 4,
        locale: 'fra',
        title: 'Plus tard',
        publishedAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: articles.id });
    const french = (await post('/news/list', { c_id: 4 }, 'fra')).body.message as ListMessage;
    expect(french.list.map((item) => item.title)).not.toContain('Plus tard');
    expect((await post('/news/detail', { id: scheduled?.id })).body.message).toBe('Article not found');
  });
});

describe.each(testDatabases())('content routes with the demo seed on $name', (testDatabase) => {
  let testApp: TestApp;
  const { get, post } = callers(() => testApp);
  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { env: { DEMO: 'true' } });
    await seedDemoContent(testApp.database.db, clock);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('says it is a demo and serves the demo customer-service links, with no chat page that does not exist', async () => {
    expect((await get('/getSiteConfig')).body).toEqual({
      type: 'ok',
      message: { site_name: 'Fairex', site_logo: '/logo.svg', demo: true, clock_ahead_ms: 0 },
    });
    expect((await get('/getSetting?keyword=kefu_url')).body.message).toBeNull();
    expect((await get('/getSetting?keyword=whatsapp_url')).body.message).toMatch(/^https:\/\/wa\.me\//);
    expect((await get('/getSetting?keyword=telegram_url')).body.message).toMatch(/^https:\/\/t\.me\//);
  });

  it.each([...localeCodes])('has every kind of content in %s, in that language', async (locale) => {
    const news = (await post('/news/list', { c_id: 4 }, locale)).body.message as ListMessage;
    const banners = (await post('/news/list', { c_id: 5 }, locale)).body.message as ListMessage;
    const popup = (await get('/news/index_pop', locale)).body.message as { title: string; content: string };
    const faq = (await get('/faq', locale)).body.message as { question: string }[];
    expect(news.total).toBe(6);
    expect(banners.total).toBe(3);
    expect(banners.list.every((banner) => banner.thumbnail?.startsWith('/banners/'))).toBe(true);
    expect(popup.content.length).toBeGreaterThan(0);
    expect(faq.length).toBeGreaterThanOrEqual(5);
    const pages = await Promise.all(
      ['/aboutus', '/contactus', '/operational_compliance'].map((path) => get(path, locale)),
    );
    for (const page of pages) {
      expect(page.body.type).toBe('ok');
      expect((page.body.message as { content: string }).content).not.toMatch(/[<>]/);
    }
    if (locale !== 'en') {
      const english = (await post('/news/list', { c_id: 4 }, 'en')).body.message as ListMessage;
      const englishFaq = (await get('/faq', 'en')).body.message as { question: string }[];
      expect(news.list.map((item) => item.title)).not.toEqual(english.list.map((item) => item.title));
      expect(faq.map((item) => item.question)).not.toEqual(englishFaq.map((item) => item.question));
    }
  });

  it('lists news newest first and banners in their display order', async () => {
    const news = (await post('/news/list', { c_id: 4 })).body.message as ListMessage;
    const times = news.list.map((item) => item.create_time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(news.list[0]?.title).toBe('Welcome to the Fairex demo');
    const banners = (await post('/news/list', { c_id: 5 })).body.message as ListMessage;
    expect(banners.list.map((item) => item.title)).toEqual([
      'Zero fees on BTC pairs',
      'Trade on a real order book',
      'Every price tick is recorded and checkable',
    ]);
  });

  it('pages through news and answers an empty page past the end', async () => {
    const first = (await post('/news/list', { c_id: 4, page: 1, limit: 4 })).body.message as ListMessage;
    const second = (await post('/news/list', { c_id: 4, page: 2, limit: 4 })).body.message as ListMessage;
    const beyond = (await post('/news/list', { c_id: 4, page: 3, limit: 4 })).body.message as ListMessage;
    expect([first.list.length, second.list.length, beyond.list.length]).toEqual([4, 2, 0]);
    expect(beyond).toEqual({ list: [], page: 3, total: 6 });
    const ids = [...first.list, ...second.list].map((item) => item.id);
    expect(new Set(ids).size).toBe(6);
  });

  it('accepts form-encoded bodies as existing clients send them', async () => {
    const reply = await testApp.call({
      method: 'POST',
      url: '/api/news/list',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'c_id=5&page=1&limit=2&lang=zh',
    });
    const message = reply.body.message as ListMessage;
    expect(message.list.map((item) => item.title)).toEqual(['BTC 交易对零手续费', '在真实订单簿上交易']);
  });

  it('answers an article with its plain-text content', async () => {
    const news = (await post('/news/list', { c_id: 4 }, 'hk')).body.message as ListMessage;
    const id = news.list[1]?.id;
    const detail = await testApp.call({
      method: 'POST',
      url: '/api/news/detail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${id}&lang=hk`,
    });
    expect(detail.body.type).toBe('ok');
    expect(detail.body.message).toMatchObject({ id, c_id: 4, title: news.list[1]?.title });
    expect((detail.body.message as { content: string }).content).not.toMatch(/[<>]/);
  });

  it('refuses bad input with a localised parameter error and HTTP 200', async () => {
    expect(await post('/news/list', { c_id: 3 })).toEqual(parameterError);
    expect(await post('/news/list', { c_id: '4', page: 0 })).toEqual(parameterError);
    expect(await post('/news/list', { c_id: 4, limit: 51 })).toEqual(parameterError);
    expect(await post('/news/list', { c_id: 4, sort: 'asc' })).toEqual(parameterError);
    expect(await post('/news/list', {})).toEqual(parameterError);
    expect(await post('/news/detail', { id: 'abc' })).toEqual(parameterError);
    expect(await post('/news/detail', { id: 1, extra: true })).toEqual(parameterError);
    expect(await get('/menu?x=1')).toEqual(parameterError);
    expect((await post('/news/detail', { id: 'abc' }, 'fra')).body).toEqual({
      type: 'error',
      message: 'Erreur de paramètre',
    });
  });

  it('is idempotent: seeding again adds nothing and keeps the operator’s edits', async () => {
    const db = testApp.database.db;
    await db.update(siteSettings).set({ value: 'Acme Exchange' }).where(eq(siteSettings.key, 'site_name'));
    const before = await tableCounts(db);
    await seedDemoContent(db, clock);
    await seedDemoContent(db, clock);
    expect(await tableCounts(db)).toEqual(before);
    expect(before).toMatchObject({ articles: 10 * 9, faq: 10 * 7, pages: 10 * 3 });
    expect((await get('/getSiteConfig')).body.message).toMatchObject({ site_name: 'Acme Exchange' });
  });
});

describe('the WalletConnect project id setting', () => {
  const [pglite] = testDatabases();
  it('is read from the configuration, and null without one', async () => {
    if (!pglite) throw new Error('PGlite is always available');
    const configured = await startTestApp(pglite, { env: { WALLETCONNECT_PROJECT_ID: 'abc123' } });
    const unconfigured = await startTestApp(pglite);
    try {
      const url = '/api/getSetting?keyword=walletconnect_project_id';
      expect((await configured.call({ method: 'GET', url })).body).toEqual({ type: 'ok', message: 'abc123' });
      expect((await unconfigured.call({ method: 'GET', url })).body).toEqual({ type: 'ok', message: null });
    } finally {
      await configured.close();
      await unconfigured.close();
    }
  });
});
