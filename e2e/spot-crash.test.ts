/**
 * Reliability case 11 for the spot exchange (with cases 3 and 7 under the same load): the real
 * server process on a fresh PostgreSQL database, many concurrent clients sending orders with
 * Idempotency-Keys (some duplicated in flight, some absurd or unfunded), `kill -9` in the middle
 * of it, a restart, and then:
 * - every acknowledged order is there, in a state its acknowledgement allows;
 * - every acknowledged refusal left no order;
 * - the books are rebuilt: GET /coin/depth equals the open orders in the database;
 * - retrying the unacknowledged requests with their keys gives at most one order per key;
 * - the ledger checks pass (`npm run ledger:verify`).
 * Several crash cycles. Only PostgreSQL proves anything here (PGlite does not fsync): without
 * TEST_DATABASE_URL the test is skipped with a message.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresInstallation, dropPostgresInstallation } from './support/crash-database';
import { type RunningServer, startFairexServer } from './support/fairex-server';
import { type ApiCaller, apiCaller, prepareUser, voucherPng } from './support/money-fixtures';

const adminUrl = process.env.TEST_DATABASE_URL;
const repositoryRoot = path.resolve(import.meta.dirname, '..');
const serverMessagesEn = JSON.parse(
  readFileSync(path.join(repositoryRoot, 'apps/server/src/locales/en.json'), 'utf8'),
) as Record<string, string>;
const inFlightMessage = serverMessagesEn['errors.idempotency_in_flight'];
if (!inFlightMessage) throw new Error('errors.idempotency_in_flight is missing from the server messages');

const symbol = 'BTC/USDT';
const cycles = Number(process.env.SPOT_CRASH_CYCLES ?? 3);
const traders = 6;
const clients = 48;
const tickSize = 0.01;

type OrderReply = {
  id: number;
  status: string;
  filled: string;
  amount: string;
  price: string;
  side: string;
};
type Envelope = { type: unknown; message: unknown };
type Trader = { token: string; userId: number };
type Sent = {
  readonly key: string;
  readonly trader: Trader;
  readonly body: Record<string, unknown>;
  /** The reply, when one came back before the crash. */
  reply: Envelope | null;
  /** Expected to be refused (absurd input, or more than the trader holds). */
  readonly absurd: boolean;
};

if (!adminUrl) {
  console.log(
    '[spot-crash] skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres); ' +
      'the crash test only proves something on PostgreSQL.',
  );
}

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** The idempotency guard's answer to a twin sent while the first is running. */
function isInFlightRefusal(reply: Envelope): boolean {
  return reply.type !== 'ok' && reply.message === inFlightMessage;
}

async function post(server: RunningServer, pathName: string, token: string, body: object, key?: string) {
  const response = await fetch(`${server.url}/api${pathName}`, {
    method: 'POST',
    headers: {
      authorization: token,
      'content-type': 'application/json',
      lang: 'en',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope;
}

async function get<T>(server: RunningServer, pathName: string, token?: string): Promise<T> {
  const response = await fetch(`${server.url}/api${pathName}`, {
    headers: token ? { authorization: token } : {},
  });
  const envelope = (await response.json()) as Envelope;
  expect(envelope.type, `${pathName}: ${JSON.stringify(envelope)}`).toBe('ok');
  return envelope.message as T;
}

/** Money for a trader: deposits with a voucher, approved by the e2e admin. */
async function deposit(
  api: ApiCaller,
  staffToken: string,
  token: string,
  currency: number,
  chain: string,
  amount: string,
) {
  const voucher = await api.upload(token, voucherPng(), 'voucher.png');
  const record = await api.ok<{ id: number }>('/wallet/charge_req', {
    token,
    body: { amount, currency, chain, voucher },
  });
  await api.ok('/admin/deposits/decide', {
    token: staffToken,
    body: { id: record.id, decision: 'approve' },
  });
}

const absurdAmounts = ['0', '-1', '1e-30', '1e30', 'NaN', '0.000000001', '100000000000000000000'];

describe.skipIf(!adminUrl)('spot orders through kill -9 (PostgreSQL)', () => {
  const databaseName = `fairex_crash_${randomBytes(5).toString('hex')}`;
  let databaseUrl = '';
  let db: pg.Client;
  let server: RunningServer | null = null;
  let dataDir = '';
  let reference = 0;
  const tradersList: Trader[] = [];
  const seed = Number(process.env.FAIREX_SEED) || Date.now() % 2 ** 31;
  const next = random(seed);

  const start = async () => {
    server = await startFairexServer({
      ...(dataDir ? { dataDir } : {}),
      // The maker would keep changing the book while it is compared with the database.
      env: { DATABASE_URL: databaseUrl, SPOT_MARKET_MAKER: 'off', LOG_LEVEL: 'error' },
      // The first start backfills 30 days of candles on PostgreSQL; on a busy machine that is slow.
      startTimeoutMs: 600_000,
    });
    dataDir = server.dataDir;
    return server;
  };

  beforeAll(async () => {
    console.log(`[seed] spot-crash: ${seed} (replay with FAIREX_SEED=${seed})`);
    ({ databaseUrl, dataDir } = await createPostgresInstallation(adminUrl ?? '', databaseName));
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();

    const running = await start();
    const api = apiCaller(running.url);
    for (let index = 0; index < traders; index += 1) {
      const user = await prepareUser(api, running.staffToken);
      await deposit(api, running.staffToken, user.token, 3, 'TRC20', '1000000');
      await deposit(api, running.staffToken, user.token, 1, 'BTC', '10');
      const info = await get<{ id: number }>(running, '/user/info', user.token);
      tradersList.push({ token: user.token, userId: info.id });
    }
    const markets = await get<{ symbol: string; reference_price: string | null }[]>(running, '/coin/markets');
    reference = Number(markets.find((market) => market.symbol === symbol)?.reference_price);
    expect(reference).toBeGreaterThan(0);
  }, 900_000);

  afterAll(async () => {
    await server?.stop({ removeData: false });
    await db?.end();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl) await dropPostgresInstallation(adminUrl, databaseName);
  });

  /** An order near the reference (both sides, so some cross), or now and then an absurd one. */
  const orderBody = (): { body: Record<string, unknown>; absurd: boolean } => {
    const side = next() < 0.5 ? 'buy' : 'sell';
    const steps = Math.floor(next() * 9) - 4; // -4..4 steps of 0.05 %
    const price = (Math.round((reference * (1 + steps * 0.0005)) / tickSize) * tickSize).toFixed(2);
    const roll = next();
    if (roll < 0.04) {
      const amount = absurdAmounts[Math.floor(next() * absurdAmounts.length)] ?? '0';
      return { body: { currency_id: 1, legal_id: 3, type: side, target_price: price, amount }, absurd: true };
    }
    if (roll < 0.06) {
      // More than anyone holds: unfunded, refused with nothing held.
      return {
        body: { currency_id: 1, legal_id: 3, type: side, target_price: price, amount: '5000' },
        absurd: true,
      };
    }
    const amount = (0.0001 + Math.floor(next() * 20) * 0.0001).toFixed(5);
    return { body: { currency_id: 1, legal_id: 3, type: side, target_price: price, amount }, absurd: false };
  };

  const depthMatchesDatabase = async (running: RunningServer) => {
    const depth = await get<{ bids: [string, string][]; asks: [string, string][] }>(
      running,
      `/coin/depth?symbol=${encodeURIComponent(symbol)}&limit=100`,
    );
    const rows = await db.query<{ side: string; price: string; open: string }>(
      `select o.side, o.price::text as price, sum(o.amount - o.filled)::text as open
         from spot_orders o join instruments i on i.id = o.instrument_id
        where i.symbol = $1 and o.status = 'open'
        group by o.side, o.price
        order by o.side, case when o.side = 'buy' then -o.price else o.price end
        limit 1000`,
      [symbol],
    );
    const normal = (levels: readonly (readonly [string, string])[]) =>
      levels.map(([price, amount]) => [Number(price), Number(amount)]);
    const fromDb = (side: string) =>
      rows.rows.filter((row) => row.side === side).map((row) => [Number(row.price), Number(row.open)]);
    expect(normal(depth.bids)).toEqual(fromDb('buy').slice(0, 100));
    expect(normal(depth.asks)).toEqual(fromDb('sell').slice(0, 100));
    return depth.bids.length + depth.asks.length;
  };

  it(
    'keeps every acknowledged order, rebuilds the books and books nothing twice',
    async () => {
      const figures = {
        cycles: 0,
        sent: 0,
        acknowledged: 0,
        acknowledgedLost: 0,
        refusalsWithOrder: 0,
        duplicatesInFlight: 0,
        duplicateOrders: 0,
        unacknowledged: 0,
        retriedNewOrders: 0,
        retriedInFlight: 0,
        retryExtraOrders: 0,
        absurdAccepted: 0,
      };
      for (let cycle = 0; cycle < cycles; cycle += 1) {
        const running = server ?? (await start());
        const sent: Sent[] = [];
        let crashed = false;
        const killAfterMs = 3000 + Math.floor(next() * 3000);
        const loadStarted = Date.now();

        const client = async () => {
          while (!crashed) {
            const trader = tradersList[Math.floor(next() * tradersList.length)] as Trader;
            const { body, absurd } = orderBody();
            const entry: Sent = { key: randomUUID(), trader, body, reply: null, absurd };
            sent.push(entry);
            const twice = next() < 0.05; // case 3: the same request twice at once
            const attempts = twice ? [0, 1] : [0];
            const replies = await Promise.allSettled(
              attempts.map(() => post(running, '/coin/trade', trader.token, body, entry.key)),
            );
            const first = replies[0];
            if (first?.status === 'fulfilled') entry.reply = first.value;
            if (twice) {
              // "Still being processed" answers the twin, not the order: if the other one was cut
              // off by kill -9, the order's fate is unknown (retried below), not refused.
              const twinReplies = replies.flatMap((reply) =>
                reply.status === 'fulfilled' && !isInFlightRefusal(reply.value) ? [reply.value] : [],
              );
              entry.reply = twinReplies[0] ?? null;
              figures.duplicatesInFlight += 1;
              const ids = replies.flatMap((reply) =>
                reply.status === 'fulfilled' && reply.value.type === 'ok'
                  ? [(reply.value.message as OrderReply).id]
                  : [],
              );
              if (new Set(ids).size > 1) figures.duplicateOrders += 1;
              const okOne = replies.find(
                (reply) => reply.status === 'fulfilled' && reply.value.type === 'ok',
              );
              if (okOne?.status === 'fulfilled') entry.reply = okOne.value;
            }
          }
        };
        const load = Promise.all(Array.from({ length: clients }, client));
        await new Promise((resolve) => setTimeout(resolve, killAfterMs));
        await running.crash();
        crashed = true;
        await load;
        server = null;
        const loadMs = Date.now() - loadStarted;

        const acknowledged = sent.filter((entry) => entry.reply?.type === 'ok');
        const refused = sent.filter((entry) => entry.reply !== null && entry.reply.type !== 'ok');
        const unacknowledged = sent.filter((entry) => entry.reply === null);
        figures.sent += sent.length;
        figures.acknowledged += acknowledged.length;
        figures.unacknowledged += unacknowledged.length;
        figures.absurdAccepted += acknowledged.filter((entry) => entry.absurd).length;
        console.log(
          `[spot-crash] cycle ${cycle + 1}: ${sent.length} sent in ${loadMs} ms, ${acknowledged.length} acknowledged, ` +
            `${refused.length} refused, ${unacknowledged.length} cut off by kill -9`,
        );

        const restarted = await start();

        // Every acknowledged order is present, in a state its acknowledgement allows.
        const ackedIds = acknowledged
          .map((entry) => (entry.reply as Envelope).message as OrderReply)
          .map((order) => order.id);
        const stored = await db.query<{
          id: string;
          status: string;
          filled: string;
          idempotency_key: string;
        }>(
          'select id::text, status, filled::text, idempotency_key from spot_orders where id = any($1::bigint[])',
          [ackedIds],
        );
        const byId = new Map(stored.rows.map((row) => [Number(row.id), row]));
        for (const entry of acknowledged) {
          const reply = (entry.reply as Envelope).message as OrderReply;
          const row = byId.get(reply.id);
          const final = reply.status !== 'open';
          const consistent =
            row !== undefined &&
            row.idempotency_key === entry.key &&
            Number(row.filled) >= Number(reply.filled) &&
            (!final || row.status === reply.status);
          if (!consistent) figures.acknowledgedLost += 1;
        }

        // An acknowledged refusal left no order behind.
        const refusedKeys = refused.map((entry) => entry.key);
        const refusedOrders = await db.query<{ key: string }>(
          'select idempotency_key as key from spot_orders where idempotency_key = any($1::text[])',
          [refusedKeys],
        );
        figures.refusalsWithOrder += refusedOrders.rows.length;
        for (const row of refusedOrders.rows) {
          const reply = refused.find((entry) => entry.key === row.key)?.reply;
          console.log(`[spot-crash] refused but stored: ${row.key}: ${JSON.stringify(reply)}`);
        }

        // The book in memory is the book in the database.
        const levels = await depthMatchesDatabase(restarted);

        // Retrying the cut-off requests: at most one order per key, and the reply names it.
        const retried = await Promise.all(
          unacknowledged.map(async (entry) => ({
            entry,
            reply: await post(restarted, '/coin/trade', entry.trader.token, entry.body, entry.key),
          })),
        );
        for (const { reply } of retried) {
          if (reply.type === 'ok') figures.retriedNewOrders += 1;
          else if (String(reply.message).includes('still being processed')) figures.retriedInFlight += 1;
        }
        const retryKeys = unacknowledged.map((entry) => entry.key);
        const perKey = await db.query<{ key: string; n: number; id: string }>(
          `select idempotency_key as key, count(*)::int as n, min(id)::text as id from spot_orders
            where idempotency_key = any($1::text[]) group by idempotency_key`,
          [retryKeys],
        );
        const storedByKey = new Map(perKey.rows.map((row) => [row.key, row]));
        for (const { entry, reply } of retried) {
          const row = storedByKey.get(entry.key);
          if (row && row.n > 1) figures.retryExtraOrders += row.n - 1;
          if (reply.type === 'ok' && Number(row?.id) !== (reply.message as OrderReply).id) {
            figures.retryExtraOrders += 1;
          }
        }
        // Every order of the traders came from a request of ours (all carry a key).
        const strays = await db.query<{ key: string | null }>(
          "select idempotency_key as key from spot_orders where user_id = any($1::int[]) and created_at > now() - interval '10 minutes'",
          [tradersList.map((trader) => trader.userId)],
        );
        const strayCount = strays.rows.filter((row) => row.key === null).length;
        expect(strayCount).toBe(0);

        await depthMatchesDatabase(restarted);
        const verify = spawnSync('npm', ['run', '--silent', 'ledger:verify'], {
          cwd: repositoryRoot,
          env: { ...process.env, DATABASE_URL: databaseUrl },
          encoding: 'utf8',
        });
        const summary = verify.stdout.trim().split('\n').at(-1);
        console.log(`[spot-crash] cycle ${cycle + 1}: book levels ${levels}; ledger: ${summary}`);
        expect(verify.status, `${verify.stdout}\n${verify.stderr}`).toBe(0);
        figures.cycles += 1;
      }

      console.log(
        `[reliability postgres] spot kill -9: crash cycles survived ${figures.cycles}, orders sent ${figures.sent}, ` +
          `acknowledged ${figures.acknowledged}, acknowledged orders lost ${figures.acknowledgedLost}`,
      );
      console.log(
        `[reliability postgres] spot refusals (absurd or unfunded) that left an order ${figures.refusalsWithOrder}, ` +
          `absurd or unfunded orders accepted ${figures.absurdAccepted}`,
      );
      console.log(
        `[reliability postgres] spot duplicates in flight ${figures.duplicatesInFlight}, second orders ${figures.duplicateOrders}; ` +
          `cut-off requests retried ${figures.unacknowledged} (new ${figures.retriedNewOrders}, in flight ${figures.retriedInFlight}), extra orders ${figures.retryExtraOrders}`,
      );
      expect(figures).toMatchObject({
        cycles,
        acknowledgedLost: 0,
        refusalsWithOrder: 0,
        duplicateOrders: 0,
        retryExtraOrders: 0,
        absurdAccepted: 0,
      });
      expect(figures.acknowledged).toBeGreaterThan(0);
    },
    30 * 60_000,
  );
});
