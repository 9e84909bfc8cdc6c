import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-support/test-app';
import { testDatabases } from './test-support/test-databases';

/** The operator console's build is served at /admin/ by the same server as the API it calls. */
describe('the operator console at /admin/', () => {
  const [database] = testDatabases();
  let testApp: TestApp;
  const distDir = mkdtempSync(path.join(tmpdir(), 'fairex-admin-dist-'));

  beforeAll(async () => {
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Fairex console</title>');
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'assets', 'index-abc.js'), 'console.log("console")');
    testApp = await startTestApp(database as NonNullable<typeof database>, {
      env: { ADMIN_DIST_DIR: distDir },
    });
  });

  afterAll(async () => {
    await testApp?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('serves the console and its assets, and sends /admin to /admin/', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/admin/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fairex console');
    const asset = await testApp.app.inject({ method: 'GET', url: '/admin/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const bare = await testApp.app.inject({ method: 'GET', url: '/admin' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/admin/');
  });

  it('keeps the API apart: /api/admin/... is still the staff API', async () => {
    const reply = await testApp.app.inject({ method: 'GET', url: '/api/admin/auth/me?lang=en' });
    expect(reply.json()).toMatchObject({ type: 'error' });
  });
});
