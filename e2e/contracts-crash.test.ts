/**
 * The contract trigger engine through `kill -9` (issue 17, reliability), on PostgreSQL: the real
 * server process, positions on two perpetuals with take-profit and stop-loss a few ticks from the
 * price (the simulated random walk crosses them within seconds), `kill -9` while they fire, a
 * restart, and then, from the database:
 * - every position closed by a trigger settled exactly once, at the FIRST recorded tick after its
 *   opening tick that reached one of its triggers (its tick id is stored);
 * - no position still open has a recorded tick, up to the engine's cursor, that reached a trigger;
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
const symbols = ['BTC-PERP', 'ETH-PERP'];
const positionsPerSymbol = 12;

type Envelope = { type: unknown; message: unknown };
type Instrument = {
  currency_id: number;
  symbol: string;
  spread: string;
  reference: { price: string } | null;
};

if (!adminUrl) {
  console.log(
    '[contracts-crash] skipped: set TEST_DATABASE_URL; the crash test only proves something on PostgreSQL.',
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!adminUrl)('contract triggers through kill -9 (PostgreSQL)', () => {
  const databaseName = `fairex_lever_crash_${randomBytes(5).toString('hex')}`;
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
    'fires every trigger exactly once, at the tick that crossed it, across kill -9',
    async () => {
      const running = await start();
      const api = apiCaller(running.url);
      const user = await prepareUser(api, running.staffToken);
      await api.ok('/wallet/demo_funds', { token: user.token, body: {} });
      await call(running, '/wallet/change', user.token, {
        currency_id: 3,
        number: '5000',
        from_field: 'change',
        to_field: 'lever',
      });
      const instruments = (await call(running, '/lever/instruments', user.token)) as Instrument[];
      const ids: string[] = [];
      expect(instruments.length).toBeGreaterThan(0);
      for (const symbol of symbols) {
        const instrument = instruments.find((entry) => entry.symbol === symbol);
        expect(instrument?.reference).not.toBeNull();
        for (let index = 0, attempts = 0; index < positionsPerSymbol && attempts < 100; attempts += 1) {
          // Read the price afresh: stops must be on the right side of the price now.
          const fresh = ((await call(running, '/lever/instruments', user.token)) as Instrument[]).find(
            (entry) => entry.symbol === symbol,
          ) as Instrument;
          const reference = Number(fresh.reference?.price);
          const spread = Number(fresh.spread);
          const long = index % 2 === 0;
          // Closing prices a small, varied distance away: the random walk reaches many within seconds.
          const distance = reference * 0.0004 * (1 + (index % 6));
          const close = long ? reference - spread : reference + spread;
          const decimals = (fresh.reference?.price.split('.')[1] ?? '').length;
          const up = (close + distance).toFixed(decimals);
          const down = (close - distance).toFixed(decimals);
          const reply = await send(running, '/lever/submit', user.token, {
            currency_id: fresh.currency_id,
            legal_id: 3,
            share: '1',
            multiple: 1,
            type: long ? 1 : 2,
            status: 0,
            target_profit_price: long ? up : down,
            stop_loss_price: long ? down : up,
          });
          // The price moved past a stop between reading it and submitting: read it again.
          if (reply.type !== 'ok') continue;
          ids.push((reply.message as { id: string }).id);
          index += 1;
        }
      }
      expect(ids.length).toBe(symbols.length * positionsPerSymbol);
      const closedCount = async () =>
        Number(
          (
            await db.query<{ n: string }>(
              "select count(*) as n from contract_positions where status = 'closed' and id = any($1::bigint[])",
              [ids],
            )
          ).rows[0]?.n,
        );
      // Kill -9 while they fire: once the first has closed (or after 20 s at most).
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const closed = await closedCount();
        if (closed > 0) break;
        await sleep(50);
      }
      const beforeCrash = await closedCount();
      await running.crash();
      const restarted = await start();
      // After the restart the engine catches up and the walk goes on: wait until all have closed
      // (or 40 s; a position still open is checked too: nothing evaluated reached it).
      const settleDeadline = Date.now() + 40_000;
      while ((await closedCount()) < ids.length && Date.now() < settleDeadline) await sleep(250);
      const afterRestart = await closedCount();
      await restarted.stop({ removeData: false });
      server = null;

      // From the database: each trigger-closed position's one settlement is at the first tick after
      // its opening tick that reached its take-profit or stop-loss (on the reference price).
      const checks = await db.query<{
        id: string;
        status: string;
        closes: string;
        kind: string | null;
        tick_id: string | null;
        first_crossing: string | null;
      }>(
        `with p as (
           select id, instrument_id, status, side, open_tick_id,
                  (take_profit + case when side = 1 then 1 else -1 end * (terms->>'spread')::numeric) / 1e8 as tp_ref,
                  (stop_loss + case when side = 1 then 1 else -1 end * (terms->>'spread')::numeric) / 1e8 as sl_ref
           from contract_positions where id = any($1::bigint[]))
         select p.id::text, p.status,
                (select count(*) from contract_settlements s where s.position_id = p.id and s.kind <> 'overnight')::text as closes,
                (select kind from contract_settlements s where s.position_id = p.id and s.kind <> 'overnight') as kind,
                (select tick_id::text from contract_settlements s where s.position_id = p.id and s.kind <> 'overnight') as tick_id,
                (select min(t.id)::text from price_ticks t
                  where t.instrument_id = p.instrument_id and t.id > p.open_tick_id
                    and (case when p.side = 1 then t.price >= p.tp_ref or t.price <= p.sl_ref
                              else t.price <= p.tp_ref or t.price >= p.sl_ref end)) as first_crossing
         from p order by p.id`,
        [ids],
      );
      let atFirstCrossing = 0;
      let closedByUser = 0;
      const wrong: string[] = [];
      for (const row of checks.rows) {
        if (row.status !== 'closed') {
          // Still open: nothing the engine has evaluated reached it.
          if (row.first_crossing !== null) {
            const cursor = await db.query<{ tick_id: string }>(
              'select tick_id::text from contract_cursors c join contract_positions p on p.instrument_id = c.instrument_id where p.id = $1',
              [row.id],
            );
            if (BigInt(cursor.rows[0]?.tick_id ?? '0') >= BigInt(row.first_crossing))
              wrong.push(`${row.id} open though tick ${row.first_crossing} crossed`);
          }
          continue;
        }
        if (row.closes !== '1') wrong.push(`${row.id} has ${row.closes} closes`);
        if (row.kind === 'close') closedByUser += 1;
        else if (row.tick_id === row.first_crossing) atFirstCrossing += 1;
        else wrong.push(`${row.id} ${row.kind} at tick ${row.tick_id}, first crossing ${row.first_crossing}`);
      }
      const verify = spawnSync('npm', ['run', '--silent', 'ledger:verify'], {
        cwd: repositoryRoot,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        encoding: 'utf8',
      });
      console.log(
        `[reliability postgres] contracts kill -9: positions ${ids.length}, closed before the crash ${beforeCrash}, ` +
          `closed after the restart ${afterRestart}, at their first crossing tick ${atFirstCrossing}, ` +
          `wrong ${wrong.length}; ledger: ${verify.stdout.trim().split('\n').at(-1)}`,
      );
      expect(wrong).toEqual([]);
      expect(closedByUser).toBe(0);
      expect(atFirstCrossing).toBe(afterRestart);
      expect(afterRestart).toBeGreaterThan(beforeCrash);
      expect(verify.status, `${verify.stdout}\n${verify.stderr}`).toBe(0);
    },
    15 * 60_000,
  );
});
