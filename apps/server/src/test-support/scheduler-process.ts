/**
 * A separate server process for crash tests: composes the modules on a PostgreSQL database at a
 * fixed time and runs the due scheduled work once, printing "running" first and "ran <n>" after.
 * A test kills it with SIGKILL (kill -9) while its work waits on a lock mid-transaction.
 * Usage: tsx scheduler-process.ts <database url> <ISO time> <data dir>
 */
import path from 'node:path';
import { composeModules } from '../composition';
import { loadConfig } from '../config';
import { connectDatabase } from '../platform/db/database';
import { createLogger } from '../platform/logger';
import { LocalFileStorage } from '../platform/storage/local-file-storage';

const [url, iso, dataDir] = process.argv.slice(2);
if (!url || !iso || !dataDir)
  throw new Error('usage: scheduler-process <database url> <ISO time> <data dir>');
const handle = connectDatabase({ kind: 'postgres', url });
const composition = await composeModules({
  config: loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    FIAT_RATES_URL: 'off',
    SIMULATED_MARKET_SEED: '20261122',
  }),
  db: handle.db,
  clock: { now: () => new Date(iso) },
  logger: createLogger('silent'),
  storage: new LocalFileStorage(path.join(dataDir, 'uploads')),
  fiatRateSource: null,
  market: { backfillDays: 0 },
});
console.log('running');
const ran = await composition.services.scheduler.runDue();
console.log(`ran ${ran}`);
await handle.close();
process.exit(0);
