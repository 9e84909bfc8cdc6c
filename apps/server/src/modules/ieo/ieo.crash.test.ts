/**
 * kill -9 during the IEO allocation and during the lock release (PostgreSQL only: PGlite runs in
 * the test process). A separate server process (test-support/scheduler-process.ts) runs the due
 * work; the test holds a share lock on the project row so that work waits mid-transaction, kills
 * the process with SIGKILL, and checks nothing of it stayed. A restarted process then runs it, and
 * each subscription is allocated once, each lock released once, and the ledger checks pass.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { expectLedgerClean, fundUser, reportFigures } from '../../test-support/money-test';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

const adminUrl = process.env.TEST_DATABASE_URL;
const usdt = 3;
const hourMs = 3_600_000;
const dayMs = 86_400_000;
const startIso = '2026-12-20T00:00:00.000Z';
const t0 = Date.parse(startIso);
const endsAt = t0 + 2 * hourMs;
const releaseAt = endsAt + dayMs;
const subscribers = [9401, 9402, 9403, 9404, 9405, 9406];
const childScript = path.join(import.meta.dirname, '../../test-support/scheduler-process.ts');
const postgres = testDatabases().find((database) => database.name === 'postgres');

describe.skipIf(!adminUrl || !postgres)('ieo work through kill -9 on postgres', () => {
  let testApp: TestApp;
  let databaseUrl = '';
  let projectId = 0;
  const clock = steppingClock(startIso);
  let keys = 0;

  const post = (url: string, body: Record<string, unknown>, token: string) =>
    testApp.call({
      method: 'POST',
      url: `/api${url}`,
      headers: { authorization: token, 'idempotency-key': `ieo-crash-${++keys}` },
      payload: { lang: 'en', ...body },
    });
  const rows = async <T>(query: string) =>
    ((await testApp.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const count = async (query: string) => (await rows<{ n: number }>(query))[0]?.n ?? -1;

  /** A second server process running the due work at `iso`. */
  function runProcess(iso: string): {
    child: ChildProcess;
    output: () => string;
    exited: Promise<number | null>;
  } {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', childScript, databaseUrl, iso, testApp.dataDir],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, output: () => output, exited };
  }

  async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Runs the due work at `iso` in a process killed (SIGKILL) while it waits on the project row. */
  async function killMidTransaction(iso: string): Promise<void> {
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    const watcher = new pg.Client({ connectionString: databaseUrl });
    await watcher.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from ieo_projects where id = $1 for share', [projectId]);
      const run = runProcess(iso);
      const databaseName = new URL(databaseUrl).pathname.slice(1);
      // The process's transaction waits on our lock: its allocation or release is under way.
      await waitFor(async () => {
        if (run.child.exitCode !== null) throw new Error(`the process exited early:\n${run.output()}`);
        // Not on `blocker`: inside its transaction pg_stat_activity is one cached snapshot.
        const waiting = await watcher.query(
          `select count(*)::int as n from pg_stat_activity
           where datname = $1 and wait_event_type = 'Lock' and query ilike '%ieo_projects%'`,
          [databaseName],
        );
        return (waiting.rows[0] as { n: number }).n > 0;
      }, 'the scheduled work to wait on the project row').catch(async (error: unknown) => {
        const activity = await watcher.query(
          'select state, wait_event_type, left(query, 120) as query from pg_stat_activity where datname = $1',
          [databaseName],
        );
        run.child.kill('SIGKILL');
        throw new Error(`${String(error)}\n${run.output()}\n${JSON.stringify(activity.rows, null, 1)}`);
      });
      run.child.kill('SIGKILL');
      await run.exited;
      expect(run.child.signalCode).toBe('SIGKILL');
      expect(run.output()).not.toContain('ran ');
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      await blocker.end();
      await watcher.end();
    }
  }

  async function runToCompletion(iso: string): Promise<number> {
    const run = runProcess(iso);
    const code = await run.exited;
    expect(code, run.output()).toBe(0);
    return Number(/ran (\d+)/.exec(run.output())?.[1] ?? '-1');
  }

  beforeAll(async () => {
    const staff: Record<string, Principal> = {
      'staff-admin': { kind: 'staff', staffId: 95, roles: ['admin'] },
    };
    for (const userId of subscribers) {
      staff[`user-${userId}`] = { kind: 'user', userId, verificationLevel: 1 };
    }
    testApp = await startTestApp(postgres as NonNullable<typeof postgres>, { clock, staffStandIns: staff });
    const [database] = await rows<{ name: string }>('select current_database() as name');
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${database?.name}`;
    databaseUrl = url.toString();
    const created = await post(
      '/admin/ieo/projects/create',
      {
        name: 'Crash Test',
        symbol: 'CRSH',
        scale: 2,
        prices: [{ currency_id: usdt, price: '1' }],
        issuance: '1000',
        min_per_user: '1',
        max_per_user: '1000',
        starts_at: t0 + hourMs,
        ends_at: endsAt,
        lock_days: 1,
        listing_at: releaseAt,
      },
      'staff-admin',
    );
    expect(created.body.type, JSON.stringify(created.body)).toBe('ok');
    projectId = (created.body.message as { id: number }).id;
    clock.set(new Date(t0 + hourMs).toISOString());
    for (const [index, userId] of subscribers.entries()) {
      await fundUser(testApp.database, { userId, currencyId: usdt, units: 1000n * 1_000_000n });
      const reply = await post(
        '/project/order',
        { project_id: projectId, amount: String(100 + 50 * index), pay_currency: 'USDT', price: '1' },
        `user-${userId}`,
      );
      expect(reply.body.type, JSON.stringify(reply.body)).toBe('ok');
    }
  }, 180_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it('allocates exactly once after a kill -9 in the middle of the allocation', async () => {
    await killMidTransaction(new Date(endsAt).toISOString());
    // Nothing of the killed transaction stayed.
    expect(await count(`select count(*)::int as n from ieo_projects where allocated_at is not null`)).toBe(0);
    expect(
      await count(`select count(*)::int as n from ledger_entries where reference like 'ieo:order:%'`),
    ).toBe(0);

    expect(await runToCompletion(new Date(endsAt + 60_000).toISOString())).toBeGreaterThanOrEqual(1);
    expect(await runToCompletion(new Date(endsAt + 120_000).toISOString())).toBe(0);
    const charges = await count(
      `select count(*)::int as n from ledger_entries where reference like 'ieo:order:%:charge'`,
    );
    const credits = await count(
      `select count(*)::int as n from ledger_entries where reference like 'ieo:order:%:tokens'`,
    );
    const allocated = await count(`select count(*)::int as n from ieo_orders where allocated_at is not null`);
    reportFigures('postgres', [
      {
        label: 'ieo allocation through kill -9',
        tried: subscribers.length,
        bad:
          Math.abs(charges - subscribers.length) +
          Math.abs(credits - subscribers.length) +
          Math.abs(allocated - subscribers.length),
        badLabel: 'subscriptions not settled exactly once',
      },
    ]);
    await expectLedgerClean(testApp.database);
  }, 240_000);

  it('releases the locks exactly once after a kill -9 in the middle of the release', async () => {
    expect(
      await count(
        `select count(*)::int as n from ledger_holds where reference like 'ieo:order:%:lock' and state = 'pending'`,
      ),
    ).toBe(subscribers.length);
    await killMidTransaction(new Date(releaseAt).toISOString());
    expect(await count(`select count(*)::int as n from ieo_projects where released_at is not null`)).toBe(0);
    expect(
      await count(
        `select count(*)::int as n from ledger_holds where reference like 'ieo:order:%:lock' and state = 'pending'`,
      ),
    ).toBe(subscribers.length);

    expect(await runToCompletion(new Date(releaseAt + 60_000).toISOString())).toBeGreaterThanOrEqual(1);
    expect(await runToCompletion(new Date(releaseAt + 120_000).toISOString())).toBe(0);
    const released = await count(
      `select count(*)::int as n from ledger_holds where reference like 'ieo:order:%:lock' and state = 'released'`,
    );
    const orders = await count(`select count(*)::int as n from ieo_orders where released_at is not null`);
    reportFigures('postgres', [
      {
        label: 'ieo lock release through kill -9',
        tried: subscribers.length,
        bad: Math.abs(released - subscribers.length) + Math.abs(orders - subscribers.length),
        badLabel: 'locks not released exactly once',
      },
    ]);
    await expectLedgerClean(testApp.database);
  }, 240_000);
});
