/**
 * The NFT module's part of the ledger checks of reliability.md: 5 (what escrow holds is what is
 * open: `nft_escrow` per currency equals the margin deposits still held) and 6 (exactly once: each
 * deposit has one deposit entry and, once settled, one release or one forfeit; each sold listing
 * and each box ticket has one purchase entry, unsold listings none).
 */
import { sql } from 'drizzle-orm';
import { type LedgerCheck, checkProblems as problems, checkProblemsLimit as problemsLimit } from '../ledger';

const countOf = (reference: ReturnType<typeof sql>) =>
  sql`(select count(*) from ledger_entries e where e.reference = ${reference})::int`;

export const nftChecks: readonly LedgerCheck[] = [
  {
    number: 5,
    name: 'nft: escrow holds exactly the margin deposits still held',
    run: async (db) =>
      problems(
        db,
        sql`select x.currency_id, x.held::text as held, coalesce(a.balance, 0)::text as balance
            from (select c.id as currency_id,
                    (select coalesce(sum(m.amount), 0) from nft_margins m where m.currency_id = c.id and m.state = 'held') as held
                  from currencies c) x
            left join ledger_accounts a on a.system_name = 'nft_escrow' and a.currency_id = x.currency_id
            where coalesce(a.balance, 0) <> x.held
            limit ${problemsLimit}`,
        (row) => `nft escrow in currency ${row.currency_id} holds ${row.balance}, deposits held ${row.held}`,
      ),
  },
  {
    number: 6,
    name: 'nft: each deposit is taken once and released or forfeited at most once; each sale is paid once',
    run: async (db) => {
      const margins = await problems(
        db,
        sql`select * from (
              select m.listing_id, m.user_id, m.state, m.amount,
                ${countOf(sql`'nft:margin:' || m.listing_id || ':' || m.user_id`)} as deposits,
                ${countOf(sql`'nft:margin:' || m.listing_id || ':' || m.user_id || ':release'`)} as releases,
                ${countOf(sql`'nft:margin:' || m.listing_id || ':' || m.user_id || ':forfeit'`)} as forfeits
              from nft_margins m) x
            where x.deposits <> (case when x.amount > 0 then 1 else 0 end)
               or x.releases <> (case when x.state = 'released' and x.amount > 0 then 1 else 0 end)
               or x.forfeits <> (case when x.state = 'forfeited' and x.amount > 0 then 1 else 0 end)
            limit ${problemsLimit}`,
        (row) =>
          `margin ${row.listing_id}/${row.user_id} (${row.state}): ${row.deposits} deposits, ${row.releases} releases, ${row.forfeits} forfeits`,
      );
      const sales = await problems(
        db,
        sql`select * from (
              select l.id, l.state, ${countOf(sql`'nft:listing:' || l.id || ':purchase'`)} as purchases
              from nft_listings l) x
            where x.purchases <> (case when x.state = 'sold' then 1 else 0 end)
            limit ${problemsLimit}`,
        (row) => `listing ${row.id} (${row.state}): ${row.purchases} purchase entries`,
      );
      const tickets = await problems(
        db,
        sql`select * from (
              select i.id, ${countOf(sql`'nft:ticket:' || i.id || ':purchase'`)} as purchases
              from nft_items i where i.kind = 'box_ticket') x
            where x.purchases <> 1
            limit ${problemsLimit}`,
        (row) => `box ticket ${row.id}: ${row.purchases} purchase entries`,
      );
      const owners = await problems(
        db,
        sql`select l.id, l.buyer_user_id, i.owner_user_id
            from nft_listings l join nft_items i on i.id = l.item_id
            where l.state = 'sold'
              and l.id = (select max(l2.id) from nft_listings l2 where l2.item_id = l.item_id and l2.state = 'sold')
              and i.owner_user_id is distinct from l.buyer_user_id
            limit ${problemsLimit}`,
        (row) =>
          `listing ${row.id}: sold to ${row.buyer_user_id} but the item belongs to ${row.owner_user_id}`,
      );
      return [...margins, ...sales, ...tickets, ...owners];
    },
  },
];
