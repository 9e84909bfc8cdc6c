/**
 * Test helpers: users ready to withdraw (Lv1, payment password, funds, a saved address or card),
 * made through the HTTP routes as a client would (codes read from the demo outbox).
 */
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import QRCode from 'qrcode';
import { expect, vi } from 'vitest';
import { fundUser } from '../../test-support/money-test';
import type { TestApp } from '../../test-support/test-app';
import { setVerificationLevel } from '../accounts';
import type { PayoutStandIn } from './withdrawals.payouts';

export type Reply = { status: number; body: { type: unknown; message: unknown } };

/** The local payout stand-in a test app pays through (no PAYOUT_GATEWAY_URL): what it was asked to pay. */
export function payoutStandInOf(testApp: TestApp): PayoutStandIn {
  const gateway = testApp.services.payoutGateway;
  if (!('calls' in gateway)) throw new Error('this test app pays through a real gateway');
  return gateway as PayoutStandIn;
}

let clientCounter = 0;
/** Each call comes from its own client address, so per-client code limits stay out of the way. */
function freshIp(): string {
  clientCounter += 1;
  return `10.77.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

let emailCounter = 0;
function freshEmail(): string {
  emailCounter += 1;
  return `withdrawer${emailCounter}.${randomBytes(3).toString('hex')}@example.com`;
}

export const payPassword = 'paypass1';

export type Withdrawer = { readonly token: string; readonly userId: number; readonly email: string };

export function withdrawalFixtures(testApp: () => TestApp) {
  const db = () => testApp().database.db;

  // One demo browser for the whole fixture: the outbox shows a browser only the codes it asked for.
  const outboxCookie = `fairex_outbox=${randomBytes(32).toString('base64url')}`;

  function request(options: InjectOptions, token: string | undefined): Promise<Reply> {
    const headers: Record<string, string> = {
      cookie: outboxCookie,
      ...(options.headers as Record<string, string>),
    };
    if (token) headers.authorization = token;
    return testApp().call({ ...options, headers, remoteAddress: freshIp() });
  }
  const caller = {
    post: (path: string, body: Record<string, unknown>, call: { token?: string } = {}) =>
      request({ method: 'POST', url: `/api${path}`, payload: { ...body, lang: 'en' } }, call.token),
    get: (path: string, call: { token?: string } = {}) =>
      request({ method: 'GET', url: `/api${path}${path.includes('?') ? '&' : '?'}lang=en` }, call.token),
  };

  async function okMessage<T>(reply: Promise<Reply> | Reply): Promise<T> {
    const { status, body } = await reply;
    expect(status).toBe(200);
    expect(body.type, JSON.stringify(body)).toBe('ok');
    return body.message as T;
  }

  /** Asks for a code by e-mail and reads it from the demo outbox (GET /dev/outbox). */
  async function emailCode(params: { email: string; scene: string; token?: string }): Promise<string> {
    const codesBefore = new Set(await codesTo(params.email));
    await okMessage(caller.post('/sms_mail', { user_string: params.email, scene: params.scene }, params));
    return vi.waitFor(
      async () => {
        const fresh = (await codesTo(params.email)).find((code) => !codesBefore.has(code));
        if (!fresh) throw new Error(`no new code to ${params.email}`);
        return fresh;
      },
      { timeout: 10_000, interval: 20 },
    );
  }

  async function codesTo(recipient: string): Promise<string[]> {
    const outbox = await okMessage<{ recipient: string; body: string }[]>(caller.get('/dev/outbox'));
    return outbox
      .filter((message) => message.recipient === recipient)
      .flatMap((message) => /\b(\d{6})\b/.exec(message.body)?.[1] ?? []);
  }

  /** A registered e-mail user at `level` with a payment password and the given spot funds. */
  async function newWithdrawer(
    options: {
      level?: number;
      payPassword?: boolean;
      funds?: readonly { currencyId: number; units: bigint }[];
    } = {},
  ): Promise<Withdrawer> {
    const email = freshEmail();
    const password = 'secret123';
    const code = await emailCode({ email, scene: 'register' });
    const token = await okMessage<string>(
      caller.post('/user/register', {
        user_string: email,
        code,
        password,
        re_password: password,
        type: 'email',
      }),
    );
    const info = await okMessage<{ id: number }>(caller.get('/user/info', { token }));
    const userId = info.id;
    if ((options.level ?? 1) > 0) await setVerificationLevel(db(), { userId, level: options.level ?? 1 });
    if (options.payPassword ?? true) {
      const code = await emailCode({ email, scene: 'security', token });
      await okMessage(
        caller.post(
          '/safe/update_password',
          { password: payPassword, re_password: payPassword, code },
          { token },
        ),
      );
    }
    for (const fund of options.funds ?? []) {
      await fundUser(testApp().database, { userId, currencyId: fund.currencyId, units: fund.units });
    }
    return { token, userId, email };
  }

  /** Uploads the QR code of `text`, as a user photographs their wallet's receive screen. */
  async function upload(user: Withdrawer, text: string): Promise<string> {
    const boundary = `----withdrawals${randomBytes(6).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="qr.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      await QRCode.toBuffer(text, { margin: 2 }),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const reply = await testApp().call({
      method: 'POST',
      url: '/api/upload',
      payload,
      headers: { authorization: user.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(reply.body.type).toBe('ok');
    return String(reply.body.message);
  }

  /** Saves an address through POST /user/wallet/save and answers its id. */
  async function saveAddress(
    user: Withdrawer,
    address: { currency: number; chain: string; address: string; name?: string },
  ): Promise<number> {
    const saved = await okMessage<{ id: number }>(
      caller.post(
        '/user/wallet/save',
        {
          currency: address.currency,
          chain: address.chain,
          name: address.name ?? 'Cold wallet',
          address: address.address,
          qrcode: await upload(user, address.address),
          pay_password: payPassword,
        },
        { token: user.token },
      ),
    );
    return saved.id;
  }

  /** Binds a domestic card through POST /user/cash_save and answers its id. */
  async function saveCard(user: Withdrawer): Promise<number> {
    const card = await okMessage<{ id: number }>(
      caller.post(
        '/user/cash_save',
        {
          alipay_account: '021000021',
          real_name: 'Ada Lovelace',
          bank_account: '6222 0212 3456 7890',
          bank_dizhi: 'Zhejiang, Hangzhou',
          bank_name: 'Bank of Hangzhou',
          bank_network: 'West Lake Branch',
          swift_code: 'HZCBCN2H',
          phone: '+86 139-0000-0000',
          wechat_account: '12 Lake Road, Hangzhou',
          pay_password: payPassword,
        },
        { token: user.token },
      ),
    );
    return card.id;
  }

  /** A `withdraw` code sent to the user's e-mail, read from the outbox. */
  function withdrawCode(user: Withdrawer): Promise<string> {
    return emailCode({ email: user.email, scene: 'withdraw', token: user.token });
  }

  return { caller, okMessage, newWithdrawer, saveAddress, saveCard, withdrawCode };
}

let addressCounter = 0;

/** Addresses in each network's format, a new one per call. */
export function freshAddress(chain: 'BTC' | 'ERC20' | 'TRC20'): string {
  addressCounter += 1;
  const unique = (addressCounter * 7919 + Math.floor(Math.random() * 1_000_000)).toString(16);
  if (chain === 'ERC20') return `0x${unique.padStart(40, 'a')}`;
  const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let n = addressCounter * 104_729 + Math.floor(Math.random() * 1_000_000_000);
  let suffix = '';
  while (n > 0) {
    suffix = base58[n % 58] + suffix;
    n = Math.floor(n / 58);
  }
  if (chain === 'TRC20') return `T${suffix.padStart(33, 'R')}`;
  return `1${suffix.padStart(30, 'B')}`;
}
