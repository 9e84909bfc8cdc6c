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
import { addressQrPng } from './support/money-fixtures';

type OutboxMessage = { recipient: string; body: string; subject: string };
type Envelope<T> = { type: unknown; message: T };
type WithdrawalReply = { id: number; status: string; amount: string; fee: string; total: string };

const password = 'withdraw-secret-1';
const payPassword = 'paypass-123';
const tronAddress = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

/** Waits until no dialog or toast covers the page, so screenshots show the page itself. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.adm-dialog-body, .adm-toast-main'), null, {
    timeout: 5000,
  });
}

describe('a withdrawal, from the form to the records', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let token = '';
  let email = '';
  let mobile = '';
  /** When the last withdraw code went to the e-mail (one a minute per address and purpose). */
  let lastEmailCodeAt = 0;

  async function api<T>(
    path: string,
    options: { token?: string; body?: object; headers?: Record<string, string> } = {},
  ): Promise<Envelope<T>> {
    const response = await fetch(`${server.url}/api${path}`, {
      method: options.body ? 'POST' : 'GET',
      headers: {
        ...(options.token ? { authorization: options.token } : {}),
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
    return (await response.json()) as Envelope<T>;
  }

  async function ok<T>(reply: Promise<Envelope<T>>): Promise<T> {
    const envelope = await reply;
    expect(envelope.type, JSON.stringify(envelope)).toBe('ok');
    return envelope.message;
  }

  const seenCodes = new Set<string>();
  /** The newest code to the recipient that no earlier step used. */
  async function freshCode(recipient: string): Promise<string> {
    for (let attempt = 0; attempt < 80; attempt += 1) {
      const reply = await api<OutboxMessage[]>('/dev/outbox');
      for (const message of reply.message.filter((entry) => entry.recipient === recipient)) {
        const code = /\b(\d{6})\b/.exec(`${message.subject} ${message.body}`)?.[1];
        if (code && !seenCodes.has(code)) {
          seenCodes.add(code);
          return code;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no new code for ${recipient}`);
  }

  /** A verified (Lv1) user with test funds, a payment password and a saved TRC20 address. */
  async function prepareUser(): Promise<void> {
    email = `withdrawer${Date.now() % 100_000}@example.com`;
    await ok(api('/sms_mail', { body: { user_string: email, scene: 'register' } }));
    token = await ok(
      api<string>('/user/register', {
        body: {
          user_string: email,
          code: await freshCode(email),
          password,
          re_password: password,
          type: 'email',
        },
      }),
    );
    await ok(api('/wallet/demo_funds', { token, body: {} }));
    await ok(
      api('/user/real', {
        token,
        body: { real_type: 1, id_type: 'passport', name: 'Ada Lovelace', card_id: 'P1234567' },
      }),
    );
    const queue = await ok(
      api<{ list: { id: number; account: string }[] }>('/admin/verifications', { token: server.staffToken }),
    );
    const request = queue.list.find((entry) => entry.account === email);
    await ok(
      api('/admin/verifications/decide', {
        token: server.staffToken,
        body: { id: request?.id, decision: 'approve' },
      }),
    );
    await ok(api('/sms_mail', { token, body: { user_string: email, scene: 'security' } }));
    await ok(
      api('/safe/update_password', {
        token,
        body: { password: payPassword, re_password: payPassword, code: await freshCode(email) },
      }),
    );
    mobile = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    await ok(api('/sms_send', { token, body: { area_code: '86', mobile } }));
    await ok(
      api('/safe/mobile', {
        token,
        body: { mobile, area_code: '86', code: await freshCode(`+86${mobile}`) },
      }),
    );
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await addressQrPng(tronAddress))], { type: 'image/png' }),
      'qr.png',
    );
    const upload = (await (
      await fetch(`${server.url}/api/upload`, {
        method: 'POST',
        headers: { authorization: token },
        body: form,
      })
    ).json()) as Envelope<string>;
    expect(upload.type).toBe('ok');
    await ok(
      api('/user/wallet/save', {
        token,
        body: {
          currency: 3,
          chain: 'TRC20',
          name: 'Cold wallet',
          address: tronAddress,
          qrcode: upload.message,
          pay_password: payPassword,
        },
      }),
    );
  }

  /**
   * A withdrawal made through the API, its code sent by SMS or to the e-mail (each address takes
   * one code a minute per purpose, so an e-mail code waits out the minute after the last one).
   */
  async function withdrawByApi(number: string, channel: 'sms' | 'email'): Promise<WithdrawalReply> {
    const addresses = await ok(api<{ list: { id: number }[] }>('/user/wallet/list', { token }));
    if (channel === 'email') {
      const wait = lastEmailCodeAt + 61_000 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await ok(api('/sms_mail', { token, body: { user_string: email, scene: 'withdraw' } }));
      lastEmailCodeAt = Date.now();
    } else {
      await ok(api('/sms_send', { token, body: { area_code: '86', mobile, scene: 'withdraw' } }));
    }
    return ok(
      api<WithdrawalReply>('/wallet/out', {
        token,
        body: {
          currency: 3,
          number,
          address_id: addresses.list[0]?.id,
          pay_password: payPassword,
          code: await freshCode(channel === 'email' ? email : `+86${mobile}`),
        },
      }),
    );
  }

  beforeAll(async () => {
    server = await startFairexServer();
    browser = await launchBrowser();
    await prepareUser();
    context = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    await context.addInitScript((session: string) => {
      if (!window.localStorage.getItem('token')) {
        window.localStorage.setItem('h5Version', '1');
        window.localStorage.setItem('token', session);
      }
    }, token);
    page = await context.newPage();
    pageErrors = watchPageErrors(page);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the form with the balance, the minimum and the fee', async () => {
    await page.goto(`${server.url}/#/pages/fund/withdraw?currency=3`);
    await page.getByTestId('withdraw-form').waitFor();
    await page.getByTestId('withdraw-address-option').waitFor();
    expect(await page.getByTestId('withdraw-coin').innerText()).toContain('USDT');
    expect(await page.getByTestId('withdraw-coin').innerText()).toContain('10,000');
    await screenshot(page, 'withdraw-form-375');
  });

  it('explains every rule before sending anything', async () => {
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-destination-error').waitFor();
    expect(await page.getByTestId('withdraw-destination-error').innerText()).toBe(
      'Please choose an address or card',
    );
    expect(await page.getByTestId('withdraw-amount-error').innerText()).toBe('Please enter an amount');
    await page.getByTestId('withdraw-amount').fill('5');
    await expect
      .poll(() => page.getByTestId('withdraw-amount-error').innerText())
      .toBe('The minimum withdrawal is 10 USDT');
    await page.getByTestId('withdraw-amount').fill('10.1234567');
    await expect
      .poll(() => page.getByTestId('withdraw-amount-error').innerText())
      .toBe('USDT allows at most 6 decimal places');
    await page.getByTestId('withdraw-amount').fill('99999');
    await expect
      .poll(() => page.getByTestId('withdraw-amount-error').innerText())
      .toContain('Insufficient balance');
    await page.getByTestId('withdraw-kind-bank_card').click();
    await page.getByTestId('withdraw-no-card').waitFor();
    await page.getByTestId('withdraw-kind-address').click();
    await page.getByTestId('withdraw-submit').scrollIntoViewIfNeeded();
    await screenshot(page, 'withdraw-errors-375');
  });

  it('requests a withdrawal with the payment password and a code, and lands on the records', async () => {
    await page.getByTestId('withdraw-chain-TRC20').click();
    await page.getByTestId('withdraw-address-option').first().click();
    await page.getByTestId('withdraw-amount').fill('100');
    expect(await page.getByTestId('withdraw-receive').innerText()).toBe('100 USDT');
    expect(await page.getByTestId('withdraw-total').innerText()).toBe('101 USDT');
    await page.getByTestId('withdraw-all').click();
    expect(await page.getByTestId('withdraw-amount').inputValue()).toBe('9999.000000');
    await page.getByTestId('withdraw-amount').fill('100');
    await page.getByTestId('withdraw-pay-password').fill(payPassword);
    await page.getByTestId('withdraw-send-code').click();
    lastEmailCodeAt = Date.now();
    await expect.poll(() => page.getByTestId('withdraw-send-code').innerText()).toMatch(/Resend in \d+ ?s/);
    await page.getByTestId('withdraw-code').fill(await freshCode(email));
    await settled(page);
    await screenshot(page, 'withdraw-ready-375');
    await page.getByTestId('withdraw-submit').click();
    await expect
      .poll(() => new URL(page.url()).hash)
      .toContain('/pages/fund/receive_withdraw_record?tab=withdraw');
    await page.getByTestId('withdrawal-record').first().waitFor();
    expect(await page.getByTestId('record-status').first().getAttribute('data-status')).toBe('pending');
    expect(await page.getByTestId('withdrawal-record').first().innerText()).toContain('101 USDT');
    await page.getByTestId('withdrawal-end').waitFor();
    expect(await page.getByTestId('withdrawal-end').innerText()).toBe('No more data');
    await settled(page);
    await screenshot(page, 'withdraw-records-pending-375');
  });

  it('cancels a pending withdrawal after confirming', async () => {
    await page.getByTestId('withdrawal-cancel').first().click();
    await page.locator('.adm-dialog-body').waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'withdraw-cancel-dialog-375');
    await page.getByText('Cancel withdrawal', { exact: true }).click();
    await expect
      .poll(() => page.getByTestId('record-status').first().getAttribute('data-status'))
      .toBe('cancelled');
    expect(await page.getByTestId('withdrawal-cancel').count()).toBe(0);
    const info = await ok(
      api<{ currencies: { id: number; available: string }[] }>('/user/withdraw/info', { token }),
    );
    expect(info.currencies.find((currency) => currency.id === 3)?.available).toBe('10000.000000');
  });

  it('shows approvals and rejections with their reasons', async () => {
    const approved = await withdrawByApi('20', 'sms');
    await ok(
      api('/admin/withdrawals/decide', {
        token: server.staffToken,
        body: { id: approved.id, decision: 'approve' },
      }),
    );
    const rejected = await withdrawByApi('30', 'email');
    await ok(
      api('/admin/withdrawals/decide', {
        token: server.staffToken,
        body: { id: rejected.id, decision: 'reject', reason: 'The address failed our screening' },
      }),
    );
    await page.reload();
    await expect.poll(() => page.getByTestId('withdrawal-record').count()).toBe(3);
    const statuses = await page
      .getByTestId('record-status')
      .evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-status')));
    expect(statuses).toEqual(['rejected', 'approved', 'cancelled']);
    expect(await page.getByTestId('record-reason').innerText()).toContain('The address failed our screening');
    await settled(page);
    await screenshot(page, 'withdraw-records-375');
    await page.getByTestId('records-tab-deposit').click();
    await expect.poll(() => new URL(page.url()).hash).toContain('tab=deposit');
    await page.getByTestId('deposit-empty').waitFor();
    await screenshot(page, 'withdraw-records-deposits-375');
  }, 180_000);

  it('looks right on a desktop screen too', async () => {
    const desktop = await browser.newContext({ viewport: desktopViewport });
    await desktop.addInitScript((session: string) => {
      window.localStorage.setItem('h5Version', '1');
      window.localStorage.setItem('token', session);
    }, token);
    const wide = await desktop.newPage();
    const wideErrors = watchPageErrors(wide);
    await wide.goto(`${server.url}/#/pages/fund/withdraw`);
    await wide.getByTestId('withdraw-form').waitFor();
    await wide.getByTestId('withdraw-coin').click();
    await wide.getByTestId('withdraw-coin-USDT').click();
    await wide.getByTestId('withdraw-address-option').waitFor();
    await wide.locator('.adm-popup-body').waitFor({ state: 'detached' });
    await settled(wide);
    await screenshot(wide, 'withdraw-form-1280');
    await wide.goto(`${server.url}/#/pages/fund/receive_withdraw_record?tab=withdraw`);
    await wide.getByTestId('withdrawal-record').first().waitFor();
    await screenshot(wide, 'withdraw-records-1280');
    await desktop.close();
    expect(wideErrors).toEqual([]);
  });

  it('reads well in the longer languages', async () => {
    for (const lang of ['fra', 'th', 'vi']) {
      const localised = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
      await localised.addInitScript(
        ([session, locale]: [string, string]) => {
          window.localStorage.setItem('h5Version', '1');
          window.localStorage.setItem('token', session);
          window.localStorage.setItem('lang', locale);
        },
        [token, lang] as [string, string],
      );
      const view = await localised.newPage();
      const errors = watchPageErrors(view);
      await view.goto(`${server.url}/#/pages/fund/withdraw?currency=3`);
      await view.getByTestId('withdraw-address-option').waitFor();
      await view.getByTestId('withdraw-submit').click();
      await view.getByTestId('withdraw-destination-error').waitFor();
      await view.getByTestId('withdraw-amount').scrollIntoViewIfNeeded();
      await settled(view);
      await screenshot(view, `withdraw-errors-${lang}-375`);
      await view.goto(`${server.url}/#/pages/fund/receive_withdraw_record?tab=withdraw`);
      await view.getByTestId('withdrawal-record').first().waitFor();
      await screenshot(view, `withdraw-records-${lang}-375`);
      await localised.close();
      expect(errors).toEqual([]);
    }
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
