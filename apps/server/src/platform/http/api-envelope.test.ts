import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { serverMessages } from '../i18n/messages';

const parameterError = serverMessages.en['errors.parameter_error'];

describe.each(testDatabases())('the /api envelope on $name', (testDatabase) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(testDatabase);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers an unknown route with HTTP 404 and a localised error', async () => {
    const english = await testApp.call({ method: 'GET', url: '/api/no/such/route' });
    expect(english).toEqual({ status: 404, body: { type: 'error', message: 'Not found' } });
    const chinese = await testApp.call({ method: 'GET', url: '/api/no/such/route?lang=zh' });
    expect(chinese.body).toEqual({ type: 'error', message: '内容不存在' });
  });

  it('accepts form-encoded and JSON bodies alike, with lang in the body', async () => {
    const form = await testApp.call({
      method: 'POST',
      url: '/api/news/list',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'c_id=4&lang=en',
    });
    const json = await testApp.call({
      method: 'POST',
      url: '/api/news/list',
      payload: { c_id: 4, lang: 'en' },
    });
    expect(form.status).toBe(200);
    expect(form.body.type).toBe('ok');
    expect(json.body).toEqual(form.body);
  });

  it('takes lang from the query, the body, a lang header or accept-language, default en', async () => {
    const bad = { method: 'POST' as const, payload: { c_id: 3 } };
    const byQuery = await testApp.call({ ...bad, url: '/api/news/list?lang=fra' });
    const byBody = await testApp.call({ ...bad, url: '/api/news/list', payload: { c_id: 3, lang: 'jp' } });
    const byHeader = await testApp.call({ ...bad, url: '/api/news/list', headers: { lang: 'kor' } });
    const byAccept = await testApp.call({
      ...bad,
      url: '/api/news/list',
      headers: { 'accept-language': 'zh-tw' },
    });
    const byDefault = await testApp.call({ ...bad, url: '/api/news/list' });
    const unknown = await testApp.call({ ...bad, url: '/api/news/list?lang=xx' });
    expect(byQuery.body.message).toBe(serverMessages.fra['errors.parameter_error']);
    expect(byBody.body.message).toBe(serverMessages.jp['errors.parameter_error']);
    expect(byHeader.body.message).toBe(serverMessages.kor['errors.parameter_error']);
    expect(byAccept.body.message).toBe(serverMessages.hk['errors.parameter_error']);
    expect(byDefault.body.message).toBe(parameterError);
    expect(unknown.body.message).toBe(parameterError);
  });

  const malformed: Array<[string, { payload: string; contentType: string }]> = [
    ['broken JSON', { payload: '{"c_id": 4', contentType: 'application/json' }],
    [
      'a __proto__ key',
      { payload: '{"c_id": 4, "__proto__": {"admin": true}}', contentType: 'application/json' },
    ],
    [
      'a constructor.prototype key',
      { payload: '{"constructor": {"prototype": {"x": 1}}}', contentType: 'application/json' },
    ],
    ['a wrong type', { payload: '{"c_id": "four"}', contentType: 'application/json' }],
    ['an array body', { payload: '[4]', contentType: 'application/json' }],
    ['an unknown field', { payload: '{"c_id": 4, "admin": true}', contentType: 'application/json' }],
    ['a missing field', { payload: '{}', contentType: 'application/json' }],
    [
      'a deep body',
      { payload: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, contentType: 'application/json' },
    ],
    [
      'bad UTF-8 in a form',
      { payload: 'c_id=%C3%28&x=%FF', contentType: 'application/x-www-form-urlencoded' },
    ],
    ['an unsupported content type', { payload: '<c_id>4</c_id>', contentType: 'application/xml' }],
    ['a float id', { payload: 'c_id=4.5', contentType: 'application/x-www-form-urlencoded' }],
    ['an empty form', { payload: '', contentType: 'application/x-www-form-urlencoded' }],
  ];
  it.each(malformed)('refuses %s with a localised Parameter error, HTTP 200', async (_name, request) => {
    const reply = await testApp.call({
      method: 'POST',
      url: '/api/news/list?lang=en',
      headers: { 'content-type': request.contentType },
      payload: request.payload,
    });
    expect(reply).toEqual({ status: 200, body: { type: 'error', message: parameterError } });
  });

  it('refuses a body over the size limit without a stack trace', async () => {
    const reply = await testApp.call({
      method: 'POST',
      url: '/api/news/list',
      payload: { c_id: 4, padding: 'x'.repeat(400 * 1024) },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ type: 'error', message: serverMessages.en['errors.request_too_large'] });
  });

  it('serves the OpenAPI document and the interactive reference', async () => {
    const document = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const openapi = document.json();
    expect(openapi.info.title).toBe('Fairex API');
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/api/getSiteConfig', '/api/news/list']),
    );
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('echoes a request id on every reply', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/getSiteConfig' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
