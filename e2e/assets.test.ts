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

type Reply<T> = { type: unknown; message: T };
type Account = { currency: string; type: string; balance: string; available: string };
type WalletList = Record<'legal' | 'change' | 'lever' | 'micro', { list: Account[] }> & {
  total_usdt: string;
};

describe('assets, transfers and the bill in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let token: string;
  const walletRequests: string[] = [];

  async function post<T>(path: string, body: Record<string, string>, auth?: string): Promise<Reply<T>> {
    const response = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Reply<T>;
  }

  /** A signed-in user made through the API, with the code from the demo outbox. */
  async function registeredToken(email: string): Promise<string> {
    await post('/sms_mail', { user_string: email, scene: 'register' });
    let code: string | undefined;
    for (let attempt = 0; attempt < 50 && !code; attempt += 1) {
      const outbox = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as Reply<
        { recipient: string; body: string }[]
      >;
      const message = outbox.message.find((entry) => entry.recipient.includes(email));
      code = message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
      if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!code) throw new Error('no registration code in the outbox');
    const reply = await post<string>('/user/register', {
      user_string: email,
      code,
      password: 'assets-secret-1',
      re_password: 'assets-secret-1',
      type: 'email',
    });
    if (reply.type !== 'ok') throw new Error(`registration failed: ${JSON.stringify(reply)}`);
    return reply.message;
  }

  async function walletList(): Promise<WalletList> {
    const reply = await post<WalletList>('/wallet/list', {}, token);
    return reply.message;
  }
  const balanceOf = (list: WalletList, kind: keyof WalletList & string, code: string) =>
    (list[kind as 'change'].list.find((row) => row.currency === code) ?? { balance: '?' }).balance;

  beforeAll(async () => {
    server = await startFairexServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    page = await context.newPage();
    pageErrors = watchPageErrors(page);
    page.on('request', (request) => {
      if (request.url().includes('/api/wallet/') || request.url().includes('user_currency_list')) {
        walletRequests.push(request.url());
      }
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('invites a visitor to log in without asking for any balance', async () => {
    await page.goto(`${server.url}/#/pages/fund/assets`);
    await page.getByTestId('assets-login').waitFor();
    await screenshot(page, 'assets-visitor-375');
    expect(walletRequests).toEqual([]);
  });

  it('adds test funds in demo mode and shows the total and every account', async () => {
    token = await registeredToken('assets@example.com');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.reload();
    await page.getByTestId('assets-page').waitFor();
    await expect.poll(() => page.getByTestId('assets-total-value').textContent()).toBe('$0.00');
    await page.getByTestId('demo-funds-button').click();
    await expect.poll(async () => balanceOf(await walletList(), 'change', 'USDT')).toBe('10000.000000');
    const spotUsdt = page.getByTestId('asset-row-change-USDT');
    await expect.poll(() => spotUsdt.getByTestId('asset-balance').innerText()).toBe('10,000.00');
    await expect.poll(() => page.getByTestId('assets-total-value').textContent()).not.toBe('$0.00');
    expect(await page.getByTestId('asset-row-change-BTC').getByTestId('asset-balance').innerText()).toBe(
      '0.50',
    );
    await page.getByTestId('assets-prices').waitFor();
    await screenshot(page, 'assets-spot-375');

    await page.getByTestId('assets-eye').click();
    expect(await page.getByTestId('assets-total-value').innerText()).toBe('******');
    expect(await spotUsdt.getByTestId('asset-balance').innerText()).toBe('******');
    await page.getByTestId('assets-eye').click();

    await page.getByTestId('assets-tab-lever').click();
    await page.getByTestId('assets-panel-lever').waitFor();
    await page.getByTestId('assets-hide-zero').click();
    await page.getByTestId('assets-empty').waitFor();
    await screenshot(page, 'assets-futures-empty-375');
    await page.getByTestId('assets-hide-zero').click();
  });

  it('transfers spot to fiat with every rule of the amount checked', async () => {
    await page.getByTestId('assets-action-transfer').click();
    await page.getByTestId('transfer-amount').waitFor();
    expect(await page.getByTestId('transfer-from').innerText()).toContain('Spot');
    expect(await page.getByTestId('transfer-to').innerText()).toContain('Fiat');
    await page.getByTestId('transfer-submit').click();
    expect(await page.getByTestId('transfer-error').innerText()).toBe('Enter an amount');
    await page.getByTestId('transfer-amount').fill('0.0000001');
    expect(await page.getByTestId('transfer-error').innerText()).toBe(
      'At most 6 decimal places for this coin',
    );
    await page.getByTestId('transfer-amount').fill('0');
    expect(await page.getByTestId('transfer-error').innerText()).toBe('The amount must be greater than zero');
    await page.getByTestId('transfer-amount').fill('10000.5');
    expect(await page.getByTestId('transfer-error').innerText()).toBe('Insufficient balance');
    await screenshot(page, 'transfer-insufficient-375');

    await page.getByTestId('transfer-currency').click();
    await page.getByTestId('transfer-currency-BTC').waitFor();
    await screenshot(page, 'transfer-coin-sheet-375');
    await page.getByTestId('transfer-currency-USDT').click();
    await page.getByTestId('transfer-to').click();
    await page.getByTestId('transfer-kind-micro').waitFor();
    await screenshot(page, 'transfer-kind-sheet-375');
    await page.getByTestId('transfer-kind-legal').click();
    await page.getByTestId('transfer-swap').click();
    expect(await page.getByTestId('transfer-from').innerText()).toContain('Fiat');
    await page.getByTestId('transfer-swap').click();
    await page.getByTestId('transfer-all').click();
    expect(await page.getByTestId('transfer-amount').inputValue()).toBe('10000.000000');
    await page.getByTestId('transfer-amount').fill('250');
    await page.getByTestId('transfer-submit').click();
    await expect.poll(async () => balanceOf(await walletList(), 'legal', 'USDT')).toBe('250.000000');
    expect(balanceOf(await walletList(), 'change', 'USDT')).toBe('9750.000000');
    await expect
      .poll(() => page.getByTestId('transfer-available').innerText())
      .toBe('Available 9,750.00 USDT');
    await screenshot(page, 'transfer-done-375');

    await page.getByTestId('transfer-history-link').click();
    const record = page.getByTestId('transfer-record').first();
    await record.waitFor();
    expect(await record.innerText()).toMatch(/Spot[\s\S]*Fiat[\s\S]*250\.00/);
    await page.getByTestId('transfer-history-end').waitFor();
    expect(await page.getByTestId('transfer-history-end').innerText()).toBe('No more data');
    await screenshot(page, 'transfer-history-375');
  });

  it('lists every balance change in the bill, filtered, and exports it as CSV', async () => {
    await page.goto(`${server.url}/#/pages/setting/bill`);
    await page.getByTestId('bill-list').waitFor();
    await expect.poll(() => page.getByTestId('bill-line').count()).toBe(5);
    const reasons = await page
      .getByTestId('bill-line')
      .evaluateAll((lines) => lines.map((line) => line.getAttribute('data-kind')));
    expect(reasons).toEqual(['transfer', 'transfer', 'demo_funds', 'demo_funds', 'demo_funds']);
    expect(await page.getByTestId('bill-line').first().innerText()).toMatch(/Transfer in[\s\S]*\+250\.00/);
    expect(await page.getByTestId('bill-end').innerText()).toBe('No more data');
    await screenshot(page, 'bill-375');

    await page.getByTestId('bill-filter-type').click();
    await page.getByTestId('bill-filter-type-legal').waitFor();
    await screenshot(page, 'bill-filter-sheet-375');
    await page.getByTestId('bill-filter-type-legal').click();
    await expect.poll(() => page.getByTestId('bill-line').count()).toBe(1);
    await screenshot(page, 'bill-fiat-375');

    const download = page.waitForEvent('download');
    await page.getByTestId('bill-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^fairex-bill-\d{4}-\d{2}-\d{2}\.csv$/);
    const stream = await file.createReadStream();
    let text = '';
    for await (const chunk of stream) text += chunk.toString();
    const rows = text.trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'time,entry_id,posting_id,kind,currency,account,amount,balance_after,reference,tick_id,note',
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(',transfer,USDT,legal,250.000000,250.000000,');
  });

  it('shows one account with its own records', async () => {
    await page.goto(`${server.url}/#/pages/fund/assets`);
    await page.getByTestId('asset-row-change-USDT').click();
    await page.getByTestId('record-account').waitFor();
    await expect.poll(() => page.getByTestId('record-balance').innerText()).toBe('9,750.00');
    await expect.poll(() => page.getByTestId('bill-line').count()).toBe(2);
    await page.getByTestId('bill-end').waitFor();
    await screenshot(page, 'assets-record-375');
  });

  it('reads well in Chinese and French', async () => {
    for (const lang of ['zh', 'fra'] as const) {
      await page.evaluate((value) => localStorage.setItem('lang', value), lang);
      await page.goto(`${server.url}/#/pages/fund/assets`);
      await page.reload();
      await page.getByTestId('asset-row-change-USDT').waitFor();
      await screenshot(page, `assets-${lang}-375`);
      await page.goto(`${server.url}/#/pages/fund/transfer`);
      await page.getByTestId('transfer-amount').waitFor();
      await screenshot(page, `transfer-${lang}-375`);
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
  });

  it('fits a desktop window', async () => {
    const desktop = await browser.newContext({ viewport: desktopViewport });
    const wide = await desktop.newPage();
    const errors = watchPageErrors(wide);
    await wide.goto(`${server.url}/#/pages/fund/assets`);
    await wide.evaluate((value) => localStorage.setItem('token', value), token);
    await wide.reload();
    await wide.getByTestId('asset-row-change-USDT').waitFor();
    await screenshot(wide, 'assets-1280');
    await wide.goto(`${server.url}/#/pages/fund/transfer`);
    await wide.getByTestId('transfer-amount').waitFor();
    await screenshot(wide, 'transfer-1280');
    await wide.goto(`${server.url}/#/pages/fund/assets_all_record`);
    await wide.getByTestId('bill-line').first().waitFor();
    await screenshot(wide, 'all-records-1280');
    expect(errors).toEqual([]);
    await desktop.close();
  });

  it('raised no script error on the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
