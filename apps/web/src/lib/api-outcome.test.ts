import { describe, expect, it } from 'vitest';
import { buildRequest, decideApiOutcome, effectsOf } from './api-outcome';

const routes = { login: '/pages/common/login', realMark: '/pages/setting/real_mark' };

describe('decideApiOutcome', () => {
  it('resolves the message of an ok reply', () => {
    expect(decideApiOutcome(200, { type: 'ok', message: { a: 1 } })).toEqual({
      kind: 'success',
      data: { a: 1 },
    });
  });

  it('treats code 1 as success, as older clients do', () => {
    expect(decideApiOutcome(200, { code: 1, message: 'x' })).toEqual({ kind: 'success', data: 'x' });
    expect(decideApiOutcome(200, { code: '1', data: [1] })).toEqual({ kind: 'success', data: [1] });
  });

  it('makes HTTP 404 a soft success', () => {
    expect(decideApiOutcome(404, null)).toEqual({ kind: 'unavailable' });
  });

  it('rejects any other non-200 status', () => {
    for (const status of [0, 201, 301, 400, 401, 500, 502, 503]) {
      expect(decideApiOutcome(status, { type: 'ok', message: 1 })).toEqual({ kind: 'http-error', status });
    }
  });

  it('recognises 999 and 998, as numbers or strings', () => {
    expect(decideApiOutcome(200, { type: 999, message: 'expired' })).toEqual({
      kind: 'session-invalid',
      message: 'expired',
    });
    expect(decideApiOutcome(200, { type: '998', message: 'verify' })).toEqual({
      kind: 'verification-required',
      message: 'verify',
    });
  });

  it('fails any other type with the server message', () => {
    expect(decideApiOutcome(200, { type: 'error', message: 'Insufficient balance' })).toEqual({
      kind: 'failure',
      message: 'Insufficient balance',
    });
    expect(decideApiOutcome(200, { type: 'weird', message: 42 })).toEqual({ kind: 'failure', message: '' });
  });

  it('calls a body without the envelope a bad reply', () => {
    for (const body of [null, 'text', [1, 2], { message: 'no type' }, 5]) {
      expect(decideApiOutcome(200, body)).toEqual({ kind: 'bad-reply' });
    }
  });
});

describe('effectsOf', () => {
  it('soft-succeeds a 404 with a localised notice', () => {
    expect(effectsOf({ kind: 'unavailable' }, routes)).toEqual({
      settle: 'resolve-empty',
      toast: { key: 'common:api.unavailable' },
      clearSession: false,
      redirectTo: null,
    });
  });

  it('rejects a non-200 with the network message', () => {
    expect(effectsOf({ kind: 'http-error', status: 500 }, routes)).toMatchObject({
      settle: 'reject',
      toast: { key: 'common:api.network' },
    });
  });

  it('clears the session and goes to login on 999', () => {
    expect(effectsOf({ kind: 'session-invalid', message: 'Session expired' }, routes)).toEqual({
      settle: 'reject',
      toast: { text: 'Session expired' },
      clearSession: true,
      redirectTo: '/pages/common/login',
    });
  });

  it('goes to the real-name page on 998 and keeps the session', () => {
    expect(effectsOf({ kind: 'verification-required', message: 'Verify first' }, routes)).toEqual({
      settle: 'reject',
      toast: { text: 'Verify first' },
      clearSession: false,
      redirectTo: '/pages/setting/real_mark',
    });
  });

  it('toasts the server text of a failure, or a generic one when it is empty', () => {
    expect(effectsOf({ kind: 'failure', message: 'Parameter error' }, routes).toast).toEqual({
      text: 'Parameter error',
    });
    expect(effectsOf({ kind: 'failure', message: '  ' }, routes).toast).toEqual({ key: 'common:api.failed' });
  });
});

describe('buildRequest', () => {
  it('puts lang and parameters in the query of a GET, and the bare token in Authorization', () => {
    const request = buildRequest({
      method: 'GET',
      path: '/news/index_pop',
      params: { page: 2, skip: undefined },
      token: 'tok123',
      lang: 'th',
    });
    expect(request.url).toBe('/api/news/index_pop?page=2&lang=th');
    expect(request.headers.Authorization).toBe('tok123');
    expect(request.body).toBeUndefined();
  });

  it('form-encodes a POST by default, with lang in the body', () => {
    const request = buildRequest({
      method: 'POST',
      path: '/news/list',
      params: { c_id: 5 },
      token: null,
      lang: 'en',
    });
    expect(request.url).toBe('/api/news/list');
    expect(request.headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(request.headers.Authorization).toBeUndefined();
    expect(new URLSearchParams(request.body).get('c_id')).toBe('5');
    expect(new URLSearchParams(request.body).get('lang')).toBe('en');
  });

  it('sends JSON when asked', () => {
    const request = buildRequest({
      method: 'POST',
      path: '/news/detail',
      params: { id: 7 },
      json: true,
      token: 't',
      lang: 'zh',
    });
    expect(request.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(request.body ?? '')).toEqual({ id: 7, lang: 'zh' });
  });

  it('lets the stored language win over a caller-supplied lang', () => {
    const request = buildRequest({
      method: 'GET',
      path: '/menu',
      params: { lang: 'xx' },
      token: null,
      lang: 'vi',
    });
    expect(request.url).toBe('/api/menu?lang=vi');
  });
});
