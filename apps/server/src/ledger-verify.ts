/**
 * `npm run ledger:verify`: runs every ledger check of reliability.md against the configured database
 * (DATABASE_URL, else the PGlite data directory DATA_DIR — stop the server first: PGlite allows one
 * process) and prints one line per check. Exits 1 when any check finds a problem.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from './config';
import { auditLedger } from './ledger-audit';
import { configuredDatabase, describeDatabase, openDatabase } from './platform/db/database';

async function main(): Promise<void> {
  const config = loadConfig();
  const target = configuredDatabase(config);
  const database = await openDatabase(target);
  try {
    const where = describeDatabase(target);
    console.log(`Ledger checks on ${where}`);
    const results = await auditLedger(database.db);
    let failed = 0;
    for (const result of results) {
      const passed = result.problems.length === 0;
      if (!passed) failed += 1;
      console.log(`${passed ? 'ok  ' : 'FAIL'} ${result.number}. ${result.name}`);
      for (const problem of result.problems) console.log(`       ${problem}`);
    }
    const counts = await database.db.execute(
      // Scale of what was checked, so "all ok" on an empty database is not mistaken for much.
      sql`select (select count(*) from ledger_entries)::int as entries,
        (select count(*) from ledger_postings)::int as postings, (select count(*) from ledger_accounts)::int as accounts`,
    );
    const row = (counts as unknown as { rows: { entries: number; postings: number; accounts: number }[] })
      .rows[0];
    console.log(
      `${results.length - failed} of ${results.length} checks passed over ${row?.entries ?? 0} entries, ${row?.postings ?? 0} postings, ${row?.accounts ?? 0} accounts`,
    );
    process.exitCode = failed === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
