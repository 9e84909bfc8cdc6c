/**
 * The operator console at /admin/: a staff member signs in with password and TOTP, approves a
 * Lv1 verification and a deposit voucher, and finds both decisions in the audit log.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopViewport, launchBrowser, screenshot, watchPageErrors } from './support/browser';
import { demoStaffToken, type RunningServer, startFairexServer } from './support/fairex-server';
import { type ApiCaller, apiCaller, voucherPng } from './support/money-fixtures';
import { totpCode } from './support/totp';

/** Drawers and messages slide in; screenshots wait until they have. */
const settle = (page: Page) => page.waitForTimeout(500);

/** A side-menu entry; on a narrow window the menu shows icons only, so the item is clicked. */
const menuItem = (page: Page, key: string) =>
  page.locator('.ant-menu-item', { has: page.getByTestId(`nav-${key}`) });

type Enrolment = { staff: { id: number; email: string }; totp_secret: string };

describe('the operator console', () => {
  let server: RunningServer;
  let api: ApiCaller;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  const staffEmail = `ops${Date.now() % 1_000_000}@fairex.example`;
  const staffPassword = 'console-secret-12';
  let totpSecret = '';
  const userEmail = `reviewed${Date.now() % 1_000_000}@example.com`;
  let userToken = '';
  let depositId = 0;

  beforeAll(async () => {
    server = await startFairexServer();
    api = apiCaller(server.url);
    // The first admin comes from `npm run admin:create`; here the demo staff token stands in for it.
    const enrolment = await api.ok<Enrolment>('/admin/staff/create', {
      token: demoStaffToken,
      body: { email: staffEmail, name: 'Olivia Ops', roles: ['admin'], password: staffPassword },
    });
    totpSecret = enrolment.totp_secret;

    // A user who asks for Lv1 verification and sends a deposit voucher.
    await api.ok('/sms_mail', { body: { user_string: userEmail, scene: 'register' } });
    userToken = await api.ok<string>('/user/register', {
      body: {
        user_string: userEmail,
        code: await api.freshCode(userEmail),
        password: 'reviewed-secret-1',
        re_password: 'reviewed-secret-1',
        type: 'email',
      },
    });
    await api.ok('/user/real', {
      token: userToken,
      body: { real_type: 1, id_type: 'passport', name: 'Grace Hopper', card_id: 'P7654321' },
    });
    const voucher = await api.upload(userToken, voucherPng(), 'voucher.png');
    const record = await api.ok<{ id: number }>('/wallet/charge_req', {
      token: userToken,
      headers: { 'idempotency-key': randomUUID() },
      body: { amount: '150', currency: 3, chain: 'TRC20', voucher },
    });
    depositId = record.id;

    browser = await launchBrowser();
    page = await browser.newPage({ viewport: desktopViewport });
    pageErrors = watchPageErrors(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('refuses a wrong code, then signs in with password and TOTP', async () => {
    await page.goto(`${server.url}/admin`);
    await page.getByTestId('login-card').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/');
    await page.getByTestId('login-email').fill(staffEmail);
    await page.getByTestId('login-password').fill(staffPassword);
    const wrong = totpCode(totpSecret, Date.now() + 5 * 60_000);
    await page.getByTestId('login-code').fill(wrong);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-error').waitFor();
    expect((await page.getByTestId('login-error').innerText()).length).toBeGreaterThan(5);
    await screenshot(page, 'admin-login-1280');

    await page.getByTestId('login-code').fill(totpCode(totpSecret));
    await page.getByTestId('login-submit').click();
    await page.getByTestId('console-brand').waitFor();
    expect(await page.getByTestId('console-staff').innerText()).toBe('Olivia Ops');
    await page.getByTestId('dashboard-verifications').waitFor();
    await expect.poll(() => page.getByTestId('dashboard-deposits').innerText()).toMatch(/[1-9]/);
    await screenshot(page, 'admin-dashboard-1280');
  });

  it('approves the Lv1 verification from the queue', async () => {
    await menuItem(page, 'verifications').click();
    const row = page.locator('tr', { hasText: userEmail });
    await row.waitFor();
    await row.click();
    await page.locator('.ant-drawer-body', { hasText: 'Grace Hopper' }).waitFor();
    await settle(page);
    await screenshot(page, 'admin-verification-1280');
    await page.getByTestId('review-approve').click();
    await page.locator('.review-approve-confirm').click();
    await page.locator('.ant-message-success').waitFor();
    await expect.poll(() => page.locator('tr', { hasText: userEmail }).count()).toBe(0);
    const info = await api.ok<{ real_status?: number; real_level?: number }>('/user/info', {
      token: userToken,
    });
    expect(JSON.stringify(info)).toMatch(/"(verification_level|real_level|level)":1/);
  });

  it('approves the deposit with its voucher: the user is credited once', async () => {
    await menuItem(page, 'deposits').click();
    const row = page.getByTestId(`queue-row-${depositId}`);
    await row.waitFor();
    await row.click();
    await page.getByTestId('review-image').waitFor();
    await settle(page);
    await screenshot(page, 'admin-deposit-1280');
    await page.getByTestId('review-approve').click();
    await page.locator('.review-approve-confirm').click();
    await page.locator('.ant-message-success').last().waitFor();
    await expect.poll(() => page.getByTestId(`queue-row-${depositId}`).count()).toBe(0);
    const spot = await api.ok<{ balance?: string; available?: string }>('/wallet/detail', {
      token: userToken,
      body: { currency: 3, type: 'change' },
    });
    expect(JSON.stringify(spot)).toContain('150');
  });

  it('finds both decisions in the audit log, with before and after', async () => {
    await menuItem(page, 'audit').click();
    const verification = page.getByTestId('audit-row-verification.approve');
    const deposit = page.getByTestId('audit-row-deposit.approve');
    await verification.first().waitFor();
    await deposit.first().waitFor();
    await deposit.first().locator('.ant-table-row-expand-icon').click();
    await page.locator('.console-json').first().waitFor();
    await screenshot(page, 'admin-audit-1280');
    const chain = await api.ok<{ list: { action: string; staff_id: number; target_id: string }[] }>(
      '/admin/audit',
      { token: demoStaffToken },
    );
    const mine = chain.list.filter((entry) => entry.action.endsWith('.approve'));
    expect(mine.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['verification.approve', 'deposit.approve']),
    );
    expect(mine.find((entry) => entry.action === 'deposit.approve')?.target_id).toBe(String(depositId));
  });

  it('reads in Chinese and still works on a narrow window', async () => {
    await page.getByTestId('console-language').click();
    await page.locator('.ant-select-item-option', { hasText: '简体中文' }).click();
    await expect.poll(() => page.getByTestId('nav-audit').innerText()).toBe('审计日志');
    await page.keyboard.press('Escape');
    await settle(page);
    await screenshot(page, 'admin-audit-zh-1280');
    await page.setViewportSize({ width: 768, height: 900 });
    await menuItem(page, 'deposits').click();
    await page.getByTestId('queue-status').waitFor();
    await settle(page);
    await screenshot(page, 'admin-deposits-zh-768');
    expect(pageErrors).toEqual([]);
  });
});
