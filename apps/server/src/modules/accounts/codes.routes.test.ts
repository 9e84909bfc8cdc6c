import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../platform/i18n/messages';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import {
  callers,
  codeIn,
  freshEmail,
  freshIp,
  freshMobile,
  messagesTo,
  registerByEmail,
  requestCode,
  waitForMessages,
} from './accounts.fixtures';

const en = serverMessages.en;
const error = (key: string) => ({ type: 'error', message: en[key] });
const codeSent = { type: 'ok', message: en['accounts.messages.code_sent'] };

describe.each(testDatabases())('one-time codes on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock('2026-11-22T10:00:00Z');
  const caller = callers(() => testApp);
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, env: { DEMO: 'true' } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('e-mails 6 random digits in the caller’s language and keeps them in the demo outbox', async () => {
    const email = freshEmail();
    const reply = await caller.post('/sms_mail', { user_string: email, scene: 'register' }, { lang: 'zh' });
    expect(reply).toEqual({
      status: 200,
      body: { type: 'ok', message: serverMessages.zh['accounts.messages.code_sent'] },
    });
    const [message] = await waitForMessages(db(), email, 1);
    expect(message?.subject).toBe(serverMessages.zh['accounts.mail.subject']);
    expect(message?.body).toContain('注册');
    expect(codeIn(message?.body ?? '')).toMatch(/^\d{6}$/);
    expect(message?.status).toBe('outbox');
  });

  /** What GET /dev/outbox shows the browser holding this Cookie header (none: a fresh visitor). */
  const outboxOf = async (cookie?: string) => {
    const reply = await caller.get('/dev/outbox', cookie ? { cookie } : {});
    expect(reply.body.type).toBe('ok');
    return reply.body.message as { recipient: string; body: string; channel: string; status: string }[];
  };
  /** Asks for a code as a browser would, answering the visitor cookie the reply set (or kept). */
  const sendAs = async (body: Record<string, unknown>, cookie?: string) => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/api/sms_mail',
      payload: { ...body, lang: 'en' },
      headers: cookie ? { cookie } : {},
      remoteAddress: freshIp(),
    });
    expect(reply.json()).toEqual(codeSent);
    const set = reply.headers['set-cookie'];
    if (cookie) return cookie;
    const header = String(Array.isArray(set) ? set[0] : set);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    return header.split(';')[0] as string;
  };

  it('shows a visitor at GET /dev/outbox only the messages their own browser asked for', async () => {
    const email = freshEmail();
    const mine = await sendAs({ user_string: email, scene: 'register' });
    const [stored] = await waitForMessages(db(), email, 1);
    const code = codeIn(stored?.body ?? '');
    const list = await outboxOf(mine);
    expect(list.length).toBeLessThanOrEqual(50);
    expect(list[0]).toMatchObject({ recipient: email, channel: 'email', status: 'outbox' });
    expect(list[0]?.body).toContain(code);
    // The outside attack run read every visitor's codes here; another browser now sees none of them.
    const stranger = await sendAs({ user_string: freshEmail(), scene: 'register' });
    expect((await outboxOf(stranger)).map((message) => message.recipient)).not.toContain(email);
    expect((await outboxOf()).map((message) => message.recipient)).not.toContain(email);
    expect(await outboxOf('fairex_outbox=made-up')).toEqual([]);
  });

  it('keeps a forgotten-password code for the browser that registered the account, not the asker', async () => {
    const email = freshEmail();
    const owner = await sendAs({ user_string: email, scene: 'register' });
    const [registerMessage] = await waitForMessages(db(), email, 1);
    const registered = await caller.post(
      '/user/register',
      {
        user_string: email,
        code: codeIn(registerMessage?.body ?? ''),
        password: 'a-good-password-1',
        re_password: 'a-good-password-1',
        type: 'email',
      },
      { cookie: owner },
    );
    expect(registered.body.type).toBe('ok');

    // Another browser asks for a reset code: the same reply as always, but the code is not theirs.
    const attacker = await sendAs({ user_string: email, type: 'forget' });
    const [, forgetMessage] = await waitForMessages(db(), email, 2);
    const forgetCode = codeIn(forgetMessage?.body ?? '');
    expect((await outboxOf(attacker)).map((message) => message.body).join()).not.toContain(forgetCode);
    expect((await outboxOf(owner)).map((message) => message.body).join()).toContain(forgetCode);
  });

  it('texts a code to +area code and number', async () => {
    const mobile = freshMobile();
    const code = await requestCode(caller, db(), { channel: 'sms', address: mobile, areaCode: '44' });
    expect(code).toMatch(/^\d{6}$/);
    const [message] = await messagesTo(db(), `+44${mobile}`);
    expect(message?.channel).toBe('sms');
  });

  it('checks a code without using it up; a right code still registers afterwards', async () => {
    const email = freshEmail();
    const code = await requestCode(caller, db(), { channel: 'email', address: email, purpose: 'register' });
    const check = await caller.post('/user/check_email', {
      user_string: email,
      scene: 'register',
      email_code: code,
    });
    expect(check.body).toEqual({ type: 'ok', message: en['accounts.messages.code_valid'] });
    const again = await caller.post('/user/check_email', {
      user_string: email,
      scene: 'register',
      email_code: code,
    });
    expect(again.body.type).toBe('ok');
    const register = await caller.post('/user/register', {
      user_string: email,
      code,
      password: 'secret123',
      re_password: 'secret123',
    });
    expect(register.body.type).toBe('ok');
  });

  it('refuses a code after use, for another purpose, or for another address', async () => {
    const email = freshEmail();
    const other = freshEmail();
    const code = await requestCode(caller, db(), { channel: 'email', address: email, purpose: 'register' });
    await requestCode(caller, db(), { channel: 'email', address: other, purpose: 'register' });
    const wrongPurpose = await caller.post('/user/check_email', {
      user_string: email,
      scene: 'forget',
      email_code: code,
    });
    expect(wrongPurpose.body).toEqual(error('accounts.errors.code_invalid'));
    const wrongAddress = await caller.post('/user/check_email', {
      user_string: other,
      scene: 'register',
      email_code: code,
    });
    expect(wrongAddress.body).toEqual(error('accounts.errors.code_invalid'));
    const body = { user_string: email, code, password: 'secret123', re_password: 'secret123' };
    expect((await caller.post('/user/register', body)).body.type).toBe('ok');
    const reused = await caller.post('/user/check_email', {
      user_string: email,
      scene: 'register',
      email_code: code,
    });
    expect(reused.body).toEqual(error('accounts.errors.code_invalid'));
  });

  it('lets a code expire after 10 minutes', async () => {
    const email = freshEmail();
    const code = await requestCode(caller, db(), { channel: 'email', address: email, purpose: 'register' });
    clock.advance(10 * 60_000 - 1000);
    const justInTime = await caller.post('/user/check_email', {
      user_string: email,
      scene: 'register',
      email_code: code,
    });
    expect(justInTime.body.type).toBe('ok');
    clock.advance(1000);
    const late = await caller.post('/user/check_email', {
      user_string: email,
      scene: 'register',
      email_code: code,
    });
    expect(late.body).toEqual(error('accounts.errors.code_invalid'));
  });

  it('kills a code after 5 wrong tries, even for the right one afterwards', async () => {
    const email = freshEmail();
    const code = await requestCode(caller, db(), { channel: 'email', address: email, purpose: 'register' });
    const wrong = code === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const miss = await caller.post('/user/check_email', {
        user_string: email,
        scene: 'register',
        email_code: wrong,
      });
      expect(miss.body).toEqual(error('accounts.errors.code_invalid'));
    }
    // Four misses leave the code alive.
    expect(
      (await caller.post('/user/check_email', { user_string: email, scene: 'register', email_code: code }))
        .body.type,
    ).toBe('ok');
    await caller.post('/user/check_email', { user_string: email, scene: 'register', email_code: wrong });
    const dead = await caller.post('/user/check_email', {
      user_string: email,
      scene: 'register',
      email_code: code,
    });
    expect(dead.body).toEqual(error('accounts.errors.code_invalid'));
  });

  it('makes a new code replace the previous one', async () => {
    const email = freshEmail();
    const first = await requestCode(caller, db(), { channel: 'email', address: email, purpose: 'register' });
    clock.advance(61_000);
    const second = await requestCode(caller, db(), { channel: 'email', address: email, purpose: 'register' });
    if (first !== second) {
      const old = await caller.post('/user/check_email', {
        user_string: email,
        scene: 'register',
        email_code: first,
      });
      expect(old.body).toEqual(error('accounts.errors.code_invalid'));
    }
    const current = await caller.post('/user/check_email', {
      user_string: email,
      scene: 'register',
      email_code: second,
    });
    expect(current.body.type).toBe('ok');
  });

  it('sends at most one code a minute per purpose and 10 a day to an address', async () => {
    const email = freshEmail();
    expect((await caller.post('/sms_mail', { user_string: email, scene: 'register' })).body).toEqual(
      codeSent,
    );
    const tooSoon = await caller.post('/sms_mail', { user_string: email, scene: 'register' });
    expect(tooSoon.body).toEqual(error('accounts.errors.code_too_frequent'));
    // Another purpose has its own minute (register, then a payment password at once) but shares
    // the daily cap: this forget code is the address's second of ten today.
    const otherPurpose = await caller.post('/sms_mail', { user_string: email, type: 'forget' });
    expect(otherPurpose.body).toEqual(codeSent);
    for (let sent = 2; sent < 10; sent += 1) {
      clock.advance(60_000);
      expect((await caller.post('/sms_mail', { user_string: email, scene: 'register' })).body).toEqual(
        codeSent,
      );
    }
    clock.advance(60_000);
    const eleventh = await caller.post('/sms_mail', { user_string: email, scene: 'register' });
    expect(eleventh.body).toEqual(error('accounts.errors.code_daily_limit'));
    clock.advance(24 * 60 * 60_000);
    expect((await caller.post('/sms_mail', { user_string: email, scene: 'register' })).body).toEqual(
      codeSent,
    );
  });

  it('sends at most 20 codes an hour to one client address', async () => {
    const ip = freshIp();
    for (let sent = 0; sent < 20; sent += 1) {
      const reply = await caller.post('/sms_mail', { user_string: freshEmail(), scene: 'register' }, { ip });
      expect(reply.body).toEqual(codeSent);
    }
    const refused = await caller.post('/sms_mail', { user_string: freshEmail(), scene: 'register' }, { ip });
    expect(refused.body).toEqual(error('accounts.errors.code_client_limit'));
    expect((await caller.post('/sms_mail', { user_string: freshEmail(), scene: 'register' })).body).toEqual(
      codeSent,
    );
    clock.advance(60 * 60_000);
    expect(
      (await caller.post('/sms_mail', { user_string: freshEmail(), scene: 'register' }, { ip })).body,
    ).toEqual(codeSent);
  });

  it('answers a register code for a taken address like a real one, and sends nothing', async () => {
    const { email } = await registerByEmail(caller, db());
    const before = (await messagesTo(db(), email)).length;
    clock.advance(61_000);
    const reply = await caller.post('/sms_mail', { user_string: email, scene: 'register' });
    expect(reply.body).toEqual(codeSent);
    // A later message to someone else arrives; none went to the taken address.
    const other = freshEmail();
    await requestCode(caller, db(), { channel: 'email', address: other, purpose: 'register' });
    expect((await messagesTo(db(), email)).length).toBe(before);
    // The decoy counts like a real code: a guess is "incorrect", the limit applies.
    const guess = await caller.post('/user/check_email', {
      user_string: email,
      scene: 'register',
      email_code: '123456',
    });
    expect(guess.body).toEqual(error('accounts.errors.code_invalid'));
    const again = await caller.post('/sms_mail', { user_string: email, scene: 'register' });
    expect(again.body).toEqual(error('accounts.errors.code_too_frequent'));
  });

  it('answers a forget code for an unknown address like a real one, and sends nothing', async () => {
    const unknown = freshEmail();
    const reply = await caller.post('/sms_mail', { user_string: unknown, type: 'forget' });
    expect(reply.body).toEqual(codeSent);
    const { email } = await registerByEmail(caller, db());
    clock.advance(61_000);
    const code = await requestCode(caller, db(), { channel: 'email', address: email, purpose: 'forget' });
    expect(code).toMatch(/^\d{6}$/);
    expect(await messagesTo(db(), unknown)).toEqual([]);
  });

  it('asks for a session for bind, withdraw and security codes', async () => {
    for (const scene of ['bind', 'withdraw', 'security']) {
      const reply = await caller.post('/sms_mail', { user_string: freshEmail(), scene });
      expect(reply.body.type).toBe(999);
    }
  });

  it('sends security codes only to the user’s own bound address', async () => {
    const { token, email } = await registerByEmail(caller, db());
    clock.advance(61_000);
    const elsewhere = await caller.post(
      '/sms_mail',
      { user_string: freshEmail(), scene: 'security' },
      { token },
    );
    expect(elsewhere.body).toEqual(error('accounts.errors.address_not_bound'));
    const own = await caller.post('/sms_mail', { user_string: email, scene: 'security' }, { token });
    expect(own.body).toEqual(codeSent);
  });

  it('takes the purpose of /sms_send from the session when none is named', async () => {
    const { token } = await registerByEmail(caller, db());
    const mobile = freshMobile();
    const code = await requestCode(caller, db(), { channel: 'sms', address: mobile, token });
    // A bind code: it binds the phone.
    const bound = await caller.post('/safe/mobile', { mobile, code }, { token });
    expect(bound.body).toEqual({ type: 'ok', message: en['accounts.messages.mobile_bound'] });
    // Without a session the same call asks for a register code (the number is taken now: nothing is sent).
    clock.advance(61_000);
    const visitor = await caller.post('/sms_send', { mobile, area_code: '86' });
    expect(visitor.body).toEqual(codeSent);
  });

  it('refuses malformed addresses and codes with specific messages', async () => {
    expect((await caller.post('/sms_mail', { user_string: 'not-an-email', scene: 'register' })).body).toEqual(
      error('accounts.errors.invalid_email'),
    );
    expect((await caller.post('/sms_send', { mobile: '12ab', area_code: '86' })).body).toEqual(
      error('accounts.errors.invalid_mobile'),
    );
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const reply = await caller.post('/user/check_email', { user_string: freshEmail(), email_code: code });
      expect(reply.body).toEqual(error('accounts.errors.code_format'));
    }
    const unknownScene = await caller.post('/sms_mail', { user_string: freshEmail(), scene: 'steal' });
    expect(unknownScene.body).toEqual(error('errors.parameter_error'));
    const extraField = await caller.post('/sms_mail', { user_string: freshEmail(), admin: 1 });
    expect(extraField.body).toEqual(error('errors.parameter_error'));
  });

  it('states a policy on every accounts route', () => {
    const urls = testApp.app.registeredRoutes.filter(
      (route) =>
        route.url.startsWith('/api/user') ||
        route.url.startsWith('/api/safe') ||
        route.url.startsWith('/api/sms'),
    );
    expect(urls.length).toBeGreaterThanOrEqual(15);
    for (const route of urls) expect(route.policy, route.url).toBeDefined();
  });
});

describe('the dev outbox outside demo mode', () => {
  it('is not registered: 404', async () => {
    const [pglite] = testDatabases();
    if (!pglite) throw new Error('PGlite is always available');
    const testApp = await startTestApp(pglite);
    try {
      const reply = await testApp.call({ method: 'GET', url: '/api/dev/outbox' });
      expect(reply).toEqual({ status: 404, body: { type: 'error', message: 'Not found' } });
    } finally {
      await testApp.close();
    }
  });
});
