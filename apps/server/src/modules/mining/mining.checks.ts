/**
 * The mining module's part of the ledger checks of reliability.md: 5 (what is held is what is
 * open: an order in progress holds its principal and, on its reserve, every dividend not yet
 * paid; a redeemed order holds nothing) and 6 (each day is paid once, the penalty at most once).
 */
import { sql } from 'drizzle-orm';
import { type LedgerCheck, checkProblems as problems, checkProblemsLimit as problemsLimit } from '../ledger';

export const miningChecks: readonly LedgerCheck[] = [
  {
    number: 5,
    name: 'mining: an open order holds its principal and its unpaid yield; a redeemed one holds nothing',
    run: (db) =>
      problems(
        db,
        sql`select o.id, p.state as principal_state, p.remaining::text as principal,
                   r.state as reserve_state, r.remaining::text as reserved
            from mining_orders o
            left join ledger_holds p on p.id = o.principal_hold_id
            left join ledger_holds r on r.id = o.reserve_hold_id
            where (o.state = 'in_progress' and (
                     p.state is distinct from 'pending' or p.remaining <> o.amount
                     or p.reference <> 'mining:order:' || o.id
                     or r.state is distinct from 'pending'
                     or r.remaining <> div(o.amount * o.daily_rate_ppm, 1000000) * (o.days - o.paid_days)))
               or (o.state = 'redeemed' and (p.state = 'pending' or r.state = 'pending'))
            limit ${problemsLimit}`,
        (row) =>
          `order ${row.id}: principal hold ${row.principal_state ?? 'none'} ${row.principal ?? 0}, ` +
          `reserve hold ${row.reserve_state ?? 'none'} ${row.reserved ?? 0}`,
      ),
  },
  {
    number: 6,
    name: 'mining: each dividend day is paid once and recorded; the penalty is booked at most once',
    run: (db) =>
      problems(
        db,
        sql`select * from (
              select o.id, o.paid_days, o.early, o.penalty,
                (select count(*) from mining_dividends d where d.order_id = o.id)::int as recorded,
                (select count(*) from ledger_entries e
                  where e.reference like 'mining:order:' || o.id || ':day:%')::int as paid,
                (select count(*) from ledger_entries e
                  where e.reference = 'mining:order:' || o.id || ':penalty')::int as penalties
              from mining_orders o) x
            where x.recorded <> x.paid_days or x.paid <> x.paid_days
               or x.penalties <> (case when x.early and x.penalty > 0 then 1 else 0 end)
            limit ${problemsLimit}`,
        (row) =>
          `order ${row.id}: ${row.paid_days} days paid, ${row.recorded} recorded, ${row.paid} entries, ${row.penalties} penalties`,
      ),
  },
];
