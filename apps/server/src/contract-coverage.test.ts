/**
 * Routes are declared once, in packages/contract (issue 15): every /api route the server registers
 * must be one the contract declares, with the same method, path and policy, so the web and console
 * clients call exactly what the server serves. The OpenAPI document under /api/docs is not an API
 * call. The two multipart uploads are the exceptions, listed by name: their body is a file stream
 * read by @fastify/multipart, not a schema a client could be typed by. The list may only shrink (a
 * listed route that is now declared, or gone, fails).
 */

import type { AnyRoute } from '@fairex/contract';
import * as contract from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyOf } from './platform/http/contract-route';
import { startTestApp, type TestApp } from './test-support/test-app';
import { testDatabases } from './test-support/test-databases';

/** Registered directly by their module (multipart bodies): `METHOD /path`. */
const registeredOutsideContract = new Set<string>(['POST /admin/upload', 'POST /upload']);

/** Declared routes a server outside demo mode does not serve. */
const demoOnly = new Set(['POST /api/wallet/demo_funds']);

function isRoute(value: unknown): value is AnyRoute {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<AnyRoute>;
  return (
    (candidate.method === 'GET' || candidate.method === 'POST') &&
    typeof candidate.path === 'string' &&
    candidate.policy !== undefined &&
    candidate.reply !== undefined
  );
}

const declared = new Map<string, AnyRoute>();
for (const value of Object.values(contract)) {
  if (isRoute(value)) declared.set(`${value.method} /api${value.path}`, value);
}

describe('the contract declares every /api route', () => {
  let testApp: TestApp;
  let registered: { method: string; url: string; policy: unknown }[];

  beforeAll(async () => {
    const [database] = testDatabases();
    if (!database) throw new Error('no test database');
    testApp = await startTestApp(database, { clock: { now: () => new Date() } });
    registered = testApp.app.registeredRoutes.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/docs') &&
        route.method !== 'HEAD' &&
        route.method !== 'OPTIONS',
    );
  });
  afterAll(() => testApp?.close());

  it('serves only declared routes, each with its declared policy', () => {
    const undeclared: string[] = [];
    for (const route of registered) {
      const key = `${route.method} ${route.url}`;
      const declaration = declared.get(key);
      if (!declaration) {
        if (!registeredOutsideContract.has(key.replace(' /api', ' '))) undeclared.push(key);
        continue;
      }
      expect(route.policy, key).toEqual(policyOf(declaration.policy));
    }
    expect(undeclared).toEqual([]);
  });

  it('lists as not yet declared only routes that are served and still undeclared', () => {
    const served = new Set(registered.map((route) => `${route.method} ${route.url.slice('/api'.length)}`));
    const stale = [...registeredOutsideContract].filter(
      (key) => !served.has(key) || declared.has(key.replace(' ', ' /api')),
    );
    expect(stale).toEqual([]);
  });

  it('serves every route the contract declares', () => {
    const served = new Set(registered.map((route) => `${route.method} ${route.url}`));
    const unserved = [...declared.keys()].filter((key) => !served.has(key) && !demoOnly.has(key));
    expect(unserved).toEqual([]);
  });
});
