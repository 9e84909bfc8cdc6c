/**
 * Issue 22 defect 4: sign-in, code sending, registration and uploads are throttled per source
 * address, counting in the database (so restarts and several server processes count together),
 * and a locked account and an unknown name answer alike, also after a restart (the lockouts of
 * unknown names are in the database, not in a capped in-memory map).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database';
import { serverMessages } from '../../platform/i18n/messages';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { type TestDatabase, testDatabases } from '../../test-support/test-databases';
import { callers, freshEmail, goodPassword, registerByEmail } from '../accounts/accounts.fixtures';
import { addressRules } from './throttle.domain';

const en = serverMessages.en;
const tooMany = { type: 'error', message: en['errors.too_many_requests'] };
const rule = (name: string) => {
  const found = addressRules.find((item) => item.name === name);
  if (!found) throw new Error(name);
  return found;
};

/** A second server process on the same database: its own app, the very same data. */
const sameDatabase = (handle: DatabaseHandle): TestDatabase => ({
  name: 'pglite',
  open: async () => ({ ...handle, close: async () => {} }),
});

describe.each(testDatabases())('throttling by source address on $name', (testDatabase) => {
  const clock = steppingClock('2026-11-20T15:00:00.000Z');
  let first: TestApp;
  let second: TestApp;
  let current: TestApp;
  const caller = callers(() => current);
  const throttled = { THROTTLE: 'true', DEMO: 'true' };

  beforeAll(async () => {
    first = await startTestApp(testDatabase, { clock, env: throttled });
    second = await startTestApp(sameDatabase(first.database), { clock, env: throttled });
    current = first;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('slows a flood of sign-ins from one address, not other addresses; the window passes', async () => {
    const attacker = '198.51.100.7';
    const { max } = rule('sign-in');
    const replies = [];
    for (let attempt = 0; attempt < max + 5; attempt += 1) {
      replies.push(
        await caller.post(
          '/user/login',
          { user_string: freshEmail(), password: 'wrong-password' },
          { ip: attacker },
        ),
      );
    }
    expect(
      replies.slice(0, max).every((reply) => reply.body.message === en['accounts.errors.login_failed']),
    ).toBe(true);
    for (const reply of replies.slice(max)) expect(reply.body).toEqual(tooMany);
    // The staff sign-in shares the counter of the address.
    const staff = await caller.post(
      '/admin/auth/login',
      { email: 'ops@example.com', password: 'x', totp: '123456' },
      { ip: attacker },
    );
    expect(staff.body).toEqual(tooMany);
    const other = await caller.post(
      '/user/login',
      { user_string: freshEmail(), password: 'wrong-password' },
      { ip: '198.51.100.8' },
    );
    expect(other.body.message).toBe(en['accounts.errors.login_failed']);
    clock.advance(rule('sign-in').windowMs);
    const later = await caller.post(
      '/user/login',
      { user_string: freshEmail(), password: 'wrong-password' },
      { ip: attacker },
    );
    expect(later.body.message).toBe(en['accounts.errors.login_failed']);
  });

  it('counts across server processes and restarts (the counters are in the database)', async () => {
    const address = '198.51.100.20';
    const { max } = rule('codes');
    const send = (app: TestApp) => {
      current = app;
      return caller.post('/sms_mail', { user_string: freshEmail(), scene: 'register' }, { ip: address });
    };
    for (let attempt = 0; attempt < max; attempt += 1) {
      const reply = await send(attempt % 2 === 0 ? first : second);
      expect(reply.body).not.toEqual(tooMany);
    }
    expect((await send(first)).body).toEqual(tooMany);
    expect((await send(second)).body).toEqual(tooMany);
    // A freshly started process on the same database still counts them.
    const restarted = await startTestApp(sameDatabase(first.database), { clock, env: throttled });
    try {
      expect((await send(restarted)).body).toEqual(tooMany);
    } finally {
      current = first;
      await restarted.close();
    }
  });

  it('throttles registration per address', async () => {
    const address = '198.51.100.30';
    const { max } = rule('register');
    const register = () =>
      caller.post(
        '/user/register',
        {
          user_string: freshEmail(),
          code: '000000',
          password: goodPassword,
          re_password: goodPassword,
          type: 'email',
        },
        { ip: address },
      );
    for (let attempt = 0; attempt < max; attempt += 1) expect((await register()).body).not.toEqual(tooMany);
    expect((await register()).body).toEqual(tooMany);
  });

  it('a locked account and an unknown name answer alike, on another process too: unknown names lock in the database', async () => {
    const { email } = await registerByEmail(caller, first.database.db);
    const unknown = freshEmail('nobody');
    for (const name of [email, unknown]) {
      for (let failure = 0; failure < 5; failure += 1) {
        await caller.post('/user/login', { user_string: name, password: 'wrong-password' });
      }
    }
    // Another server process on the same database (memory is not shared, so a restart alike).
    try {
      current = second;
      const knownLocked = await caller.post('/user/login', { user_string: email, password: goodPassword });
      const unknownLocked = await caller.post('/user/login', {
        user_string: unknown,
        password: goodPassword,
      });
      expect(knownLocked.body).toEqual({ type: 'error', message: en['accounts.errors.login_locked'] });
      expect(unknownLocked).toEqual(knownLocked);
      clock.advance(15 * 60_000);
      expect(
        (await caller.post('/user/login', { user_string: unknown, password: goodPassword })).body,
      ).toEqual({
        type: 'error',
        message: en['accounts.errors.login_failed'],
      });
    } finally {
      current = first;
    }
  });
});
