/**
 * `npm run ticks:verify`: walks every instrument's hash-chained tick history on the configured
 * database (DATABASE_URL, else the PGlite data directory DATA_DIR — stop the server first: PGlite
 * allows one process) and prints OK with each chain's head, or the first tick that does not
 * verify. Exits 1 on a break. Compare the heads with ones kept earlier (GET /api/market/tick_chain).
 */
import { loadConfig } from './config';
import { verifyTickChains } from './modules/market';
import { configuredDatabase, describeDatabase, openDatabase } from './platform/db/database';

async function main(): Promise<void> {
  const config = loadConfig();
  const target = configuredDatabase(config);
  const database = await openDatabase(target);
  try {
    console.log(`Tick chains on ${describeDatabase(target)}`);
    const result = await verifyTickChains(database.db);
    if (result.ok) {
      console.log(`OK: ${result.verified} ticks verified`);
      for (const [instrumentId, hash] of result.heads)
        console.log(`  instrument ${instrumentId}: head ${hash}`);
      process.exitCode = 0;
    } else {
      console.log(
        `BROKEN at tick #${result.broken.id} (instrument ${result.broken.instrumentId}): ${result.broken.reason}`,
      );
      console.log(`${result.verified} ticks verified before it`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
