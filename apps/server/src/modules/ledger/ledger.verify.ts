/**
 * The ledger checks of reliability.md, run after every money test and by `npm run ledger:verify`.
 * Each check returns the problems it found (empty: passed). Checks 5, 6 and 8 also depend on
 * other modules' tables (withdrawals, vouchers, orders): those modules contribute checks with the
 * same number, which the caller passes in.
 */
import type { ModuleCheck } from '../../platform/app-module';
import type { Database } from '../../platform/db/database';
import { rowsOf, sql } from './ledger.sql';

/** A check of reliability.md: its number, what it checks, and the problems it finds. */
export type LedgerCheck = ModuleCheck;

/** Problems a check reports at most; its statements end with `limit ${problemsLimit}`. */
export const problemsLimit = 20;

/** A check's statement run, each row it returns described as one problem. */
export async function problems(
  db: Database,
  statement: ReturnType<typeof sql>,
  describe: (row: Record<string, unknown>) => string,
): Promise<string[]> {
  const rows = await rowsOf<Record<string, unknown>>(db, statement);
  return rows.slice(0, problemsLimit).map(describe);
}

/** Proves a statement is refused: it runs inside a transaction that is always rolled back. */
async function refuses(db: Database, statement: ReturnType<typeof sql>): Promise<boolean> {
  const rollback = new Error('rollback');
  try {
    await db.transaction(async (tx) => {
      await tx.execute(statement);
      throw rollback;
    });
  } catch (error) {
    return error !== rollback;
  }
  return false;
}

export const ledgerChecks: readonly LedgerCheck[] = [
  {
    number: 1,
    name: 'every journal entry balances per currency',
    run: (db) =>
      problems(
        db,
        sql`select entry_id::text, currency_id, sum(amount)::text as total from ledger_postings
            group by entry_id, currency_id having sum(amount) <> 0 limit ${problemsLimit}`,
        (row) => `entry ${row.entry_id} currency ${row.currency_id} is off by ${row.total}`,
      ).then(async (found) => {
        const lonely = await problems(
          db,
          sql`select e.id::text from ledger_entries e left join ledger_postings p on p.entry_id = e.id
              group by e.id having count(p.id) < 2 limit ${problemsLimit}`,
          (row) => `entry ${row.id} has fewer than two postings`,
        );
        return [...found, ...lonely];
      }),
  },
  {
    number: 2,
    name: 'all accounts sum to zero per currency',
    run: (db) =>
      problems(
        db,
        sql`select currency_id, sum(balance)::text as total from ledger_accounts
            group by currency_id having sum(balance) <> 0`,
        (row) => `currency ${row.currency_id} sums to ${row.total}`,
      ),
  },
  {
    number: 3,
    name: 'stored balances equal the sum of their postings',
    run: (db) =>
      problems(
        db,
        sql`select a.id::text, a.balance::text, coalesce(p.total, 0)::text as total
            from ledger_accounts a
            left join (select account_id, sum(amount) as total from ledger_postings group by account_id) p
              on p.account_id = a.id
            where a.balance <> coalesce(p.total, 0) limit ${problemsLimit}`,
        (row) => `account ${row.id} stores ${row.balance} but its postings sum to ${row.total}`,
      ).then(async (found) => {
        // The running balance on each posting is what bills show; it must agree too.
        const running = await problems(
          db,
          sql`select id::text from (
                select id, balance_after,
                       sum(amount) over (partition by account_id order by id) as running
                from ledger_postings) p
              where balance_after <> running limit ${problemsLimit}`,
          (row) => `posting ${row.id} shows a balance that its account's history does not give`,
        );
        return [...found, ...running];
      }),
  },
  {
    number: 4,
    name: 'no user balance or product pool, available or held, is negative',
    run: (db) =>
      problems(
        db,
        sql`select id::text, user_id, system_name, balance::text, held::text from ledger_accounts
            where (user_id is not null or system_name like 'pool:%')
              and (held < 0 or balance < held or balance < 0) limit ${problemsLimit}`,
        (row) =>
          `${row.user_id === null ? `pool ${row.system_name}` : `user ${row.user_id}`} account ${row.id}: balance ${row.balance}, held ${row.held}`,
      ),
  },
  {
    number: 5,
    name: 'held equals what is open (pending holds)',
    run: (db) =>
      problems(
        db,
        sql`select a.id::text, a.held::text, coalesce(h.total, 0)::text as total
            from ledger_accounts a
            left join (select account_id, sum(remaining) as total from ledger_holds
                       where state = 'pending' group by account_id) h on h.account_id = a.id
            where a.held <> coalesce(h.total, 0) limit ${problemsLimit}`,
        (row) => `account ${row.id} holds ${row.held} but its open holds total ${row.total}`,
      ),
  },
  {
    number: 6,
    name: 'exactly once: one entry per (user, idempotency key) and per event; holds resolve once',
    run: async (db) => {
      const keys = await problems(
        db,
        sql`select user_id, idempotency_key, count(*)::int as n from ledger_entries
            where idempotency_key is not null group by user_id, idempotency_key having count(*) > 1`,
        (row) => `user ${row.user_id} key ${row.idempotency_key} booked ${row.n} times`,
      );
      const events = await problems(
        db,
        sql`select reference, count(*)::int as n from ledger_entries where reference is not null
            group by reference having count(*) > 1`,
        (row) => `event ${row.reference} booked ${row.n} times`,
      );
      // A hold's postings can never exceed what it set aside.
      const holds = await problems(
        db,
        sql`select h.id::text, h.amount::text, h.remaining::text from ledger_holds h
            where (h.state = 'pending') <> (h.resolved_at is null) or h.remaining > h.amount
            limit ${problemsLimit}`,
        (row) => `hold ${row.id} is resolved inconsistently`,
      );
      return [...keys, ...events, ...holds];
    },
  },
  {
    number: 7,
    name: 'the journal is append-only',
    run: async (db) => {
      const found: string[] = [];
      for (const table of ['ledger_postings', 'ledger_entries'] as const) {
        if (!(await refuses(db, sql.raw(`update ${table} set id = id where false`))))
          found.push(`${table} accepts UPDATE`);
        if (!(await refuses(db, sql.raw(`delete from ${table} where false`))))
          found.push(`${table} accepts DELETE`);
      }
      return found;
    },
  },
];

export type CheckResult = { readonly number: number; readonly name: string; readonly problems: string[] };

/** Runs the ledger's checks and the ones other modules contribute, in number order. */
export async function verifyLedger(db: Database, extra: readonly LedgerCheck[] = []): Promise<CheckResult[]> {
  const checks = [...ledgerChecks, ...extra].sort((a, b) => a.number - b.number);
  const results: CheckResult[] = [];
  for (const check of checks) {
    results.push({ number: check.number, name: check.name, problems: await check.run(db) });
  }
  return results;
}
