/**
 * The contracts' part of the ledger checks: every open position keeps its margin hold (exactly
 * the margin left) and its pool reservation, a pending order its hold, and nothing else is held
 * for contracts; every closed position has exactly one close receipt.
 */
import { sql } from 'drizzle-orm';
import { type LedgerCheck, checkProblems as problems, checkProblemsLimit as problemsLimit } from '../ledger';

export const contractsChecks: readonly LedgerCheck[] = [
  {
    number: 5,
    name: 'contracts: open positions hold their margin and pool reservation; nothing else is held',
    run: async (db) => {
      const open = await problems(
        db,
        sql`select p.id, p.status, m.state as margin_state, m.remaining::text as margin_left, p.margin::text as margin,
                   e.state as exposure_state, o.state as order_state
            from contract_positions p
            left join ledger_holds m on m.id = p.margin_hold_id
            left join ledger_holds e on e.id = p.exposure_hold_id
            left join ledger_holds o on o.id = p.order_hold_id
            where (p.status = 'open' and (m.state is distinct from 'pending' or m.remaining <> p.margin
                                          or e.state is distinct from 'pending'))
               or (p.status = 'pending' and o.state is distinct from 'pending')
               or (p.status in ('closed', 'cancelled') and ('pending' in (coalesce(m.state, ''), coalesce(e.state, ''), coalesce(o.state, ''))))
            limit ${problemsLimit}`,
        (row) =>
          `contract position ${row.id} (${row.status}): margin hold ${row.margin_state ?? 'none'} ${row.margin_left ?? ''}/${row.margin}, exposure ${row.exposure_state ?? 'none'}, order ${row.order_state ?? 'none'}`,
      );
      const closes = await problems(
        db,
        sql`select p.id, (select count(*) from contract_settlements s where s.position_id = p.id and s.kind <> 'overnight')::int as n
            from contract_positions p
            where (p.status = 'closed') <> ((select count(*) from contract_settlements s where s.position_id = p.id and s.kind <> 'overnight') = 1)
            limit ${problemsLimit}`,
        (row) => `contract position ${row.id} has ${row.n} close receipts`,
      );
      return [...open, ...closes];
    },
  },
];
