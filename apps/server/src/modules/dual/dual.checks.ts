/**
 * The dual module's part of the ledger checks of reliability.md: 5 (what is held is what is open:
 * a purchased order holds its principal on the user's account and, on its reserve, each non-zero
 * part of its obligation; a settled or failed one holds nothing) and 6 (each order settles at
 * most once: a success has exactly one principal and one payout entry citing its tick, a failure none).
 */
import { sql } from 'drizzle-orm';
import { type LedgerCheck, checkProblems as problems, checkProblemsLimit as problemsLimit } from '../ledger';

export const dualChecks: readonly LedgerCheck[] = [
  {
    number: 5,
    name: 'dual: a purchased order holds its principal and its reservations; a settled one holds nothing',
    run: (db) =>
      problems(
        db,
        sql`select o.id, o.state, p.state as principal_state, p.remaining::text as principal,
                   b.state as base_state, q.state as quote_state
            from dual_orders o
            left join ledger_holds p on p.id = o.principal_hold_id
            left join ledger_holds b on b.id = o.base_hold_id
            left join ledger_holds q on q.id = o.quote_hold_id
            where (o.state = 'purchased' and (
                     p.state is distinct from 'pending' or p.remaining <> o.amount
                     or p.reference <> 'dual:order:' || o.id
                     or (o.base_hold_id is not null and b.state is distinct from 'pending')
                     or (o.quote_hold_id is not null and q.state is distinct from 'pending')))
               or (o.state <> 'purchased' and (p.state = 'pending' or b.state = 'pending' or q.state = 'pending'))
            limit ${problemsLimit}`,
        (row) =>
          `order ${row.id} (${row.state}): principal hold ${row.principal_state ?? 'none'} ${row.principal ?? 0}, ` +
          `reserve holds ${row.base_state ?? 'none'}/${row.quote_state ?? 'none'}`,
      ),
  },
  {
    number: 6,
    name: 'dual: each order settles once, its payout entry citing the recorded tick; a failed one pays nothing',
    run: (db) =>
      problems(
        db,
        sql`select * from (
              select o.id, o.state, o.settle_tick_id,
                (select count(*) from ledger_entries e
                  where e.reference = 'dual:order:' || o.id || ':principal')::int as principals,
                (select count(*) from ledger_entries e
                  where e.reference = 'dual:order:' || o.id || ':payout'
                    and e.tick_id is not distinct from o.settle_tick_id)::int as payouts
              from dual_orders o) x
            where (x.state = 'success' and (x.principals <> 1 or x.payouts <> 1))
               or (x.state <> 'success' and (x.principals <> 0 or x.payouts <> 0))
            limit ${problemsLimit}`,
        (row) =>
          `order ${row.id} (${row.state}): ${row.principals} principal entries, ${row.payouts} payouts`,
      ),
  },
];
