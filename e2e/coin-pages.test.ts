import { localeCodes } from '@fairex/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneViewport, screenshot, watchPageErrors } from './support/browser';
import { type RunningServer, startFairexServer } from './support/fairex-server';
import { type ApiCaller, apiCaller } from './support/money-fixtures';

/**
 * Issue 16 items 1-5 on a 375 px phone: Home's total when signed in, no listed instrument view-only,
 * a coin page's Buy and Sell landing on that pair and side, the spot headline, and one price for a
 * coin page's header and chart. One server and one browser for all of it.
 */
describe('coin pages, trading and the Home total', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: ApiCaller;
  let demoToken = '';
  let popupSeen: number[] = [];

  beforeAll(async () => {
    server = await startFairexServer({ startTimeoutMs: 300_000 });
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

  async function openPage(
    options: { lang?: string; token?: string } = {},
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    context.setDefaultNavigationTimeout(60_000);
    await context.addInitScript(
      ({ lang, token, seen }) => {
        localStorage.setItem('h5Version', '1');
        localStorage.setItem('seenPopupNotices', JSON.stringify(seen));
        localStorage.setItem('lang', lang);
        if (token) localStorage.setItem('token', token);
      },
      { lang: options.lang ?? 'en', token: options.token ?? '', seen: popupSeen },
    );
    const page = await context.newPage();
    return { context, page, errors: watchPageErrors(page) };
  }

  const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);
  const figure = (text: string) => Number(text.replace(/[^\d.]/g, ''));

  it('shows a signed-in user their total in the chosen fiat on Home, with the eye; a visitor the login prompt', async () => {
    const visitor = await openPage();
    await visitor.page.goto(`${server.url}/#/pages/index/index`);
    await visitor.page.getByTestId('home-assets-login').waitFor();
    expect(await visitor.page.getByTestId('home-assets').count()).toBe(0);
    await visitor.context.close();

    const { context, page, errors } = await openPage({ token: demoToken });
    await page.goto(`${server.url}/#/pages/index/index`);
    const total = page.getByTestId('home-assets-total');
    await expect.poll(() => total.innerText(), { timeout: 60_000 }).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(figure(await total.innerText())).toBeGreaterThan(0);
    expect(await page.getByTestId('home-assets-login').count()).toBe(0);
    await screenshot(page, 'home-total-375');
    // Still signed in after a reload (the bug showed the login prompt then too).
    await page.reload();
    await expect.poll(() => total.innerText(), { timeout: 60_000 }).toMatch(/^\$[\d,]+\.\d{2}$/);
    await page.getByTestId('home-assets-eye').click();
    expect(await total.innerText()).toBe('******');
    await screenshot(page, 'home-total-hidden-375');
    await page.getByTestId('home-assets-eye').click();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('marks no listed instrument view-only: every coin has its spot pair, perpetuals and stocks their contracts', async () => {
    const { context, page } = await openPage();
    // The spot screen loads the pairs the Markets rows are marked from.
    await page.goto(`${server.url}/#/pages/transaction/currency?symbol=${encodeURIComponent('SOL/USDT')}`);
    await page.getByTestId('pair-symbol').waitFor();
    for (const [tab, row] of [
      ['coins', 'quote-row-NEAR-USDT'],
      ['futures', 'quote-row-BTC-PERP'],
      ['stock', 'quote-row-AAPL'],
    ] as const) {
      await page.goto(`${server.url}/#/pages/market/market?tab=${tab}`);
      await page.getByTestId(row).waitFor();
      expect(await page.locator('[data-testid^="view-only-"]').count(), tab).toBe(0);
    }
    await screenshot(page, 'markets-stock-375');
    await context.close();
  });

  it('opens the trade screen on the coin and side tapped; a stock its contract screen', async () => {
    const { context, page, errors } = await openPage({ token: demoToken });
    for (const [symbol, side] of [
      ['ETH/USDT', 'sell'],
      ['SOL/USDT', 'buy'],
    ] as const) {
      await page.goto(`${server.url}/#/pages/market/detail?symbol=${encodeURIComponent(symbol)}`);
      await page.getByTestId(`detail-${side}`).click();
      await expect.poll(() => page.getByTestId('pair-symbol').innerText()).toBe(symbol);
      expect(hashOf(page)).toContain(`symbol=${symbol}&side=${side}`);
      expect(await page.getByTestId('order-form').getAttribute('class')).toContain(`is-${side}`);
      await screenshot(page, `trade-from-detail-${symbol.split('/')[0]}-${side}-375`);
    }
    // A stock trades on the contract screen.
    await page.goto(`${server.url}/#/pages/market/detail?symbol=AAPL`);
    await expect
      .poll(() => page.getByTestId('detail-buy').getAttribute('href'))
      .toMatch(/pages\/transaction\/contract\?id=\d+/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the spot headline as the last trade and the moving reference beside it, labelled', async () => {
    const { context, page } = await openPage();
    await page.goto(`${server.url}/#/pages/transaction/currency?symbol=${encodeURIComponent('SOL/USDT')}`);
    const reference = page.getByTestId('pair-reference');
    await reference.waitFor();
    expect(await reference.innerText()).toMatch(/^Reference [\d,]+\.\d+$/);
    const first = await reference.innerText();
    // The reference moves with the market even while nobody trades.
    await expect.poll(() => reference.innerText(), { timeout: 20_000, interval: 250 }).not.toBe(first);
    await screenshot(page, 'trade-headline-375');
    await context.close();
  });

  it('draws the chart’s last price at the coin page header’s figure', async () => {
    // A fresh install prepares its price history in the background (instruments in turn): the
    // chart has candles to draw once it is there.
    await expect
      .poll(
        async () => {
          const reply = await fetch(`${server.url}/api/market/history_status`);
          return ((await reply.json()) as { message: { ready: boolean } }).message.ready;
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBe(true);
    const { context, page } = await openPage();
    await page.goto(`${server.url}/#/pages/market/detail?symbol=AAPL`);
    const header = page.getByTestId('detail-last-price');
    const chart = page.getByTestId('detail-chart');
    await expect.poll(() => chart.getAttribute('data-last-close'), { timeout: 20_000 }).toMatch(/\d/);
    await expect
      .poll(
        async () => {
          const [shown, drawn] = await Promise.all([
            header.innerText(),
            chart.getAttribute('data-last-close'),
          ]);
          return figure(shown) === Number(drawn);
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    await screenshot(page, 'detail-chart-last-375');
    await context.close();
  });

  it('shows the changed screens in all ten locales', async () => {
    for (const lang of localeCodes) {
      const { context, page, errors } = await openPage({ lang, token: demoToken });
      await page.goto(`${server.url}/#/pages/index/index`);
      await page.getByTestId('home-assets-eye').waitFor();
      await screenshot(page, `home-total-${lang}-375`);
      await page.goto(`${server.url}/#/pages/transaction/currency?symbol=${encodeURIComponent('ETH/USDT')}`);
      await page.getByTestId('pair-reference').waitFor();
      await screenshot(page, `trade-headline-${lang}-375`);
      expect(errors, lang).toEqual([]);
      await context.close();
    }
  });
});
