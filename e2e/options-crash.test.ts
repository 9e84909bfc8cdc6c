/**
 * Seconds options through `kill -9` (issue 18, reliability), on PostgreSQL: the real server
 * process, short orders (staff set 2 to 31 second terms on two pairs) submitted together, `kill -9`
 * once the first has settled, an outage longer than the published close tolerance (the market
 * records no tick while the server is down), a restart, and then, from the database, for every
 * order:
 * - it settled exactly once: one done expiry item, both holds closed, and one settlement entry for
 *   a win or a loss (none for equal or refund);
 * - on the tick the published rule prescribes: its close tick is the first recorded tick at or
 *   after its expiry when that tick is within its tolerance; otherwise it was refunded ("no tick
 *   at expiry": an order that expired during the outage never settles on the price at restart
 *   unless that first tick is within the tolerance of its expiry);
 * - the result and payout follow from its open and close prices;
 * - the ledger checks pass (`npm run ledger:verify`).
 * Only PostgreSQL proves anything here (PGlite does not fsync): without TEST_DATABASE_URL the test
 * is skipped with a message.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresInstallation, dropPostgresInstallation } from './support/crash-database';
import { type RunningServer, startFairexServer } from './support/fairex-server';
import { apiCaller, prepareUser } from './support/money-fixtures';

const adminUrl = process.env.TEST_DATABASE_URL;
const repositoryRoot = path.resolve(import.meta.dirname, '..');
const symbols = ['BTC/USDT', 'ETH/USDT'];
/** One order per pair and duration: expiries about every half second over the outage and after. */
const durations = Array.from({ length: 30 }, (_, index) => index + 2);
const rateText = '0.8';
const rateMillionths = 800_000n;
const stake = '10';
/** After the kill, stay down longer than the close tolerance (5 s) before restarting. */
const outageMs = 6_000;

type Envelope = { type: unknown; message: unknown };
type Term = { match_id: number; symbol: string; seconds: number };
type Order = { id: number; status: number };

if (!adminUrl) {
  console.log(
    '[options-crash] skipped: set TEST_DATABASE_URL; the crash test only proves something on PostgreSQL.',
  );
}

/** A stored decimal as an integer of 18 decimals, so prices compare exactly. */
const units18 = (text: string) => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(`${whole}${fraction.padEnd(18, '0').slice(0, 18)}`);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!adminUrl)('seconds options through kill -9 (PostgreSQL)', () => {
  const databaseName = `fairex_options_crash_${randomBytes(5).toString('hex')}`;
  let databaseUrl = '';
  let db: pg.Client;
  let server: RunningServer | null = null;
  let dataDir = '';

  const start = async () => {
    server = await startFairexServer({
      ...(dataDir ? { dataDir } : {}),
      env: { DATABASE_URL: databaseUrl, SPOT_MARKET_MAKER: 'off', LOG_LEVEL: 'error' },
      startTimeoutMs: 600_000,
    });
    dataDir = server.dataDir;
    return server;
  };
  async function call(running: RunningServer, pathName: string, token: string, body?: object) {
    const envelope = await send(running, pathName, token, body);
    expect(envelope.type, `${pathName}: ${JSON.stringify(envelope)}`).toBe('ok');
    return envelope.message;
  }
  async function send(running: RunningServer, pathName: string, token: string, body?: object) {
    const response = await fetch(`${running.url}/api${pathName}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: token,
        lang: 'en',
        ...(body ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await response.json()) as Envelope;
  }

  beforeAll(async () => {
    ({ databaseUrl, dataDir } = await createPostgresInstallation(adminUrl ?? '', databaseName));
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await server?.stop({ removeData: false });
    await db?.end();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl) await dropPostgresInstallation(adminUrl, databaseName);
  });

  it(
    'settles every order once, on its expiry tick or refunded by the tolerance rule, across kill -9',
    async () => {
      const began = Date.now();
      const running = await start();
      const api = apiCaller(running.url);
      const user = await prepareUser(api, running.staffToken);
      await api.ok('/wallet/demo_funds', { token: user.token, body: {} });
      await call(running, '/wallet/change', user.token, {
        currency_id: 3,
        number: '1000',
        from_field: 'change',
        to_field: 'micro',
      });
      await call(running, '/admin/options/pool/fund', running.staffToken, {
        currency_id: 3,
        number: '10000',
      });
      const seeded = (await call(running, '/microtrade/seconds', user.token)) as Term[];
      const matchIds = symbols.map((symbol) => {
        const term = seeded.find((entry) => entry.symbol === symbol);
        expect(term, `${symbol} has seconds terms`).toBeDefined();
        return term?.match_id as number;
      });
      // Staff set short terms for the test (audited, new orders only); the seeded 30 s stays.
      for (const matchId of matchIds) {
        for (const seconds of durations) {
          await call(running, '/admin/options/terms/update', running.staffToken, {
            match_id: matchId,
            seconds,
            profit_rate: rateText,
            min_number: '10',
            max_number: '1000',
            enabled: true,
          });
        }
      }

      // Longest first, the two pairs interleaved: the shortest are still open when they are all in.
      const ids: string[] = [];
      for (const seconds of [...durations].reverse()) {
        for (const [index, matchId] of matchIds.entries()) {
          const order = (await call(running, '/microtrade/submit', user.token, {
            match_id: matchId,
            currency_id: 3,
            type: (seconds + index) % 2 === 0 ? 1 : 2,
            seconds,
            number: stake,
          })) as Order;
          ids.push(String(order.id));
        }
      }
      const settledCount = async () =>
        Number(
          (
            await db.query<{ n: string }>(
              "select count(*) as n from option_orders where status = 'settled' and id = any($1::bigint[])",
              [ids],
            )
          ).rows[0]?.n,
        );
      // Kill -9 once the first has settled (the rest expire during the outage or after it).
      const firstDeadline = Date.now() + 20_000;
      while ((await settledCount()) === 0 && Date.now() < firstDeadline) await sleep(50);
      const beforeCrash = await settledCount();
      await running.crash();
      const crashedAt = Date.now();
      await sleep(outageMs);
      const restarted = await start();
      const restartedAt = Date.now();
      const settleDeadline = Date.now() + (durations.at(-1) ?? 0) * 1000 + 20_000;
      while ((await settledCount()) < ids.length && Date.now() < settleDeadline) await sleep(250);
      const afterRestart = await settledCount();
      // A refunded order's receipt says so (no close tick).
      const refunded = await db.query<{ id: string }>(
        "select id::text from option_orders where result = 'refund' and id = any($1::bigint[]) limit 1",
        [ids],
      );
      if (refunded.rows[0]) {
        const receipt = (await call(
          restarted,
          `/microtrade/get_result?id=${refunded.rows[0].id}`,
          user.token,
        )) as { result: string; close_tick: unknown; payout: string };
        expect(receipt.result).toBe('refund');
        expect(receipt.close_tick).toBeNull();
      }
      await restarted.stop({ removeData: false });
      server = null;

      // From the database: the rule's close tick of each order, and what was written for it.
      const checks = await db.query<{
        id: string;
        direction: number;
        stake: string;
        rate: string;
        status: string;
        result: string | null;
        open_price: string;
        close_tick_id: string | null;
        close_price: string | null;
        payout: string | null;
        expires_ms: string;
        tolerance_ms: number;
        first_tick_id: string | null;
        first_tick_price: string | null;
        first_tick_ms: string | null;
        settle_entries: string;
        settle_tick_id: string | null;
        pending_holds: string;
        work_done: string;
      }>(
        `select o.id::text, o.direction, o.stake::text, o.rate::text, o.status, o.result,
                o.open_price::text, o.close_tick_id::text, o.close_price::text, o.payout::text,
                (extract(epoch from o.expires_at) * 1000)::bigint::text as expires_ms, o.tolerance_ms,
                f.id::text as first_tick_id, f.price::text as first_tick_price,
                (extract(epoch from f.recorded_at) * 1000)::bigint::text as first_tick_ms,
                (select count(*) from ledger_entries e where e.reference = 'options:settle:' || o.id)::text
                  as settle_entries,
                (select max(e.tick_id)::text from ledger_entries e where e.reference = 'options:settle:' || o.id)
                  as settle_tick_id,
                (select count(*) from ledger_holds h
                  where h.reference in ('options:stake:' || o.id, 'options:pool:' || o.id) and h.state = 'pending')::text
                  as pending_holds,
                (select count(*) from scheduled_work w
                  where w.kind = 'options:expiry' and w.key = o.id::text and w.done_at is not null)::text as work_done
         from option_orders o
         left join lateral (
           select t.id, t.price, t.recorded_at from price_ticks t
           where t.instrument_id = o.instrument_id and t.recorded_at >= o.expires_at
           order by t.recorded_at, t.id limit 1) f on true
         where o.id = any($1::bigint[]) order by o.id`,
        [ids],
      );
      let settledOnce = 0;
      let onExpiryTick = 0;
      let refunds = 0;
      let expiredWhileDown = 0;
      let settledWhileDownOnTick = 0;
      const wrong: string[] = [];
      for (const row of checks.rows) {
        const problems: string[] = [];
        const expires = Number(row.expires_ms);
        const firstMs = row.first_tick_ms === null ? null : Number(row.first_tick_ms);
        const withinTolerance = firstMs !== null && firstMs <= expires + row.tolerance_ms;
        if (expires >= crashedAt && expires <= restartedAt) expiredWhileDown += 1;
        const stakeUnits = BigInt(row.stake);
        const profit = (stakeUnits * BigInt(row.rate)) / 1_000_000n;
        if (row.status !== 'settled') problems.push(`status ${row.status}`);
        if (BigInt(row.rate) !== rateMillionths)
          problems.push(`rate ${row.rate}, the term says ${rateMillionths}`);
        if (row.work_done !== '1') problems.push(`${row.work_done} done expiry items`);
        if (row.pending_holds !== '0') problems.push(`${row.pending_holds} holds still pending`);
        let expectedEntries = 0;
        if (!withinTolerance) {
          if (row.result !== 'refund' || row.close_tick_id !== null || row.payout !== row.stake) {
            problems.push(
              `expected a refund (first tick ${row.first_tick_id} at ${firstMs}, expiry ${expires}), got ` +
                `${row.result} on tick ${row.close_tick_id} paying ${row.payout}`,
            );
          } else refunds += 1;
        } else {
          const close = units18(row.first_tick_price ?? '0');
          const open = units18(row.open_price);
          const outcome = close === open ? 'equal' : close > open === (row.direction === 1) ? 'win' : 'lose';
          const payout = outcome === 'win' ? stakeUnits + profit : outcome === 'lose' ? 0n : stakeUnits;
          expectedEntries = outcome === 'equal' ? 0 : 1;
          if (row.close_tick_id !== row.first_tick_id) {
            problems.push(
              `closed on tick ${row.close_tick_id}, the first at or after expiry is ${row.first_tick_id}`,
            );
          } else if (row.result !== outcome || row.payout !== payout.toString()) {
            problems.push(`${row.result} paying ${row.payout}, the rule gives ${outcome} paying ${payout}`);
          } else {
            onExpiryTick += 1;
            if (expires >= crashedAt && expires <= restartedAt) settledWhileDownOnTick += 1;
          }
          if (expectedEntries === 1 && row.settle_tick_id !== row.close_tick_id) {
            problems.push(`settlement entry cites tick ${row.settle_tick_id}`);
          }
        }
        if (Number(row.settle_entries) !== expectedEntries) {
          problems.push(`${row.settle_entries} settlement entries, expected ${expectedEntries}`);
        }
        if (problems.length === 0) settledOnce += 1;
        else wrong.push(`order ${row.id}: ${problems.join('; ')}`);
      }
      const verify = spawnSync('npm', ['run', '--silent', 'ledger:verify'], {
        cwd: repositoryRoot,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        encoding: 'utf8',
      });
      const ledgerLine = verify.stdout.trim().split('\n').at(-1) ?? '';
      const ledgerFigures = /^(\d+ of \d+)/.exec(ledgerLine)?.[1] ?? ledgerLine;
      console.log(
        `[options-crash] orders ${ids.length}, settled before the crash ${beforeCrash}, after the restart ` +
          `${afterRestart}, settled once ${settledOnce} (on the first tick at or after expiry ` +
          `${onExpiryTick}, refunded with no tick within the tolerance ${refunds}), expired while down ` +
          `${expiredWhileDown} (of them settled on a tick after the restart ${settledWhileDownOnTick}), ` +
          `wrong ${wrong.length}, ledger ${ledgerFigures}; ` +
          `down ${((restartedAt - crashedAt) / 1000).toFixed(1)} s, run ${((Date.now() - began) / 1000).toFixed(1)} s`,
      );
      for (const line of wrong) console.log(`[options-crash] ${line}`);
      expect(wrong).toEqual([]);
      expect(settledOnce).toBe(ids.length);
      expect(afterRestart).toBe(ids.length);
      expect(beforeCrash).toBeLessThan(ids.length);
      // The outage was longer than the tolerance: some orders expired in it and were refunded.
      expect(expiredWhileDown).toBeGreaterThan(0);
      expect(refunds).toBeGreaterThan(0);
      expect(verify.status, `${verify.stdout}\n${verify.stderr}`).toBe(0);
    },
    5 * 60_000,
  );
});
