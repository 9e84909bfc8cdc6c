import { userInfoSchema } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../platform/i18n/messages';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { markUploadPrivate } from '../upload';
import { multipartBody, pngImage } from '../upload/upload.fixtures';
import {
  callers,
  freshEmail,
  freshMobile,
  goodPassword,
  registerByEmail,
  requestCode,
} from './accounts.fixtures';
import { userSessions, users } from './accounts.schema';

const en = serverMessages.en;
const error = (key: string) => ({ type: 'error', message: en[key] });
const confirmed = (key: string) => ({ type: 'ok', message: en[`accounts.messages.${key}`] });
const dayMs = 24 * 60 * 60_000;

describe.each(testDatabases())('accounts routes on $name', (testDatabase) => {
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

  async function userOf(email: string) {
    const [row] = await db().select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row;
  }

  describe('registration', () => {
    it('creates the account, signs it in, and gives it a nickname and an invitation code', async () => {
      const { token, email } = await registerByEmail(caller, db());
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const info = await caller.get('/user/info', { token });
      expect(info.body.type).toBe('ok');
      const user = userInfoSchema.parse(info.body.message);
      expect(user).toMatchObject({
        account: email,
        email,
        mobile: null,
        verification_level: 0,
        has_password: true,
      });
      expect(user.nickname).toMatch(/^user\d{4}$/);
      expect(user.invitation_code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
      expect(user.has_pay_password).toBe(false);
    });

    it('registers by phone with a code texted to it', async () => {
      const mobile = freshMobile();
      const code = await requestCode(caller, db(), { channel: 'sms', address: mobile, areaCode: '66' });
      const reply = await caller.post('/user/register', {
        user_string: mobile,
        code,
        password: goodPassword,
        re_password: goodPassword,
        type: 'mobile',
      });
      expect(reply.body.type).toBe('ok');
      const info = await caller.get('/user/info', { token: reply.body.message as string });
      expect(info.body.message).toMatchObject({ account: mobile, mobile, area_code: '66', email: null });
    });

    it('applies spec section 5 to passwords and codes', async () => {
      const email = freshEmail();
      const base = { user_string: email, code: '123456', password: goodPassword, re_password: goodPassword };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ password: '123456', re_password: '123456' }, 'accounts.errors.password_too_short'],
        [{ re_password: 'short' }, 'accounts.errors.password_too_short'],
        [{ password: 'x'.repeat(65), re_password: 'x'.repeat(65) }, 'accounts.errors.password_too_long'],
        [{ re_password: 'secret124' }, 'accounts.errors.passwords_inconsistent'],
        [{ code: '12345' }, 'accounts.errors.code_format'],
        [{ code: '12345a' }, 'accounts.errors.code_format'],
        [{ user_string: 'nobody', type: 'email' }, 'accounts.errors.invalid_email'],
        [{ user_string: 'a@b.example', type: 'mobile' }, 'accounts.errors.invalid_mobile'],
        [{ type: 'wallet' }, 'errors.parameter_error'],
        [{ admin: true }, 'errors.parameter_error'],
        [{ password: 12345678 }, 'errors.parameter_error'],
      ];
      for (const [change, key] of cases) {
        const reply = await caller.post('/user/register', { ...base, ...change });
        expect(reply, JSON.stringify(change)).toEqual({ status: 200, body: error(key) });
      }
      expect((await caller.post('/user/register', base)).body).toEqual(error('accounts.errors.code_invalid'));
      const missing = await caller.post('/user/register', { user_string: email, password: goodPassword });
      expect(missing.body).toEqual(error('errors.parameter_error'));
    });

    it('accepts a password of exactly 7 characters', async () => {
      const { token } = await registerByEmail(caller, db(), { password: '1234567' });
      expect(token).toBeTruthy();
    });

    it('keeps the code when the passwords do not match, so the user can correct them', async () => {
      const email = freshEmail();
      const code = await requestCode(caller, db(), { channel: 'email', address: email, purpose: 'register' });
      const mismatch = await caller.post('/user/register', {
        user_string: email,
        code,
        password: goodPassword,
        re_password: 'different1',
      });
      expect(mismatch.body).toEqual(error('accounts.errors.passwords_inconsistent'));
      const corrected = await caller.post('/user/register', {
        user_string: email,
        code,
        password: goodPassword,
        re_password: goodPassword,
      });
      expect(corrected.body.type).toBe('ok');
    });

    it('links the inviter of an invitation code and refuses an unknown one', async () => {
      const inviter = await registerByEmail(caller, db());
      const { invitationCode } = await userOf(inviter.email);
      const email = freshEmail();
      const code = await requestCode(caller, db(), { channel: 'email', address: email, purpose: 'register' });
      const unknown = await caller.post('/user/register', {
        user_string: email,
        code,
        password: goodPassword,
        re_password: goodPassword,
        extension_code: 'ZZZZZZZZ',
      });
      expect(unknown.body).toEqual(error('accounts.errors.invitation_code_unknown'));
      const invited = await caller.post('/user/register', {
        user_string: email,
        code,
        password: goodPassword,
        re_password: goodPassword,
        extension_code: invitationCode.toLowerCase(),
      });
      expect(invited.body.type).toBe('ok');
      expect((await userOf(email)).inviterId).toBe((await userOf(inviter.email)).id);
      const summary = await caller.get('/user/invite', { token: inviter.token });
      expect(summary.body).toEqual({
        type: 'ok',
        message: { invitation_code: invitationCode, invite_count: 1, traded_count: 0, rebate: '0' },
      });
      // Once the invitee has a trade in their bill, they count as having traded.
      const inviteeId = (await userOf(email)).id;
      await db().transaction((tx) =>
        testApp.services.ledger.apply(
          tx as never,
          [
            {
              type: 'transfer',
              entry: {
                kind: 'trade',
                userId: inviteeId,
                reference: `test:invitee-trade:${inviteeId}`,
                legs: [
                  { account: { system: 'house', currencyId: 3 }, amount: -1n },
                  { account: { userId: inviteeId, currencyId: 3, kind: 2 }, amount: 1n },
                ],
              },
            },
          ],
          new Date(),
        ),
      );
      const traded = await caller.get('/user/invite', { token: inviter.token });
      expect(traded.body).toMatchObject({ message: { invite_count: 1, traded_count: 1 } });
    });

    it('ignores an empty invitation code', async () => {
      const { token } = await registerByEmail(caller, db(), { extensionCode: '' });
      expect(token).toBeTruthy();
    });
  });

  describe('login', () => {
    it('answers the token for account, e-mail in any case, and phone', async () => {
      const { email } = await registerByEmail(caller, db());
      const login = await caller.post('/user/login', {
        user_string: email.toUpperCase(),
        password: goodPassword,
      });
      expect(login.body.type).toBe('ok');
      expect(login.body.message).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const info = await caller.get('/user/info', { token: login.body.message as string });
      expect((info.body.message as { email: string }).email).toBe(email);
      const bearer = await caller.get('/user/info', { token: `Bearer ${login.body.message}` });
      expect(bearer.body.type).toBe('ok');
    });

    it('gives unknown names and wrong passwords the same reply', async () => {
      const { email } = await registerByEmail(caller, db());
      const wrongPassword = await caller.post('/user/login', {
        user_string: email,
        password: 'wrong-password',
      });
      const unknownName = await caller.post('/user/login', {
        user_string: freshEmail(),
        password: 'wrong-password',
      });
      expect(wrongPassword).toEqual({ status: 200, body: error('accounts.errors.login_failed') });
      expect(unknownName).toEqual(wrongPassword);
    });

    it('locks a name for 15 minutes after 5 failures, known or unknown alike', async () => {
      const { email } = await registerByEmail(caller, db());
      const unknown = freshEmail();
      for (const name of [email, unknown]) {
        for (let failure = 0; failure < 5; failure += 1) {
          const reply = await caller.post('/user/login', { user_string: name, password: 'wrong-password' });
          expect(reply.body).toEqual(error('accounts.errors.login_failed'));
        }
      }
      const knownLocked = await caller.post('/user/login', { user_string: email, password: goodPassword });
      const unknownLocked = await caller.post('/user/login', {
        user_string: unknown,
        password: goodPassword,
      });
      expect(knownLocked.body).toEqual(error('accounts.errors.login_locked'));
      expect(unknownLocked).toEqual(knownLocked);
      clock.advance(15 * 60_000);
      expect(
        (await caller.post('/user/login', { user_string: email, password: goodPassword })).body.type,
      ).toBe('ok');
      expect(
        (await caller.post('/user/login', { user_string: unknown, password: goodPassword })).body,
      ).toEqual(error('accounts.errors.login_failed'));
    });

    it('starts counting again after a successful login', async () => {
      const { email } = await registerByEmail(caller, db());
      for (let failure = 0; failure < 4; failure += 1) {
        await caller.post('/user/login', { user_string: email, password: 'wrong-password' });
      }
      expect(
        (await caller.post('/user/login', { user_string: email, password: goodPassword })).body.type,
      ).toBe('ok');
      await caller.post('/user/login', { user_string: email, password: 'wrong-password' });
      expect(
        (await caller.post('/user/login', { user_string: email, password: goodPassword })).body.type,
      ).toBe('ok');
    });

    it('refuses a frozen user, and ends the sessions they hold', async () => {
      const { email, token } = await registerByEmail(caller, db());
      await db().update(users).set({ loginFrozen: true }).where(eq(users.email, email));
      const wrong = await caller.post('/user/login', { user_string: email, password: 'wrong-password' });
      expect(wrong.body).toEqual(error('accounts.errors.login_failed'));
      const right = await caller.post('/user/login', { user_string: email, password: goodPassword });
      expect(right.body).toEqual(error('accounts.errors.account_frozen'));
      expect((await caller.get('/user/info', { token })).body.type).toBe(999);
    });

    it('keeps a session one day, or 30 days with stay', async () => {
      const { email } = await registerByEmail(caller, db());
      const day = await caller.post('/user/login', { user_string: email, password: goodPassword });
      const month = await caller.post('/user/login', {
        user_string: email,
        password: goodPassword,
        stay: '1',
      });
      clock.advance(dayMs - 1000);
      expect((await caller.get('/user/info', { token: day.body.message as string })).body.type).toBe('ok');
      clock.advance(1000);
      expect((await caller.get('/user/info', { token: day.body.message as string })).body.type).toBe(999);
      clock.advance(28 * dayMs);
      expect((await caller.get('/user/info', { token: month.body.message as string })).body.type).toBe('ok');
      clock.advance(dayMs);
      expect((await caller.get('/user/info', { token: month.body.message as string })).body.type).toBe(999);
    });

    it('stores sessions by hash only', async () => {
      const { token, email } = await registerByEmail(caller, db());
      const rows = await db()
        .select()
        .from(userSessions)
        .where(eq(userSessions.userId, (await userOf(email)).id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.tokenHash).not.toContain(token);
    });
  });

  describe('sessions', () => {
    it('logout ends this session only', async () => {
      const { token, email } = await registerByEmail(caller, db());
      const other = await caller.post('/user/login', { user_string: email, password: goodPassword });
      expect((await caller.get('/user/logout', { token })).body).toEqual(confirmed('logged_out'));
      expect((await caller.get('/user/info', { token })).body).toEqual({
        type: 999,
        message: en['errors.session_invalid'],
      });
      expect((await caller.get('/user/info', { token: other.body.message as string })).body.type).toBe('ok');
      expect((await caller.get('/user/logout', { token })).body.type).toBe(999);
    });

    it('asks for login (999) on every user route without a session', async () => {
      const validBodies: Record<string, Record<string, unknown>> = {
        '/safe/change_password': {
          old_password: 'whatever1',
          password: 'newsecret1',
          re_password: 'newsecret1',
        },
        '/safe/update_password': { password: 'paypass1', re_password: 'paypass1', code: '123456' },
        '/safe/mobile': { mobile: '13900000000', code: '123456' },
        '/safe/email': { email: 'someone@example.com', code: '123456' },
        '/user/uploadHeadPortrait': {
          head_portrait: '/uploads/2026/11/0123456789abcdef0123456789abcdef.png',
        },
        '/user/editNickname': { nickname: 'abc' },
        '/user/timezone/update': { timezone: 'Asia/Tokyo' },
      };
      const ours = [
        '/user/logout',
        '/user/info',
        '/user/invite',
        '/user/timezone',
        ...Object.keys(validBodies),
      ];
      const userRoutes = testApp.app.registeredRoutes.filter(
        (route) => route.method !== 'HEAD' && ours.includes(route.url.slice('/api'.length)),
      );
      expect(userRoutes).toHaveLength(ours.length);
      for (const route of userRoutes) expect(route.policy, route.url).toEqual({ kind: 'user' });
      for (const route of userRoutes) {
        const path = route.url.slice('/api'.length);
        for (const token of [undefined, 'A'.repeat(43)]) {
          const reply =
            route.method === 'GET'
              ? await caller.get(path, { token })
              : await caller.post(path, validBodies[path] ?? {}, { token });
          expect(reply.body.type, route.url).toBe(999);
        }
      }
    });
  });

  describe('/user/info', () => {
    it('never carries a hash', async () => {
      const { token, email } = await registerByEmail(caller, db());
      const user = await userOf(email);
      await db().update(users).set({ payPasswordHash: user.passwordHash }).where(eq(users.id, user.id));
      const info = await caller.get('/user/info', { token });
      const text = JSON.stringify(info.body);
      expect(text).not.toContain('argon2');
      expect(text).not.toMatch(/hash/i);
      expect(info.body.message).toMatchObject({ has_password: true, has_pay_password: true });
      expect(Object.keys(info.body.message as object).sort()).toEqual(
        Object.keys(userInfoSchema.shape).sort(),
      );
    });
  });

  describe('passwords', () => {
    it('changes the password, ending every session', async () => {
      const { token, email } = await registerByEmail(caller, db());
      const second = await caller.post('/user/login', { user_string: email, password: goodPassword });
      const wrongOld = await caller.post(
        '/safe/change_password',
        { old_password: 'not-it-at-all', password: 'newsecret1', re_password: 'newsecret1' },
        { token },
      );
      expect(wrongOld.body).toEqual(error('accounts.errors.old_password_wrong'));
      const mismatch = await caller.post(
        '/safe/change_password',
        { old_password: goodPassword, password: 'newsecret1', re_password: 'newsecret2' },
        { token },
      );
      expect(mismatch.body).toEqual(error('accounts.errors.passwords_inconsistent'));
      const short = await caller.post(
        '/safe/change_password',
        { old_password: goodPassword, password: 'short', re_password: 'short' },
        { token },
      );
      expect(short.body).toEqual(error('accounts.errors.password_too_short'));
      const changed = await caller.post(
        '/safe/change_password',
        { old_password: goodPassword, password: 'newsecret1', re_password: 'newsecret1' },
        { token },
      );
      expect(changed.body).toEqual(confirmed('password_changed'));
      expect((await caller.get('/user/info', { token })).body.type).toBe(999);
      expect((await caller.get('/user/info', { token: second.body.message as string })).body.type).toBe(999);
      expect((await caller.post('/user/login', { user_string: email, password: goodPassword })).body).toEqual(
        error('accounts.errors.login_failed'),
      );
      expect(
        (await caller.post('/user/login', { user_string: email, password: 'newsecret1' })).body.type,
      ).toBe('ok');
    });

    it('resets a forgotten password with a forget code, ending every session', async () => {
      const { token, email } = await registerByEmail(caller, db());
      clock.advance(61_000);
      const code = await requestCode(caller, db(), { channel: 'email', address: email, purpose: 'forget' });
      const body = { account: email, password: 'resetpass1', repassword: 'resetpass1', code };
      expect((await caller.post('/user/forget', { ...body, repassword: 'resetpass2' })).body).toEqual(
        error('accounts.errors.passwords_inconsistent'),
      );
      expect((await caller.post('/user/forget', { ...body, code: '12345' })).body).toEqual(
        error('accounts.errors.code_format'),
      );
      expect((await caller.post('/user/forget', body)).body).toEqual(confirmed('password_reset'));
      expect((await caller.get('/user/info', { token })).body.type).toBe(999);
      expect(
        (await caller.post('/user/login', { user_string: email, password: 'resetpass1' })).body.type,
      ).toBe('ok');
      // The code worked once.
      expect((await caller.post('/user/forget', body)).body).toEqual(error('accounts.errors.code_invalid'));
    });

    it('refuses a register code for a reset', async () => {
      const email = freshEmail();
      const code = await requestCode(caller, db(), { channel: 'email', address: email, purpose: 'register' });
      const reply = await caller.post('/user/forget', {
        account: email,
        password: 'resetpass1',
        repassword: 'resetpass1',
        code,
      });
      expect(reply.body).toEqual(error('accounts.errors.code_invalid'));
    });

    it('sets the payment password with a security code to the bound e-mail', async () => {
      const { token, email } = await registerByEmail(caller, db());
      const body = { password: 'paypass1', re_password: 'paypass1', code: '000000' };
      expect((await caller.post('/safe/update_password', body, { token })).body).toEqual(
        error('accounts.errors.code_invalid'),
      );
      clock.advance(61_000);
      const code = await requestCode(caller, db(), {
        channel: 'email',
        address: email,
        purpose: 'security',
        token,
      });
      expect(
        (await caller.post('/safe/update_password', { ...body, code, re_password: 'paypass2' }, { token }))
          .body,
      ).toEqual(error('accounts.errors.passwords_inconsistent'));
      expect((await caller.post('/safe/update_password', { ...body, code }, { token })).body).toEqual(
        confirmed('pay_password_saved'),
      );
      const info = await caller.get('/user/info', { token });
      expect(info.body.message).toMatchObject({ has_pay_password: true });
      const stored = await userOf(email);
      expect(stored.payPasswordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });
  });

  describe('bound addresses', () => {
    it('binds a phone with a bind code and refuses a taken one', async () => {
      const first = await registerByEmail(caller, db());
      const second = await registerByEmail(caller, db());
      const mobile = freshMobile();
      const code = await requestCode(caller, db(), {
        channel: 'sms',
        address: mobile,
        purpose: 'bind',
        token: first.token,
      });
      expect(
        (await caller.post('/safe/mobile', { mobile, code: '000000' }, { token: second.token })).body,
      ).toEqual(error('accounts.errors.code_invalid'));
      expect(
        (await caller.post('/safe/mobile', { mobile, code, area_code: '86' }, { token: first.token })).body,
      ).toEqual(confirmed('mobile_bound'));
      const info = await caller.get('/user/info', { token: first.token });
      expect(info.body.message).toMatchObject({ mobile, area_code: '86' });
      // Asking for a bind code to a taken number tells nothing; the bind, with the code, does.
      clock.advance(61_000);
      const takenCode = await requestCode(caller, db(), {
        channel: 'sms',
        address: mobile,
        purpose: 'bind',
        token: second.token,
      });
      expect(
        (await caller.post('/safe/mobile', { mobile, code: takenCode }, { token: second.token })).body,
      ).toEqual(error('accounts.errors.mobile_taken'));
      const again = await caller.post(
        '/sms_send',
        { mobile: freshMobile(), area_code: '86', scene: 'bind' },
        { token: first.token },
      );
      expect(again.body).toEqual(error('accounts.errors.mobile_already_bound'));
      // The bound phone signs in too.
      expect(
        (await caller.post('/user/login', { user_string: mobile, password: goodPassword })).body.type,
      ).toBe('ok');
    });

    it('binds an e-mail to a phone-registered user and refuses a taken one', async () => {
      const mobile = freshMobile();
      const registerCode = await requestCode(caller, db(), { channel: 'sms', address: mobile });
      const registered = await caller.post('/user/register', {
        user_string: mobile,
        code: registerCode,
        password: goodPassword,
        re_password: goodPassword,
        type: 'mobile',
      });
      const token = registered.body.message as string;
      const other = await registerByEmail(caller, db());
      clock.advance(61_000);
      const takenCode = await requestCode(caller, db(), {
        channel: 'email',
        address: other.email,
        purpose: 'bind',
        token,
      });
      expect(
        (await caller.post('/safe/email', { email: other.email, code: takenCode }, { token })).body,
      ).toEqual(error('accounts.errors.email_taken'));
      const email = freshEmail();
      const code = await requestCode(caller, db(), {
        channel: 'email',
        address: email,
        purpose: 'bind',
        token,
      });
      expect((await caller.post('/safe/email', { email: 'bad', code }, { token })).body).toEqual(
        error('accounts.errors.invalid_email'),
      );
      expect(
        (await caller.post('/safe/email', { email: email.toUpperCase(), code }, { token })).body,
      ).toEqual(confirmed('email_bound'));
      expect((await caller.get('/user/info', { token })).body.message).toMatchObject({
        email,
        account: mobile,
      });
      expect((await caller.post('/safe/email', { email: freshEmail(), code }, { token })).body).toEqual(
        error('accounts.errors.email_already_bound'),
      );
    });
  });

  describe('profile', () => {
    async function upload(token: string): Promise<string> {
      const body = multipartBody([
        { name: 'file', content: await pngImage(), filename: 'a.png', contentType: 'image/png' },
      ]);
      const reply = await testApp.call({
        method: 'POST',
        url: '/api/upload',
        payload: body.payload,
        headers: { authorization: token, ...body.headers },
      });
      if (reply.body.type !== 'ok') throw new Error(JSON.stringify(reply.body));
      return reply.body.message as string;
    }

    it('sets an avatar only from the user’s own upload', async () => {
      const alice = await registerByEmail(caller, db());
      const bob = await registerByEmail(caller, db());
      const path = await upload(alice.token);
      expect(
        (await caller.post('/user/uploadHeadPortrait', { head_portrait: path }, { token: bob.token })).body,
      ).toEqual(error('accounts.errors.avatar_not_found'));
      const missing = '/uploads/2026/11/0123456789abcdef0123456789abcdef.png';
      expect(
        (await caller.post('/user/uploadHeadPortrait', { head_portrait: missing }, { token: alice.token }))
          .body,
      ).toEqual(error('accounts.errors.avatar_not_found'));
      for (const hostile of ['/uploads/../../etc/passwd', 'https://evil.example/a.png', '/uploads/a.svg']) {
        const reply = await caller.post(
          '/user/uploadHeadPortrait',
          { head_portrait: hostile },
          { token: alice.token },
        );
        expect(reply.body).toEqual(error('errors.parameter_error'));
      }
      expect(
        (await caller.post('/user/uploadHeadPortrait', { head_portrait: path }, { token: alice.token })).body,
      ).toEqual(confirmed('avatar_saved'));
      expect((await caller.get('/user/info', { token: alice.token })).body.message).toMatchObject({
        avatar: path,
      });
      // A private file (an ID photo) never becomes an avatar.
      const idPhoto = await upload(alice.token);
      const aliceId = (
        (await caller.get('/user/info', { token: alice.token })).body.message as { id: number }
      ).id;
      expect(
        await markUploadPrivate(db(), { path: idPhoto, ownerUserId: aliceId, reviewer: 'compliance' }),
      ).toBe(true);
      expect(
        (await caller.post('/user/uploadHeadPortrait', { head_portrait: idPhoto }, { token: alice.token }))
          .body,
      ).toEqual(error('accounts.errors.avatar_not_found'));
    });

    it('applies spec section 5 to nickname and signature', async () => {
      const { token } = await registerByEmail(caller, db());
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ nickname: 'a' }, 'accounts.errors.nickname_too_short'],
        [{ nickname: 'abcdefghijk' }, 'accounts.errors.nickname_too_long'],
        [{ nickname: '张三李四王五赵六钱七孙' }, 'accounts.errors.nickname_too_long'],
        [{ nickname: 'ab cd' }, 'accounts.errors.special_characters'],
        [{ nickname: 'abc!' }, 'accounts.errors.special_characters'],
        [{ nickname: '<script>' }, 'accounts.errors.special_characters'],
        [{ nickname: 'Ünïcode' }, 'accounts.errors.special_characters'],
        [{ signature: 'x' }, 'accounts.errors.signature_too_short'],
        [{ signature: 'x'.repeat(31) }, 'accounts.errors.signature_too_long'],
        [{ signature: 'hello world' }, 'accounts.errors.special_characters'],
        [{}, 'errors.parameter_error'],
        [{ nickname: 42 }, 'errors.parameter_error'],
      ];
      for (const [body, key] of cases) {
        const reply = await caller.post('/user/editNickname', body, { token });
        expect(reply.body, JSON.stringify(body)).toEqual(error(key));
      }
      expect((await caller.post('/user/editNickname', { nickname: '张三abc12' }, { token })).body).toEqual(
        confirmed('profile_saved'),
      );
      expect(
        (await caller.post('/user/editNickname', { signature: 'x'.repeat(30) }, { token })).body,
      ).toEqual(confirmed('profile_saved'));
      expect(
        (await caller.post('/user/editNickname', { nickname: 'ab', signature: '你好' }, { token })).body.type,
      ).toBe('ok');
      expect((await caller.get('/user/info', { token })).body.message).toMatchObject({
        nickname: 'ab',
        signature: '你好',
      });
    });

    it('keeps a time zone per user, New York reading as unset', async () => {
      const { token } = await registerByEmail(caller, db());
      expect((await caller.get('/user/timezone', { token })).body).toEqual({
        type: 'ok',
        message: { timezone: null },
      });
      expect(
        (await caller.post('/user/timezone/update', { timezone: 'Asia/Shanghai' }, { token })).body,
      ).toEqual({
        type: 'ok',
        message: { timezone: 'Asia/Shanghai' },
      });
      expect((await caller.get('/user/timezone', { token })).body).toEqual({
        type: 'ok',
        message: { timezone: 'Asia/Shanghai' },
      });
      expect(
        (await caller.post('/user/timezone/update', { timezone: 'Mars/Olympus' }, { token })).body,
      ).toEqual(error('timezone.errors.unknown_zone'));
      expect(
        (await caller.post('/user/timezone/update', { timezone: 'America/New_York' }, { token })).body,
      ).toEqual({
        type: 'ok',
        message: { timezone: null },
      });
      expect((await caller.get('/user/timezone', { token })).body).toEqual({
        type: 'ok',
        message: { timezone: null },
      });
    });
  });
});
