import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { auditLog } from './modules/audit/audit.schema';
import { startStaffTestApp, totpCodeAt } from './modules/staff/staff.fixtures';
import { staff } from './modules/staff/staff.schema';
import { type DatabaseHandle, openDatabase } from './platform/db/database';
import type { TestDatabase } from './test-support/test-databases';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
const cliTimeoutMs = 120_000;

/** Runs `npm run admin:create -- <args>` as an operator would (tsx, the repository as cwd). */
function adminCreate(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/admin-create.ts', ...args], {
      cwd: repositoryRoot,
      env: { ...process.env, DATABASE_URL: '', STAFF_TOTP_KEY: '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), cliTimeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function printed(output: string, label: string): string {
  const match = new RegExp(`^${label}:\\s+(\\S+)$`, 'm').exec(output);
  if (!match?.[1]) throw new Error(`no "${label}" in:\n${output}`);
  return match[1];
}

type Target = {
  name: string;
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
};

function pgliteTarget(): Target {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fairex-admin-create-'));
  return {
    name: 'PGlite in DATA_DIR, TOTP secret stored plain',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'pglite', dataDir }),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh database on the test server, named in DATABASE_URL, with STAFF_TOTP_KEY set. */
async function postgresTarget(adminUrl: string): Promise<Target> {
  const databaseName = `fairex_admin_create_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return {
    name: 'PostgreSQL in DATABASE_URL, TOTP secret sealed with STAFF_TOTP_KEY',
    env: { DATABASE_URL: url.toString(), STAFF_TOTP_KEY: randomBytes(32).toString('base64') },
    open: () => openDatabase({ kind: 'postgres', url: url.toString() }),
    async cleanup() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const targets: (() => Promise<Target>)[] = [async () => pgliteTarget()];
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) targets.push(() => postgresTarget(postgresUrl));

describe('npm run admin:create', () => {
  it.each(targets.map((makeTarget, index) => [index === 0 ? 'PGlite' : 'PostgreSQL', makeTarget] as const))(
    'creates the first admin on %s, who signs in with the printed secret; a second run is refused',
    async (_name, makeTarget) => {
      const target = await makeTarget();
      try {
        const created = await adminCreate(
          ['--email', 'First.Admin@Fairex.test', '--name', 'First admin'],
          target.env,
        );
        expect(created.code, created.output).toBe(0);
        const password = printed(created.output, 'Password');
        const secret = printed(created.output, 'TOTP secret');
        const uri = printed(created.output, 'otpauth URI');
        expect(password.length).toBeGreaterThanOrEqual(24);
        expect(uri).toContain(`secret=${secret}`);
        expect(created.output.includes('STAFF_TOTP_KEY is not set')).toBe(!target.env.STAFF_TOTP_KEY);

        const again = await adminCreate(
          ['--email', 'first.admin@fairex.test', '--name', 'Twin', '--password', 'a long enough password'],
          target.env,
        );
        expect(again.code).toBe(1);
        expect(again.output).toContain('A staff account with this e-mail already exists');

        const database = await target.open();
        const [row] = await database.db
          .select()
          .from(staff)
          .where(eq(staff.email, 'first.admin@fairex.test'));
        expect(row).toMatchObject({
          roles: ['admin'],
          status: 'active',
          createdBy: null,
          displayName: 'First admin',
        });
        expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
        expect(row?.totpSecret.startsWith(target.env.STAFF_TOTP_KEY ? 'aesgcm:' : 'plain:')).toBe(true);
        if (target.env.STAFF_TOTP_KEY) expect(row?.totpSecret).not.toContain(secret);
        const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.create'));
        expect(entry).toMatchObject({
          staffId: row?.id,
          targetId: String(row?.id),
          requestId: 'npm run admin:create',
        });

        const clock = { now: () => new Date() };
        const unused: TestDatabase = { name: 'pglite', open: target.open };
        const testApp = await startStaffTestApp(unused, {
          clock,
          database,
          staffTotpKey: target.env.STAFF_TOTP_KEY,
        });
        try {
          const login = await testApp.post('/admin/auth/login', {
            email: 'FIRST.ADMIN@fairex.test',
            password,
            code: totpCodeAt(secret, clock.now()),
          });
          expect(login.body.type, JSON.stringify(login.body)).toBe('ok');
          const token = (login.body.message as { token: string }).token;
          const list = await testApp.get('/admin/staff', token);
          expect(list.body).toMatchObject({
            type: 'ok',
            message: { list: [{ roles: ['admin'], created_by: null }] },
          });
        } finally {
          await testApp.close();
        }
      } finally {
        await target.cleanup();
      }
    },
    cliTimeoutMs * 3,
  );

  it(
    'refuses bad arguments without touching a database',
    async () => {
      const missing = await adminCreate(['--email', 'x@fairex.test'], {
        DATA_DIR: '/nonexistent/never-created',
      });
      expect(missing.code).toBe(1);
      expect(missing.output).toContain('usage: npm run admin:create');
      const short = await adminCreate(['--email', 'x@fairex.test', '--name', 'X', '--password', 'short'], {
        DATA_DIR: '/nonexistent/never-created',
      });
      expect(short.code).toBe(1);
      expect(short.output).toContain('password');
    },
    cliTimeoutMs,
  );
});
