import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneViewport, screenshot, watchPageErrors } from './support/browser';
import { type RunningServer, startFairexServer } from './support/fairex-server';
import { installTestWallet } from './support/injected-wallet';
import { voucherPng } from './support/money-fixtures';

type OutboxMessage = { recipient: string; body: string; subject: string; created_at: number };

const email = 'alice@example.com';
const password = 'alice-secret-1';

describe('accounts in a phone-sized browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  /** The newest code the demo outbox holds for this address (delivery's local stand-in). */
  async function latestCode(recipient: string, after: number): Promise<string> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const reply = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as {
        type: string;
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

  async function api(path: string, token: string | null) {
    const response = await fetch(`${server.url}/api${path}`, {
      headers: token ? { authorization: token } : {},
    });
    return (await response.json()) as { type: unknown; message: Record<string, unknown> };
  }

  const storedToken = () => page.evaluate(() => localStorage.getItem('token'));

  beforeAll(async () => {
    server = await startFairexServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    page = await context.newPage();
    pageErrors = watchPageErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('registers by e-mail with the code from the outbox and lands signed in', async () => {
    await page.goto(`${server.url}/#/pages/common/register`);
    await page.getByTestId('register-tab-email').click();
    await page.getByTestId('register-account').fill(email);
    const sentAfter = Date.now() - 1000;
    await page.getByTestId('register-send-code').click();
    const code = await latestCode(email, sentAfter);
    await page.getByTestId('register-code').fill(code);
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-repassword').fill(password);
    await screenshot(page, 'register-375');
    await page.getByTestId('register-submit').click();
    await expect.poll(storedToken, { timeout: 15_000 }).toBeTruthy();
    // Registration ends by leaving the page; wait for it, or that late navigation would undo the
    // next test's.
    await expect
      .poll(() => new URL(page.url()).hash, { timeout: 15_000 })
      .not.toContain('/pages/common/register');
    const info = await api('/user/info', await storedToken());
    expect(info).toMatchObject({ type: 'ok', message: { email, has_pay_password: false } });
    expect(JSON.stringify(info)).not.toContain('argon2');
  });

  it('shows the Mine page with the invitation card, logs out with confirmation and logs in again', async () => {
    await page.goto(`${server.url}/#/pages/setting/setting`);
    await page.getByTestId('mine-header').waitFor();
    await page.getByTestId('mine-invite-qr').waitFor();
    await expect
      .poll(() => page.getByTestId('mine-invite-count').innerText(), { timeout: 10_000 })
      .toContain('0');
    await screenshot(page, 'mine-375');
    const oldToken = await storedToken();
    await page.getByTestId('mine-logout').click();
    await page.getByTestId('logout-confirm').click();
    await expect.poll(storedToken).toBeNull();
    expect((await api('/user/info', oldToken)).type).toBe(999);

    await page.goto(`${server.url}/#/pages/common/login`);
    await page.getByTestId('login-account').fill(email);
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await page.waitForTimeout(500);
    expect(await storedToken()).toBeNull();
    await page.getByTestId('login-password').fill(password);
    await screenshot(page, 'login-375');
    await page.getByTestId('login-submit').click();
    await expect.poll(storedToken, { timeout: 15_000 }).toBeTruthy();
    // Login finishes by leaving the login page; wait for it before navigating elsewhere.
    await expect
      .poll(() => new URL(page.url()).hash, { timeout: 15_000 })
      .not.toContain('/pages/common/login');
  });

  it('changes the avatar: the picture is uploaded, saved on the profile and shown', async () => {
    await page.goto(`${server.url}/#/pages/setting/userInfo`);
    await page.getByTestId('userinfo-avatar').waitFor();
    await page.getByTestId('userinfo-avatar-input').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: voucherPng(96, 96),
    });
    await expect
      .poll(async () => (await api('/user/info', await storedToken())).message.avatar, { timeout: 15_000 })
      .toMatch(/^\/uploads\//);
    await expect
      .poll(() => page.locator('[data-testid="userinfo-avatar"] img.user-avatar').getAttribute('src'), {
        timeout: 15_000,
      })
      .toMatch(/^\/uploads\//);
  });

  it('sets the payment password with a security code', async () => {
    await page.goto(`${server.url}/#/pages/setting/payPassword`);
    const sentAfter = Date.now() - 1000;
    await page.getByTestId('paypass-send-code').click();
    const code = await latestCode(email, sentAfter);
    await page.getByTestId('paypass-code').fill(code);
    await page.getByTestId('paypass-password').fill('pay-secret-77');
    await page.getByTestId('paypass-repassword').fill('pay-secret-77');
    await page.getByTestId('paypass-submit').click();
    await expect
      .poll(async () => (await api('/user/info', await storedToken())).message.has_pay_password, {
        timeout: 15_000,
      })
      .toBe(true);
    // Success ends by going back from the page; wait for it, or that late "back" would undo the
    // next test's navigation.
    await expect
      .poll(() => new URL(page.url()).hash, { timeout: 15_000 })
      .not.toContain('/pages/setting/payPassword');
  });

  it('submits basic verification (Lv1) and shows it under review', async () => {
    await page.goto(`${server.url}/#/pages/setting/real`);
    await page.getByTestId('real-lv1-state').waitFor();
    expect(await page.getByTestId('real-lv1-state').getAttribute('data-state')).toBe('unverified');
    await page.getByTestId('real-id-type').selectOption('passport');
    await page.getByTestId('real-name').fill('Alice Example');
    await page.getByTestId('real-card-id').fill('P1234567');
    await page.getByTestId('real-lv1-submit').click();
    await expect
      .poll(() => page.getByTestId('real-lv1-state').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('pending');
    await screenshot(page, 'real-pending-375');
    const state = await api('/real/state', await storedToken());
    expect(state).toMatchObject({ type: 'ok', message: { lv1: { state: 'pending' } } });
  });

  it('signs in with an injected wallet (Sign-In with Ethereum) and gets an account', async () => {
    const walletContext = await browser.newContext({
      viewport: phoneViewport,
      isMobile: true,
      hasTouch: true,
    });
    const walletPage = await walletContext.newPage();
    const walletErrors = watchPageErrors(walletPage);
    const wallet = await installTestWallet(walletPage, generatePrivateKey());
    await walletPage.goto(`${server.url}/#/pages/common/login`);
    await walletPage.getByTestId('login-wallet').click();
    await walletPage.getByTestId('wallet-option-metamask').click();
    await expect
      .poll(() => walletPage.getByTestId('wallet-state').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('connected');
    await screenshot(walletPage, 'wallet-connected-375');
    const token = await expect
      .poll(() => walletPage.evaluate(() => localStorage.getItem('token')), { timeout: 15_000 })
      .toBeTruthy()
      .then(() => walletPage.evaluate(() => localStorage.getItem('token')));
    const info = await api('/user/info', token);
    expect(String(info.message.wallet_address).toLowerCase()).toBe(wallet.address.toLowerCase());
    expect(wallet.signedMessages[0]).toContain('wants you to sign in with your Ethereum account');
    expect(walletErrors).toEqual([]);
    await walletContext.close();
  });

  it('resets a forgotten password with an e-mail code, then signs in with the new one only', async () => {
    const resetContext = await browser.newContext({
      viewport: phoneViewport,
      isMobile: true,
      hasTouch: true,
    });
    const resetPage = await resetContext.newPage();
    const resetErrors = watchPageErrors(resetPage);
    await resetPage.goto(`${server.url}/#/pages/common/login`);
    await resetPage.getByTestId('login-forget-link').click();
    await resetPage.getByTestId('forget-email').waitFor();
    await resetPage.getByTestId('forget-email').fill('not-an-address');
    await resetPage.getByTestId('forget-send-code').click();
    await expect.poll(() => resetPage.getByTestId('forget-email').getAttribute('aria-invalid')).toBe('true');
    await resetPage.getByTestId('forget-email').fill(email);
    const sentAfter = Date.now() - 1000;
    await resetPage.getByTestId('forget-send-code').click();
    const code = await latestCode(email, sentAfter);
    const newPassword = 'alice-renewed-2';
    await resetPage.getByTestId('forget-code').fill(code);
    await resetPage.getByTestId('forget-password').fill(newPassword);
    await resetPage.getByTestId('forget-repassword').fill(newPassword);
    await screenshot(resetPage, 'forget-password-375');
    await resetPage.getByTestId('forget-submit').click();
    await expect
      .poll(() => new URL(resetPage.url()).hash, { timeout: 15_000 })
      .toContain('/pages/common/login');

    const login = async (secret: string) => {
      const response = await fetch(`${server.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_string: email, password: secret }),
      });
      return ((await response.json()) as { type: unknown }).type;
    };
    expect(await login(password)).not.toBe('ok');
    expect(await login(newPassword)).toBe('ok');
    expect(resetErrors).toEqual([]);
    await resetContext.close();
  });

  it('raised no script error on the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
