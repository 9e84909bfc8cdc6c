// Performance target 3 (shared/design/performance.md): the HTTP order path on PostgreSQL.
//   node --import tsx bench/order-path.ts
// Builds the real app (buildApp) on a scratch PostgreSQL database, adds a bare hello-world route
// to the same Fastify instance, creates funded users with real sessions, and runs autocannon
// (-c 100 -p 1, in a child process so the load does not share the server's event loop) first
// against the hello route, then against POST /api/coin/trade: real limit orders (session lookup,
// validation, holds, matching, one durable commit per batch), buys and sells alternating around
// the reference price so about half of them match. Prints both rps and p99, the ratios last.
// A CPU profile of the server: node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/order-path.ts
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a scratch database
// is created and dropped), BENCH_SECONDS (10 per phase), BENCH_CONNECTIONS (100), BENCH_USERS (50),
// BENCH_IDEMPOTENCY (every order carries an Idempotency-Key, as the web order form always sends;
// 0 leaves it out),
// BENCH_QUERY_DETAIL (1: list the server's statements by total time, counted over both phases),
// BENCH_DURABILITY (target 5, default on; 0 skips it): the same order phase again after
// `synchronous_commit = off` on the scratch database (the app's connections are reopened with it),
// then once more durable, compared with the relaxed one: this commit path, the pair actor's round,
// on the same data, the durable phase last (on the most rows); the
// machine's fdatasync time, measured on the PostgreSQL data directory's file system, is printed
// beside the ratio (with a fast disk the two cost the same, which says little about a slow one).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
// @ts-expect-error autocannon ships no type declarations; the part used is typed below.
import autocannonUntyped from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { composeModules } from '../apps/server/src/composition';
import { loadConfig } from '../apps/server/src/config';
import { ensureDemoUser, issueSession } from '../apps/server/src/modules/accounts';
import { userAccountKinds } from '../apps/server/src/modules/ledger';
import { systemClock } from '../apps/server/src/platform/clock';
import { type Database, openDatabase } from '../apps/server/src/platform/db/database';
import { createLogger } from '../apps/server/src/platform/logger';
import { LocalFileStorage } from '../apps/server/src/platform/storage/local-file-storage';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = positiveIntFromEnv('BENCH_SECONDS', 10);
const connections = positiveIntFromEnv('BENCH_CONNECTIONS', 100);
const users = positiveIntFromEnv('BENCH_USERS', 50);
const withIdempotency = process.env.BENCH_IDEMPOTENCY !== '0';
const withDurability = process.env.BENCH_DURABILITY !== '0';
const symbol = 'BTC/USDT';

function positiveIntFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  refused: number;
  refusals: Record<string, number>;
};

/** The part of autocannon's API used here (it ships no types). */
type Autocannon = (options: {
  url: string;
  connections: number;
  pipelining: number;
  duration: number;
  requests?: {
    method: string;
    path: string;
    setupRequest?: (request: { headers: Record<string, string>; body?: string }) => object;
    onResponse?: (status: number, body: string) => void;
  }[];
}) => Promise<{
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}>;

/** The load generator, run as a child process: prints one JSON line with its figures. */
async function runLoad(): Promise<void> {
  const autocannon = autocannonUntyped as Autocannon;
  const target = process.env.BENCH_TARGET ?? '';
  const mode = process.env.BENCH_MODE;
  const tokens = JSON.parse(process.env.BENCH_TOKENS ?? '[]') as string[];
  const referenceTicks = Number(process.env.BENCH_REFERENCE_TICKS);
  let sent = 0;
  let refused = 0;
  const refusals: Record<string, number> = {};
  const result =
    mode === 'hello'
      ? await autocannon({ url: `${target}/hello`, connections, pipelining: 1, duration: seconds })
      : await autocannon({
          url: target,
          connections,
          pipelining: 1,
          duration: seconds,
          requests: [
            {
              method: 'POST',
              path: '/api/coin/trade',
              setupRequest(request) {
                sent += 1;
                const buy = sent % 2 === 0;
                // Buys from ref - 4 to ref + 4 ticks of 0.05 %, sells alike: about half cross.
                const steps = (Math.floor(sent / 2) % 9) - 4;
                const priceTicks = Math.round(referenceTicks * (1 + steps * 0.0005));
                const amount = (0.0001 * (1 + (sent % 10))).toFixed(5);
                return {
                  ...request,
                  headers: {
                    ...request.headers,
                    'content-type': 'application/json',
                    authorization: tokens[sent % tokens.length] ?? '',
                    ...(withIdempotency ? { 'idempotency-key': `bench-${process.pid}-${sent}` } : {}),
                  },
                  body: JSON.stringify({
                    currency_id: 1,
                    legal_id: 3,
                    type: buy ? 'buy' : 'sell',
                    target_price: (priceTicks / 100).toFixed(2),
                    amount,
                  }),
                };
              },
              onResponse(_status, body) {
                if (body.startsWith('{"type":"ok"')) return;
                refused += 1;
                const message = /"message":"([^"]{0,80})/.exec(body)?.[1] ?? body.slice(0, 80);
                refusals[message] = (refusals[message] ?? 0) + 1;
              },
            },
          ],
        });
  const figures: LoadResult = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    refused,
    refusals,
  };
  console.log(JSON.stringify(figures));
}

async function load(mode: 'hello' | 'trade', env: Record<string, string>): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, ...env, BENCH_ORDER_PATH_LOAD: '1', BENCH_MODE: mode },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = output.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !line.startsWith('{')) throw new Error(`load generator failed (${code}):\n${output}`);
  return JSON.parse(line) as LoadResult;
}

/**
 * Counts the server's PostgreSQL round trips and the time they take (pg.Client#query, which the
 * pool uses), so the report can say whether the order path waits on the database.
 */
const queryStats = {
  count: 0,
  ms: 0,
  byStatement: new Map<string, { count: number; ms: number; bytes: number }>(),
};
const queryDetail = process.env.BENCH_QUERY_DETAIL === '1';

/** The statement's first words, to group round trips by kind (BENCH_QUERY_DETAIL=1). */
function statementKind(args: readonly unknown[]): string {
  const first = args[0];
  const text =
    typeof first === 'string'
      ? first
      : ((first as { text?: unknown } | undefined)?.text as string | undefined);
  return typeof text === 'string' ? text.replace(/\s+/g, ' ').trim().slice(0, 90) : '?';
}
/** About what a statement sends: its text and parameter values (BENCH_QUERY_DETAIL=1). */
function statementBytes(args: readonly unknown[]): number {
  const first = args[0] as string | { text?: unknown; values?: unknown } | undefined;
  const text = typeof first === 'string' ? first : String(first?.text ?? '');
  const values = (typeof first === 'string' ? args[1] : first?.values) as unknown[] | undefined;
  let bytes = text.length;
  for (const value of Array.isArray(values) ? values : []) bytes += value == null ? 0 : String(value).length;
  return bytes;
}
function countQueries(): void {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function counted(this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const kind = queryDetail ? statementKind(args) : '';
    const bytes = queryDetail ? statementBytes(args) : 0;
    const done = () => {
      const ms = performance.now() - started;
      queryStats.ms += ms;
      if (!queryDetail) return;
      const entry = queryStats.byStatement.get(kind) ?? { count: 0, ms: 0, bytes: 0 };
      entry.count += 1;
      entry.ms += ms;
      entry.bytes += bytes;
      queryStats.byStatement.set(kind, entry);
    };
    queryStats.count += 1;
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (last as (...values: unknown[]) => unknown)(...results);
      };
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      void (result as Promise<unknown>).then(done, done);
    }
    return result;
  };
}

async function main(): Promise<void> {
  countQueries();
  const name = `fairex_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fairex-bench-'));
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      FIAT_RATES_URL: 'off',
      SPOT_MARKET_MAKER: 'off',
      SIMULATED_MARKET_SEED: '20261122',
    });
    const clock = systemClock;
    // The production composition and app, as main.ts builds them (logging off).
    const logger = createLogger('silent');
    const composition = await composeModules({
      config,
      db: database.db,
      clock,
      logger,
      storage: new LocalFileStorage(path.join(dataDir, 'uploads')),
      fiatRateSource: null,
      market: { backfillDays: 0 },
    });
    const app = await buildApp({
      config,
      db: database.db,
      clock,
      logger,
      sessions: composition.sessions,
      modules: composition.modules,
    });
    app.get('/hello', async () => ({ hello: 'world' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const target = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const db = database.db;
    const tokens: string[] = [];
    for (let index = 0; index < users; index += 1) {
      const userId = await ensureDemoUser(db, {
        email: `bench${index}@example.com`,
        password: 'bench-password-1',
        clock,
      });
      tokens.push(await issueSession(db, { userId, stayLoggedIn: true, clock, clientAddress: '127.0.0.1' }));
      await db.transaction(async (tx) => {
        const fund = (currencyId: number, units: bigint) => ({
          type: 'transfer' as const,
          entry: {
            kind: 'deposit' as const,
            userId,
            reference: `bench-funding:${userId}:${currencyId}`,
            legs: [
              { account: { system: 'deposit_clearing' as const, currencyId }, amount: -units },
              { account: { userId, currencyId, kind: userAccountKinds.change }, amount: units },
            ],
          },
        });
        await composition.services.ledger.apply(
          tx as unknown as Database,
          [fund(3, 10n ** 9n * 10n ** 6n), fund(1, 10n ** 4n * 10n ** 8n)],
          new Date(),
        );
      });
    }
    const markets = (await (await fetch(`${target}/api/coin/markets`)).json()) as {
      message: { symbol: string; reference_price: string | null }[];
    };
    const reference = Number(markets.message.find((market) => market.symbol === symbol)?.reference_price);
    if (!(reference > 0)) throw new Error(`no reference price for ${symbol}`);
    console.log(
      `order path: ${users} users, ${connections} connections, pipelining 1, ${seconds} s per phase, ` +
        `reference ${reference}${withIdempotency ? ', with Idempotency-Key' : ''}`,
    );

    const hello = await load('hello', { BENCH_TARGET: target });
    console.log(
      `  hello-world route:   ${hello.rps.toFixed(0)} req/s, p50 ${hello.p50} ms, p99 ${hello.p99} ms (${hello.requests} requests)`,
    );
    const before = await ordersCount(db);
    const queriesBefore = { ...queryStats };
    // How long the server's event loop was held up: a commit round's next statement waits behind it.
    const loopDelay = monitorEventLoopDelay({ resolution: 1 });
    loopDelay.enable();
    const trade = await load('trade', {
      BENCH_TARGET: target,
      BENCH_TOKENS: JSON.stringify(tokens),
      BENCH_REFERENCE_TICKS: String(Math.round(reference * 100)),
    });
    loopDelay.disable();
    const queries = { count: queryStats.count - queriesBefore.count, ms: queryStats.ms - queriesBefore.ms };
    const after = await ordersCount(db);
    console.log(
      `  POST /api/coin/trade: ${trade.rps.toFixed(0)} req/s, p50 ${trade.p50} ms, p99 ${trade.p99} ms (${trade.requests} requests, ` +
        `${after.orders - before.orders} orders, ${after.trades - before.trades} trades, ${trade.refused} refused, ` +
        `${trade.errors} errors, ${trade.non2xx} non-2xx)`,
    );
    // The pair's actor stamps every order of one commit round with the same time.
    const rounds = after.rounds - before.rounds;
    console.log(
      `    ${rounds} commit rounds with new orders: ${((after.orders - before.orders) / Math.max(rounds, 1)).toFixed(1)} orders per round`,
    );
    console.log(
      `    PostgreSQL: ${(queries.count / Math.max(trade.requests, 1)).toFixed(1)} round trips per order request, ` +
        `${(queries.ms / Math.max(queries.count, 1)).toFixed(2)} ms each on average`,
    );
    const loopMs = (percentile: number) => (loopDelay.percentile(percentile) / 1e6).toFixed(1);
    console.log(
      `    server event loop delay: p50 ${loopMs(50)} ms, p99 ${loopMs(99)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms`,
    );
    if (queryDetail) {
      const top = [...queryStats.byStatement.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15);
      for (const [kind, entry] of top) {
        console.log(
          `      ${entry.count.toString().padStart(7)}x ${(entry.ms / entry.count).toFixed(2)} ms ${Math.round(
            entry.bytes / entry.count / 1024,
          )
            .toString()
            .padStart(4)} KiB  ${kind}`,
        );
      }
    }
    for (const [message, count] of Object.entries(trade.refusals).slice(0, 5)) {
      console.log(`    refused ${count}x: ${message}`);
    }
    let durability: { durable: LoadResult; relaxed: LoadResult; fsyncUs: number; probeDir: string } | null =
      null;
    if (withDurability) {
      /** Sets synchronous_commit for the scratch database and reopens the app's connections with it. */
      const synchronousCommit = async (value: 'on' | 'off') => {
        await db.execute(sql.raw(`alter database ${name} set synchronous_commit = ${value}`));
        // The setting applies to new sessions: end the app's connections (the pool reopens them).
        const terminator = new pg.Client({ connectionString: adminUrl });
        await terminator.connect();
        await terminator.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
          name,
        ]);
        await terminator.end();
        const setting = (await db.execute(sql`show synchronous_commit`)) as unknown as {
          rows: { synchronous_commit: string }[];
        };
        if (setting.rows[0]?.synchronous_commit !== value)
          throw new Error(`synchronous_commit is not ${value}`);
      };
      const tradeLoad = () =>
        load('trade', {
          BENCH_TARGET: target,
          BENCH_TOKENS: JSON.stringify(tokens),
          BENCH_REFERENCE_TICKS: String(Math.round(reference * 100)),
        });
      const describe = (label: string, result: LoadResult) =>
        `  POST /api/coin/trade, ${label}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms (${result.requests} requests, ${result.errors} errors, ${result.non2xx} non-2xx)`;
      // Relaxed, then durable again: the durable phase compared runs last, on the most data.
      await synchronousCommit('off');
      const relaxed = await tradeLoad();
      console.log(describe('synchronous_commit=off', relaxed));
      await synchronousCommit('on');
      const durable = await tradeLoad();
      console.log(describe('durable again', durable));
      const dataDirectory = (await db.execute(sql`show data_directory`)) as unknown as {
        rows: { data_directory: string }[];
      };
      const probeDir = path.dirname(dataDirectory.rows[0]?.data_directory ?? tmpdir());
      durability = { durable, relaxed, probeDir, fsyncUs: fdatasyncMicros(probeDir) };
    }
    const ofHello = trade.rps / hello.rps;
    const p99Ratio = trade.p99 / Math.max(hello.p99, 1);
    console.log(
      `target 3a: order rps / hello rps = ${(ofHello * 100).toFixed(1)}% (target >= 20%) ${ofHello >= 0.2 ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `target 3b: order p99 / hello p99 = ${p99Ratio.toFixed(1)}x (target <= 10x) ${p99Ratio <= 10 ? 'MET' : 'NOT MET'}`,
    );
    if (durability) {
      const ratio = durability.durable.rps / durability.relaxed.rps;
      console.log(
        `target 5: durable / synchronous_commit=off on the order path = ${(ratio * 100).toFixed(1)}% (target >= 80%) ${ratio >= 0.8 ? 'MET' : 'NOT MET'}; ` +
          `fdatasync of 8 KiB here: ${durability.fsyncUs.toFixed(0)} us (on ${durability.probeDir})`,
      );
    }
    await app.close();
  } finally {
    await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  }
}

/** Mean time of an 8 KiB write plus fdatasync in `directory` (as a WAL flush does), microseconds. */
function fdatasyncMicros(directory: string): number {
  const probeDir = (() => {
    try {
      return mkdtempSync(path.join(directory, 'fairex-fsync-'));
    } catch {
      return mkdtempSync(path.join(tmpdir(), 'fairex-fsync-'));
    }
  })();
  const file = openSync(path.join(probeDir, 'probe'), 'w');
  const block = Buffer.alloc(8192, 1);
  const rounds = 500;
  try {
    const started = performance.now();
    for (let round = 0; round < rounds; round += 1) {
      writeSync(file, block, 0, block.length, 0);
      fdatasyncSync(file);
    }
    return ((performance.now() - started) * 1000) / rounds;
  } finally {
    closeSync(file);
    rmSync(probeDir, { recursive: true, force: true });
  }
}

async function ordersCount(db: Database): Promise<{ orders: number; trades: number; rounds: number }> {
  const result = (await db.execute(
    sql`select (select count(*) from spot_orders)::int as orders, (select count(*) from spot_trades)::int as trades,
               (select count(distinct created_at) from spot_orders)::int as rounds`,
  )) as unknown as { rows: { orders: number; trades: number; rounds: number }[] };
  return result.rows[0] ?? { orders: 0, trades: 0, rounds: 0 };
}

if (process.env.BENCH_ORDER_PATH_LOAD === '1') await runLoad();
else await main();
