import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopViewport, launchBrowser, phoneViewport, screenshot } from './support/browser';
import { type RunningServer, startFairexServer } from './support/fairex-server';
import { addressQrPng } from './support/money-fixtures';

type OutboxMessage = { recipient: string; body: string; subject: string; created_at: number };
type Envelope = { type: unknown; message: unknown };

const email = 'payout-user@example.com';
const password = 'payout-secret-1';
const payPassword = 'pay-secret-88';
const tronAddress = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const btcAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe('payout methods in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token = '';
  const pageErrors: string[] = [];

  async function latestCode(recipient: string, after: number): Promise<string> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const reply = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as {
        message: OutboxMessage[];
      };
      const message = reply.message
        .filter((entry) => entry.recipient.includes(recipient) && entry.created_at >= after)
        .sort((a, b) => b.created_at - a.created_at)[0];
      const code = message ? /\b(\d{6})\b/.exec(`${message.subject} ${message.body}`)?.[1] : undefined;
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no code for ${recipient} in the outbox`);
  }

  async function post(path: string, body: Record<string, string>, auth?: string): Promise<Envelope> {
    const response = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Envelope;
  }

  async function get(path: string): Promise<Envelope> {
    const response = await fetch(`${server.url}/api${path}`, { headers: { authorization: token } });
    return (await response.json()) as Envelope;
  }

  beforeAll(async () => {
    server = await startFairexServer();
    // The account and its payment password through the API: the accounts e2e covers those screens.
    const registerCodeAfter = Date.now() - 1000;
    expect((await post('/sms_mail', { user_string: email, scene: 'register' })).type).toBe('ok');
    const registered = await post('/user/register', {
      user_string: email,
      code: await latestCode(email, registerCodeAfter),
      password,
      re_password: password,
      type: 'email',
    });
    expect(registered.type).toBe('ok');
    token = String(registered.message);
    const securityCodeAfter = Date.now() - 1000;
    expect((await post('/sms_mail', { user_string: email, scene: 'security' }, token)).type).toBe('ok');
    const saved = await post(
      '/safe/update_password',
      { password: payPassword, re_password: payPassword, code: await latestCode(email, securityCodeAfter) },
      token,
    );
    expect(saved.type).toBe('ok');

    browser = await launchBrowser();
    context = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`console: ${message.text()} ${message.location().url}`);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('logs in and shows the empty address list', async () => {
    await page.goto(`${server.url}/#/pages/common/login`);
    await page.getByTestId('login-account').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => new URL(page.url()).hash, { timeout: 15_000 })
      .not.toContain('/pages/common/login');
    await page.goto(`${server.url}/#/pages/setting/wallet`);
    await page.getByTestId('payout-addresses-empty').waitFor();
    await screenshot(page, 'payout-wallet-empty-375');
  });

  it('explains every rule of the add-address form', async () => {
    await page.getByTestId('payout-add-address').click();
    await page.getByTestId('payout-address-form').waitFor();
    await page.getByTestId('payout-currency').click();
    await page.getByTestId('payout-coin-USDT').click();
    await page.getByTestId('payout-save-address').click();
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThanOrEqual(4);
    const alerts = await page.getByRole('alert').allInnerTexts();
    expect(alerts.join('\n')).toContain('Please choose the network of this address');
    expect(alerts.join('\n')).toContain('Please upload the QR code of the address');
    expect(alerts.join('\n')).toContain('Please enter your payment password');
    await page.getByTestId('payout-chain-TRC20').click();
    await page.getByTestId('payout-address').fill(btcAddress);
    await page.getByTestId('payout-address').blur();
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContain('This is not a valid TRC20 address');
    await screenshot(page, 'payout-add-errors-375');
  });

  it('adds a USDT TRC20 address with its QR code and lists it', async () => {
    await page.getByTestId('payout-currency').click();
    await page.getByTestId('payout-coin-USDT').click();
    await page.getByTestId('payout-chain-TRC20').click();
    await page.getByTestId('payout-name').fill('Tron savings');
    await page.evaluate((text) => navigator.clipboard.writeText(text), tronAddress);
    await page.getByTestId('payout-paste').click();
    await expect.poll(() => page.getByTestId('payout-address').inputValue()).toBe(tronAddress);
    // The QR code of another address is refused, and the message says so.
    await page.getByTestId('payout-qr-input').setInputFiles({
      name: 'qr.png',
      mimeType: 'image/png',
      buffer: await addressQrPng(btcAddress),
    });
    await expect
      .poll(() => page.locator('.payout-qr').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('done');
    await page.getByTestId('payout-pay-password').fill(payPassword);
    await page.getByTestId('payout-save-address').click();
    await expect
      .poll(() => page.locator('.adm-toast-main').allInnerTexts())
      .toContain('The QR code is for a different address than the one entered');
    await page.getByTestId('payout-qr-input').setInputFiles({
      name: 'qr.png',
      mimeType: 'image/png',
      buffer: await addressQrPng(`tron:${tronAddress}?amount=10`),
    });
    await expect
      .poll(() => page.locator('.payout-qr').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('done');
    await screenshot(page, 'payout-add-filled-375');
    await page.getByTestId('payout-save-address').click();
    await page.getByTestId('payout-addresses').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('payout-address-name').allInnerTexts()).toEqual(['Tron savings']);
    expect(await page.getByTestId('payout-address-text').first().getAttribute('title')).toBe(tronAddress);
    await page.getByTestId('payout-no-more').waitFor();

    const list = await get('/user/wallet/list');
    expect(list).toMatchObject({
      type: 'ok',
      message: {
        total: 1,
        list: [{ currency: 'USDT', chain: 'TRC20', name: 'Tron savings', address: tronAddress }],
      },
    });
  });

  it('adds a BTC address, copies it, and deletes one with the payment password', async () => {
    await page.getByTestId('payout-add-address').click();
    await page.getByTestId('payout-currency').click();
    await page.getByTestId('payout-coin-BTC').click();
    await page.getByTestId('payout-name').fill('Cold storage');
    await page.getByTestId('payout-address').fill(btcAddress);
    await page.getByTestId('payout-qr-input').setInputFiles({
      name: 'btc.png',
      mimeType: 'image/png',
      buffer: await addressQrPng(`bitcoin:${btcAddress}`),
    });
    await expect
      .poll(() => page.locator('.payout-qr').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('done');
    await page.getByTestId('payout-pay-password').fill(payPassword);
    await page.getByTestId('payout-save-address').click();
    await expect.poll(() => page.getByTestId('payout-address').count(), { timeout: 15_000 }).toBe(2);
    expect(await page.getByTestId('payout-address-name').allInnerTexts()).toEqual([
      'Cold storage',
      'Tron savings',
    ]);
    await page.getByTestId('payout-address-copy').first().click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(btcAddress);
    await page.waitForTimeout(1800); // the "copied" toast fades
    await screenshot(page, 'payout-wallet-list-375');

    await page.getByTestId('payout-address-delete').nth(1).click();
    await page.getByTestId('payout-delete-sheet').waitFor();
    await page.getByTestId('payout-delete-password').fill('not-the-password');
    await page.getByTestId('payout-delete-confirm').click();
    await page.getByText('The payment password is incorrect').waitFor();
    await page.waitForTimeout(1600);
    await page.getByTestId('payout-delete-password').fill(payPassword);
    await screenshot(page, 'payout-delete-sheet-375');
    await page.getByTestId('payout-delete-confirm').click();
    await expect.poll(() => page.getByTestId('payout-address').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('payout-address-name').allInnerTexts()).toEqual(['Cold storage']);
  });

  it('binds a domestic bank card, shows it bound and prefills the form', async () => {
    await page.goto(`${server.url}/#/pages/setting/bank`);
    await page.getByTestId('payout-bank-form').waitFor();
    await page.getByTestId('payout-save-card').click();
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThanOrEqual(10);
    await page.waitForTimeout(1800); // the previous page's toast fades
    await screenshot(page, 'payout-bank-errors-375');
    const card: Record<string, string> = {
      real_name: 'Alice Example',
      phone: '+1 415 555 0100',
      wechat_account: '1 Market Street, San Francisco 94105',
      bank_name: 'Bank of America',
      bank_network: 'Market Street',
      bank_dizhi: 'California, San Francisco',
      swift_code: 'bofaus3n',
      alipay_account: '026009593',
      bank_account: '1234 5678 9012',
    };
    for (const [field, value] of Object.entries(card))
      await page.getByTestId(`payout-bank-${field}`).fill(value);
    await page.getByTestId('payout-bank-pay-password').fill(payPassword);
    await page.getByTestId('payout-save-card').click();
    await page.getByTestId('payout-bound-card').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('payout-bound-number').innerText()).toBe('•••• 9012');
    expect(await page.getByTestId('payout-bank-swift_code').inputValue()).toBe('BOFAUS3N');
    expect(await page.getByTestId('payout-bank-pay-password').inputValue()).toBe('');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(1800);
    await screenshot(page, 'payout-bank-bound-375');
    const info = await post('/user/cash_info', {}, token);
    expect(info).toMatchObject({
      type: 'ok',
      message: {
        region: 'domestic',
        bank_account: '123456789012',
        swift_code: 'BOFAUS3N',
        phone: '+14155550100',
      },
    });
    expect((await post('/user/cash_info_international', {}, token)).message).toBeNull();
  });

  it('shows the international card form and the pages on a desktop screen', async () => {
    await page.goto(`${server.url}/#/pages/setting/bank_international`);
    await page.getByTestId('payout-bank-form').waitFor();
    expect(await page.getByTestId('payout-bank-real_name').inputValue()).toBe('');
    expect(await page.getByText('Card or account number (IBAN)').count()).toBe(1);
    await page.waitForTimeout(400); // the page's slide-in
    await screenshot(page, 'payout-bank-international-375');

    const desktop = await browser.newContext({ viewport: desktopViewport });
    const desktopPage = await desktop.newPage();
    await desktopPage.goto(`${server.url}/`);
    await desktopPage.evaluate((value) => localStorage.setItem('token', value), token);
    for (const [path, name, ready] of [
      ['/pages/setting/wallet', 'payout-wallet-list-1280', 'payout-addresses'],
      ['/pages/setting/addWallet', 'payout-add-1280', 'payout-address-form'],
      ['/pages/setting/bank', 'payout-bank-1280', 'payout-bound-card'],
    ] as const) {
      await desktopPage.goto(`${server.url}/#${path}`);
      await desktopPage.reload();
      await desktopPage.getByTestId(ready).waitFor({ timeout: 15_000 });
      await desktopPage.waitForTimeout(400);
      await screenshot(desktopPage, name);
    }
    await desktop.close();

    // Image 404s of coin icons that are not shipped yet fall back to a letter and are not errors here.
    expect(pageErrors.filter((error) => !error.includes('/coins/'))).toEqual([]);
  });
});
