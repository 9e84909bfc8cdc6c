/**
 * The role sweep: every route whose policy is `staff` (today's and any added later) refuses a
 * caller without a token, a user's session, and a staff member of each role that is neither admin
 * nor among the route's roles, with the catalogued "forbidden" (HTTP 403), and nothing changes.
 *
 * The policy is checked before the body and query are validated: each caller probes with requests
 * sampled from the route's OpenAPI description (which pass its schema) and with a malformed one,
 * and every probe must get the same refusal.
 */
import { staffRoleNames } from '@fairex/contract';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrCreateWalletUser, issueSession } from './modules/accounts';
import type { Principal, StaffRole } from './platform/http/route-policy';
import { serverMessages } from './platform/i18n/messages';
import { startTestApp, type TestApp } from './test-support/test-app';
import { testDatabases } from './test-support/test-databases';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  nullable?: boolean;
};
type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const clock = { now: () => new Date() };
const forbidden = { type: 'error', message: serverMessages.en['errors.forbidden'] };
const roleToken = (role: StaffRole) => `sweep-${role}`;
const staffStandIns: Record<string, Principal> = Object.fromEntries(
  staffRoleNames.map((role, index) => [
    roleToken(role),
    { kind: 'staff', staffId: 900 + index, roles: [role] },
  ]),
);

/** Texts tried, in order, for a string with a pattern: the first the pattern accepts is used. */
const patternCandidates = [
  '1',
  '12',
  '0123456789abcdef',
  'ab',
  'abc',
  'probe',
  '2026-01-01',
  '1.5',
  'USDT',
  'TRC20',
  'a'.repeat(64),
  '0'.repeat(64),
  'probe@example.com',
  '/probe',
  'https://example.com/probe',
  'ABC',
  'ABC/USDT',
  '09:00-17:00 UTC',
];

/**
 * Ways to fill a request: every property; only the required ones; every property but nullable
 * optional ones as null; and a malformed one that no schema accepts. The policy answers before
 * validation, so every one of them must get the same 403: a "Parameter error" to an outsider
 * would tell them which fields the route has.
 */
const sampleModes = ['all', 'required', 'nulls', 'malformed'] as const;
type SampleMode = (typeof sampleModes)[number];

/** A value the schema accepts: the first choice of each union, every property, small numbers. */
function sample(schema: JsonSchema | undefined, mode: SampleMode, name = ''): unknown {
  if (!schema) return 'probe';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    const choice = choices.find((option) => option.type !== 'null') ?? choices[0];
    return sample(choice, mode);
  }
  if (schema.allOf?.[0]) return sample(schema.allOf[0], mode);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object') || schema.properties) {
    const required = new Set(schema.required ?? []);
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([name]) => mode !== 'required' || required.has(name))
        .map(([name, property]) => [
          name,
          mode === 'nulls' && !required.has(name) && property.nullable ? null : sample(property, mode, name),
        ]),
    );
  }
  if (types.includes('array')) {
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, mode));
  }
  if (types.includes('integer') || types.includes('number')) {
    const floor = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 1);
    return Math.max(1, floor);
  }
  if (types.includes('boolean')) return true;
  if (types.includes('null')) return null;
  // A piped e-mail check does not reach the JSON schema: the field's name tells.
  if (schema.format === 'email' || /email/.test(name)) return 'probe@example.com';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const found = patternCandidates.find((candidate) => pattern.test(candidate));
    if (found !== undefined) return found;
  }
  const length = Math.max(schema.minLength ?? 1, 'probe text'.length);
  return 'probe text'.padEnd(length, 'x').slice(0, schema.maxLength ?? length);
}

/** A request for the route that passes its schema: query from the parameters, JSON body. */
function sampleRequest(operation: Operation | undefined, mode: SampleMode): { query: string; body: unknown } {
  if (mode === 'malformed') return { query: 'page=-1&id=x', body: { probe: [null], amount: 'not a number' } };
  const query = new URLSearchParams();
  for (const parameter of operation?.parameters ?? []) {
    if (parameter.in !== 'query' || (mode === 'required' && !parameter.required)) continue;
    const value = sample(parameter.schema, mode);
    if (value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(parameter.name, String(item));
  }
  const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
  return { query: query.toString(), body: bodySchema ? sample(bodySchema, mode) : undefined };
}

describe.each(testDatabases())('every staff route refuses everyone else on $name', (testDatabase) => {
  let testApp: TestApp;
  let userToken: string;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, staffStandIns });
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const { userId } = await findOrCreateWalletUser(testApp.database.db, { address, clock });
    userToken = await issueSession(testApp.database.db, {
      userId,
      stayLoggedIn: false,
      clock,
      clientAddress: '127.0.0.1',
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** Row counts that any staff action would move (audit entries, ledger entries, decisions...). */
  async function footprint(): Promise<Record<string, number>> {
    const tables = ['audit_log', 'ledger_entries', 'staff', 'staff_sessions', 'users', 'user_sessions'];
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const result = (await testApp.database.db.execute(
        sql.raw(`select count(*)::int as n from ${table}`),
      )) as unknown as { rows: { n: number }[] };
      counts[table] = Number(result.rows[0]?.n ?? 0);
    }
    const frozen = (await testApp.database.db.execute(
      sql`select count(*)::int as n from users where login_frozen or verification_level > 0`,
    )) as unknown as { rows: { n: number }[] };
    counts.changed_users = Number(frozen.rows[0]?.n ?? 0);
    return counts;
  }

  it('refuses no token, a user session and every other role on each staff route', async () => {
    const staffRoutes = testApp.app.registeredRoutes.filter(
      (route) => route.policy?.kind === 'staff' && route.method !== 'HEAD',
    );
    // The sweep is only as good as what it sees: the known staff areas must be among the routes.
    const urls = new Set(staffRoutes.map((route) => route.url));
    for (const url of ['/api/admin/deposits/decide', '/api/admin/staff/update', '/api/admin/users/freeze']) {
      expect(urls, url).toContain(url);
    }
    const document = testApp.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const before = await footprint();
    let probes = 0;
    const leaks: string[] = [];

    for (const route of staffRoutes) {
      const policy = route.policy;
      if (policy?.kind !== 'staff') continue;
      const operation = document.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const probe = async (token: string | undefined, mode: SampleMode) => {
        probes += 1;
        const { query, body } = sampleRequest(operation, mode);
        return testApp.call({
          method: route.method as 'GET' | 'POST',
          url: `${route.url.replace(/:\w+/g, '1')}${query ? `?${query}` : ''}`,
          headers: {
            ...(token ? { authorization: token } : {}),
            ...(route.method === 'POST' ? { 'idempotency-key': `sweep-${probes}` } : {}),
          },
          ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
        });
      };
      const outsiders = staffRoleNames.filter((role) => role !== 'admin' && !policy.roles.includes(role));
      const callers: [string, string | undefined][] = [
        ['no token', undefined],
        ['a user', userToken],
        ...outsiders.map((role): [string, string] => [`role ${role}`, roleToken(role)]),
      ];
      for (const [who, token] of callers) {
        for (const mode of sampleModes) {
          const reply = await probe(token, mode);
          if (reply.status !== 403 || JSON.stringify(reply.body) !== JSON.stringify(forbidden)) {
            leaks.push(
              `${route.method} ${route.url} by ${who} (${mode}): ${reply.status} ${JSON.stringify(reply.body)}`,
            );
          }
        }
      }
    }
    console.log(
      `[${testDatabase.name}] staff route sweep: ${staffRoutes.length} routes, ${probes} access probes, ${leaks.length} leaks`,
    );
    expect(leaks).toEqual([]);
    expect(await footprint()).toEqual(before);
  });
});
