import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type AppDeps, buildApp } from '../app';
import { loadConfig } from '../config';
import type { Clock } from '../platform/clock';
import type { DatabaseHandle } from '../platform/db/database';
import { noSessions } from '../platform/http/route-policy';
import { LocalFileStorage } from '../platform/storage/local-file-storage';
import type { TestDatabase } from './test-databases';

export type TestApp = {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly dataDir: string;
  /** Sends a request and returns the parsed reply with its HTTP status. */
  call(options: InjectOptions): Promise<{ status: number; body: { type: unknown; message: unknown } }>;
  close(): Promise<void>;
};

export const fixedClock = (iso: string): Clock => ({ now: () => new Date(iso) });

/** A real app on a real database (PGlite or PostgreSQL) with a throwaway data directory. */
export async function startTestApp(
  testDatabase: TestDatabase,
  overrides: Partial<Omit<AppDeps, 'database' | 'config'>> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fairex-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    FIAT_RATES_URL: 'off',
    ...overrides.env,
  });
  const database = await testDatabase.open();
  const app = await buildApp({
    config,
    database,
    clock: overrides.clock ?? { now: () => new Date() },
    sessions: overrides.sessions ?? noSessions,
    storage: overrides.storage ?? new LocalFileStorage(path.join(dataDir, 'uploads')),
    fiatRateSource: overrides.fiatRateSource ?? null,
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async call(options) {
      const response = await app.inject(options);
      return { status: response.statusCode, body: response.json() };
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
