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
import { type ApiCaller, apiCaller } from './support/money-fixtures';

/**
 * Seconds options in a browser (issue 18): funds moved to the options account, an up order
 * confirmed with its payout and break-even, the countdown, the result, and its receipt showing
 * "Verified" after the browser recomputed it from the recorded ticks.
 */
describe('seconds options in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let api: ApiCaller;
  let token = '';

  beforeAll(async () => {
    server = await startFairexServer();
    api = apiCaller(server.url);
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    page = await context.newPage();
    pageErrors = watchPageErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('transfers to the options account, submits an up order and verifies its receipt', async () => {
    const email = `options${Date.now() % 100_000}@example.com`;
    await api.ok('/sms_mail', { body: { user_string: email, scene: 'register' } });
    token = await api.ok<string>('/user/register', {
      body: {
        user_string: email,
        code: await api.freshCode(email),
        password: 'options-secret-1',
        re_password: 'options-secret-1',
        type: 'email',
      },
    });
    await api.ok('/wallet/demo_funds', { token, body: {} });
    await api.ok('/wallet/change', {
      token,
      body: { currency_id: 3, number: '100', from_field: 'change', to_field: 'micro' },
      headers: { 'idempotency-key': `options-e2e-${Date.now()}` },
    });
    await api.ok('/admin/options/pool/fund', {
      token: server.staffToken,
      body: { currency_id: 3, number: '1000' },
    });

    await page.goto(`${server.url}/#/`);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto(`${server.url}/#/pages/transaction/seconds_order`);
    await page.reload();
    await page
      .getByTestId('options-panel')
      .waitFor()
      .catch(async (error: unknown) => {
        await screenshot(page, 'options-panel-failed-375');
        throw error;
      });
    await page.getByTestId('options-pool').waitFor();
    await screenshot(page, 'options-panel-375');

    await page.getByTestId('options-duration-30').click();
    await page.getByTestId('options-amount').fill('10');
    await page.getByTestId('options-up').click();
    await page.getByTestId('options-confirm').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).waitFor();
    // The dialog fades in: wait for it to be fully opaque before the picture.
    await expect
      .poll(() => page.locator('.adm-center-popup-wrap').evaluate((node) => getComputedStyle(node).opacity))
      .toBe('1');
    await screenshot(page, 'options-confirm-375');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('options-order').first().waitFor();
    await screenshot(page, 'options-countdown-375');

    // Settled by the server's worker at the tick at expiry (30 s), then shown in history.
    await page.getByTestId('options-tab-history').click();
    await page.getByTestId('options-result').first().waitFor({ timeout: 60_000 });
    await screenshot(page, 'options-history-375');
    await page.getByTestId('options-order').first().getByRole('button').click();
    const check = page.getByTestId('options-receipt-check');
    await expect.poll(() => check.innerText(), { timeout: 10_000 }).toContain('Verified');
    await screenshot(page, 'options-receipt-375');

    await page.setViewportSize(desktopViewport);
    await screenshot(page, 'options-receipt-desktop');
    expect(pageErrors).toEqual([]);
  }, 150_000);
});
