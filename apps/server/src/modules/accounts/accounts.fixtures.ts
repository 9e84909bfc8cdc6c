import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { vi } from 'vitest';
import type { Database } from '../../platform/db/database';
import type { TestApp } from '../../test-support/test-app';
import { deliveryOutbox } from './accounts.schema';

export type Reply = { status: number; body: { type: unknown; message: unknown } };
/** `cookie`: a Cookie header, e.g. the demo outbox's visitor cookie of one browser. */
export type CallOptions = { token?: string; ip?: string; lang?: string; cookie?: string };

let ipCounter = 0;
/** Each call comes from its own client address unless told, so per-client limits stay out of the way. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let addressCounter = 0;
export function freshEmail(label = 'user'): string {
  addressCounter += 1;
  return `${label}${addressCounter}.${Date.now() % 100_000}@example.com`;
}
export function freshMobile(): string {
  addressCounter += 1;
  return `139${String(addressCounter).padStart(4, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`;
}

export function callers(testApp: () => TestApp) {
  function request(options: InjectOptions, call: CallOptions): Promise<Reply> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (call.token) headers.authorization = call.token;
    if (call.cookie) headers.cookie = call.cookie;
    return testApp().call({ ...options, headers, remoteAddress: call.ip ?? freshIp() });
  }
  return {
    post: (path: string, body: Record<string, unknown>, call: CallOptions = {}) =>
      request({ method: 'POST', url: `/api${path}`, payload: { ...body, lang: call.lang ?? 'en' } }, call),
    get: (path: string, call: CallOptions = {}) =>
      request({ method: 'GET', url: `/api${path}?lang=${call.lang ?? 'en'}` }, call),
  };
}

export type OutboxRow = typeof deliveryOutbox.$inferSelect;

/** The messages to this recipient, oldest first, once there are at least `count` of them. */
export async function waitForMessages(db: Database, recipient: string, count: number): Promise<OutboxRow[]> {
  return vi.waitFor(
    async () => {
      const rows = await db
        .select()
        .from(deliveryOutbox)
        .where(eq(deliveryOutbox.recipient, recipient))
        .orderBy(asc(deliveryOutbox.id));
      if (rows.length < count) throw new Error(`${rows.length} of ${count} messages to ${recipient}`);
      return rows;
    },
    { timeout: 10_000, interval: 20 },
  );
}

export async function messagesTo(db: Database, recipient: string, status?: OutboxRow['status']) {
  return db
    .select()
    .from(deliveryOutbox)
    .where(
      status
        ? and(eq(deliveryOutbox.recipient, recipient), eq(deliveryOutbox.status, status))
        : eq(deliveryOutbox.recipient, recipient),
    );
}

export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no code in: ${text}`);
  return match[1];
}

/** Asks for a code and reads it from the demo outbox (the n-th message to that recipient). */
export async function requestCode(
  caller: ReturnType<typeof callers>,
  db: Database,
  params: {
    channel: 'email' | 'sms';
    address: string;
    purpose?: string;
    areaCode?: string;
    token?: string;
    ip?: string;
  },
): Promise<string> {
  const recipient =
    params.channel === 'email' ? params.address : `+${params.areaCode ?? '86'}${params.address}`;
  const before = (await messagesTo(db, recipient)).length;
  const reply =
    params.channel === 'email'
      ? await caller.post(
          '/sms_mail',
          { user_string: params.address, ...(params.purpose ? { scene: params.purpose } : {}) },
          { token: params.token, ip: params.ip },
        )
      : await caller.post(
          '/sms_send',
          {
            mobile: params.address,
            area_code: params.areaCode ?? '86',
            ...(params.purpose ? { scene: params.purpose } : {}),
          },
          { token: params.token, ip: params.ip },
        );
  if (reply.body.type !== 'ok') throw new Error(`code request refused: ${JSON.stringify(reply.body)}`);
  const rows = await waitForMessages(db, recipient, before + 1);
  const newest = rows[rows.length - 1];
  if (!newest) throw new Error('no message');
  return codeIn(newest.body);
}

export const goodPassword = 'secret123';

/** Registers a fresh e-mail user and answers the session token. */
export async function registerByEmail(
  caller: ReturnType<typeof callers>,
  db: Database,
  params: { email?: string; password?: string; extensionCode?: string } = {},
): Promise<{ token: string; email: string; password: string }> {
  const email = params.email ?? freshEmail();
  const password = params.password ?? goodPassword;
  const code = await requestCode(caller, db, { channel: 'email', address: email, purpose: 'register' });
  const reply = await caller.post('/user/register', {
    user_string: email,
    code,
    password,
    re_password: password,
    type: 'email',
    ...(params.extensionCode ? { extension_code: params.extensionCode } : {}),
  });
  if (reply.body.type !== 'ok' || typeof reply.body.message !== 'string') {
    throw new Error(`registration refused: ${JSON.stringify(reply.body)}`);
  }
  return { token: reply.body.message, email, password };
}
