import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { asAdmin, databaseUrlOf } from './crash-database';
import { type RunningServer, startFairexServer } from './fairex-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory of a stopped, fully prepared demo installation (see ServerOptions.fresh). */
    e2ePreparedDataDir: string | null;
    /**
     * With TEST_DATABASE_URL: a stopped, fully prepared installation on PostgreSQL, the template
     * the crash tests copy (support/crash-database.ts), and its data directory.
     */
    e2ePreparedPostgres: { database: string; dataDir: string } | null;
  }
}

/** A first start prepares 30 days of history for 50 markets; on a loaded 2-core machine, minutes. */
const historyTimeoutMs = 600_000;
const historyPollMs = 500;

/** Waits until the server's price history is complete, then stops it with SIGTERM. */
async function stopWhenHistoryIsReady(server: RunningServer, label: string): Promise<void> {
  const deadline = Date.now() + historyTimeoutMs;
  for (;;) {
    const reply = await fetch(`${server.url}/api/market/history_status`);
    const status = (await reply.json()) as { message?: { ready?: boolean } };
    if (status.message?.ready) break;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the prepared e2e installation (${label}) did not finish its price history in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, historyPollMs));
  }
  const exitCode = await server.stop({ removeData: false });
  if (exitCode !== 0)
    throw new Error(`the prepared e2e installation (${label}) stopped with ${exitCode}:\n${server.output()}`);
}

/** The PGlite installation the browser test files start on copies of. */
async function preparePglite(): Promise<string> {
  const server = await startFairexServer({ fresh: true, startTimeoutMs: historyTimeoutMs });
  await stopWhenHistoryIsReady(server, 'PGlite');
  return server.dataDir;
}

/**
 * The PostgreSQL installation the crash tests copy. The market maker is off, as in every crash
 * test, so the template holds no resting maker orders for them to find.
 */
async function preparePostgres(
  adminUrl: string,
  database: string,
): Promise<{ database: string; dataDir: string }> {
  await asAdmin(adminUrl, `CREATE DATABASE ${database}`);
  const server = await startFairexServer({
    env: { DATABASE_URL: databaseUrlOf(adminUrl, database), SPOT_MARKET_MAKER: 'off' },
    startTimeoutMs: historyTimeoutMs,
  });
  await stopWhenHistoryIsReady(server, 'PostgreSQL');
  return { database, dataDir: server.dataDir };
}

/**
 * Once per run: a fresh demo installation started as `npm start` starts it, left running until
 * its price history is complete, then stopped with SIGTERM; with TEST_DATABASE_URL, the same on a
 * PostgreSQL database. The test files start their servers on copies. Each server is still its own
 * process on its own data; what they skip is the first start's one-off work (seeding, 30 days of
 * history, `npm run admin:create`), which `server-process.test.ts` still does from empty.
 */
export default async function prepareInstallations(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const adminUrl = process.env.TEST_DATABASE_URL;
  const templateName = `fairex_e2e_template_${process.pid}_${Date.now().toString(36)}`;
  const [pgliteDir, postgres] = await Promise.all([
    preparePglite(),
    adminUrl ? preparePostgres(adminUrl, templateName) : Promise.resolve(null),
  ]);
  console.log(`e2e: prepared installations ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  project.provide('e2ePreparedDataDir', pgliteDir);
  project.provide('e2ePreparedPostgres', postgres);
  return async () => {
    rmSync(pgliteDir, { recursive: true, force: true });
    if (postgres && adminUrl) {
      rmSync(postgres.dataDir, { recursive: true, force: true });
      await asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${postgres.database} WITH (FORCE)`);
    }
  };
}
