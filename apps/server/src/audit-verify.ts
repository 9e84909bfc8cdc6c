/**
 * `npm run audit:verify`: walks the audit log's hash chain on the configured database
 * (DATABASE_URL, else the PGlite data directory DATA_DIR — stop the server first: PGlite allows one
 * process) and prints OK with the chain's head, or the first entry that does not verify. Exits 1 on
 * a break. Keep the printed head somewhere else: a chain cut short at its end still verifies, and
 * only an earlier head shows what is missing.
 */
import { loadConfig } from './config';
import { describeBreak, verifyAuditChain } from './modules/audit';
import { configuredDatabase, describeDatabase, openDatabase } from './platform/db/database';

async function main(): Promise<void> {
  const config = loadConfig();
  const target = configuredDatabase(config);
  const database = await openDatabase(target);
  try {
    const where = describeDatabase(target);
    console.log(`Audit chain on ${where}`);
    const result = await verifyAuditChain(database.db);
    if (result.ok) {
      const head =
        result.state.lastId === null ? 'empty' : `head #${result.state.lastId} ${result.state.lastHash}`;
      console.log(`OK: ${result.state.count} entries verified (${head})`);
      process.exitCode = 0;
    } else {
      console.log(`BROKEN: ${describeBreak(result.break)}`);
      console.log(`${result.state.count} entries verified before it`);
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
