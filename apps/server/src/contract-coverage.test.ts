/**
 * Routes are declared once, in packages/contract (issue 15): every /api route the server registers
 * must be one the contract declares, with the same method, path and policy, so the web and console
 * clients call exactly what the server serves. Routes not yet moved into the contract are listed
 * below by name (the OpenAPI document under /api/docs is not an API call); the list may only shrink (a listed route that is now declared, or gone, fails).
 */

import type { AnyRoute } from '@fairex/contract';
import * as contract from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyOf } from './platform/http/contract-route';
import { startTestApp, type TestApp } from './test-support/test-app';
import { testDatabases } from './test-support/test-databases';

/** Registered directly by their module, not yet declared in the contract: `METHOD /path`. */
const notYetDeclared = new Set<string>([
  'GET /aboutus',
  'GET /admin/adjustments',
  'POST /admin/adjustments',
  'POST /admin/adjustments/decide',
  'GET /admin/adjustments/requests',
  'GET /admin/audit',
  'GET /admin/audit.csv',
  'POST /admin/auth/logout',
  'GET /admin/auth/me',
  'GET /admin/deposit-addresses',
  'POST /admin/deposit-addresses/save',
  'GET /admin/deposits',
  'POST /admin/deposits/decide',
  'GET /admin/staff',
  'POST /admin/staff/create',
  'POST /admin/staff/reset_totp',
  'POST /admin/staff/update',
  'POST /admin/upload',
  'GET /admin/verifications',
  'POST /admin/verifications/decide',
  'GET /admin/withdrawals',
  'POST /admin/withdrawals/decide',
  'GET /coin/markets',
  'GET /contactus',
  'GET /fiat/rates',
  'GET /operational_compliance',
  'POST /upload',
  'POST /user/cash_info',
  'POST /user/cash_info_international',
  'POST /user/cash_save',
  'POST /user/cash_save_international',
  'POST /user/getTransferList',
]);

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
        if (!notYetDeclared.has(key.replace(' /api', ' '))) undeclared.push(key);
        continue;
      }
      expect(route.policy, key).toEqual(policyOf(declaration.policy));
    }
    expect(undeclared).toEqual([]);
  });

  it('lists as not yet declared only routes that are served and still undeclared', () => {
    const served = new Set(registered.map((route) => `${route.method} ${route.url.slice('/api'.length)}`));
    const stale = [...notYetDeclared].filter(
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
