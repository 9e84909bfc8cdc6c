/**
 * Deposits' part of ledger check 6 (reliability.md: every voucher resolves at most once): an
 * approved request has exactly one 'deposit' entry, `deposit:<id>`, crediting its user's spot
 * account with `credited_amount`; a pending or rejected one has none; and no `deposit:<id>` entry
 * exists without an approved request.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { type LedgerCheck, checkProblemsLimit as problemsLimit } from '../ledger';

/** The spot ("change") account kind deposits credit. */
const spotKind = 2;

async function rows(db: Database, statement: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

async function findProblems(db: Database): Promise<string[]> {
  const uncredited = await rows(
    db,
    sql`select r.id, count(e.id)::int as entries
        from deposit_requests r
        left join ledger_entries e
          on e.reference = 'deposit:' || r.id::text and e.kind = 'deposit' and e.user_id = r.user_id
        where r.status = 'approved'
        group by r.id having count(e.id) <> 1
        limit ${problemsLimit}`,
  );
  const wrongAmount = await rows(
    db,
    sql`select r.id, r.credited_amount::text as credited, coalesce(sum(p.amount), 0)::text as booked
        from deposit_requests r
        join ledger_entries e on e.reference = 'deposit:' || r.id::text
        left join ledger_postings p on p.entry_id = e.id
          and p.account_id in (select a.id from ledger_accounts a
                               where a.user_id = r.user_id and a.currency_id = r.currency_id and a.kind = ${spotKind})
        where r.status = 'approved'
        group by r.id, r.credited_amount
        having coalesce(sum(p.amount), 0) <> r.credited_amount
        limit ${problemsLimit}`,
  );
  const undecidedCredited = await rows(
    db,
    sql`select r.id, r.status from deposit_requests r
        join ledger_entries e on e.reference = 'deposit:' || r.id::text
        where r.status <> 'approved'
        limit ${problemsLimit}`,
  );
  const orphans = await rows(
    db,
    sql`select e.id::text as entry, e.reference from ledger_entries e
        where e.reference like 'deposit:%'
          and not exists (select 1 from deposit_requests r
                          where 'deposit:' || r.id::text = e.reference and r.status = 'approved')
        limit ${problemsLimit}`,
  );
  return [
    ...uncredited.map((row) => `approved deposit ${row.id} has ${row.entries} credit entries, not one`),
    ...wrongAmount.map(
      (row) => `deposit ${row.id} was approved for ${row.credited} but its entry credits ${row.booked}`,
    ),
    ...undecidedCredited.map((row) => `deposit ${row.id} is ${row.status} but has a credit entry`),
    ...orphans.map((row) => `entry ${row.entry} (${row.reference}) credits no approved deposit`),
  ];
}

export const depositChecks: readonly LedgerCheck[] = [
  {
    number: 6,
    name: 'exactly once: each approved deposit credited once, by its amount; others never',
    run: findProblems,
  },
];
