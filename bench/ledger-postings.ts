// Performance target 4 (shared/design/performance.md), on PostgreSQL, same run, same machine.
//   node --import tsx bench/ledger-postings.ts
// Target 4: balanced 3-leg transfers through the ledger (locks, non-negative check, entries,
// postings, balance updates), committed in batches, against (a) a raw batched INSERT of the same
// posting and entry rows with no checks, and (b) the ledger applying one transfer per transaction.
// Also: the same transfers submitted one by one by concurrent callers through the ledger's group
// committer, durable against synchronous_commit=off. No production path uses that committer (the
// spot actor commits its own rounds), so target 5 is measured on the order path, in order-path.ts.
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a scratch database is
// created and dropped), BENCH_TRANSFERS (default 50000), BENCH_BATCH (1000), BENCH_USERS (2000),
// BENCH_SINGLE (2000), BENCH_CALLERS (64).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  createGroupCommitter,
  createLedger,
  type LedgerOp,
  userAccountKinds,
} from '../apps/server/src/modules/ledger';
import { seedCurrencies } from '../apps/server/src/modules/ledger/ledger.currencies';
import { integerArray } from '../apps/server/src/modules/ledger/ledger.sql';
import { type Database, type DatabaseHandle, openDatabase } from '../apps/server/src/platform/db/database';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const transfers = positiveIntFromEnv('BENCH_TRANSFERS', 50_000);
const batchSize = positiveIntFromEnv('BENCH_BATCH', 1000);
const users = positiveIntFromEnv('BENCH_USERS', 2000);
const singles = positiveIntFromEnv('BENCH_SINGLE', 2000);
const callers = positiveIntFromEnv('BENCH_CALLERS', 64);
const currencyId = 3;
const fundingUnits = 10n ** 15n;

function positiveIntFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

const spot = (userId: number) => ({ userId, currencyId, kind: userAccountKinds.change });

/** A 3-leg transfer: payer -> payee, plus a fee to the fees account (like a trade fill). */
function transfer(index: number): LedgerOp {
  const payer = (index * 7919) % users;
  const payee = (payer + 1 + (index % (users - 1))) % users;
  return {
    type: 'transfer',
    entry: {
      kind: 'transfer',
      userId: payer + 1,
      legs: [
        { account: spot(payer + 1), amount: -1_001n },
        { account: spot(payee + 1), amount: 1_000n },
        { account: { system: 'fees', currencyId }, amount: 1n },
      ],
    },
  };
}

async function scratchDatabase(): Promise<{ handle: DatabaseHandle; name: string; url: string }> {
  const name = `fairex_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return { handle, name, url: url.toString() };
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

async function fund(db: Database): Promise<void> {
  const ledger = createLedger();
  for (let start = 0; start < users; start += batchSize) {
    const ops: LedgerOp[] = [];
    for (let user = start; user < Math.min(users, start + batchSize); user += 1) {
      ops.push({
        type: 'transfer',
        entry: {
          kind: 'deposit',
          userId: user + 1,
          reference: `bench-funding:${user}`,
          legs: [
            { account: { system: 'deposit_clearing', currencyId }, amount: -fundingUnits },
            { account: spot(user + 1), amount: fundingUnits },
          ],
        },
      });
    }
    await db.transaction((tx) => ledger.apply(tx as unknown as Database, ops, new Date()));
  }
}

function rate(count: number, startedNs: bigint): number {
  return count / (Number(process.hrtime.bigint() - startedNs) / 1e9);
}

async function ledgerBatches(db: Database): Promise<number> {
  const ledger = createLedger();
  const started = process.hrtime.bigint();
  for (let start = 0; start < transfers; start += batchSize) {
    const ops = Array.from({ length: Math.min(batchSize, transfers - start) }, (_, offset) =>
      transfer(start + offset),
    );
    await db.transaction((tx) => ledger.apply(tx as unknown as Database, ops, new Date()));
  }
  return rate(transfers, started);
}

async function rawInserts(db: Database): Promise<number> {
  const accountIds = new Map<string, bigint>();
  const rows = (await db.execute(
    sql`select id::text, user_id, system_name from ledger_accounts where currency_id = ${currencyId}`,
  )) as unknown as {
    rows: { id: string; user_id: number | null; system_name: string | null }[];
  };
  for (const row of rows.rows)
    accountIds.set(row.user_id === null ? `s:${row.system_name}` : `u:${row.user_id}`, BigInt(row.id));
  const idOf = (leg: { account: { userId?: number; system?: string } }) =>
    accountIds.get(
      leg.account.userId === undefined ? `s:${leg.account.system}` : `u:${leg.account.userId}`,
    ) ?? 0n;
  const now = new Date().toISOString();
  const started = process.hrtime.bigint();
  for (let start = 0; start < transfers; start += batchSize) {
    const count = Math.min(batchSize, transfers - start);
    await db.transaction(async (tx) => {
      const ids = (await tx.execute(
        sql`select nextval(pg_get_serial_sequence('ledger_entries', 'id'))::text as id from generate_series(1, ${count})`,
      )) as unknown as { rows: { id: string }[] };
      const entryIds = ids.rows.map((row) => BigInt(row.id));
      await tx.execute(
        sql`insert into ledger_entries (id, kind, user_id, created_at)
            select id, 'transfer', 0, ${now}::timestamptz from unnest(${integerArray(entryIds)}::bigint[]) as e(id)`,
      );
      const postingEntry: bigint[] = [];
      const postingAccount: bigint[] = [];
      const postingAmount: bigint[] = [];
      for (let offset = 0; offset < count; offset += 1) {
        const op = transfer(start + offset);
        if (op.type !== 'transfer') continue;
        for (const leg of op.entry.legs) {
          postingEntry.push(entryIds[offset] ?? 0n);
          postingAccount.push(idOf(leg as never));
          postingAmount.push(leg.amount);
        }
      }
      await tx.execute(
        sql`insert into ledger_postings (entry_id, account_id, currency_id, amount, balance_after, created_at)
            select e, a, ${currencyId}, m, 0, ${now}::timestamptz
            from unnest(${integerArray(postingEntry)}::bigint[], ${integerArray(postingAccount)}::bigint[], ${integerArray(postingAmount)}::numeric[]) as p(e, a, m)`,
      );
    });
  }
  return rate(transfers, started);
}

async function oneTransferPerTransaction(db: Database): Promise<number> {
  const ledger = createLedger();
  const started = process.hrtime.bigint();
  for (let index = 0; index < singles; index += 1) {
    await db.transaction((tx) => ledger.apply(tx as unknown as Database, [transfer(index)], new Date()));
  }
  return rate(singles, started);
}

/** Concurrent callers, each submitting one transfer at a time and awaiting its commit. */
async function groupCommitted(db: Database, count: number): Promise<{ rate: number; p99Ms: number }> {
  const committer = createGroupCommitter({ db, ledger: createLedger(), now: () => new Date(), windowMs: 2 });
  let next = 0;
  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        const submitted = process.hrtime.bigint();
        await committer.submit([transfer(index)]);
        latencies.push(Number(process.hrtime.bigint() - submitted) / 1e6);
      }
    }),
  );
  const result = rate(count, started);
  latencies.sort((a, b) => a - b);
  return { rate: result, p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

async function main(): Promise<void> {
  console.log(
    `ledger postings: ${transfers} 3-leg transfers, batches of ${batchSize}, ${users} users, PostgreSQL`,
  );
  const scratch = await scratchDatabase();
  try {
    const db = scratch.handle.db;
    await seedCurrencies(db);
    await fund(db);
    const raw = await rawInserts(db);
    console.log(`  raw batched INSERT (no checks):           ${raw.toFixed(0)} transfers/s`);
    // The raw rows are not balanced against the stored balances; start the ledger runs clean.
    await scratch.handle.close();
    await dropDatabase(scratch.name);
    const second = await scratchDatabase();
    Object.assign(scratch, second);
    const ledgerDb = second.handle.db;
    await seedCurrencies(ledgerDb);
    await fund(ledgerDb);
    const batched = await ledgerBatches(ledgerDb);
    console.log(`  ledger, batches of ${batchSize} (checked):       ${batched.toFixed(0)} transfers/s`);
    const single = await oneTransferPerTransaction(ledgerDb);
    console.log(`  ledger, one transfer per transaction:     ${single.toFixed(0)} transfers/s`);

    const durableCount = Math.min(transfers, 20_000);
    const durable = await groupCommitted(ledgerDb, durableCount);
    console.log(
      `  group commit, ${callers} callers, durable:       ${durable.rate.toFixed(0)} transfers/s (p99 ${durable.p99Ms.toFixed(1)} ms)`,
    );
    await ledgerDb.execute(sql.raw(`alter database ${second.name} set synchronous_commit = off`));
    await second.handle.close();
    const relaxedHandle = await openDatabase({ kind: 'postgres', url: second.url });
    Object.assign(scratch, { handle: relaxedHandle });
    const relaxed = await groupCommitted(relaxedHandle.db, durableCount);
    console.log(
      `  group commit, synchronous_commit=off:     ${relaxed.rate.toFixed(0)} transfers/s (p99 ${relaxed.p99Ms.toFixed(1)} ms)`,
    );

    const ofRaw = batched / raw;
    const overSingle = batched / single;
    const durability = durable.rate / relaxed.rate;
    console.log(
      `target 4a: ledger / raw = ${(ofRaw * 100).toFixed(1)}% (target >= 25%) ${ofRaw >= 0.25 ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `target 4b: ledger / one-per-transaction = ${overSingle.toFixed(1)}x (target >= 20x) ${overSingle >= 20 ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `group committer (not on the order path; target 5 is in order-path.ts): durable / synchronous_commit=off = ${(durability * 100).toFixed(1)}% (target >= 80%) ${durability >= 0.8 ? 'MET' : 'NOT MET'}`,
    );
  } finally {
    await scratch.handle.close().catch(() => undefined);
    await dropDatabase(scratch.name);
  }
}

await main();
