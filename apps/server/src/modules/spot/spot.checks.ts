/**
 * The spot exchange's part of the ledger checks of reliability.md: 5 (what is held is what the
 * open orders still need, nothing more) and 6 (each order's hold resolves once; each trade is
 * booked once, and its orders' figures are the sum of their trades).
 */
import { sql } from 'drizzle-orm';
import { type LedgerCheck, checkProblems as problems, checkProblemsLimit as problemsLimit } from '../ledger';

export const spotChecks: readonly LedgerCheck[] = [
  {
    number: 5,
    name: 'spot: every open order holds exactly what it still needs; nothing else is held for spot',
    run: async (db) => {
      const open = await problems(
        db,
        sql`select x.id, x.state, x.remaining::text as remaining, x.needed::text as needed from (
              select o.id, h.state, h.remaining,
                     (case when o.side = 'buy' then o.hold_amount - o.turnover - o.fee
                           else (o.amount - o.filled) * power(10::numeric, b.scale) end) as needed,
                     h.id = o.hold_id and h.user_id = o.user_id
                       and h.currency_id = case when o.side = 'buy' then m.quote_currency_id else m.base_currency_id end as owned
              from spot_orders o
              join spot_markets m on m.instrument_id = o.instrument_id
              join currencies b on b.id = m.base_currency_id
              left join ledger_holds h on h.reference = 'spot-order:' || o.id
              where o.status = 'open') x
            where x.state is null or not x.owned or x.remaining <> x.needed
               or (x.state <> 'pending' and x.needed <> 0)
            limit ${problemsLimit}`,
        (row) =>
          `open spot order ${row.id}: hold ${row.state ?? 'missing'} keeps ${row.remaining ?? 0}, the order needs ${row.needed}`,
      );
      const orphans = await problems(
        db,
        sql`select h.id, h.reference, o.status from ledger_holds h
            left join spot_orders o on 'spot-order:' || o.id = h.reference
            where h.reference like 'spot-order:%' and h.state = 'pending'
              and (o.id is null or o.status <> 'open')
            limit ${problemsLimit}`,
        (row) => `hold ${row.id} (${row.reference}) is pending for a ${row.status ?? 'missing'} order`,
      );
      return [...open, ...orphans];
    },
  },
  {
    number: 6,
    name: 'spot: each trade is booked once (base and quote entries); orders add up to their trades',
    run: async (db) => {
      const trades = await problems(
        db,
        sql`select t.id,
                   (select count(*) from ledger_entries e where e.reference = 'spot-trade:' || t.id || ':base')::int as base,
                   (select count(*) from ledger_entries e where e.reference = 'spot-trade:' || t.id || ':quote')::int as quote,
                   (select e.id from ledger_entries e where e.reference = 'spot-trade:' || t.id || ':base') = t.base_entry_id as base_linked,
                   coalesce((select e.id from ledger_entries e where e.reference = 'spot-trade:' || t.id || ':quote') = t.quote_entry_id, t.quote_entry_id is null) as quote_linked
            from spot_trades t
            where (select count(*) from ledger_entries e where e.reference = 'spot-trade:' || t.id || ':base') <> 1
               or (select count(*) from ledger_entries e where e.reference = 'spot-trade:' || t.id || ':quote') > 1
               or (select e.id from ledger_entries e where e.reference = 'spot-trade:' || t.id || ':base') is distinct from t.base_entry_id
               or (select e.id from ledger_entries e where e.reference = 'spot-trade:' || t.id || ':quote') is distinct from t.quote_entry_id
            limit ${problemsLimit}`,
        (row) =>
          `trade ${row.id}: ${row.base} base entries, ${row.quote} quote entries, linked ${row.base_linked}/${row.quote_linked}`,
      );
      const strays = await problems(
        db,
        sql`select e.id, e.reference from ledger_entries e
            where e.reference like 'spot-trade:%'
              and not exists (select 1 from spot_trades t where e.reference in ('spot-trade:' || t.id || ':base', 'spot-trade:' || t.id || ':quote'))
            limit ${problemsLimit}`,
        (row) => `entry ${row.id} (${row.reference}) books a trade that does not exist`,
      );
      const finished = await problems(
        db,
        sql`select o.id, o.status, h.state from spot_orders o
            left join ledger_holds h on h.reference = 'spot-order:' || o.id
            where o.status <> 'open' and (h.id is null or h.state = 'pending' or h.id <> o.hold_id)
            limit ${problemsLimit}`,
        (row) => `${row.status} spot order ${row.id} has its hold ${row.state ?? 'missing'}`,
      );
      // An order's filled amount, and what it paid or received, are the sums of its trades.
      const sums = await problems(
        db,
        sql`select x.id, x.filled::text as filled, x.traded::text as traded, x.moved::text as moved,
                   x.turnover::text as turnover, x.fee::text as fee from (
              select o.id, o.side, o.filled, o.turnover, o.fee,
                     coalesce(sum(t.amount), 0) as traded,
                     coalesce(sum(case when o.side = 'buy' then t.buyer_paid else t.seller_received end), 0) as moved
              from spot_orders o
              left join spot_trades t on t.maker_order_id = o.id or t.taker_order_id = o.id
              group by o.id) x
            where x.traded <> x.filled
               or x.moved <> case when x.side = 'buy' then x.turnover + x.fee else x.turnover - x.fee end
            limit ${problemsLimit}`,
        (row) =>
          `spot order ${row.id}: filled ${row.filled} but traded ${row.traded}; booked ${row.moved} against turnover ${row.turnover} and fee ${row.fee}`,
      );
      return [...trades, ...strays, ...finished, ...sums];
    },
  },
];
