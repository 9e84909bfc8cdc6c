import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { installDemoVisitor } from './demo-visitor';
import { totpCode } from './totp';

export type RunningServer = {
  readonly url: string;
  readonly dataDir: string;
  /**
   * A session of the e2e admin: a real staff account made with `npm run admin:create` before the
   * first start, signed in with password and TOTP. Staff calls of the tests use it.
   */
  readonly staffToken: string;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM, wait for exit; returns the exit code. Keeps the data directory unless asked. */
  stop(options?: { removeData?: boolean }): Promise<number | null>;
  /** SIGKILL (`kill -9`: no shutdown hook runs), wait for exit; keeps the data directory. */
  crash(): Promise<void>;
};

export type ServerOptions = {
  env?: Record<string, string>;
  dataDir?: string;
  /** How long to wait for "Fairex is running" (a first start on PostgreSQL backfills history). */
  startTimeoutMs?: number;
  /**
   * A new installation: an empty data directory, as `npm start` meets it the first time. Without
   * it (and without `dataDir` or a `DATABASE_URL`), the server starts on a copy of the run's
   * prepared installation (support/global-setup.ts): seeded, its price history complete, the e2e
   * admin made, so each file does not spend a minute of CPU on what every other file also does.
   */
  fresh?: boolean;
};

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const startTimeoutMs = 120_000;
/** The admin every e2e server has, as an operator makes the first one. */
export const e2eAdmin = { email: 'e2e-admin@fairex.test', name: 'E2E admin', password: 'e2e-admin-secret-1' };
/** Kept in the data directory, so a restart on the same data signs in as the same admin. */
const staffFileName = 'e2e-staff.json';
type StaffFile = { secret: string; token?: string };

/** `npm run admin:create` on the server's database (PGlite: before the server holds it). */
function createAdmin(dataDir: string, databaseUrl: string): string {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/admin-create.ts',
      '--email',
      e2eAdmin.email,
      '--name',
      e2eAdmin.name,
      '--password',
      e2eAdmin.password,
    ],
    {
      cwd: repositoryRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  );
  const secret = /TOTP secret: (\S+)/.exec(result.stdout)?.[1];
  if (result.status !== 0 || !secret) {
    throw new Error(`admin:create failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return secret;
}

/** Signs the e2e admin in with password and the authenticator code; answers the staff token. */
async function signInAdmin(url: string, secret: string): Promise<string> {
  const response = await fetch(`${url}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: e2eAdmin.email,
      password: e2eAdmin.password,
      code: totpCode(secret),
      lang: 'en',
    }),
  });
  const reply = (await response.json()) as { type: string; message: { token?: string } | string };
  if (reply.type !== 'ok' || typeof reply.message !== 'object' || !reply.message.token) {
    throw new Error(`the e2e admin could not sign in: ${JSON.stringify(reply)}`);
  }
  return reply.message.token;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The run's prepared installation (global-setup.ts provides it), or null outside Vitest's e2e. */
function preparedInstallation(): string | null {
  try {
    return inject('e2ePreparedDataDir') ?? null;
  } catch {
    return null;
  }
}

/** An empty data directory, or a copy of the prepared installation (see `ServerOptions.fresh`). */
function newDataDir(options: ServerOptions): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fairex-e2e-'));
  const prepared = options.fresh || options.env?.DATABASE_URL ? null : preparedInstallation();
  if (prepared) cpSync(prepared, dataDir, { recursive: true });
  return dataDir;
}

/**
 * The real server as a user starts it (`tsx apps/server/src/main.ts`, demo on, PGlite in a fresh
 * data directory), serving the built web app. The rate service is off: CI has no internet.
 */
export async function startFairexServer(options: ServerOptions = {}): Promise<RunningServer> {
  // Test code reads the demo outbox as the same visitor its browser pages are.
  installDemoVisitor();
  const port = await freePort();
  const dataDir = options.dataDir ?? newDataDir(options);
  const staffFile = path.join(dataDir, staffFileName);
  const staff: StaffFile = existsSync(staffFile)
    ? (JSON.parse(readFileSync(staffFile, 'utf8')) as StaffFile)
    : { secret: createAdmin(dataDir, options.env?.DATABASE_URL ?? '') };
  writeFileSync(staffFile, JSON.stringify(staff));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'true',
      FIAT_RATES_URL: 'off',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: '',
      // The e2e admin is one person; funding test traders needs one approval per deposit.
      APPROVAL_TWO_PERSON_ABOVE_USDT: '1000000000000',
      // Every browser of a run signs in and registers from 127.0.0.1; the throttle has its own tests.
      THROTTLE: 'false',
      // Tests pass a fixed seed: reproducible prices (an installation's own seed is secret).
      SIMULATED_MARKET_SEED: '20261122',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? startTimeoutMs);
  while (!output.includes('Fairex is running at')) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A restart on the same data keeps the session (12 hours): a TOTP code is accepted only once.
  if (!staff.token) {
    staff.token = await signInAdmin(url, staff.secret);
    writeFileSync(staffFile, JSON.stringify(staff));
  }
  return {
    url,
    dataDir,
    staffToken: staff.token,
    output: () => output,
    async stop(stopOptions = { removeData: true }) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (stopOptions.removeData) rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
    async crash() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
