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
    await api.ok('/admin/options/pool/fund', {
      token: server.staffToken,
      body: { currency_id: 3, number: '1000' },
    });
    const microBalance = async () =>
      (await api.ok<{ balance: string }[]>('/microtrade/payable_currencies', { token }))[0]?.balance;

    // The transfer into the options account, on the transfer screen.
    await page.goto(`${server.url}/#/`);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto(`${server.url}/#/pages/fund/transfer`);
    await page.reload();
    await page.getByTestId('transfer-amount').waitFor();
    await page.getByTestId('transfer-to').click();
    await page.getByTestId('transfer-kind-micro').click();
    await page.getByTestId('transfer-amount').fill('100');
    await page.getByTestId('transfer-submit').click();
    await expect.poll(microBalance, { timeout: 10_000 }).toBe('100.000000');

    // Trade tab -> Seconds: live price, chart, durations with their payout, balance, break-even.
    await page.goto(`${server.url}/#/pages/transaction/index`);
    await page
      .getByTestId('trade-seconds-link')
      .click()
      .catch(async (error: unknown) => {
        await screenshot(page, 'seconds-trade-failed-375');
        console.log(page.url(), (await page.locator('body').innerText()).slice(0, 600));
        throw error;
      });
    await page
      .getByTestId('options-panel')
      .waitFor()
      .catch(async (error: unknown) => {
        await screenshot(page, 'options-panel-failed-375');
        throw error;
      });
    await expect.poll(() => page.getByTestId('seconds-live-price').innerText()).toMatch(/\d/);
    await page.getByTestId('options-chart').locator('canvas').first().waitFor();
    await page.getByTestId('options-pool').waitFor();
    await expect.poll(() => page.getByTestId('options-panel').innerText()).toContain('100');
    await screenshot(page, 'seconds-tab-375');

    await page.getByTestId('options-duration-30').click();
    await page.getByTestId('options-amount').fill('10');
    await page.getByTestId('options-up').click();
    // The risk disclosure first (once), then the confirmation with payout and break-even.
    await page.getByTestId('options-risk').waitFor();
    await screenshot(page, 'seconds-risk-375');
    await page.getByRole('button', { name: 'I understand the risk' }).click();
    await page.getByTestId('options-confirm').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).waitFor();
    // The dialog fades in: wait for it to be fully opaque before the picture.
    await expect
      .poll(() =>
        page
          .locator('.adm-center-popup-wrap')
          .last()
          .evaluate((node) => getComputedStyle(node).opacity),
      )
      .toBe('1');
    await screenshot(page, 'options-confirm-375');
    await page.getByRole('button', { name: 'Confirm' }).click();

    // The countdown with the open price and the live price, then the result (settled by the
    // server's worker on the tick at expiry, 30 s after acceptance).
    await page.getByTestId('seconds-countdown').waitFor();
    expect(await page.getByTestId('seconds-open-price').innerText()).toMatch(/\d/);
    await screenshot(page, 'seconds-countdown-375');
    await page.getByTestId('seconds-result').waitFor({ timeout: 60_000 });
    // The settlement refreshes the pool line: nothing reserved any more.
    await expect.poll(() => page.getByTestId('options-pool').innerText()).toContain('orders 0.000000');
    await screenshot(page, 'seconds-result-375');
    await page.getByTestId('seconds-receipt').click();
    const check = page.getByTestId('options-receipt-check');
    await expect.poll(() => check.innerText(), { timeout: 10_000 }).toContain('Verified');
    await screenshot(page, 'options-receipt-375');
    await page.setViewportSize(desktopViewport);
    await screenshot(page, 'options-receipt-desktop');

    // The same order in the history at /pages/transaction/seconds_order (Home's Options shortcut).
    await page.goto(`${server.url}/#/pages/transaction/seconds_order?tab=history`);
    await page.getByTestId('options-result').first().waitFor();
    await screenshot(page, 'options-history-desktop');
    await page.setViewportSize(phoneViewport);
    await page.goto(`${server.url}/#/pages/transaction/seconds`);
    await page.getByTestId('options-panel').waitFor();
    await screenshot(page, 'seconds-tab-after-375');
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
