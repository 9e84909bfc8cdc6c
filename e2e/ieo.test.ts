/**
 * An IEO from both sides at 375 px: staff create a project (API), a user finds it in the list,
 * subscribes through the confirmation, sees the subscription await the allocation, and after the
 * scripted end (a subscription window of a few seconds) sees the allocation with its receipt
 * recomputed and verified in the browser and the tokens locked in the wallet; then the server is
 * stopped and started again a day later (a demo clock run ahead, DEMO_CLOCK_AHEAD_MS), and the
 * lock cycle's release, due while it was down, has happened once and the tokens are free.
 */
import type { Browser, Page } from 'playwright-core';
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

type Project = { id: number; allocated_at: number | null; currency_id: number };
type Wallet = { currency: string; balance: string; available: string };

const dayMs = 86_400_000;
const password = 'ieo-secret-1';

describe('an IEO subscription, from the list to the allocation', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let api: ApiCaller;
  let project: Project;
  let token = '';
  const missing: string[] = [];

  async function registered(email: string): Promise<string> {
    await api.ok('/sms_mail', { body: { user_string: email, scene: 'register' } });
    const userToken = await api.ok<string>('/user/register', {
      body: {
        user_string: email,
        code: await api.freshCode(email),
        password,
        re_password: password,
        type: 'email',
      },
    });
    await api.ok('/wallet/demo_funds', {
      token: userToken,
      body: {},
      headers: { 'idempotency-key': `funds-${email}` },
    });
    return userToken;
  }

  beforeAll(async () => {
    server = await startFairexServer();
    api = apiCaller(server.url);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: phoneViewport });
    pageErrors = watchPageErrors(page);
    // A launched token has no bundled coin image: its icon falls back to its initial.
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(new URL(response.url()).pathname);
    });
    const now = Date.now();
    project = await api.ok<Project>('/admin/ieo/projects/create', {
      token: server.staffToken,
      body: {
        name: 'Orbit Network',
        symbol: 'ORBT',
        scale: 2,
        descriptions: { en: 'Orbit is a test launch.\nIts window is a few seconds long.' },
        prices: [{ currency_id: 3, price: '0.1' }],
        issuance: '1000',
        min_per_user: '1',
        max_per_user: '1000',
        starts_at: now - 60_000,
        ends_at: now + 40_000,
        lock_days: 1,
        listing_at: now + 86_400_000,
        whitepaper: 'https://example.com/orbit.pdf',
        website: 'https://example.com',
      },
    });
    // Someone else asks for 800 first: with ours the launch is oversubscribed.
    const other = await registered('ieo-other@example.com');
    await api.ok('/project/order', {
      token: other,
      body: { project_id: project.id, amount: '800', pay_currency: 'USDT', price: '0.1' },
      headers: { 'idempotency-key': 'ieo-other-1' },
    });
    token = await registered('ieo-user@example.com');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop({ removeData: true });
  });

  it('lists the project and subscribes through the confirmation', async () => {
    await page.goto(`${server.url}/#/pages/ieo/ieo`);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.reload();
    const card = page.getByTestId('ieo-project').first();
    await card.waitFor();
    expect(await card.getByTestId('ieo-state').innerText()).toBe('In progress');
    await screenshot(page, 'ieo-list-375');

    await card.click();
    await page.getByTestId('ieo-form').waitFor();
    await page.getByTestId('ieo-amount').fill('600');
    await expect.poll(() => page.getByTestId('ieo-cost').innerText()).toBe('60.000000 USDT');
    await expect.poll(() => page.getByTestId('ieo-available').innerText()).toBe('10000.000000 USDT');
    await screenshot(page, 'ieo-subscribe-375');
    await page.getByTestId('ieo-submit').click();
    await page.getByTestId('ieo-confirm').waitFor();
    await screenshot(page, 'ieo-confirm-375');
    await page.getByRole('button', { name: 'Confirm' }).click();
    const order = page.getByTestId('ieo-order').first();
    await order.waitFor();
    expect(await order.getByTestId('ieo-order-state').innerText()).toBe('Awaiting allocation');
    await settled(page);
    await screenshot(page, 'ieo-orders-waiting-375');
  });

  it('shows the allocation after the end, with its receipt verified in the browser', async () => {
    await expect
      .poll(
        async () => (await api.ok<Project>(`/project/detail?project_id=${project.id}`)).allocated_at !== null,
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
    await page.reload();
    const order = page.getByTestId('ieo-order').first();
    await order.getByTestId('ieo-receipt-verified').waitFor();
    // 600 of 1400 asked for 1000: 600 × 1000 ÷ 1400 = 428.57 (rounded down); the one unit left
    // over goes to the larger remainder (the other subscriber's 571.428...).
    expect(await order.getByTestId('ieo-order-allocated').innerText()).toBe('428.57 ORBT');
    expect(await order.getByTestId('ieo-order-charged').innerText()).toBe('42.857000 USDT');
    expect(await order.getByTestId('ieo-order-refunded').innerText()).toBe('17.143000 USDT');
    expect(await order.getByTestId('ieo-receipt-verified').innerText()).toBe('Verified');
    expect(await order.getByTestId('ieo-order-state').innerText()).toBe('Allocated, locked');
    await settled(page);
    await screenshot(page, 'ieo-orders-allocated-375');

    const wallet = await api.ok<Wallet>('/wallet/detail', {
      token,
      body: { currency: project.currency_id, type: 'change' },
    });
    expect(wallet).toMatchObject({ currency: 'ORBT', balance: '428.57', available: '0.00' });
    await page.goto(`${server.url}/#/pages/fund/assets`);
    const row = page.getByTestId('asset-row-change-ORBT');
    await expect.poll(() => row.getByTestId('asset-frozen').innerText()).toBe('428.57');
    expect(await row.getByTestId('asset-available').innerText()).toBe('0.00');
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'ieo-assets-locked-375');

    await page.goto(`${server.url}/#/pages/ieo/subscribe?id=${project.id}`);
    await page.getByTestId('ieo-allocated-total').waitFor();
    expect(await page.getByTestId('ieo-passes').innerText()).toBe('2');
    await settled(page);
    await screenshot(page, 'ieo-finished-375');
    const wide = await browser.newPage({ viewport: desktopViewport });
    await wide.goto(`${server.url}/#/pages/ieo/subscribe?id=${project.id}`);
    await wide.getByTestId('ieo-allocated-total').waitFor();
    await screenshot(wide, 'ieo-finished-desktop');
    expect([...new Set(missing)]).toEqual(['/coins/orbt.svg']);
    const notFound = pageErrors.filter((error) => error.includes('status of 404'));
    expect(pageErrors.length - notFound.length, pageErrors.join('\n')).toBe(0);
  });

  it('shows the project and its allocation result read-only in the console', async () => {
    const staff = await api.ok<object>('/admin/auth/me', { token: server.staffToken });
    const consolePage = await browser.newPage({ viewport: desktopViewport });
    await consolePage.goto(`${server.url}/admin/`);
    await consolePage.evaluate(
      (session) => sessionStorage.setItem('fairex-console-session', JSON.stringify(session)),
      { token: server.staffToken, expiresAt: Date.now() + 3_600_000, staff },
    );
    // The console reads its session when it loads.
    await consolePage.goto(`${server.url}/admin/#/ieo`);
    await consolePage.reload();
    const row = consolePage.locator('tr', { hasText: 'Orbit Network' });
    await row.waitFor();
    expect(await row.innerText()).toContain('1000.00 ORBT to 2 subscriptions');
    await screenshot(consolePage, 'ieo-console-desktop');
    await consolePage.getByTestId('ieo-new').click();
    await consolePage.getByTestId('ieo-name').waitFor();
    await consolePage.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter'));
    await screenshot(consolePage, 'ieo-console-new-desktop');
  });

  it('releases the locked tokens once at the end of the lock cycle, due while the server was down', async () => {
    await server.stop({ removeData: false });
    // Started again "a day and a minute later": the release fell due while it was down.
    server = await startFairexServer({
      dataDir: server.dataDir,
      env: { DEMO_CLOCK_AHEAD_MS: String(dayMs + 60_000) },
    });
    api = apiCaller(server.url);
    // A day on, the session of yesterday has expired: the user signs in again.
    await page.goto(`${server.url}/#/pages/fund/assets`);
    await page.getByTestId('assets-login').waitFor();
    token = await api.ok<string>('/user/login', { body: { user_string: 'ieo-user@example.com', password } });
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto(`${server.url}/#/pages/ieo/order`);
    // The app reads the stored session when it loads.
    await page.reload();
    const order = page.getByTestId('ieo-order').first();
    await expect
      .poll(() => order.getByTestId('ieo-order-state').innerText(), { timeout: 30_000 })
      .toBe('Released');
    expect(await order.getByTestId('ieo-order-allocated').innerText()).toBe('428.57 ORBT');
    await settled(page);
    await screenshot(page, 'ieo-orders-released-375');

    const wallet = await api.ok<Wallet>('/wallet/detail', {
      token,
      body: { currency: project.currency_id, type: 'change' },
    });
    expect(wallet).toMatchObject({ currency: 'ORBT', balance: '428.57', available: '428.57' });
    await page.goto(`${server.url}/#/pages/fund/assets`);
    const row = page.getByTestId('asset-row-change-ORBT');
    await expect.poll(() => row.getByTestId('asset-available').innerText()).toBe('428.57');
    expect(await row.getByTestId('asset-frozen').innerText()).toBe('0.00');
    // The demo says on screen that its clock runs ahead.
    await page.goto(`${server.url}/#/`);
    await expect
      .poll(() => page.getByTestId('demo-clock-ahead').innerText())
      .toBe('Demo clock runs 24 hours ahead of real time');
    await page.getByTestId('home-assets-total').waitFor();
    const popup = page.getByTestId('popup-close');
    if (await popup.isVisible()) await popup.click();
    await settled(page);
    await screenshot(page, 'ieo-home-clock-ahead-375');
  }, 240_000);
});
