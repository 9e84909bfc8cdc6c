import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startFairexServer } from './fairex-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory of a stopped, fully prepared demo installation (see ServerOptions.fresh). */
    e2ePreparedDataDir: string | null;
  }
}

/** A first start prepares 30 days of history for 50 markets; on a loaded 2-core machine, minutes. */
const historyTimeoutMs = 600_000;
const historyPollMs = 500;

/**
 * Once per run: a fresh demo installation started as `npm start` starts it, left running until
 * its price history is complete, then stopped with SIGTERM. The browser test files start their
 * servers on copies of it. Each server is still its own process on its own data; what they skip
 * is the first start's one-off work (seeding, 30 days of history, `npm run admin:create`), which
 * `server-process.test.ts` and the crash tests still do from empty.
 */
export default async function prepareInstallation(project: TestProject): Promise<() => void> {
  const started = performance.now();
  const server = await startFairexServer({ fresh: true, startTimeoutMs: historyTimeoutMs });
  const deadline = Date.now() + historyTimeoutMs;
  for (;;) {
    const reply = await fetch(`${server.url}/api/market/history_status`);
    const status = (await reply.json()) as { message?: { ready?: boolean } };
    if (status.message?.ready) break;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error('the prepared e2e installation did not finish its price history in time');
    }
    await new Promise((resolve) => setTimeout(resolve, historyPollMs));
  }
  const exitCode = await server.stop({ removeData: false });
  if (exitCode !== 0)
    throw new Error(`the prepared e2e installation stopped with ${exitCode}:\n${server.output()}`);
  console.log(`e2e: prepared installation ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  project.provide('e2ePreparedDataDir', server.dataDir);
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}
