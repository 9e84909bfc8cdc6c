import { type Locale, unsetTimezone } from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal, SessionResolver } from '../../platform/http/route-policy';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

/** Accounts do not exist yet: this stand-in knows a few fixed tokens. */
const testSessions: SessionResolver = {
  resolve: async (token) => {
    const principals: Record<string, Principal> = {
      'token-user-7': { kind: 'user', userId: 7, verificationLevel: 0 },
      'token-user-8': { kind: 'user', userId: 8, verificationLevel: 0 },
      'token-user-9': { kind: 'user', userId: 9, verificationLevel: 0 },
      'token-staff-1': { kind: 'staff', staffId: 1, roles: ['admin'] },
    };
    return principals[token] ?? null;
  },
};

type Call = { status: number; body: { type: unknown; message: unknown } };

function stateReply(timezone: string | null, method: 'browser' | 'manual' | null, message: string) {
  return {
    status: 200,
    body: { type: 'ok', message: { success: true, data: { timezone, method }, message } },
  };
}

describe.each(testDatabases())('timezone routes on $name', (testDatabase) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { sessions: testSessions });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const current = (token?: string): Promise<Call> =>
    testApp.call({
      method: 'GET',
      url: '/api/timezone/current',
      headers: token ? { authorization: token } : {},
    });
  const post = (
    path: string,
    body: Record<string, unknown>,
    token?: string,
    lang: Locale = 'en',
  ): Promise<Call> =>
    testApp.call({
      method: 'POST',
      url: `/api/timezone/${path}`,
      headers: token ? { authorization: token } : {},
      payload: { ...body, lang },
    });

  it('states a policy on every route: reading is public, writing needs a user', () => {
    const policyOf = (url: string) => testApp.app.registeredRoutes.find((route) => route.url === url)?.policy;
    expect(policyOf('/api/timezone/current')).toEqual({ kind: 'public' });
    expect(policyOf('/api/timezone/list')).toEqual({ kind: 'public' });
    expect(policyOf('/api/timezone/detect')).toEqual({ kind: 'user' });
    expect(policyOf('/api/timezone/set')).toEqual({ kind: 'user' });
  });

  it('answers unset to a visitor without a session, or with an unknown token', async () => {
    expect(await current()).toEqual(stateReply(null, null, ''));
    expect(await current('no-such-token')).toEqual(stateReply(null, null, ''));
  });

  it('refuses detect and set without a session with type 999 and HTTP 200', async () => {
    const detect = await post('detect', { timezone: 'Asia/Shanghai', method: 'browser' });
    expect(detect.status).toBe(200);
    expect(detect.body.type).toBe(999);
    expect((await post('set', { timezone: 'Asia/Shanghai' }, undefined, 'zh')).body).toEqual({
      type: 999,
      message: '登录已失效，请重新登录',
    });
    expect((await post('set', { timezone: 'Asia/Shanghai' }, 'token-staff-1')).body.type).toBe(999);
  });

  it('treats a detected New York as unset and stores nothing', async () => {
    expect(await post('detect', { timezone: unsetTimezone, method: 'browser' }, 'token-user-7')).toEqual(
      stateReply(null, null, 'Time zone unchanged'),
    );
    expect(await current('token-user-7')).toEqual(stateReply(null, null, ''));
  });

  it('stores a browser detection, and a later one replaces it', async () => {
    expect(await post('detect', { timezone: 'Asia/Shanghai', method: 'browser' }, 'token-user-7')).toEqual(
      stateReply('Asia/Shanghai', 'browser', 'Time zone saved'),
    );
    expect(await current('token-user-7')).toEqual(stateReply('Asia/Shanghai', 'browser', ''));
    await post('detect', { timezone: 'Asia/Bangkok', method: 'browser' }, 'token-user-7');
    expect(await current(`Bearer token-user-7`)).toEqual(stateReply('Asia/Bangkok', 'browser', ''));
    // Another user is untouched.
    expect(await current('token-user-8')).toEqual(stateReply(null, null, ''));
  });

  it('keeps a manual choice when the browser reports something else, in the caller’s language', async () => {
    expect(await post('set', { timezone: 'Europe/Paris' }, 'token-user-8', 'fra')).toEqual(
      stateReply('Europe/Paris', 'manual', 'Fuseau horaire enregistré'),
    );
    expect(
      await post('detect', { timezone: 'Asia/Tokyo', method: 'browser' }, 'token-user-8', 'fra'),
    ).toEqual(stateReply('Europe/Paris', 'manual', 'Fuseau horaire inchangé'));
    expect(await current('token-user-8')).toEqual(stateReply('Europe/Paris', 'manual', ''));
  });

  it('stores New York when the user picks it by hand', async () => {
    await post('detect', { timezone: 'Asia/Tokyo', method: 'browser' }, 'token-user-9');
    expect(await post('set', { timezone: unsetTimezone }, 'token-user-9')).toEqual(
      stateReply(unsetTimezone, 'manual', 'Time zone saved'),
    );
    expect(await current('token-user-9')).toEqual(stateReply(unsetTimezone, 'manual', ''));
  });

  it('accepts form-encoded bodies, aliases and other casings, storing the listed name', async () => {
    const reply = await testApp.call({
      method: 'POST',
      url: '/api/timezone/set',
      headers: { authorization: 'token-user-9', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'timezone=asia%2Fshanghai&lang=en',
    });
    expect(reply).toEqual(stateReply('Asia/Shanghai', 'manual', 'Time zone saved'));
    const list = (await testApp.call({ method: 'GET', url: '/api/timezone/list' })).body.message as {
      value: string;
    }[];
    const values = new Set(list.map((item) => item.value));
    const india = await post('set', { timezone: 'Asia/Kolkata' }, 'token-user-9');
    const stored = (india.body.message as { data: { timezone: string } }).data.timezone;
    expect(values.has(stored)).toBe(true);
    expect((await post('set', { timezone: 'Etc/UTC' }, 'token-user-9')).body.message).toMatchObject({
      data: { timezone: 'UTC' },
    });
  });

  it('refuses a zone that is not on the list with a localised error', async () => {
    expect(await post('set', { timezone: 'Mars/Olympus_Mons' }, 'token-user-7')).toEqual({
      status: 200,
      body: { type: 'error', message: 'Unknown time zone' },
    });
    expect(
      (await post('detect', { timezone: 'EST5EDT+1', method: 'browser' }, 'token-user-7', 'zh')).body,
    ).toEqual({
      type: 'error',
      message: '未知的时区',
    });
    expect(await current('token-user-7')).toEqual(stateReply('Asia/Bangkok', 'browser', ''));
  });

  it('refuses malformed bodies with a parameter error', async () => {
    const parameterError = { status: 200, body: { type: 'error', message: 'Parameter error' } };
    expect(await post('detect', { timezone: 'Asia/Tokyo' }, 'token-user-7')).toEqual(parameterError);
    expect(await post('detect', { timezone: 'Asia/Tokyo', method: 'gps' }, 'token-user-7')).toEqual(
      parameterError,
    );
    expect(await post('set', { timezone: 'Asia/Tokyo', method: 'manual' }, 'token-user-7')).toEqual(
      parameterError,
    );
    expect(await post('set', { timezone: '' }, 'token-user-7')).toEqual(parameterError);
    expect(await post('set', { timezone: 'x'.repeat(65) }, 'token-user-7')).toEqual(parameterError);
  });

  it('lists every zone with its UTC offset, west to east', async () => {
    const reply = await testApp.call({ method: 'GET', url: '/api/timezone/list?lang=jp' });
    expect(reply.body.type).toBe('ok');
    const list = reply.body.message as { label: string; value: string }[];
    expect(list.length).toBeGreaterThan(300);
    expect(list).toContainEqual({ label: '(UTC+08:00) Asia/Shanghai', value: 'Asia/Shanghai' });
    expect(list).toContainEqual({ label: '(UTC+00:00) UTC', value: 'UTC' });
    const offsets = list.map((item) => {
      const match = /^\(UTC([+-])(\d{2}):(\d{2})\) (.+)$/.exec(item.label);
      expect(match?.[4]).toBe(item.value);
      const minutes = Number(match?.[2]) * 60 + Number(match?.[3]);
      return match?.[1] === '-' ? -minutes : minutes;
    });
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(new Set(list.map((item) => item.value)).size).toBe(list.length);
  });
});
