/**
 * Issue 22: under the security headers (@fastify/helmet: a content security policy with only the
 * apps' own scripts, frame-ancestors 'none', a referrer policy) the web app and the operator
 * console still work: pages render, the realtime channel connects, an admin signs in, and the
 * browser reports no CSP violation or other error. Screenshots at 375 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneViewport, screenshot, watchPageErrors } from './support/browser';
import { type RunningServer, startFairexServer } from './support/fairex-server';
import { apiCaller } from './support/money-fixtures';
import { totpCode } from './support/totp';

describe('the apps under the security headers', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  const violations: string[] = [];

  beforeAll(async () => {
    server = await startFairexServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: phoneViewport });
    page = await context.newPage();
    pageErrors = watchPageErrors(page);
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop({ removeData: true });
  });

  it('serves both apps with the headers', async () => {
    for (const url of [`${server.url}/`, `${server.url}/admin/`]) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('the web app renders its home and markets with live prices', async () => {
    await page.goto(`${server.url}/`);
    await page.getByTestId('tab-home').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'security-headers-web-home-375');
    // The demo's welcome notice (its banner image and text loaded under the policy) is closed.
    const notice = page.getByTestId('popup-close');
    if (await notice.isVisible()) await notice.click();
    await page.getByTestId('tab-markets').click();
    await expect.poll(() => page.url()).toContain('/pages/market/market');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'security-headers-web-markets-375');
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('the console signs an admin in', async () => {
    // A colleague of the e2e admin (whose TOTP code of this period was used by the server start).
    const email = `csp${Date.now() % 1_000_000}@fairex.example`;
    const password = 'csp-console-secret-1';
    const { totp_secret: secret } = await apiCaller(server.url).ok<{ totp_secret: string }>(
      '/admin/staff/create',
      {
        token: server.staffToken,
        body: { email, name: 'Casey Console', roles: ['admin'], password },
      },
    );
    await page.goto(`${server.url}/admin/`);
    await page.getByTestId('login-card').waitFor();
    await screenshot(page, 'security-headers-admin-login-375');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-code').fill(totpCode(secret));
    await page.getByTestId('login-submit').click();
    await page.getByTestId('console-brand').waitFor();
    // The dashboard's cards fill in from the API under the policy.
    await expect.poll(() => page.getByTestId('dashboard-halts').locator('.ant-skeleton').count()).toBe(0);
    await screenshot(page, 'security-headers-admin-signed-in-375');
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
