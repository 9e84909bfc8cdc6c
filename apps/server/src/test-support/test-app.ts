import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import { type Composition, type CompositionDeps, composeModules } from '../composition';
import { loadConfig } from '../config';
import { payoutJobName } from '../modules/withdrawals';
import type { BackgroundJob } from '../platform/app-module';
import type { Clock } from '../platform/clock';
import type { DatabaseHandle } from '../platform/db/database';
import { type Principal, type SessionResolver, withFixedPrincipals } from '../platform/http/route-policy';
import { createLogger } from '../platform/logger';
import { LocalFileStorage } from '../platform/storage/local-file-storage';
import type { TestDatabase } from './test-databases';

export type TestApp = {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly dataDir: string;
  /** The services the composition root made: the market to step, spot, the ledger, payouts. */
  readonly services: Composition['services'];
  /** The modules the composition root made (a test may close one to stand for a stopped process). */
  readonly modules: Composition['modules'];
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
 * Jobs a test app runs, by name: by default only the payout worker (tests of other jobs drive
 * them by hand: the market is stepped, the market maker refreshed).
 */
const testJobsDefault: readonly string[] = [payoutJobName];

/**
 * A real app on a real database (PGlite or PostgreSQL) with a throwaway data directory, built by
 * the same composition root as main.ts. Sessions are the accounts module's real ones unless
 * `sessions` is given (see withStaffStandIn).
 */
export async function startTestApp(
  testDatabase: TestDatabase,
  overrides: {
    clock?: Clock;
    sessions?: SessionResolver;
    storage?: CompositionDeps['storage'];
    fiatRateSource?: CompositionDeps['fiatRateSource'];
    payoutGateway?: CompositionDeps['payoutGateway'];
    delivery?: CompositionDeps['delivery'];
    /** Market options (seed, days of history); by default no history, which only costs time. */
    market?: CompositionDeps['market'];
    /** The background jobs to start, by name (default: the payout worker). */
    jobs?: readonly string[];
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
    // A fixed seed: test prices are reproducible (installations keep theirs secret).
    SIMULATED_MARKET_SEED: '20261122',
    // Many sign-ins from one address; tests of the throttle turn it on (modules/throttle).
    THROTTLE: 'false',
    ...overrides.env,
  });
  const database = await testDatabase.open();
  const clock = overrides.clock ?? { now: () => new Date() };
  const logger = createLogger(config.logLevel);
  const composition = await composeModules({
    config,
    db: database.db,
    clock,
    logger,
    storage: overrides.storage ?? new LocalFileStorage(path.join(dataDir, 'uploads')),
    fiatRateSource: overrides.fiatRateSource ?? null,
    ...(overrides.payoutGateway ? { payoutGateway: overrides.payoutGateway } : {}),
    ...(overrides.delivery ? { delivery: overrides.delivery } : {}),
    market: { backfillDays: 0, ...overrides.market },
  });
  const sessions =
    overrides.sessions ?? withStaffStandIn(composition.sessions, overrides.staffStandIns ?? {});
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    logger,
    sessions,
    modules: composition.modules,
  });
  await app.ready();
  const wanted = new Set(overrides.jobs ?? testJobsDefault);
  const jobs: BackgroundJob[] = composition.modules
    .flatMap((module) => module.jobs ?? [])
    .filter((job) => wanted.has(job.name));
  for (const job of jobs) await job.start();
  return {
    app,
    database,
    dataDir,
    services: composition.services,
    modules: composition.modules,
    async call(options) {
      const response = await app.inject(options);
      return { status: response.statusCode, body: response.json() };
    },
    async close() {
      for (const job of [...jobs].reverse()) await job.stop();
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second server process on the same database as `testApp`: a new composition (scheduler,
 * module state) on the given clock, for tests that work must survive a restart and run once.
 */
export function composeSecondProcess(testApp: TestApp, clock: Clock): Promise<Composition> {
  return composeModules({
    config: loadConfig({
      DATA_DIR: testApp.dataDir,
      LOG_LEVEL: 'silent',
      FIAT_RATES_URL: 'off',
      SIMULATED_MARKET_SEED: '20261122',
    }),
    db: testApp.database.db,
    clock,
    logger: createLogger('silent'),
    storage: new LocalFileStorage(path.join(testApp.dataDir, 'uploads')),
    fiatRateSource: null,
    market: { backfillDays: 0 },
  });
}
