import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

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

  it('serves the OpenAPI document', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().info.title).toBe('Fairex API');
  });
});
