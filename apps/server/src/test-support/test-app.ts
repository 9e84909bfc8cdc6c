import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type AppDeps, buildApp } from '../app';
import { loadConfig } from '../config';
import { createSessionResolver } from '../modules/accounts';
import { configureMarketDefaults } from '../modules/market';
import { withStaffSessions } from '../modules/staff';
import type { Clock } from '../platform/clock';
import type { DatabaseHandle } from '../platform/db/database';
import { type Principal, type SessionResolver, withFixedPrincipals } from '../platform/http/route-policy';
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

/** A clock tests move by hand: starts at `iso`, moves only when told. */
export function steppingClock(iso: string): Clock & { advance(ms: number): void; set(iso: string): void } {
  let now = Date.parse(iso);
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (next) => {
      now = Date.parse(next);
    },
  };
}

/**
 * Staff have no sessions of their own yet: wraps a resolver so that these fixed tokens stand for
 * the given principals (e.g. `{ 'staff-finance': { kind: 'staff', staffId: 1, roles: ['finance'] } }`).
 * startTestApp does this for `staffStandIns`.
 */
export function withStaffStandIn(
  resolver: SessionResolver,
  standIns: Readonly<Record<string, Principal>>,
): SessionResolver {
  return withFixedPrincipals(resolver, standIns);
}

/**
 * A real app on a real database (PGlite or PostgreSQL) with a throwaway data directory. Sessions
 * are the accounts module's real ones unless `sessions` is given (see withStaffStandIn).
 */
/** Tests pass a fixed seed explicitly: their prices are reproducible (installations keep theirs secret). */
const testMarketSeed = 20_261_122;

export async function startTestApp(
  testDatabase: TestDatabase,
  overrides: Partial<Omit<AppDeps, 'database' | 'config'>> & {
    env?: Record<string, string>;
    /** Fixed tokens for staff principals, on top of real user sessions. */
    staffStandIns?: Readonly<Record<string, Principal>>;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fairex-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    FIAT_RATES_URL: 'off',
    // One approval per request unless a test is about the two-person rule (modules/approvals).
    APPROVAL_TWO_PERSON_ABOVE_USDT: '1000000000000',
    ...overrides.env,
  });
  const database = await testDatabase.open();
  // Market history is tested in the market module; elsewhere a 30-day backfill only costs time.
  configureMarketDefaults(database, { backfillDays: 0, seed: testMarketSeed });
  const clock = overrides.clock ?? { now: () => new Date() };
  const deps: AppDeps = {
    config,
    database,
    clock,
    sessions:
      overrides.sessions ??
      withStaffStandIn(
        withStaffSessions(createSessionResolver({ db: database.db, clock }), { db: database.db, clock }),
        overrides.staffStandIns ?? {},
      ),
    storage: overrides.storage ?? new LocalFileStorage(path.join(dataDir, 'uploads')),
    fiatRateSource: overrides.fiatRateSource ?? null,
  };
  const app = await buildApp(deps);
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
