/**
 * Issue 4's whole money path in one browser session, as a user meets it: a deposit with a
 * voucher, staff approval, a transfer between the user's own accounts, a withdrawal request, its
 * approval, and the bill showing every entry with the balances that follow from them.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneViewport, screenshot, watchPageErrors } from './support/browser';
import { type RunningServer, startFairexServer } from './support/fairex-server';
import {
  type ApiCaller,
  apiCaller,
  type PreparedUser,
  prepareUser,
  settled,
  voucherPng,
} from './support/money-fixtures';

const tronAddress = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

describe('money end to end: deposit, approval, transfer, withdrawal, bill', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiCaller;
  let user: PreparedUser;
  let pageErrors: string[];

  beforeAll(async () => {
    server = await startFairexServer();
    api = apiCaller(server.url);
    user = await prepareUser(api, server.staffToken, { address: tronAddress });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    await context.addInitScript((session: string) => {
      if (!window.localStorage.getItem('token')) {
        window.localStorage.setItem('h5Version', '1');
        window.localStorage.setItem('token', session);
      }
    }, user.token);
    page = await context.newPage();
    pageErrors = watchPageErrors(page);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const spotUsdt = () => page.getByTestId('asset-row-change-USDT').innerText();

  it('deposits 500 USDT with a voucher, credited only once staff approve', async () => {
    await page.goto(`${server.url}/#/pages/fund/select`);
    await page.getByTestId('deposit-coin-USDT-TRC20').click();
    await page.getByTestId('deposit-amount').fill('500');
    await page
      .getByTestId('deposit-voucher')
      .setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: voucherPng() });
    await page.locator('[data-testid="deposit-voucher-picker"][data-status="done"]').waitFor();
    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('deposit-confirm').click();
    await page.getByTestId('deposit-success').waitFor();

    await page.goto(`${server.url}/#/pages/fund/assets`);
    await page.getByTestId('asset-row-change-USDT').waitFor();
    expect(await spotUsdt()).not.toContain('500.00');

    const queue = await api.ok<{ list: { id: number; user_id: number; amount: string }[] }>(
      '/admin/deposits?status=pending',
      {
        token: server.staffToken,
      },
    );
    expect(queue.list).toHaveLength(1);
    await api.ok('/admin/deposits/decide', {
      token: server.staffToken,
      body: { id: queue.list[0]?.id, decision: 'approve' },
    });
    await page.reload();
    await expect.poll(spotUsdt).toContain('500.00');
    await settled(page);
    await screenshot(page, 'money-flow-after-deposit-375');
  });

  it('moves 200 USDT from spot to futures', async () => {
    await page.getByTestId('assets-action-transfer').click();
    await page.getByTestId('transfer-amount').waitFor();
    expect(await page.getByTestId('transfer-from').innerText()).toContain('Spot');
    await page.getByTestId('transfer-to').click();
    await page.getByTestId('transfer-kind-lever').click();
    expect(await page.getByTestId('transfer-to').innerText()).toContain('Futures');
    await page.getByTestId('transfer-amount').fill('200');
    await page.getByTestId('transfer-submit').click();
    await expect.poll(() => page.getByTestId('transfer-available').innerText()).toContain('300');
  });

  it('requests a withdrawal of 100 USDT: 101 held, then paid out on approval', async () => {
    await page.goto(`${server.url}/#/pages/fund/withdraw?currency=3`);
    await page.getByTestId('withdraw-form').waitFor();
    await page.getByTestId('withdraw-chain-TRC20').click();
    await page.getByTestId('withdraw-address-option').first().click();
    await page.getByTestId('withdraw-amount').fill('100');
    expect(await page.getByTestId('withdraw-total').innerText()).toBe('101 USDT');
    await page.getByTestId('withdraw-pay-password').fill(user.payPassword);
    await page.getByTestId('withdraw-send-code').click();
    await page.getByTestId('withdraw-code').fill(await api.freshCode(user.email));
    await page.getByTestId('withdraw-submit').click();
    await expect.poll(() => new URL(page.url()).hash).toContain('/pages/fund/receive_withdraw_record');
    await page.getByTestId('withdrawal-record').first().waitFor();
    expect(await page.getByTestId('record-status').first().getAttribute('data-status')).toBe('pending');

    await page.goto(`${server.url}/#/pages/fund/assets`);
    await expect.poll(spotUsdt).toMatch(/Frozen\s*101\.00/);

    const queue = await api.ok<{ list: { id: number }[] }>('/admin/withdrawals?status=pending', {
      token: server.staffToken,
    });
    await api.ok('/admin/withdrawals/decide', {
      token: server.staffToken,
      body: { id: queue.list[0]?.id, decision: 'approve' },
    });
    await page.reload();
    await expect.poll(spotUsdt).toContain('199.00');
  });

  it('shows each entry in the bill, newest first, with the balance after it', async () => {
    await page.goto(`${server.url}/#/pages/setting/bill`);
    await page.getByTestId('bill-list').waitFor();
    await expect.poll(() => page.getByTestId('bill-line').count()).toBe(4);
    const kinds = await page
      .getByTestId('bill-line')
      .evaluateAll((lines) => lines.map((line) => line.getAttribute('data-kind')));
    expect(kinds).toEqual(['withdrawal', 'transfer', 'transfer', 'deposit']);
    const lines = await page.getByTestId('bill-line').allInnerTexts();
    expect(lines[0]).toContain('-101.00');
    expect(lines[3]).toContain('+500.00');
    expect(await page.getByTestId('bill-end').innerText()).toBe('No more data');
    await settled(page);
    await screenshot(page, 'money-flow-bill-375');
  });

  it('raised no script error on the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
