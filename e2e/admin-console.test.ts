/**
 * The operator console at /admin/: an admin signs in with password and TOTP, approves a Lv1
 * verification, gives the first of two approvals to a deposit above the two-person threshold,
 * creates a finance colleague (TOTP shown once, with a QR code) who signs in in another window,
 * sees only the finance menu and gives the second approval; the admin then finds every decision
 * in the audit log and exports it as CSV.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopViewport, launchBrowser, screenshot, watchPageErrors } from './support/browser';
import { type RunningServer, startFairexServer } from './support/fairex-server';
import { type ApiCaller, apiCaller, voucherPng } from './support/money-fixtures';
import { totpCode } from './support/totp';

/** Drawers and messages slide in; screenshots wait until they have. */
const settle = (page: Page) => page.waitForTimeout(500);

/** A side-menu entry; on a narrow window the menu shows icons only, so the item is clicked. */
const menuItem = (page: Page, key: string) =>
  page.locator('.ant-menu-item', { has: page.getByTestId(`nav-${key}`) });

/**
 * Opens a select and picks an option once its list has finished sliding open. On a loaded machine
 * a click during the opening motion can land while the list is still laying out, and is lost.
 */
async function pickOption(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await list.waitFor();
  await expect.poll(async () => (await list.getAttribute('class')) ?? '').not.toMatch(/slide-up/);
  await list.locator('.ant-select-item-option', { hasText: option }).click();
}

type Enrolment = { staff: { id: number; email: string }; totp_secret: string };

async function signIn(page: Page, params: { url: string; email: string; password: string; secret: string }) {
  await page.goto(`${params.url}/admin/`);
  await page.getByTestId('login-card').waitFor();
  await page.getByTestId('login-email').fill(params.email);
  await page.getByTestId('login-password').fill(params.password);
  await page.getByTestId('login-code').fill(totpCode(params.secret));
  await page.getByTestId('login-submit').click();
  await page.getByTestId('console-brand').waitFor();
}

describe('the operator console', () => {
  let server: RunningServer;
  let api: ApiCaller;
  let browser: Browser;
  let page: Page;
  let financeContext: BrowserContext;
  let pageErrors: string[];
  const stamp = Date.now() % 1_000_000;
  const staffEmail = `ops${stamp}@fairex.example`;
  const staffPassword = 'console-secret-12';
  const financeEmail = `finance${stamp}@fairex.example`;
  const financePassword = 'finance-secret-34';
  let totpSecret = '';
  let financeSecret = '';
  const userEmail = `reviewed${stamp}@example.com`;
  let userToken = '';
  let depositId = 0;

  beforeAll(async () => {
    // 150 USDT is above this threshold: the deposit needs two different staff members.
    server = await startFairexServer({ env: { APPROVAL_TWO_PERSON_ABOVE_USDT: '100' } });
    api = apiCaller(server.url);
    // The first admin came from `npm run admin:create` (startFairexServer runs it); it adds Olivia.
    const enrolment = await api.ok<Enrolment>('/admin/staff/create', {
      token: server.staffToken,
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
    page = await browser.newPage({ viewport: desktopViewport, acceptDownloads: true });
    pageErrors = watchPageErrors(page);
  });

  afterAll(async () => {
    await financeContext?.close();
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
    // An admin sees every section.
    for (const key of ['verifications', 'users', 'deposits', 'content', 'settings', 'audit', 'staff']) {
      await page.getByTestId(`nav-${key}`).waitFor();
    }
    await page.getByTestId('dashboard-verifications').waitFor();
    await expect.poll(() => page.getByTestId('dashboard-deposits').innerText()).toMatch(/[1-9]/);
    await settle(page);
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

  it('gives the first of two approvals to the deposit; a second must come from someone else', async () => {
    await menuItem(page, 'deposits').click();
    const row = page.getByTestId(`queue-row-${depositId}`);
    await row.waitFor();
    expect(await row.getByTestId('approvals-tag').innerText()).toMatch(/0.*2/);
    await row.click();
    await page.getByTestId('review-image').waitFor();
    await settle(page);
    await screenshot(page, 'admin-deposit-1280');
    await page.getByTestId('review-approve').click();
    await page.locator('.review-approve-confirm').click();
    await page.locator('.ant-message-success').last().waitFor();
    // Still pending, now with one approval; this member cannot give the second.
    await expect.poll(() => row.getByTestId('approvals-tag').innerText()).toMatch(/1.*2/);
    await row.click();
    await page.locator('.ant-drawer-body').getByTestId('review-approve').waitFor();
    expect(await page.locator('.ant-drawer-body').getByTestId('review-approve').isDisabled()).toBe(true);
    await settle(page);
    await screenshot(page, 'admin-deposit-first-approval-1280');
    await page.locator('.ant-drawer-close').click();
    const spot = await api.ok<{ balance: string }>('/wallet/detail', {
      token: userToken,
      body: { currency: 3, type: 'change' },
    });
    expect(spot.balance).toMatch(/^0(\.0+)?$/);
  });

  it('creates a finance colleague and shows the authenticator secret once, with a QR code', async () => {
    await menuItem(page, 'staff').click();
    await page.getByTestId('staff-create').click();
    await page.getByTestId('staff-name').fill('Frank Finance');
    await page.getByTestId('staff-email').fill(financeEmail);
    await page.getByTestId('staff-password').fill(financePassword);
    await pickOption(page, page.getByTestId('staff-roles'), 'Finance');
    // Clicking the dialog's title closes the options (Escape would close the whole dialog).
    await page.locator('.ant-modal-title', { hasText: 'New staff member' }).click();
    await page.locator('.staff-create-submit').click();
    await page.getByTestId('staff-totp-qr').waitFor();
    financeSecret = (await page.getByTestId('staff-totp-secret').innerText()).trim();
    expect(financeSecret).toMatch(/^[A-Z2-7]{16,}$/);
    await settle(page);
    await screenshot(page, 'admin-staff-enrolment-1280');
    await page.keyboard.press('Escape');
    await page.locator('tr', { hasText: financeEmail }).waitFor();
    await settle(page);
    await screenshot(page, 'admin-staff-1280');
  });

  it('lets the finance member, in another window, see only finance sections and give the second approval', async () => {
    financeContext = await browser.newContext({ viewport: desktopViewport });
    const finance = await financeContext.newPage();
    const financeErrors = watchPageErrors(finance);
    await signIn(finance, {
      url: server.url,
      email: financeEmail,
      password: financePassword,
      secret: financeSecret,
    });
    await finance.getByTestId('nav-deposits').waitFor();
    expect(await finance.getByTestId('nav-audit').count()).toBe(0);
    expect(await finance.getByTestId('nav-verifications').count()).toBe(0);
    expect(await finance.getByTestId('nav-staff').count()).toBe(0);
    await menuItem(finance, 'deposits').click();
    const row = finance.getByTestId(`queue-row-${depositId}`);
    await row.click();
    await finance.getByTestId('review-image').waitFor();
    await finance.getByTestId('review-approve').click();
    await finance.locator('.review-approve-confirm').click();
    await finance.locator('.ant-message-success').last().waitFor();
    await expect.poll(() => finance.getByTestId(`queue-row-${depositId}`).count()).toBe(0);
    await settle(finance);
    await screenshot(finance, 'admin-finance-deposits-1280');
    const spot = await api.ok<{ balance: string }>('/wallet/detail', {
      token: userToken,
      body: { currency: 3, type: 'change' },
    });
    expect(spot.balance).toMatch(/^150(\.0+)?$/);
    expect(financeErrors).toEqual([]);
  });

  it('finds the user with their balance and bill', async () => {
    await menuItem(page, 'users').click();
    await page.getByTestId('users-search').locator('input').fill(userEmail);
    await page.getByTestId('users-search').locator('input').press('Enter');
    const row = page.locator('tr', { hasText: userEmail });
    await row.waitFor();
    await row.click();
    await page.locator('.ant-drawer-body', { hasText: 'Lv1' }).waitFor();
    await page.locator('.ant-drawer-body .ant-tabs-tab', { hasText: 'Balances' }).click();
    await page.locator('.ant-drawer-body', { hasText: '150' }).waitFor();
    await settle(page);
    await screenshot(page, 'admin-user-1280');
    await page.locator('.ant-drawer-close').click();
  });

  it('books an adjustment and shows the resulting ledger entry', async () => {
    const found = await api.ok<{ list: { id: number }[] }>(
      `/admin/users?q=${encodeURIComponent(userEmail)}`,
      { token: server.staffToken },
    );
    const userId = found.list[0]?.id ?? 0;
    await menuItem(page, 'adjustments').click();
    await page.getByTestId('adjust-user').fill(String(userId));
    await pickOption(page, page.getByTestId('adjust-currency'), /^USDT$/);
    await page.getByTestId('adjust-amount').fill('-0.5');
    await page.getByTestId('adjust-reason').fill('Duplicate bonus reversed');
    await page.getByTestId('adjust-submit').click();
    await page.locator('.adjust-confirm').click();
    await page.getByTestId('adjustment-result').waitFor();
    expect(await page.getByTestId('adjustment-result').innerText()).toContain('-0.5');
    await settle(page);
    await screenshot(page, 'admin-adjustment-1280');
    const spot = await api.ok<{ balance: string }>('/wallet/detail', {
      token: userToken,
      body: { currency: 3, type: 'change' },
    });
    expect(spot.balance).toMatch(/^149\.50*$/);
  });

  it('finds every decision in the audit log, with before and after, and exports the CSV', async () => {
    await menuItem(page, 'audit').click();
    const verification = page.getByTestId('audit-row-verification.approve');
    const first = page.getByTestId('audit-row-deposit.first_approval');
    const deposit = page.getByTestId('audit-row-deposit.approve');
    await verification.first().waitFor();
    await first.first().waitFor();
    await deposit.first().waitFor();
    await deposit.first().locator('.ant-table-row-expand-icon').click();
    await page.getByTestId('audit-diff').first().waitFor();
    await settle(page);
    await screenshot(page, 'admin-audit-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('audit-export').click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('deposit.approve');
    expect(csv).toContain('verification.approve');
    expect(csv).toContain('adjustment.create');

    const chain = await api.ok<{
      list: { action: string; staff_id: number; target_type: string; target_id: string }[];
    }>('/admin/audit', { token: server.staffToken });
    const decisions = chain.list.filter(
      (entry) => entry.target_type === 'deposit' && entry.target_id === String(depositId),
    );
    expect(decisions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['deposit.first_approval', 'deposit.approve']),
    );
    // Two different people: the admin first, the finance member second.
    expect(new Set(decisions.map((entry) => entry.staff_id)).size).toBe(2);
  });

  it('shows content and settings to the admin', async () => {
    // The withdrawal queue renders with its own column (the fee) beside the shared ones.
    await menuItem(page, 'withdrawals').click();
    await page.getByTestId('queue-status').waitFor();
    await page.locator('.ant-table-thead th', { hasText: 'Fee' }).waitFor();

    await menuItem(page, 'content').click();
    await page.locator('.ant-tabs-tab', { hasText: 'FAQ' }).waitFor();
    await settle(page);
    await screenshot(page, 'admin-content-1280');
    // FAQ order: the first question moves one place down, and back.
    await page.locator('.ant-tabs-tab', { hasText: 'FAQ' }).click();
    // Only the FAQ table's rows have move buttons here (the Home shortcuts tab is not open yet).
    const faqRows = page.locator('tr', { has: page.getByRole('button', { name: 'Move down' }) });
    const firstRow = faqRows.first();
    await firstRow.waitFor();
    const firstText = await firstRow.innerText();
    await firstRow.getByRole('button', { name: 'Move down' }).click();
    const secondRow = faqRows.nth(1);
    await expect.poll(() => secondRow.innerText()).toBe(firstText);
    await secondRow.getByRole('button', { name: 'Move up' }).click();
    await expect.poll(() => firstRow.innerText()).toBe(firstText);
    await menuItem(page, 'settings').click();
    await page.locator('.ant-tabs-tab', { hasText: 'Instruments' }).waitFor();
    // The logo: an image uploaded from the console fills the field with its public path.
    await page.locator('.ant-upload input[type=file]').first().setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: voucherPng(),
    });
    await expect.poll(() => page.locator('#site_logo').inputValue()).toMatch(/^\/uploads\/.+\.png$/);
    await settle(page);
    await screenshot(page, 'admin-settings-1280');

    // Fees: the admin sets ETH/USDT's taker rate; new orders pay it, and the change is audited.
    await page.locator('.ant-tabs-tab', { hasText: 'Fees & limits' }).click();
    await page.getByRole('button', { name: 'Edit ETH/USDT' }).click();
    const dialog = page.getByRole('dialog');
    const takerRate = dialog.locator('#taker_fee_rate');
    // The dialog has opened and its form holds the pair's rate; a click during the opening motion
    // on a loaded machine can be lost.
    await expect.poll(() => takerRate.inputValue()).toBe('0.001');
    await settle(page);
    await takerRate.fill('0.7');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a rate such as 0.001').waitFor();
    await takerRate.fill('0.002');
    await settle(page);
    await screenshot(page, 'admin-fees-edit-1280');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const ethRow = page.locator('tr', { hasText: 'ETH/USDT' });
    await expect.poll(() => ethRow.innerText()).toContain('0.2 %');
    const markets = await api.ok<{ symbol: string; taker_fee_rate: string }[]>('/coin/markets');
    expect(markets.find((pair) => pair.symbol === 'ETH/USDT')?.taker_fee_rate).toBe('0.002');
    await page.locator('tr', { hasText: 'Lv1' }).waitFor();
    await settle(page);
    await screenshot(page, 'admin-fees-1280');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Edit ETH/USDT' }).click();
    await expect.poll(() => takerRate.inputValue()).toBe('0.002');
    await settle(page);
    await takerRate.fill('0.001');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => ethRow.innerText()).not.toContain('0.2 %');
  });

  it("lets the admin edit a contract's terms for new positions, audited", async () => {
    await menuItem(page, 'contracts').click();
    await page.getByTestId('contracts-page').waitFor();
    await page.getByTestId('contract-terms-edit-BTC-PERP').click();
    const dialog = page.getByRole('dialog');
    const multiples = dialog.getByTestId('contract-terms-multiples');
    await expect.poll(() => multiples.inputValue()).toBe('1,2,5,10,20,50,100');
    await settle(page);
    // 500x would put the margin under the maintenance margin: the server refuses it.
    await multiples.fill('1,2,5,10,500');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('These contract terms are not valid', { exact: false }).waitFor();
    await multiples.fill('1,2,5,10,20');
    await dialog.getByTestId('contract-terms-lever_trade_fee').fill('0.06');
    await settle(page);
    await screenshot(page, 'admin-contract-terms-edit-1280');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const btc =
      await api.ok<{ symbol: string; multiples: number[]; lever_trade_fee: string }[]>('/lever/instruments');
    expect(btc.find((entry) => entry.symbol === 'BTC-PERP')).toMatchObject({
      multiples: [1, 2, 5, 10, 20],
      lever_trade_fee: '0.06',
    });
    const btcRow = page.locator('tr', { hasText: 'BTC-PERP' });
    await expect.poll(() => btcRow.innerText()).toContain('1, 2, 5, 10, 20');
    await settle(page);
    await screenshot(page, 'admin-contracts-1280');
  });

  it('reads in Chinese and still works on a narrow window', async () => {
    await menuItem(page, 'audit').click();
    await pickOption(page, page.getByTestId('console-language'), '简体中文');
    // The Chinese texts are a chunk of their own: on a loaded machine they take more than a second.
    await expect.poll(() => page.getByTestId('nav-audit').innerText(), { timeout: 15_000 }).toBe('审计日志');
    await page.keyboard.press('Escape');
    await settle(page);
    await screenshot(page, 'admin-audit-zh-1280');
    await menuItem(page, 'dashboard').click();
    await page.getByTestId('dashboard-deposits').waitFor();
    await settle(page);
    await screenshot(page, 'admin-dashboard-zh-1280');
    await page.setViewportSize({ width: 768, height: 900 });
    await menuItem(page, 'deposits').click();
    await page.getByTestId('queue-status').waitFor();
    await page.getByTestId('queue-status').getByText('已通过').click();
    await page.getByTestId(`queue-row-${depositId}`).click();
    await page.getByTestId('review-image').waitFor();
    await settle(page);
    await screenshot(page, 'admin-deposit-zh-768');
    expect(pageErrors).toEqual([]);
  });
});
