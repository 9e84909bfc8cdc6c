import type { DualOrder, DualProduct } from '@fairex/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktopViewport,
  launchBrowser,
  phoneViewport,
  screenshot,
  watchPageErrors,
} from './support/browser';
import { type RunningServer, startFairexServer } from './support/fairex-server';
import { type ApiCaller, apiCaller, settled } from './support/money-fixtures';

/** How far ahead the test product settles: time to buy it in the browser first. */
const settleInMs = 45_000;

/**
 * Dual investment on the demo installation (issue 19): staff create a product settling in under a
 * minute and fund its reserve; a user buys whole shares on the purchase page (fractions refused on
 * the page), then sees it settle on the running server's scheduler, on the first tick recorded at
 * the settlement time, with a receipt the page recomputes and marks verified. (This server runs on
 * the real clock; settlement across days and restarts is covered by the route test.)
 */
describe('finance: dual investment', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let api: ApiCaller;
  let token = '';
  let product: DualProduct;

  beforeAll(async () => {
    server = await startFairexServer();
    api = apiCaller(server.url);
    browser = await launchBrowser();
    const email = `dual${Date.now() % 100_000}@example.com`;
    const password = 'dual-secret-1';
    await api.ok('/sms_mail', { body: { user_string: email, scene: 'register' } });
    token = await api.ok<string>('/user/register', {
      body: {
        user_string: email,
        code: await api.freshCode(email),
        password,
        re_password: password,
        type: 'email',
      },
    });
    await api.ok('/wallet/demo_funds', { token, body: {} });
    context = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    await context.addInitScript((session: string) => {
      if (!window.localStorage.getItem('token')) {
        window.localStorage.setItem('h5Version', '1');
        window.localStorage.setItem('token', session);
      }
    }, token);
    page = await context.newPage();
    pageErrors = watchPageErrors(page);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists the demo products with their reserves in the Finance tab', async () => {
    await page.goto(`${server.url}/#/pages/financial/index?tab=dual`);
    await page.getByTestId('invest-product-1').waitFor();
    // The demo seed funds each reserve with 50 of the coin and 2,000,000 USDT.
    expect(await page.getByTestId('invest-reserve-1').innerText()).toBe('50 BTC · 2000000 USDT');
    await settled(page);
    await screenshot(page, 'dual-list-375');
  });

  it('buys whole shares with both outcomes shown before confirming', async () => {
    // Staff create a product settling soon (after the page is up, so a slow start cannot end it first).
    const demo = await api.ok<{ list: DualProduct[] }>('/dual/index?currency_id=1&type=call');
    const linked = demo.list[0]?.linked_price ?? '100000';
    product = await api.ok<DualProduct>('/admin/dual/products/save', {
      token: server.staffToken,
      body: {
        names: { en: 'BTC low buy, e2e', zh: 'BTC 低买 e2e' },
        pair: 'BTC/USDT',
        type: 'put',
        linked_price: linked,
        annual_rate: '0.2',
        days: 1,
        settle_at: Date.now() + settleInMs,
        unit_price: '100',
        min_shares: 1,
        max_shares: 20,
        total_shares: 100,
        active: true,
      },
    });
    for (const [currency_id, amount] of [
      [1, '1'],
      [3, '5000'],
    ] as const) {
      await api.ok('/admin/dual/reserve/fund', {
        token: server.staffToken,
        body: { product_id: product.id, currency_id, amount },
      });
    }
    await page.goto(`${server.url}/#/pages/invest/purchase?id=${product.id}`);
    await page.getByTestId('invest-shares').waitFor();
    await page.getByTestId('invest-shares').fill('1.5');
    await page.getByRole('alert').waitFor();
    expect(await page.getByTestId('invest-confirm').isDisabled()).toBe(true);
    await page.getByTestId('invest-shares').fill('3');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="invest-amount"]')?.textContent === '300 USDT',
      null,
      { timeout: 5000 },
    );
    // 300 x (1 + 1 x 0.2 / 365) = 300.164383 USDT at or above the linked price.
    expect(await page.getByTestId('invest-if-above').innerText()).toBe('300.164383 USDT');
    expect(await page.getByTestId('invest-if-below').innerText()).toMatch(/ BTC$/);
    await settled(page);
    await screenshot(page, 'dual-purchase-375');
    await page.getByTestId('invest-confirm').click();
    await page.getByTestId('invest-confirm-figures').waitFor();
    // The dialog fades in: wait for it to be fully opaque before the picture.
    await expect
      .poll(() => page.locator('.adm-center-popup-wrap').evaluate((node) => getComputedStyle(node).opacity))
      .toBe('1');
    await screenshot(page, 'dual-confirm-375');
    await page.locator('.adm-dialog-button-bold').click();
    await page.getByTestId('invest-order-state').first().waitFor();
    expect(await page.getByTestId('invest-order-state').first().innerText()).toBe('Purchased');
    await settled(page);
    await screenshot(page, 'dual-mine-375');
  });

  it('settles once at the settlement time with a receipt the page recomputes', async () => {
    // The running scheduler settles on the first tick recorded at or after the settlement time.
    const deadline = product.settle_at + 60_000;
    let order: DualOrder | undefined;
    while (Date.now() < deadline) {
      order = (await api.ok<{ list: DualOrder[] }>('/dual/dual_list', { token, body: {} })).list[0];
      if (order?.state === 'success') break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(order?.state).toBe('success');
    expect(order?.settle_tick?.time).toBeGreaterThanOrEqual(product.settle_at);
    await page.reload();
    await page.getByTestId('invest-verified').waitFor();
    expect(await page.getByTestId('invest-receipt-tick').innerText()).toContain(`#${order?.settle_tick?.id}`);
    expect(await page.getByTestId('invest-order-state').first().innerText()).toBe('Settled');
    await settled(page);
    await screenshot(page, 'dual-receipt-375');
    await page.goto(`${server.url}/#/pages/invest/help`);
    await page.getByTestId('invest-help').waitFor();
    await settled(page);
    await screenshot(page, 'dual-help-375');
    await page.setViewportSize(desktopViewport);
    await page.goto(`${server.url}/#/pages/invest/mine`);
    await page.reload();
    await page.getByTestId('invest-verified').waitFor();
    await settled(page);
    await expect
      .poll(() => page.locator('.page-transition').evaluate((node) => getComputedStyle(node).opacity))
      .toBe('1');
    await screenshot(page, 'dual-mine-desktop');
    expect(pageErrors).toEqual([]);
  });

  it('shows products, reserves and orders in the console', async () => {
    const staff = await api.ok<object>('/admin/auth/me', { token: server.staffToken });
    const consoleContext = await browser.newContext({ viewport: desktopViewport });
    await consoleContext.addInitScript(
      (session: string) => window.sessionStorage.setItem('fairex-console-session', session),
      JSON.stringify({ token: server.staffToken, expiresAt: Date.now() + 3_600_000, staff }),
    );
    const consolePage = await consoleContext.newPage();
    const consoleErrors = watchPageErrors(consolePage);
    await consolePage.goto(`${server.url}/admin/#/dual`);
    await consolePage.getByTestId(`dual-reserve-${product.id}`).waitFor();
    expect(await consolePage.getByTestId(`dual-reserve-${product.id}`).innerText()).toContain('reserved 0 ');
    await consolePage.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, {
      timeout: 5000,
    });
    await screenshot(consolePage, 'dual-console-desktop');
    expect(consoleErrors).toEqual([]);
    await consoleContext.close();
  });
});
