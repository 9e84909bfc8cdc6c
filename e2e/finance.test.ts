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

type Order = {
  id: string;
  state: string;
  early: boolean;
  penalty: string | null;
  returned: string | null;
  dividends: { day: number; amount: string }[];
};
const minuteMs = 60_000;

/**
 * The Finance tab on the demo installation (issue 19): the seeded lock-mining product with its
 * funded reserve, a subscription through the buy sheet, and an early redemption whose penalty is
 * quoted before confirming and taken exactly as quoted; then a product whose dividend time is the
 * next whole minute, so its first dividend is paid while the test waits and the order page lists
 * it. Dividends over many days are covered by the route test with the injected clock (this server
 * runs on the real one).
 */
describe('finance: lock mining', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let api: ApiCaller;
  let token = '';

  beforeAll(async () => {
    server = await startFairexServer();
    api = apiCaller(server.url);
    browser = await launchBrowser();
    const email = `miner${Date.now() % 100_000}@example.com`;
    const password = 'miner-secret-1';
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

  it('lists the products with their public reserve', async () => {
    await page.goto(`${server.url}/#/pages/lockming/lockming`);
    await page.getByTestId('finance-product-1').waitFor();
    expect(await page.getByTestId('finance-product-1').innerText()).toContain('0.4%');
    expect(await page.getByTestId('finance-reserve-1').innerText()).toContain('100000');
    await screenshot(page, 'finance-lock-375');
    await page.getByTestId('finance-tab-cloud').click();
    await page.getByTestId('finance-product-2').waitFor();
    await page.getByTestId('finance-tab-lock').click();
  });

  it('subscribes with the earnings shown first', async () => {
    await page.getByTestId('finance-buy-1').click();
    await page.getByTestId('finance-amount').fill('1000');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="finance-total"]')?.textContent?.startsWith('20 '),
      null,
      { timeout: 5000 },
    );
    expect(await page.getByTestId('finance-per-day').innerText()).toBe('4 USDT');
    await screenshot(page, 'finance-buy-375');
    await page.getByTestId('finance-confirm').click();
    await page.getByTestId('finance-redeem').waitFor();
    expect(await page.getByTestId('finance-order-state').innerText()).toBe('In progress');
    await settled(page);
    await screenshot(page, 'finance-orders-375');
  });

  it('redeems early and takes exactly the penalty it quoted', async () => {
    await page.getByTestId('finance-redeem').click();
    const quoted = await page.getByTestId('finance-quote-penalty').innerText();
    // No dividend paid yet: 0.4% x 5 remaining days x 1000 = 20.
    expect(quoted).toBe('20 USDT');
    await screenshot(page, 'finance-redeem-quote-375');
    await page.locator('.adm-dialog-button-bold').click();
    await page.getByTestId('finance-order-penalty').waitFor();
    expect(await page.getByTestId('finance-order-penalty').innerText()).toBe(quoted);
    await page.getByTestId('finance-verified').waitFor();
    const orders = await api.ok<{ list: Order[] }>('/lh/deposit/order', { token });
    expect(orders.list[0]).toMatchObject({
      state: 'redeemed',
      early: true,
      penalty: '20.000000',
      returned: '980.000000',
    });
    await settled(page);
    await screenshot(page, 'finance-redeemed-375');
    await page.setViewportSize(desktopViewport);
    await page.getByTestId('finance-tab-lock').click();
    await page.getByTestId('finance-product-1').waitFor();
    await screenshot(page, 'finance-lock-desktop');
    expect(pageErrors).toEqual([]);
  });

  it('pays the first dividend at the dividend time and lists it on the order', async () => {
    // The dividend time of day is a whole minute (UTC): the next one at least 20 s ahead.
    const due = Math.ceil((Date.now() + 20_000) / minuteMs) * minuteMs;
    const product = await api.ok<{ id: number }>('/admin/mining/products/save', {
      token: server.staffToken,
      body: {
        category: 'lock',
        names: { en: 'USDT lock, first dividend' },
        currency_id: 3,
        daily_rate: '0.004',
        days: 1,
        min_amount: '100',
        max_amount: '2000',
        capacity: '100000',
        dividend_minute: Math.floor(due / minuteMs) % 1440,
        penalty_rate: '0.004',
        active: true,
      },
    });
    await api.ok('/admin/mining/reserve/fund', {
      token: server.staffToken,
      body: { product_id: product.id, amount: '1000' },
    });
    const order = await api.ok<{ id: string }>('/lh/deposit', {
      token,
      body: { config_id: product.id, amount: '500' },
    });
    await page.setViewportSize(phoneViewport);
    await page.goto(`${server.url}/#/pages/lockming/order`);
    const card = page.getByTestId(`finance-order-${order.id}`);
    await card.waitFor();
    expect(await card.getByTestId('finance-dividends').count()).toBe(0);

    // Paid by the server's schedule at the dividend minute: 0.4% of 500 = 2 USDT, once.
    const paid = async () =>
      (await api.ok<{ list: Order[] }>('/lh/deposit/order', { token })).list.find(
        (each) => each.id === order.id,
      )?.dividends ?? [];
    await expect
      .poll(paid, { timeout: due - Date.now() + 60_000, interval: 1000 })
      .toEqual([expect.objectContaining({ day: 1, amount: '2.000000' })]);
    await page.reload();
    await card.getByTestId('finance-dividends').waitFor();
    expect(await card.getByTestId('finance-dividends').innerText()).toContain('+2 USDT');
    expect(await card.getByTestId('finance-earned').innerText()).toBe('2 / 2 USDT');
    await settled(page);
    await screenshot(page, 'finance-first-dividend-375');
    expect(pageErrors).toEqual([]);
  }, 180_000);

  it('shows the products and reserves in the console', async () => {
    const staff = await api.ok<object>('/admin/auth/me', { token: server.staffToken });
    const consoleContext = await browser.newContext({ viewport: desktopViewport });
    await consoleContext.addInitScript(
      (session: string) => window.sessionStorage.setItem('fairex-console-session', session),
      JSON.stringify({ token: server.staffToken, expiresAt: Date.now() + 3_600_000, staff }),
    );
    const consolePage = await consoleContext.newPage();
    const consoleErrors = watchPageErrors(consolePage);
    await consolePage.goto(`${server.url}/admin/#/mining`);
    await consolePage.getByTestId('mining-reserve-1').waitFor();
    // The penalty of the early redemption went into the reserve; nothing is reserved any more.
    expect(await consolePage.getByTestId('mining-reserve-1').innerText()).toContain('balance 100020 ');
    expect(await consolePage.getByTestId('mining-reserve-1').innerText()).toContain('reserved 0 ');
    await consolePage.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, {
      timeout: 5000,
    });
    await screenshot(consolePage, 'finance-console-desktop');
    expect(consoleErrors).toEqual([]);
    await consoleContext.close();
  });
});
