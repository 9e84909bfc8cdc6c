/**
 * The IEO module's part of the ledger checks of reliability.md: 5 (what is held is what is open:
 * a waiting subscription holds its payment, a locked allocation holds its tokens) and 6 (each
 * subscription is settled once, and the issuance is conserved: minted once, and the issuance
 * account keeps exactly what was neither allocated nor moved to the market maker at listing, by one
 * recorded entry).
 */
import { sql } from 'drizzle-orm';
import { type LedgerCheck, checkProblems as problems, checkProblemsLimit as problemsLimit } from '../ledger';

export const ieoChecks: readonly LedgerCheck[] = [
  {
    number: 5,
    name: 'ieo: a waiting subscription holds its payment; a locked allocation holds its tokens',
    run: async (db) => {
      const waiting = await problems(
        db,
        sql`select o.id, h.state, h.remaining::text as remaining, o.held::text as held
            from ieo_orders o left join ledger_holds h on h.id = o.hold_id
            where (o.allocated_at is null and (h.id is null or h.state <> 'pending' or h.remaining <> o.held
                   or h.reference <> 'ieo:order:' || o.id))
               or (o.allocated_at is not null and (h.id is null or h.state = 'pending'))
            limit ${problemsLimit}`,
        (row) =>
          `subscription ${row.id}: payment hold ${row.state ?? 'none'} with ${row.remaining ?? 0}, held ${row.held}`,
      );
      const locks = await problems(
        db,
        sql`select o.id, h.state, h.remaining::text as remaining, o.allocated::text as allocated
            from ieo_orders o left join ledger_holds h on h.id = o.lock_hold_id
            where o.lock_hold_id is not null
              and ((o.released_at is null and (h.state is distinct from 'pending' or h.remaining <> o.allocated))
                or (o.released_at is not null and h.state is distinct from 'released'))
            limit ${problemsLimit}`,
        (row) =>
          `subscription ${row.id}: lock hold ${row.state ?? 'none'} with ${row.remaining ?? 0} of ${row.allocated}`,
      );
      return [...waiting, ...locks];
    },
  },
  {
    number: 6,
    name: 'ieo: each subscription settles once; the issuance is minted once and conserved; the issuer holds what was charged',
    run: async (db) => {
      const settled = await problems(
        db,
        sql`select * from (
              select o.id, o.allocated, o.charged,
                (select count(*) from ledger_entries e where e.reference = 'ieo:order:' || o.id || ':charge')::int as charges,
                (select count(*) from ledger_entries e where e.reference = 'ieo:order:' || o.id || ':tokens')::int as credits
              from ieo_orders o) x
            where x.charges <> (case when coalesce(x.charged, 0) > 0 then 1 else 0 end)
               or x.credits <> (case when coalesce(x.allocated, 0) > 0 then 1 else 0 end)
            limit ${problemsLimit}`,
        (row) => `subscription ${row.id}: ${row.charges} charge entries, ${row.credits} token entries`,
      );
      const conserved = await problems(
        db,
        sql`select p.id, p.issuance::text as issuance, coalesce(a.balance, 0)::text as balance,
                   (select coalesce(sum(o.allocated), 0) from ieo_orders o where o.project_id = p.id)::text as allocated,
                   (select count(*) from ledger_entries e where e.reference = 'ieo:' || p.id || ':mint')::int as mints,
                   coalesce(p.maker_inventory, 0)::text as maker
            from ieo_projects p
            left join ledger_accounts a on a.system_name = 'pool:ieo:' || p.id and a.currency_id = p.currency_id
            where (select count(*) from ledger_entries e where e.reference = 'ieo:' || p.id || ':mint') <> 1
               or coalesce(a.balance, 0) + (select coalesce(sum(o.allocated), 0) from ieo_orders o where o.project_id = p.id)
                  + coalesce(p.maker_inventory, 0) <> p.issuance
               or (select count(*) from ledger_entries e where e.reference = 'ieo:' || p.id || ':listing')
                  <> (case when coalesce(p.maker_inventory, 0) > 0 then 1 else 0 end)
               or (p.allocated_total is not null and p.allocated_total <>
                   (select coalesce(sum(o.allocated), 0) from ieo_orders o where o.project_id = p.id))
            limit ${problemsLimit}`,
        (row) =>
          `project ${row.id}: ${row.mints} mint entries; issuance account ${row.balance} + allocated ${row.allocated} + maker ${row.maker} <> ${row.issuance}, or its listing entry is missing or doubled`,
      );
      // The issuer's account holds exactly what the allocations charged, per payable currency.
      const raised = await problems(
        db,
        sql`select x.project_id, x.currency_id, x.charged::text as charged, coalesce(a.balance, 0)::text as balance
            from (select o.project_id, o.pay_currency_id as currency_id, coalesce(sum(o.charged), 0) as charged
                  from ieo_orders o group by o.project_id, o.pay_currency_id) x
            left join ledger_accounts a
              on a.system_name = 'pool:ieo_issuer:' || x.project_id and a.currency_id = x.currency_id
            where coalesce(a.balance, 0) <> x.charged
            limit ${problemsLimit}`,
        (row) =>
          `project ${row.project_id}: issuer account in currency ${row.currency_id} holds ${row.balance}, charged ${row.charged}`,
      );
      return [...settled, ...conserved, ...raised];
    },
  },
];
