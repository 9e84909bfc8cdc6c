/**
 * Finance payouts through `kill -9` (issue 19, reliability), on PostgreSQL: the real server
 * process on a fresh database; staff create dual-investment products (calls and puts on BTC/USDT,
 * linked 3% below and 3% above the current price) settling at a time B a few seconds ahead, and two mining
 * products (lock for 1 day, cloud for 2 days) whose dividend time of day is the same minute B;
 * staff fund every reserve from `house`; users buy; the server is killed with SIGKILL before B and
 * restarted after it. The market records no ticks while the server is down, so by the dual rule
 * (the first tick recorded at or after the settlement time, within dualTickToleranceMs, else the
 * order fails and everything is released) each order settles on the first tick the restarted
 * process recorded. Then, from the database:
 * - no tick was recorded while the server was down;
 * - every dual order settled exactly once: one `dual_principal` and one `dual_payout` entry, both
 *   carrying the stored tick, which is the one the rule prescribes; the payout is the outcome of
 *   that tick's price against the linked price (the outcomes the order showed before settling);
 *   its scheduled item is done and no reservation is still pending;
 * - every mining order was paid day 1 exactly once (one `mining_dividend` entry, one dividend row,
 *   the daily amount), after the restart; the 1-day order returned its principal, the 2-day one
 *   is still in progress with day 2 unpaid;
 * - the ledger checks pass (`npm run ledger:verify`).
 * A mining dividend time is a minute of the day (UTC), so B is a whole minute at least a few
 * seconds ahead: the test waits up to a minute for it. Only PostgreSQL proves anything here
 * (PGlite does not fsync): without TEST_DATABASE_URL the test is skipped with a message.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { DualOrder, DualProduct, MiningProduct } from '@fairex/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresInstallation, dropPostgresInstallation } from './support/crash-database';
import { type RunningServer, startFairexServer } from './support/fairex-server';
import { apiCaller } from './support/money-fixtures';

const adminUrl = process.env.TEST_DATABASE_URL;
const repositoryRoot = path.resolve(import.meta.dirname, '..');
const users = 4;
/** Per user: this many orders of each dual product. */
const dualOrdersPerProduct = 2;
/** B is at least this far ahead once the server is up: time to sign users up and buy before the kill. */
const leadMs = 12_000;
const minuteMs = 60_000;
/** dualTickToleranceMs in apps/server/src/modules/dual/dual.service.ts. */
const toleranceMs = 60 * 60 * 1000;

type Envelope = { type: unknown; message: unknown };

if (!adminUrl) {
  console.log(
    '[finance-crash] skipped: set TEST_DATABASE_URL; the crash test only proves something on PostgreSQL.',
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sleepUntil = async (at: number) => {
  while (Date.now() < at) await sleep(Math.min(250, at - Date.now()));
};

describe.skipIf(!adminUrl)('finance payouts through kill -9 (PostgreSQL)', () => {
  const databaseName = `fairex_finance_crash_${randomBytes(5).toString('hex')}`;
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
  const count = async (query: string, params: unknown[] = []) =>
    Number((await db.query<{ n: string }>(query, params)).rows[0]?.n);

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
    'pays each dual settlement and mining dividend exactly once, on the prescribed tick, across kill -9',
    async () => {
      const startedAt = Date.now();
      const running = await start();
      const firstStartMs = Date.now() - startedAt;
      const api = apiCaller(running.url);
      const staff = running.staffToken;
      // B: the settlement time and the dividend time of day, a whole minute a few seconds ahead.
      const due = Math.ceil((Date.now() + leadMs) / minuteMs) * minuteMs;
      const dividendMinute = Math.floor(due / minuteMs) % 1440;
      const setupBegan = Date.now();
      const tokens = await Promise.all(
        Array.from({ length: users }, async (_, index) => {
          const email = `fincrash${index}-${Date.now() % 1_000_000}@example.com`;
          const password = 'fincrash-secret-1';
          await api.ok('/sms_mail', { body: { user_string: email, scene: 'register' } });
          const token = await api.ok<string>('/user/register', {
            body: {
              user_string: email,
              code: await api.freshCode(email),
              password,
              re_password: password,
              type: 'email',
            },
          });
          await api.ok('/wallet/demo_funds', { token, body: {} });
          return token;
        }),
      );
      const reference = (
        await db.query<{ price: string }>(
          `select t.price::text as price from price_ticks t join instruments i on i.id = t.instrument_id
           where i.symbol = 'BTC/USDT' order by t.recorded_at desc, t.id desc limit 1`,
        )
      ).rows[0]?.price;
      expect(reference).toBeDefined();
      // Linked 3% below and 3% above the current price (whole USDT): the walk does not move that far
      // in a minute, so each direction pays both outcomes (the coin or the quote) in every run.
      const linkedAt = (factor: number) => String(Math.round(Number(reference) * factor));
      const dualProducts: DualProduct[] = [];
      for (const [type, unit, factor] of [
        ['call', '0.01', 0.97],
        ['call', '0.01', 1.03],
        ['put', '100', 0.97],
        ['put', '100', 1.03],
      ] as const) {
        const product = (await call(running, '/admin/dual/products/save', staff, {
          names: { en: `BTC ${type} ${factor} crash test` },
          pair: 'BTC/USDT',
          type,
          linked_price: linkedAt(factor),
          annual_rate: '0.2',
          days: 1,
          settle_at: due,
          unit_price: unit,
          min_shares: 1,
          max_shares: 10,
          total_shares: 1000,
          active: true,
        })) as DualProduct;
        for (const [currency_id, amount] of [
          [1, '10'],
          [3, '2000000'],
        ] as const) {
          await call(running, '/admin/dual/reserve/fund', staff, {
            product_id: product.id,
            currency_id,
            amount,
          });
        }
        dualProducts.push(product);
      }
      const miningProducts: MiningProduct[] = [];
      for (const [category, days] of [
        ['lock', 1],
        ['cloud', 2],
      ] as const) {
        const product = (await call(running, '/admin/mining/products/save', staff, {
          category,
          names: { en: `USDT ${category} crash test` },
          currency_id: 3,
          daily_rate: '0.004',
          days,
          min_amount: '100',
          max_amount: '2000',
          capacity: '100000',
          dividend_minute: dividendMinute,
          penalty_rate: '0.004',
          active: true,
        })) as MiningProduct;
        await call(running, '/admin/mining/reserve/fund', staff, { product_id: product.id, amount: '10000' });
        miningProducts.push(product);
      }

      // Every user buys at once: each dual product twice (2 and 3 shares), each mining product once.
      const dualIds: string[] = [];
      const miningIds: string[] = [];
      await Promise.all(
        tokens.map(async (token, userIndex) => {
          for (const product of dualProducts) {
            for (let order = 0; order < dualOrdersPerProduct; order += 1) {
              const bought = (await call(running, '/dual/buyDual', token, {
                id: product.id,
                num: String(2 + order),
                type: product.type,
              })) as DualOrder;
              dualIds.push(bought.id);
            }
          }
          for (const product of miningProducts) {
            const order = (await call(running, '/lh/deposit', token, {
              config_id: product.id,
              amount: String(100 * (userIndex + 1)),
            })) as { id: string };
            miningIds.push(order.id);
          }
        }),
      );
      expect(dualIds.length).toBe(users * dualProducts.length * dualOrdersPerProduct);
      expect(miningIds.length).toBe(users * miningProducts.length);
      // The kill must come before B (else this run proves nothing about the crash).
      const killedAt = Date.now();
      const setupMs = killedAt - setupBegan;
      expect(due - killedAt, 'the purchases took until the settlement time').toBeGreaterThan(500);
      await running.crash();
      const crashedAt = Date.now();
      const beforeCrash = {
        dual: await count(
          "select count(*) as n from dual_orders where state <> 'purchased' and id = any($1::bigint[])",
          [dualIds],
        ),
        dividends: await count(
          'select count(*) as n from mining_dividends where order_id = any($1::bigint[])',
          [miningIds],
        ),
      };
      await sleepUntil(due + 500);
      const restartBegan = Date.now();
      const restarted = await start();
      const restartedAt = Date.now();
      const allPaid = async () =>
        (await count(
          "select count(*) as n from dual_orders where state = 'purchased' and id = any($1::bigint[])",
          [dualIds],
        )) === 0 &&
        (await count(
          'select count(*) as n from mining_orders where paid_days < 1 and id = any($1::bigint[])',
          [miningIds],
        )) === 0;
      const settleDeadline = Date.now() + 30_000;
      while (!(await allPaid()) && Date.now() < settleDeadline) await sleep(200);
      const settledAfter = Date.now() - restartedAt;
      // What the order showed before settling: its two outcomes (the same pure rule as settlement).
      const views = new Map<string, DualOrder>();
      for (let page = 1; views.size < dualIds.length && page < 10; page += 1) {
        const reply = (await call(restarted, `/admin/dual/orders?page=${page}&limit=50`, staff)) as {
          list: DualOrder[];
        };
        if (reply.list.length === 0) break;
        for (const order of reply.list) views.set(order.id, order);
      }
      await restarted.stop({ removeData: false });
      server = null;

      // No tick was recorded while the server was down (whole seconds: ticks carry their second).
      const gapTicks = await count(
        'select count(*) as n from price_ticks where recorded_at >= $1 and recorded_at < $2',
        [new Date(Math.ceil(crashedAt / 1000) * 1000), new Date(Math.floor(restartBegan / 1000) * 1000)],
      );

      const dualRows = await db.query<{
        id: string;
        state: string;
        fail_reason: string | null;
        settle_tick_id: string | null;
        settle_price: string | null;
        settle_tick_at: Date | null;
        payout_side: string | null;
        payout: string | null;
        linked_price: string;
        principal_entries: string;
        payout_entries: string;
        entry_ticks: string[] | null;
        pending_holds: string;
        work_items: string;
        work_done: string;
        rule_tick_id: string | null;
        rule_tick_price: string | null;
        rule_tick_at: Date | null;
        below: boolean | null;
      }>(
        `select o.id::text, o.state, o.fail_reason, o.settle_tick_id::text, o.settle_price, o.settle_tick_at,
                o.payout_side, o.payout::text, o.linked_price::text,
                (select count(*) from ledger_entries e where e.kind = 'dual_principal' and e.memo->>'order_id' = o.id::text)::text as principal_entries,
                (select count(*) from ledger_entries e where e.kind = 'dual_payout' and e.memo->>'order_id' = o.id::text)::text as payout_entries,
                (select array_agg(distinct coalesce(e.tick_id::text, 'none')) from ledger_entries e
                  where e.kind in ('dual_principal', 'dual_payout') and e.memo->>'order_id' = o.id::text) as entry_ticks,
                (select count(*) from ledger_holds h where h.state = 'pending'
                  and h.id in (o.principal_hold_id, o.base_hold_id, o.quote_hold_id))::text as pending_holds,
                (select count(*) from scheduled_work w where w.kind = 'dual:settle' and w.key = o.id::text)::text as work_items,
                (select count(*) from scheduled_work w where w.kind = 'dual:settle' and w.key = o.id::text and w.done_at is not null)::text as work_done,
                t.id::text as rule_tick_id, t.price::text as rule_tick_price, t.recorded_at as rule_tick_at,
                t.price < o.linked_price / power(10::numeric, q.scale) as below
         from dual_orders o
         join currencies q on q.id = o.quote_currency_id
         left join lateral (
           select id, price, recorded_at from price_ticks p
           where p.instrument_id = o.instrument_id and p.recorded_at >= o.settle_at
             and p.recorded_at <= o.settle_at + $2 * interval '1 millisecond'
           order by p.recorded_at, p.id limit 1) t on true
         where o.id = any($1::bigint[]) order by o.id`,
        [dualIds, toleranceMs],
      );
      const wrong: string[] = [];
      let settledOnce = 0;
      let failedReleased = 0;
      const outcomes = { below: 0, at_or_above: 0 };
      for (const row of dualRows.rows) {
        const view = views.get(row.id);
        if (row.work_items !== '1' || row.work_done !== '1')
          wrong.push(`${row.id}: ${row.work_items} settle items, ${row.work_done} done`);
        if (row.pending_holds !== '0') wrong.push(`${row.id}: ${row.pending_holds} holds still pending`);
        if (row.state === 'fail') {
          // The documented failure: no tick within the tolerance; nothing posted, everything released.
          if (row.rule_tick_id !== null)
            wrong.push(`${row.id} failed though tick ${row.rule_tick_id} exists`);
          else if (row.principal_entries !== '0' || row.payout_entries !== '0')
            wrong.push(`${row.id} failed with entries`);
          else failedReleased += 1;
          continue;
        }
        if (row.state !== 'success') {
          wrong.push(`${row.id} is ${row.state}`);
          continue;
        }
        if (row.principal_entries !== '1' || row.payout_entries !== '1') {
          wrong.push(
            `${row.id}: ${row.principal_entries} principal and ${row.payout_entries} payout entries`,
          );
          continue;
        }
        if (row.settle_tick_id !== row.rule_tick_id) {
          wrong.push(`${row.id} settled on tick ${row.settle_tick_id}, the rule's is ${row.rule_tick_id}`);
          continue;
        }
        if (JSON.stringify(row.entry_ticks) !== JSON.stringify([row.settle_tick_id]))
          wrong.push(`${row.id}: entries carry ticks ${row.entry_ticks}`);
        if (Number(row.settle_price) !== Number(row.rule_tick_price))
          wrong.push(`${row.id}: settle price ${row.settle_price}, tick price ${row.rule_tick_price}`);
        if (row.settle_tick_at?.getTime() !== row.rule_tick_at?.getTime())
          wrong.push(`${row.id}: settle tick time differs from the tick's`);
        // No tick while down: the prescribed tick is one the restarted process recorded.
        if ((row.rule_tick_at?.getTime() ?? 0) < Math.floor(restartBegan / 1000) * 1000)
          wrong.push(`${row.id}: tick ${row.rule_tick_id} recorded before the restart`);
        // The payout is the outcome of the tick's price against the linked price (quote units).
        const outcome = row.below ? 'below' : 'at_or_above';
        outcomes[outcome] += 1;
        const expected = view?.outcomes[outcome];
        if (
          !expected ||
          view?.payout?.side !== expected.side ||
          view.payout.amount !== expected.amount ||
          row.payout_side !== expected.side
        )
          wrong.push(
            `${row.id}: paid ${JSON.stringify(view?.payout)}, ${outcome} pays ${JSON.stringify(expected)}`,
          );
        else settledOnce += 1;
      }
      // The payout entry pays exactly the stored payout to the user.
      const payoutMismatches = await count(
        `select count(*) as n from dual_orders o
         where o.id = any($1::bigint[]) and o.state = 'success' and o.payout <> coalesce((
           select sum(p.amount) from ledger_entries e join ledger_postings p on p.entry_id = e.id
           join ledger_accounts a on a.id = p.account_id
           where e.kind = 'dual_payout' and e.memo->>'order_id' = o.id::text and a.user_id = o.user_id), -1)`,
        [dualIds],
      );
      if (payoutMismatches > 0)
        wrong.push(`${payoutMismatches} payout entries differ from the stored payout`);

      const miningRows = await db.query<{
        id: string;
        days: number;
        state: string;
        paid_days: number;
        returned: string | null;
        amount: string;
        daily: string;
        dividend_rows: string;
        dividend_entries: string;
        entry_amount: string | null;
        paid_at: Date | null;
        principal_hold: string;
      }>(
        `select o.id::text, o.days, o.state, o.paid_days, o.returned::text, o.amount::text,
                floor(o.amount * o.daily_rate_ppm / 1000000)::text as daily,
                (select count(*) from mining_dividends d where d.order_id = o.id)::text as dividend_rows,
                (select count(*) from ledger_entries e where e.kind = 'mining_dividend' and e.memo->>'order_id' = o.id::text)::text as dividend_entries,
                (select sum(p.amount)::text from ledger_entries e join ledger_postings p on p.entry_id = e.id
                  join ledger_accounts a on a.id = p.account_id
                  where e.kind = 'mining_dividend' and e.memo->>'order_id' = o.id::text and a.user_id = o.user_id) as entry_amount,
                (select min(d.paid_at) from mining_dividends d where d.order_id = o.id) as paid_at,
                (select h.state from ledger_holds h where h.id = o.principal_hold_id) as principal_hold
         from mining_orders o where o.id = any($1::bigint[]) order by o.id`,
        [miningIds],
      );
      let dividendsOnce = 0;
      let principalsReturned = 0;
      for (const row of miningRows.rows) {
        if (row.dividend_rows !== '1' || row.dividend_entries !== '1' || row.paid_days !== 1) {
          wrong.push(
            `mining ${row.id}: ${row.dividend_rows} dividend rows, ${row.dividend_entries} entries, paid days ${row.paid_days}`,
          );
          continue;
        }
        if (row.entry_amount !== row.daily)
          wrong.push(`mining ${row.id}: paid ${row.entry_amount}, daily ${row.daily}`);
        else if ((row.paid_at?.getTime() ?? 0) < restartBegan)
          wrong.push(`mining ${row.id}: paid at ${row.paid_at?.toISOString()}, before the restart`);
        else dividendsOnce += 1;
        if (row.days === 1) {
          if (row.state === 'redeemed' && row.returned === row.amount && row.principal_hold === 'released')
            principalsReturned += 1;
          else
            wrong.push(
              `mining ${row.id}: 1-day order ${row.state}, returned ${row.returned}, hold ${row.principal_hold}`,
            );
        } else if (row.state !== 'in_progress' || row.principal_hold !== 'pending') {
          wrong.push(`mining ${row.id}: ${row.days}-day order ${row.state}, hold ${row.principal_hold}`);
        }
      }

      const verifyBegan = Date.now();
      const verify = spawnSync('npm', ['run', '--silent', 'ledger:verify'], {
        cwd: repositoryRoot,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        encoding: 'utf8',
      });
      const ledgerLine = verify.stdout.trim().split('\n').at(-1);
      const verifyMs = Date.now() - verifyBegan;
      console.log(
        `[finance-crash] first start ${firstStartMs} ms; B ${new Date(due).toISOString()}: users, products and purchases ${setupMs} ms, killed ${due - killedAt} ms before, restarted ` +
          `${restartedAt - due} ms after (no ticks while down: ${gapTicks} recorded), all paid ${settledAfter} ms ` +
          `after the restart; dual orders ${dualRows.rows.length}, settled before the crash ${beforeCrash.dual}, ` +
          `settled once ${settledOnce} (below ${outcomes.below}, at or above ${outcomes.at_or_above}), ` +
          `failed and released ${failedReleased}; mining orders ${miningRows.rows.length}, dividends before the ` +
          `crash ${beforeCrash.dividends}, day 1 paid once ${dividendsOnce}, principals returned ${principalsReturned}; ` +
          `wrong ${wrong.length}; ledger: ${ledgerLine} (${verifyMs} ms); ${Math.round((Date.now() - startedAt) / 1000)} s`,
      );
      for (const line of wrong.slice(0, 10)) console.log(`[finance-crash] wrong: ${line}`);
      expect(gapTicks).toBe(0);
      expect(wrong).toEqual([]);
      expect(beforeCrash).toEqual({ dual: 0, dividends: 0 });
      expect(settledOnce).toBe(dualIds.length);
      // Linked 3% either side of the price: half of the orders pay each outcome.
      expect(outcomes).toEqual({ below: dualIds.length / 2, at_or_above: dualIds.length / 2 });
      expect(dividendsOnce).toBe(miningIds.length);
      expect(principalsReturned).toBe(users);
      expect(verify.status, `${verify.stdout}\n${verify.stderr}`).toBe(0);
    },
    5 * 60_000,
  );
});
