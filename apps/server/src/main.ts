import { buildApp } from './app';
import { composeModules } from './composition';
import { ConfigError, loadConfig } from './config';
import type { BackgroundJob } from './platform/app-module';
import { clockAhead, systemClock } from './platform/clock';
import { configuredDatabase, DatabaseUnreachableError, openDatabase } from './platform/db/database';
import { createLogger } from './platform/logger';
import { LocalFileStorage } from './platform/storage/local-file-storage';

/**
 * Starts Fairex: read config, open the database, build the modules (composition.ts), listen, and
 * only then start the background jobs (feeds, workers, the history of a fresh install), so the
 * first answer never waits for them. Stops gracefully: jobs, then requests, then the database.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(configuredDatabase(config));
  const clock = clockAhead(systemClock, config.demoClockAheadMs);
  const composition = await composeModules({
    config,
    db: database.db,
    clock,
    logger,
    storage: new LocalFileStorage(`${config.dataDir}/uploads`),
  });
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    logger,
    sessions: composition.sessions,
    modules: composition.modules,
  });

  if (database.kind === 'pglite' && !config.demo) {
    logger.warn(
      '!!! PGlite is the embedded database for trying Fairex out. It has one connection and does not ' +
        'fsync: never hold real money on it. Set DATABASE_URL to a PostgreSQL server. !!!',
    );
  }

  const jobs: BackgroundJob[] = composition.modules.flatMap((module) => module.jobs ?? []);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    for (const job of [...jobs].reverse()) await job.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const ahead = config.demoClockAheadMs > 0 ? `, clock ${config.demoClockAheadMs} ms ahead` : '';
  const mode = config.demo ? `demo mode: simulated prices, test funds${ahead}` : 'live mode';
  const storeName = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(`\n  Fairex is running at ${config.publicUrl}  (${mode}; database: ${storeName})\n`);
  const history = composition.services.market.historyStatus();
  if (history.instruments > 0) {
    console.log(
      `  Preparing the price history of ${history.instruments} markets in the background; ` +
        'charts fill in as it goes.\n',
    );
  }

  for (const job of jobs) {
    await Promise.resolve(job.start()).catch((error: unknown) => {
      logger.error({ err: error, job: job.name }, 'a background job could not start');
    });
  }
}

main().catch((error: unknown) => {
  // A setting or an unreachable database is the operator's to fix: one line, no stack.
  const plain = error instanceof ConfigError || error instanceof DatabaseUnreachableError;
  console.error(plain ? error.message : error);
  process.exit(1);
});
