/**
 * Issue 17's contract trading as a user meets it, on the real server in demo mode: USDT moved to
 * the contract account, a long on BTC-PERP opened from the 375 px screen with margin, fee and
 * liquidation price shown before confirming, live profit and loss on the position, a take-profit
 * and stop-loss close it on the tick that reaches one of them, and its receipt is recomputed on
 * the device. Screenshots at 375 px and 1280 px.
 */
import { randomUUID } from 'node:crypto';
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
import { type ApiCaller, apiCaller, type PreparedUser, prepareUser, settled } from './support/money-fixtures';

type Position = {
  id: string;
  status: string;
  current_price: string | null;
  close: { reason: string; tick_id: string } | null;
};
type Deal = { instrument: { currency_id: number; spread: string; reference: { price: string } | null } };

describe('contract trading end to end: open a long, take-profit or stop-loss closes it, receipt', () => {
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
    user = await prepareUser(api, server.staffToken);
    await api.ok('/wallet/demo_funds', { token: user.token, body: {} });
    await api.ok('/wallet/change', {
      token: user.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { currency_id: 3, number: '500', from_field: 'change', to_field: 'lever' },
    });
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
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens a long from the Trade tab, shows its figures, closes it by a trigger and shows the receipt', async () => {
    await page.goto(`${server.url}/#/pages/transaction/index`);
    await page.getByTestId('trade-contract-link').click();
    await page.getByTestId('contract-form').waitFor();
    await page.getByTestId('contract-switcher').click();
    await page.getByTestId('contract-option-BTC-PERP').click();
    await expect.poll(() => page.getByTestId('contract-symbol').innerText()).toBe('BTC-PERP');
    await expect.poll(() => page.getByTestId('contract-available').innerText()).toContain('500');
    await page.getByTestId('contract-lots').fill('2');
    await page.getByTestId('contract-multiple-10').click();
    await expect.poll(() => page.getByTestId('contract-preview-margin').innerText()).not.toContain('--');
    await settled(page);
    await screenshot(page, 'contract-form-375');

    await page.getByTestId('contract-submit').click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    const card = page.locator('[data-testid^="contract-position-"]').first();
    await card.waitFor();
    await expect.poll(() => card.getByTestId('contract-position-profit').innerText()).toContain('USDT');
    await settled(page);
    await screenshot(page, 'contract-position-375');

    // Take-profit and stop-loss one step either side of the price: the next ticks reach one.
    const open = await api.ok<{ list: Position[] }>('/lever/my_trade', {
      token: user.token,
      body: { status: 2 },
    });
    const position = open.list[0];
    if (!position) throw new Error('no open position');
    const instruments = await api.ok<{ symbol: string; currency_id: number }[]>('/lever/instruments');
    const btc = instruments.find((entry) => entry.symbol === 'BTC-PERP');
    for (let attempt = 0; ; attempt += 1) {
      const deal = await api.ok<Deal>('/lever/deal', {
        token: user.token,
        body: { currency_id: btc?.currency_id, legal_id: 3 },
      });
      // Stops are closing prices: a long closes at the reference minus the spread.
      const price = Number(deal.instrument.reference?.price) - Number(deal.instrument.spread);
      const reply = await api.call('/lever/setstop', {
        token: user.token,
        body: {
          id: position.id,
          target_profit_price: (price + 0.5).toFixed(2),
          stop_loss_price: (price - 0.5).toFixed(2),
        },
      });
      if (reply.type === 'ok') break;
      if (attempt > 10) throw new Error(`setstop refused: ${JSON.stringify(reply)}`);
    }
    let closed: Position | undefined;
    for (let waited = 0; !closed; waited += 1) {
      if (waited > 120) throw new Error('neither trigger fired in 60 s');
      const history = await api.ok<{ list: Position[] }>('/lever/my_trade', {
        token: user.token,
        body: { status: 3 },
      });
      closed = history.list.find((entry) => entry.id === position.id);
      if (!closed) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(closed.close?.reason).toMatch(/take_profit|stop_loss/);

    await page.getByTestId('contract-orders-link').click();
    const history = page.getByTestId(`contract-history-${position.id}`);
    await history.waitFor();
    await history.getByTestId('contract-history-receipt').click();
    await expect
      .poll(() => page.getByTestId('contract-receipt-verified').first().innerText())
      .toBe('Recomputed: matches');
    await settled(page);
    await screenshot(page, 'contract-receipt-375');

    // The bill of the contract account shows the fees and the profit or loss.
    const bill = await api.ok<{ list: { kind?: string; reason?: string }[] }>('/wallet/legal_log', {
      token: user.token,
      body: { currency: 3, type: 'lever', page: 1 },
    });
    expect(JSON.stringify(bill)).toContain('contract_fee');
    expect(pageErrors).toEqual([]);
  }, 180_000);

  it('lays the contract screen out at desktop width', async () => {
    const desktop = await browser.newContext({ viewport: desktopViewport });
    await desktop.addInitScript((session: string) => {
      window.localStorage.setItem('h5Version', '1');
      window.localStorage.setItem('token', session);
    }, user.token);
    const view = await desktop.newPage();
    const errors = watchPageErrors(view);
    await view.goto(`${server.url}/#/pages/transaction/contract?symbol=AAPL`);
    await view.getByTestId('contract-form').waitFor();
    await expect.poll(() => view.getByTestId('contract-available').innerText()).not.toContain('--');
    await expect.poll(() => view.getByTestId('contract-pool').innerText()).not.toContain('--');
    await settled(view);
    await screenshot(view, 'contract-desktop-1280');
    expect(errors).toEqual([]);
    await desktop.close();

    // The same screen in Chinese at 375 px.
    const chinese = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    await chinese.addInitScript((session: string) => {
      window.localStorage.setItem('h5Version', '1');
      window.localStorage.setItem('token', session);
      window.localStorage.setItem('lang', 'zh');
    }, user.token);
    const zh = await chinese.newPage();
    await zh.goto(`${server.url}/#/pages/transaction/contract?symbol=ETH-PERP`);
    await zh.getByTestId('contract-form').waitFor();
    await expect.poll(() => zh.getByTestId('contract-submit').innerText()).toBe('开多');
    await settled(zh);
    await screenshot(zh, 'contract-zh-375');
    await chinese.close();
  });
});
