import { crc32, deflateSync } from 'node:zlib';
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

type OutboxMessage = { recipient: string; body: string; subject: string; created_at: number };
type Envelope<T> = { type: unknown; message: T };
type DepositLogReply = {
  list: { id: number; status: string; amount: string; chain: string; voucher: string }[];
};

const demoTronAddress = 'TFairexDemoAddressDoNotSendFunds99';
const demoEvmAddress = `0x${'de'.repeat(20)}`;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A small real PNG (a "screenshot" of a transfer): greyish with a green band. */
function voucherPng(width = 120, height = 80): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const band = y > height / 3 && y < (2 * height) / 3;
      row.set(band ? [14, 203, 129] : [230, 232, 235], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Waits until no dialog or toast covers the page, so screenshots show the page itself. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.adm-dialog-body, .adm-toast-main'), null, {
    timeout: 5000,
  });
}

/** Resources that failed to load, by address, so a console "404" names its culprit. */
function watchMissing(page: Page): string[] {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) missing.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return missing;
}

describe('deposit with a payment voucher', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let missing: string[];
  let token = '';

  async function api<T>(path: string, options: { token?: string; body?: object } = {}): Promise<Envelope<T>> {
    const response = await fetch(`${server.url}/api${path}`, {
      method: options.body ? 'POST' : 'GET',
      headers: {
        ...(options.token ? { authorization: options.token } : {}),
        ...(options.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
    return (await response.json()) as Envelope<T>;
  }

  async function latestCode(recipient: string): Promise<string> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const reply = await api<OutboxMessage[]>('/dev/outbox');
      const message = reply.message.find((entry) => entry.recipient === recipient);
      const code = message ? /\b(\d{6})\b/.exec(`${message.subject} ${message.body}`)?.[1] : undefined;
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no code for ${recipient}`);
  }

  /** Registers by e-mail through the API (the accounts test covers the screens) and signs the page in. */
  async function signUp(): Promise<string> {
    const email = `depositor${Date.now() % 100_000}@example.com`;
    expect((await api('/sms_mail', { body: { user_string: email, scene: 'register' } })).type).toBe('ok');
    const code = await latestCode(email);
    const reply = await api<string>('/user/register', {
      body: {
        user_string: email,
        code,
        password: 'deposit-secret-1',
        re_password: 'deposit-secret-1',
        type: 'email',
      },
    });
    expect(reply.type).toBe('ok');
    return reply.message;
  }

  beforeAll(async () => {
    server = await startFairexServer();
    browser = await launchBrowser();
    token = await signUp();
    context = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await context.addInitScript((session: string) => {
      if (!window.localStorage.getItem('token')) {
        window.localStorage.setItem('h5Version', '1');
        window.localStorage.setItem('token', session);
      }
    }, token);
    page = await context.newPage();
    pageErrors = watchPageErrors(page);
    missing = watchMissing(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('chooses USDT on TRC20 from the coin list', async () => {
    await page.goto(`${server.url}/#/pages/fund/select`);
    await page.getByTestId('deposit-coins').waitFor();
    await screenshot(page, 'deposit-select-375');
    await page.getByTestId('deposit-coin-USDT-TRC20').click();
    await expect.poll(() => new URL(page.url()).hash).toContain('/pages/fund/receive?currency=3&chain=TRC20');
  });

  it('shows the demo address with its QR code, copies it and switches networks', async () => {
    await expect.poll(() => page.getByTestId('deposit-address').textContent()).toBe(demoTronAddress);
    await page.locator('[data-testid="deposit-qr"][data-status="ready"] img').waitFor();
    await page.getByTestId('deposit-demo-note').waitFor();
    expect(await page.getByTestId('deposit-warning').innerText()).toContain('USDT');
    await screenshot(page, 'deposit-receive-375');
    await page.getByTestId('deposit-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(demoTronAddress);
    await page.getByText('Copied', { exact: true }).waitFor();
    await settled(page);

    await page.getByTestId('deposit-chain-ERC20').click();
    await expect.poll(() => page.getByTestId('deposit-address').textContent()).toBe(demoEvmAddress);
    await page.getByTestId('deposit-chain-TRC20').click();
    await expect.poll(() => page.getByTestId('deposit-address').textContent()).toBe(demoTronAddress);
  });

  it('explains what is missing, then submits the amount and the voucher', async () => {
    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('deposit-amount-error').waitFor();
    await page.getByTestId('deposit-voucher-error').waitFor();
    await page.getByTestId('deposit-amount').fill('12.1234567');
    expect(await page.getByTestId('deposit-amount-error').innerText()).toContain('6');
    await page.getByTestId('deposit-amount').scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'deposit-form-errors-375');
    await page.getByTestId('deposit-amount').fill('25.5');
    await page.getByTestId('deposit-amount-error').waitFor({ state: 'detached' });

    await page.getByTestId('deposit-voucher').setInputFiles({
      name: 'transfer.png',
      mimeType: 'image/png',
      buffer: voucherPng(),
    });
    await page.locator('[data-testid="deposit-voucher-picker"][data-status="done"]').waitFor();
    await page.getByTestId('deposit-submit').scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'deposit-form-ready-375');
    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('deposit-confirm').waitFor();
    await screenshot(page, 'deposit-confirm-375');
    await page.getByTestId('deposit-confirm').click();
    await page.getByTestId('deposit-success').waitFor();
    await page.getByTestId('deposit-success').scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'deposit-success-375');

    const log = await api<DepositLogReply>('/recharge/log', { token });
    expect(log.message.list).toHaveLength(1);
    expect(log.message.list[0]).toMatchObject({ status: 'pending', amount: '25.500000', chain: 'TRC20' });
  });

  it('is credited once finance approves it', async () => {
    const log = await api<DepositLogReply>('/recharge/log', { token });
    const id = log.message.list[0]?.id;
    const decided = await api<{ status: string }>('/admin/deposits/decide', {
      token: server.staffToken,
      body: { id, decision: 'approve' },
    });
    expect(decided.message.status).toBe('approved');
    const again = await api('/admin/deposits/decide', {
      token: server.staffToken,
      body: { id, decision: 'approve' },
    });
    expect(again.type).toBe('error');
    const after = await api<DepositLogReply>('/recharge/log', { token });
    expect(after.message.list[0]?.status).toBe('approved');
  });

  it('looks right on a desktop screen too', async () => {
    const desktop = await browser.newContext({ viewport: desktopViewport });
    await desktop.addInitScript((session: string) => {
      window.localStorage.setItem('h5Version', '1');
      window.localStorage.setItem('token', session);
    }, token);
    const wide = await desktop.newPage();
    const wideErrors = watchPageErrors(wide);
    const wideMissing = watchMissing(wide);
    await wide.goto(`${server.url}/#/pages/fund/select`);
    await wide.getByTestId('deposit-coins').waitFor();
    await screenshot(wide, 'deposit-select-1280');
    await wide.goto(`${server.url}/#/pages/fund/receive?currency=3&chain=TRC20`);
    await wide.locator('[data-testid="deposit-qr"][data-status="ready"] img').waitFor();
    await screenshot(wide, 'deposit-receive-1280');
    await desktop.close();
    expect(wideMissing).toEqual([]);
    expect(wideErrors).toEqual([]);
  });

  it('reads well in a longer language (French)', async () => {
    const french = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    await french.addInitScript((session: string) => {
      window.localStorage.setItem('h5Version', '1');
      window.localStorage.setItem('lang', 'fra');
      window.localStorage.setItem('token', session);
    }, token);
    const reader = await french.newPage();
    await reader.goto(`${server.url}/#/pages/fund/receive?currency=3&chain=ERC20`);
    await expect.poll(() => reader.getByTestId('deposit-address').textContent()).toBe(demoEvmAddress);
    expect(await reader.getByTestId('deposit-warning').innerText()).toContain('réseau ERC20');
    await reader.locator('[data-testid="deposit-qr"][data-status="ready"] img').waitFor();
    await reader.getByTestId('deposit-submit').scrollIntoViewIfNeeded();
    await screenshot(reader, 'deposit-form-fra-375');
    await french.close();
  });

  it('sends a logged-out visitor to login', async () => {
    const anonymous = await browser.newContext({ viewport: phoneViewport });
    const visitor = await anonymous.newPage();
    await visitor.goto(`${server.url}/#/pages/fund/receive?currency=3&chain=TRC20`);
    await expect
      .poll(() => new URL(visitor.url()).hash, { timeout: 10_000 })
      .toContain('/pages/common/login');
    await anonymous.close();
  });

  it('raised no page errors', () => {
    expect(missing).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
