/**
 * Issue 22 defect 6: NUL and other control characters in text fields reached PostgreSQL, which
 * refused them, and the reply was "service busy" with an error-level stack. Every field the
 * attack run named now answers the localised "control characters" error and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { serverMessages } from '../i18n/messages';
import type { Principal } from './route-policy';

const staffToken = 'staff-all-roles';
const staffStandIns: Record<string, Principal> = {
  [staffToken]: {
    kind: 'staff',
    staffId: 1,
    roles: ['admin', 'compliance', 'finance', 'content', 'support'],
  },
};

/** The fields of the attack run, each with a NUL (and one with another C0 code, one with DEL). */
const probes: { name: string; method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }[] = [
  {
    name: 'login user_string',
    method: 'POST',
    url: '/api/user/login',
    payload: { user_string: 'a\u0000b@example.com', password: 'secret123' },
  },
  {
    name: 'staff login e-mail',
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { email: 'ops\u0000@example.com', password: 'x', totp: '123456' },
  },
  { name: 'admin user search', method: 'GET', url: '/api/admin/users?q=ab%00c' },
  {
    name: 'deposit account',
    method: 'POST',
    url: '/api/wallet/charge_req',
    payload: { amount: '1', currency: 3, account: 'bank\u0000' },
  },
  {
    name: 'adjustment reason',
    method: 'POST',
    url: '/api/admin/adjustments',
    payload: { user_id: 1, currency: 3, account: 'change', amount: '1', reason: 'r\u0000' },
  },
  {
    name: 'article',
    method: 'POST',
    url: '/api/admin/content/articles/create',
    payload: { title: 'T\u0000', summary: '', content: 'x', locale: 'en', category: 1 },
  },
  {
    name: 'FAQ',
    method: 'POST',
    url: '/api/admin/content/faq/create',
    payload: { question: 'Q\u0007', answer: 'A', locale: 'en' },
  },
  {
    name: 'page',
    method: 'POST',
    url: '/api/admin/content/pages/save',
    payload: { key: 'about', locale: 'en', title: 'T', content: 'body\u007f' },
  },
  {
    name: 'staff name',
    method: 'POST',
    url: '/api/admin/staff/create',
    payload: { email: 'n@example.com', name: 'N\u0000', roles: 'support' },
  },
  {
    name: 'freeze reason',
    method: 'POST',
    url: '/api/admin/users/freeze',
    payload: { user_id: 1, reason: 'because\u0000' },
  },
];

describe.each(testDatabases())('control characters in text fields on $name', (testDatabase) => {
  let testApp: TestApp;
  let userToken = '';
  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { staffStandIns });
    const { findOrCreateWalletUser, issueSession } = await import('../../modules/accounts');
    const clock = { now: () => new Date() };
    const { userId } = await findOrCreateWalletUser(testApp.database.db, {
      address: '0x00000000000000000000000000000000000000aa',
      clock,
    });
    userToken = await issueSession(testApp.database.db, {
      userId,
      stayLoggedIn: false,
      clock,
      clientAddress: '',
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it.each(probes)('$name: a localised refusal, never "service busy"', async (probe) => {
    const authorization =
      probe.url.startsWith('/api/admin/') && !probe.url.includes('/auth/') ? staffToken : userToken;
    for (const lang of ['en', 'zh'] as const) {
      const reply = await testApp.call({
        method: probe.method,
        url: `${probe.url}${probe.url.includes('?') ? '&' : '?'}lang=${lang}`,
        headers: { authorization },
        ...(probe.payload ? { payload: probe.payload } : {}),
      });
      expect(reply).toEqual({
        status: 200,
        body: { type: 'error', message: serverMessages[lang]['errors.control_characters'] },
      });
    }
  });

  it('a form-encoded %00 is refused the same way', async () => {
    const reply = await testApp.call({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'user_string=a%00b&password=secret123&lang=en',
    });
    expect(reply.body).toEqual({ type: 'error', message: serverMessages.en['errors.control_characters'] });
  });

  it('tabs and line breaks in long text are still accepted', async () => {
    const reply = await testApp.call({
      method: 'POST',
      url: '/api/admin/content/faq/create?lang=en',
      headers: { authorization: staffToken },
      payload: { question: 'Line one\nline two', answer: 'Tab\there\r\nend', locale: 'en' },
    });
    expect(reply.body.message).not.toBe(serverMessages.en['errors.control_characters']);
    expect(reply.body.message).not.toBe(serverMessages.en['errors.internal']);
  });
});
