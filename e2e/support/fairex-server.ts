import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type RunningServer = {
  readonly url: string;
  readonly dataDir: string;
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
};

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const startTimeoutMs = 120_000;
/** The demo-only staff token the e2e server accepts (DEMO_STAFF_TOKEN): an admin until staff accounts exist. */
export const demoStaffToken = 'e2e-demo-staff-token-0123456789abcdef';

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

/**
 * The real server as a user starts it (`tsx apps/server/src/main.ts`, demo on, PGlite in a fresh
 * data directory), serving the built web app. The rate service is off: CI has no internet.
 */
export async function startFairexServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'fairex-e2e-'));
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
      DEMO_STAFF_TOKEN: demoStaffToken,
      // The demo staff token is one person; funding test traders needs one approval per deposit.
      APPROVAL_TWO_PERSON_ABOVE_USDT: '1000000000000',
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
  return {
    url,
    dataDir,
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
