/**
 * Issue 22: the web app, the console and the API are served with the usual security headers
 * (@fastify/helmet): a content security policy that loads only the apps' own scripts and lets no
 * page frame them, a referrer policy, nosniff. The browser test e2e/security-headers.test.ts
 * checks that both apps still work under them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

const [testDatabase] = testDatabases();

describe.runIf(testDatabase)('security headers', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(testDatabase as NonNullable<typeof testDatabase>);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it.each(['/api/getSiteConfig?lang=en', '/api/no/such/route', '/api/docs/'])(
    '%s carries them',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url });
      const policy = String(response.headers['content-security-policy']);
      const directives = new Map(
        policy.split(';').map((part) => {
          const [name = '', ...values] = part.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      // Own scripts, and inline ones only by hash (the web build's early-preload script).
      const scripts = directives.get('script-src') ?? [];
      expect(scripts[0]).toBe("'self'");
      for (const source of scripts.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
    },
  );
});
