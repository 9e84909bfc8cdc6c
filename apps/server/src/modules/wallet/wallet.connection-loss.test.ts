/**
 * Issue 22 defect 1: the database connection drops while transfers are in flight. A TCP proxy the
 * test controls stands between the server and PostgreSQL and cuts every connection (refusing new
 * ones) while clients loop POST /api/wallet/change. The process stays up, requests in flight
 * answer "service busy", every acknowledged transfer is booked, the server recovers when the
 * database is back, and the ledger checks pass. PostgreSQL only (PGlite has no connection to lose).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db/database';
import { expectLedgerClean, fundUser, reportFigures } from '../../test-support/money-test';
import { startTcpProxy, type TcpProxy } from '../../test-support/tcp-proxy';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import type { TestDatabase } from '../../test-support/test-databases';
import { userAccountKinds } from '../ledger';
import { currencyIds, walletCallers } from './wallet.fixtures';

const adminUrl = process.env.TEST_DATABASE_URL;
const busy = 'The service is busy, please try again later';

/** Settles within `ms` or rejects, so a stuck close never hangs the run. */
function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

describe.skipIf(!adminUrl)('a lost database connection under load (PostgreSQL)', () => {
  const databaseName = `fairex_test_${randomBytes(6).toString('hex')}`;
  const clock = steppingClock('2026-11-20T15:00:00.000Z');
  let proxy: TcpProxy;
  let testApp: TestApp;
  const { db, newUser, change, balances } = walletCallers(() => testApp, clock);

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${databaseName}`);
    const direct = new URL(adminUrl as string);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(adminUrl as string);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${databaseName}`;
    const throughProxy: TestDatabase = {
      name: 'postgres',
      open: () => openDatabase({ kind: 'postgres', url: viaProxy.toString() }),
    };
    testApp = await startTestApp(throughProxy, { clock });
  });

  afterAll(async () => {
    proxy?.restore();
    await within(10_000, testApp?.close() ?? Promise.resolve(), 'closing the app').catch(console.error);
    await within(5_000, proxy?.close() ?? Promise.resolve(), 'closing the proxy').catch(console.error);
    await within(10_000, adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`), 'drop').catch(
      console.error,
    );
  });

  it('stays up, answers "service busy" while cut, loses no acknowledged transfer, recovers', async () => {
    const user = await newUser();
    await fundUser(testApp.database, {
      userId: user.userId,
      currencyId: currencyIds.usdt,
      units: 10n ** 12n,
    });
    const acknowledged: string[] = [];
    const replies = { ok: 0, busy: 0, other: [] as string[] };
    let sent = 0;
    let stop = false;
    let okAfterRestore = 0;
    let restored = false;
    let cutDone = false;
    const loop = async (worker: number) => {
      for (let n = 0; !stop; n += 1) {
        const key = `cut-${worker}-${n}`;
        sent += 1;
        const reply = await change(
          user,
          { currency_id: currencyIds.usdt, number: '1', from_field: 'change', to_field: 'lever' },
          { 'idempotency-key': key },
        );
        if (reply.status === 200 && reply.body.type === 'ok') {
          replies.ok += 1;
          acknowledged.push(key);
          if (restored) okAfterRestore += 1;
        } else if (reply.body.message === busy) replies.busy += 1;
        else replies.other.push(`${reply.status} ${JSON.stringify(reply.body)}`);
        if (cutDone && !restored) await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const workers = Array.from({ length: 6 }, (_, worker) => loop(worker));
    const waitFor = async (condition: () => boolean, what: string) => {
      const deadline = Date.now() + 20_000;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    try {
      // Load first, then the cut while transactions are open; two rounds.
      for (let round = 0; round < 2; round += 1) {
        const okBefore = replies.ok;
        await waitFor(() => replies.ok >= okBefore + 20, 'transfers before the cut');
        restored = false;
        proxy.cut();
        cutDone = true;
        const busyBefore = replies.busy;
        await waitFor(() => replies.busy >= busyBefore + 6, '"service busy" replies while cut');
        proxy.restore();
        restored = true;
        cutDone = false;
        okAfterRestore = 0;
        await waitFor(() => okAfterRestore >= 20, 'transfers after the database is back');
      }
    } finally {
      stop = true;
      await within(20_000, Promise.all(workers), 'the load loops');
    }

    expect(replies.other).toEqual([]);
    expect(replies.busy).toBeGreaterThan(0);
    // Every acknowledged transfer is booked (a transfer that committed just before its reply was
    // lost may be booked without an acknowledgement; never the other way round).
    const keys = (await db().execute(
      sql`select idempotency_key as key from ledger_entries where user_id = ${user.userId} and idempotency_key is not null`,
    )) as unknown as { rows: { key: string }[] };
    const booked = new Set(keys.rows.map((row) => row.key));
    const lost = acknowledged.filter((key) => !booked.has(key));
    expect(lost).toEqual([]);
    const lever = (await balances(user)).find(
      (row) => row.currencyId === currencyIds.usdt && row.kind === userAccountKinds.lever,
    );
    expect(lever?.balance).toBe(BigInt(booked.size) * 1_000_000n);
    console.log(
      `[connection loss] sent ${sent}, ok ${replies.ok}, busy ${replies.busy}, booked ${booked.size}, ` +
        `connections through the proxy ${proxy.accepted()}`,
    );
    reportFigures('postgres', [
      {
        label: 'acknowledged transfers across two connection cuts',
        tried: acknowledged.length,
        bad: lost.length,
        badLabel: 'lost',
      },
    ]);
    await expectLedgerClean(testApp.database);
  }, 60_000);
});
