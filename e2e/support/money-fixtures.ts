/**
 * What the money browser tests share: small real PNGs (vouchers, QR codes), an /api caller with
 * the `{type, message}` envelope, codes read from the demo outbox, and a user prepared through
 * the API (verified, payment password, bound phone, a saved TRC20 address).
 */
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import QRCode from 'qrcode';
import { expect } from 'vitest';

export type Envelope<T> = { type: unknown; message: T };
type OutboxMessage = { recipient: string; body: string; subject: string };

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A small real RGB PNG whose pixel at (x, y) is `paint(x, y)`. */
export function pngImage(
  width: number,
  height: number,
  paint: (x: number, y: number) => readonly number[],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set(paint(x, y), 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A "screenshot" of a bank transfer: greyish with a green band. */
export const voucherPng = (width = 120, height = 80) =>
  pngImage(width, height, (_x, y) =>
    y > height / 3 && y < (2 * height) / 3 ? [14, 203, 129] : [230, 232, 235],
  );

/** The QR code of an address (or payment URI), as a wallet app shows it: the server reads it. */
export const addressQrPng = (text: string): Promise<Buffer> => QRCode.toBuffer(text, { margin: 2 });

/** Waits until no dialog or toast covers the page, so screenshots show the page itself. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.adm-dialog-body, .adm-toast-main'), null, {
    timeout: 5000,
  });
}

export type ApiCaller = {
  call<T>(
    path: string,
    options?: { token?: string; body?: object; headers?: Record<string, string> },
  ): Promise<Envelope<T>>;
  /** Like call, and the reply must be `ok`. */
  ok<T>(
    path: string,
    options?: { token?: string; body?: object; headers?: Record<string, string> },
  ): Promise<T>;
  upload(token: string, png: Buffer, name: string): Promise<string>;
  /** The newest code to the recipient that no earlier step used. */
  freshCode(recipient: string): Promise<string>;
};

export function apiCaller(baseUrl: string): ApiCaller {
  const seenCodes = new Set<string>();
  const call: ApiCaller['call'] = async (path, options = {}) => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method: options.body ? 'POST' : 'GET',
      headers: {
        ...(options.token ? { authorization: options.token } : {}),
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
    return response.json();
  };
  return {
    call,
    async ok(path, options) {
      const envelope = await call(path, options);
      expect(envelope.type, `${path}: ${JSON.stringify(envelope)}`).toBe('ok');
      return envelope.message as never;
    },
    async upload(token, png, name) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
      const response = await fetch(`${baseUrl}/api/upload`, {
        method: 'POST',
        headers: { authorization: token },
        body: form,
      });
      const envelope = (await response.json()) as Envelope<string>;
      expect(envelope.type).toBe('ok');
      return envelope.message;
    },
    async freshCode(recipient) {
      for (let attempt = 0; attempt < 80; attempt += 1) {
        const reply = await call<OutboxMessage[]>('/dev/outbox');
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
    },
  };
}

export type PreparedUser = { token: string; email: string; password: string; payPassword: string };

/**
 * A new e-mail user made through the API: registered, verified at Lv1 by staff (`staffToken`),
 * with a payment password. With `address`, also a saved withdrawal address (USDT TRC20).
 */
export async function prepareUser(
  api: ApiCaller,
  staffToken: string,
  options: { address?: string } = {},
): Promise<PreparedUser> {
  const email = `money${Date.now() % 1_000_000}@example.com`;
  const password = 'money-secret-1';
  const payPassword = 'paypass-123';
  await api.ok('/sms_mail', { body: { user_string: email, scene: 'register' } });
  const token = await api.ok<string>('/user/register', {
    body: {
      user_string: email,
      code: await api.freshCode(email),
      password,
      re_password: password,
      type: 'email',
    },
  });
  await api.ok('/user/real', {
    token,
    body: { real_type: 1, id_type: 'passport', name: 'Ada Lovelace', card_id: 'P1234567' },
  });
  const queue = await api.ok<{ list: { id: number; account: string }[] }>('/admin/verifications', {
    token: staffToken,
  });
  const request = queue.list.find((entry) => entry.account === email);
  await api.ok('/admin/verifications/decide', {
    token: staffToken,
    body: { id: request?.id, decision: 'approve' },
  });
  await api.ok('/sms_mail', { token, body: { user_string: email, scene: 'security' } });
  await api.ok('/safe/update_password', {
    token,
    body: { password: payPassword, re_password: payPassword, code: await api.freshCode(email) },
  });
  if (options.address) {
    const qrcode = await api.upload(token, await addressQrPng(options.address), 'qr.png');
    await api.ok('/user/wallet/save', {
      token,
      body: {
        currency: 3,
        chain: 'TRC20',
        name: 'Cold wallet',
        address: options.address,
        qrcode,
        pay_password: payPassword,
      },
    });
  }
  return { token, email, password, payPassword };
}
