import { localeCodes } from '@fairex/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneViewport, screenshot, watchPageErrors } from './support/browser';
import { type RunningServer, startFairexServer } from './support/fairex-server';
import { type ApiCaller, apiCaller } from './support/money-fixtures';

/**
 * What a new user hit on the existing screens (issue 16): contact links, banner taps, pages that
 * need an account, scroll between tabs, narrow phones, long labels, and a verification decided
 * while its page is open. One server and one browser for all of it.
 */
const walletConnectProjectId = 'fairex-e2e-project';
const walletConnectChunk = /\/assets\/index\.umd-[\w-]+\.js$/;
const walletConnectRelay = /^wss:\/\/relay\.walletconnect\./;

/** A stand-in for WalletConnect's relay (no internet here): it acknowledges what the SDK sends. */
function fakeRelayReply(message: string): object | null {
  const request = JSON.parse(message) as { id?: number; method?: string; params?: { topics?: string[] } };
  if (request.id === undefined || !request.method) return null;
  const subscriptionId = () =>
    Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  const results: Record<string, unknown> = {
    irn_subscribe: subscriptionId(),
    irn_batchSubscribe: (request.params?.topics ?? []).map(subscriptionId),
    irn_batchFetchMessages: { messages: [], hasMore: false },
  };
  return { id: request.id, jsonrpc: '2.0', result: results[request.method] ?? true };
}

describe('screens a new user walks through', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: ApiCaller;
  let demoToken = '';
  /** Home's popup notice, marked seen so it covers nothing (the shell test covers it). */
  let popupSeen: number[] = [];

  beforeAll(async () => {
    server = await startFairexServer({
      env: { WALLETCONNECT_PROJECT_ID: walletConnectProjectId },
      // A fresh data directory backfills market history first: slow on a loaded machine.
      startTimeoutMs: 300_000,
    });
    browser = await launchBrowser();
    api = apiCaller(server.url);
    const popup = await api.ok<{ create_time: number } | null>('/news/index_pop');
    popupSeen = popup ? [popup.create_time] : [];
    demoToken = await api.ok<string>('/user/login', {
      body: { user_string: 'demo@fairex.test', password: 'fairex-demo' },
    });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop({ removeData: true });
  });

  /** A phone-sized page in `lang`, signed in with `token` when given, the popup notice seen. */
  async function openPage(
    options: { lang?: string; token?: string; width?: number; touch?: boolean } = {},
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const touch = options.touch ?? true;
    const context = await browser.newContext({
      viewport: { ...phoneViewport, width: options.width ?? phoneViewport.width },
      isMobile: touch,
      hasTouch: touch,
    });
    context.setDefaultNavigationTimeout(60_000);
    await context.addInitScript(
      ({ lang, token, seen }) => {
        localStorage.setItem('h5Version', '1');
        localStorage.setItem('seenPopupNotices', JSON.stringify(seen));
        if (lang) localStorage.setItem('lang', lang);
        if (token) localStorage.setItem('token', token);
      },
      { lang: options.lang ?? 'en', token: options.token ?? '', seen: popupSeen },
    );
    const page = await context.newPage();
    return { context, page, errors: watchPageErrors(page) };
  }

  const hashOf = (page: Page) => new URL(page.url()).hash;

  it('Contact shows the customer-service links the operator set, and nothing it did not', async () => {
    const { context, page } = await openPage();
    await page.goto(`${server.url}/#/pages/common/contactus`);
    await page.getByTestId('contact-whatsapp_url').waitFor();
    expect(await page.getByTestId('contact-whatsapp_url').getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\//,
    );
    expect(await page.getByTestId('contact-telegram_url').getAttribute('href')).toMatch(/^https:\/\/t\.me\//);
    expect(await page.getByTestId('contact-kefu_url').count()).toBe(0);
    await screenshot(page, 'contact-links-375');

    await api.ok('/admin/content/settings/save', {
      token: server.staffToken,
      body: { kefu_url: 'https://support.example.com/chat', telegram_url: null },
    });
    await page.reload();
    await page.getByTestId('contact-kefu_url').waitFor();
    expect(await page.getByTestId('contact-kefu_url').getAttribute('href')).toBe(
      'https://support.example.com/chat',
    );
    expect(await page.getByTestId('contact-telegram_url').count()).toBe(0);
    await context.close();
  });

  it('opens a Home banner on a press that moves a few pixels, which the carousel reads as a drag', async () => {
    // A pointer (not touch) context: the carousel then drags on pointer events, which a test can
    // move by 3 px; a finger's tap moves like that, and the carousel swallows the click after it.
    const { context, page } = await openPage({ touch: false });
    await page.goto(`${server.url}/#/pages/index/index`);
    const slide = page.locator('.adm-swiper-slide-active .banner-slide');
    await slide.waitFor();
    const box = await slide.boundingBox();
    if (!box) throw new Error('no banner on screen');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 3, y + 1, { steps: 3 });
    await page.mouse.up();
    await expect.poll(() => hashOf(page)).not.toMatch(/^#\/(pages\/index\/index)?$/);
    expect(hashOf(page)).toMatch(/^#\/pages\/(transaction\/index|market\/market|common\/article\?id=\d+)$/);
    await context.close();
  });

  it('asks a visitor to log in on a page that needs an account, then goes to login', async () => {
    const { context, page, errors } = await openPage();
    for (const path of ['pages/fund/withdraw', 'pages/setting/real']) {
      await page.goto(`${server.url}/#/${path}`);
      await page.getByTestId('login-first').waitFor();
      expect(await page.getByTestId('login-first').innerText()).toContain('Please log in first');
      expect(await page.locator('.page-skeleton').count()).toBe(0);
      if (path === 'pages/setting/real') await screenshot(page, 'login-first-375');
      await expect.poll(() => hashOf(page)).toBe('#/pages/common/login');
    }
    // The verification overview opened from Home does not say that verification is required.
    await page.goto(`${server.url}/#/pages/setting/real_mark`);
    await page.getByTestId('real-mark-title').waitFor();
    expect(await page.getByTestId('real-mark-title').innerText()).toBe('Verify your identity');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens each tab at its top, under an opaque header', async () => {
    const { context, page } = await openPage();
    await page.goto(`${server.url}/#/pages/index/index`);
    await page.getByTestId('home-banners').waitFor();
    const header = await page
      .locator('.home-header')
      .evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(header).toMatch(/^rgb\(/);
    // Home grows as its lazy sections (news) arrive: scroll once it is tall enough to.
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, 100);
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(0);
    await page.getByTestId('tab-markets').click();
    await expect.poll(() => hashOf(page)).toBe('#/pages/market/market');
    await page.locator('.quote-row').first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.getByTestId('tab-home').click();
    await page.getByTestId('home-banners').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('fits a 320 px phone: whole USDT prices and every Markets tab', async () => {
    const { context, page } = await openPage({ width: 320 });
    await page.goto(`${server.url}/#/pages/market/market`);
    await page.locator('.quote-price-native').first().waitFor();
    const cut = await page.$$eval('.quote-price-native, .quote-price-main', (nodes) =>
      nodes.filter((node) => node.scrollWidth > node.clientWidth).map((node) => node.textContent),
    );
    expect(cut).toEqual([]);
    const lastTabRight = await page
      .locator('.page-tab')
      .last()
      .evaluate((node) => node.getBoundingClientRect().right);
    expect(lastTabRight).toBeLessThanOrEqual(320);
    await screenshot(page, 'markets-320');
    await context.close();
  });

  it('keeps account tabs and the zero-fees badge on one line in French, Vietnamese and Thai', async () => {
    for (const lang of ['fra', 'vi']) {
      const { context, page } = await openPage({ lang, token: demoToken });
      await page.goto(`${server.url}/#/pages/fund/assets`);
      await page.locator('.fx-segment').first().waitFor();
      const wrapped = await page.$$eval('.fx-segment', (nodes) =>
        nodes
          .filter((node) => node.scrollHeight > node.clientHeight || node.scrollWidth > node.clientWidth)
          .map((node) => node.textContent),
      );
      expect(wrapped, lang).toEqual([]);
      await page.locator('.fx-segmented').scrollIntoViewIfNeeded();
      await screenshot(page, `assets-tabs-${lang}-375`);
      await context.close();
    }
    const { context, page } = await openPage({ lang: 'th', token: demoToken });
    await page.goto(`${server.url}/#/pages/transaction/index`);
    const badge = page.getByTestId('zero-fees');
    await badge.waitFor();
    const lineHeight = await badge.evaluate(
      (node) => Number.parseFloat(getComputedStyle(node).lineHeight) || 20,
    );
    expect((await badge.boundingBox())?.height ?? 0).toBeLessThan(lineHeight * 1.8);
    await screenshot(page, 'trade-zero-fees-th-375');
    await context.close();
  });

  it('shows a verification decided by staff while its page is open, and the limits as the spec words them', async () => {
    const email = `polish${Date.now() % 1_000_000}@example.com`;
    await api.ok('/sms_mail', { body: { user_string: email, scene: 'register' } });
    const token = await api.ok<string>('/user/register', {
      body: {
        user_string: email,
        code: await api.freshCode(email),
        password: 'polish-secret-1',
        re_password: 'polish-secret-1',
        type: 'email',
      },
    });
    await api.ok('/user/real', {
      token,
      body: { real_type: 1, id_type: 'passport', name: 'Ada Lovelace', card_id: 'P7654321' },
    });
    const { context, page } = await openPage({ token });
    await page.goto(`${server.url}/#/pages/setting/real`);
    const lv1 = page.getByTestId('real-lv1-state');
    await expect.poll(() => lv1.innerText()).toBe('Under review');
    const limits = await page.getByTestId('real-limits-lv1').innerText();
    expect(limits).toContain('24-hour withdrawal limit: 200 BTC');
    expect(limits).toContain('BTC value');
    expect(limits).toContain('Single fiat trade: up to 2,000 USDT');

    const queue = await api.ok<{ list: { id: number; account: string }[] }>('/admin/verifications', {
      token: server.staffToken,
    });
    const request = queue.list.find((entry) => entry.account === email);
    await api.ok('/admin/verifications/decide', {
      token: server.staffToken,
      body: { id: request?.id, decision: 'approve' },
    });
    await expect.poll(() => lv1.innerText()).toBe('Verified');
    await screenshot(page, 'verification-approved-live-375');
    await context.close();
  });

  it('pairs WalletConnect through its SDK, loaded only once it is chosen, with the operator project id', async () => {
    const { context, page, errors } = await openPage();
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    const relayUrls: string[] = [];
    await page.routeWebSocket(walletConnectRelay, (socket) => {
      relayUrls.push(socket.url());
      socket.onMessage((message) => {
        const reply = fakeRelayReply(String(message));
        if (reply) socket.send(JSON.stringify(reply));
      });
    });
    await page.goto(`${server.url}/#/pages/common/wallet-select`);
    await page.locator('a[data-testid="wallet-option-walletconnect"]').waitFor();
    expect(scripts.filter((path) => walletConnectChunk.test(path))).toEqual([]);

    await page.getByTestId('wallet-option-walletconnect').click();
    await page.getByTestId('walletconnect-qr').waitFor({ timeout: 60_000 });
    expect(scripts.filter((path) => walletConnectChunk.test(path))).toHaveLength(1);
    const uri = (await page.getByTestId('walletconnect-pairing').getAttribute('data-uri')) ?? '';
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    expect(uri).toContain('relay-protocol=irn');
    expect(await page.getByTestId('walletconnect-open').getAttribute('href')).toBe(uri);
    expect(relayUrls.length).toBeGreaterThan(0);
    expect(new URL(relayUrls[0] ?? '').searchParams.get('projectId')).toBe(walletConnectProjectId);
    await screenshot(page, 'walletconnect-pairing-375');
    // The SDK's verification frame cannot reach its server here and reports it; nothing of ours.
    expect(errors.filter((error) => !/WebSocket|relay|localStorage|verify/i.test(error))).toEqual([]);
    await context.close();

    // No relay at all: a clear, localised error, and Retry.
    const offline = await openPage({ lang: 'zh' });
    await offline.page.routeWebSocket(walletConnectRelay, (socket) => socket.close());
    await offline.page.goto(`${server.url}/#/pages/common/wallet-connect?wallet=walletconnect`);
    await expect
      .poll(() => offline.page.getByTestId('wallet-message').innerText(), { timeout: 40_000 })
      .toBe('无法连接 WalletConnect，请检查网络连接后重试。');
    await offline.page.getByTestId('wallet-retry').waitFor();
    await screenshot(offline.page, 'walletconnect-unreachable-zh-375');
    await offline.context.close();
  });

  it('shows the changed screens in all ten locales', async () => {
    for (const lang of localeCodes) {
      const { context, page, errors } = await openPage({ lang, token: demoToken });
      await page.goto(`${server.url}/#/pages/common/contactus`);
      await page.locator('.contact-link').first().waitFor();
      await screenshot(page, `contact-${lang}-375`);
      await page.goto(`${server.url}/#/pages/setting/real`);
      await page.getByTestId('real-limits-lv1').waitFor();
      await screenshot(page, `verification-limits-${lang}-375`);
      await page.goto(`${server.url}/#/pages/setting/real_mark`);
      await page.getByTestId('real-mark-title').waitFor();
      await screenshot(page, `verification-overview-${lang}-375`);
      expect(errors, lang).toEqual([]);
      await context.close();
      const visitor = await openPage({ lang });
      await visitor.page.goto(`${server.url}/#/pages/fund/transfer`);
      await visitor.page.getByTestId('login-first').waitFor();
      await screenshot(visitor.page, `login-first-${lang}-375`);
      await visitor.context.close();
    }
  });
});
