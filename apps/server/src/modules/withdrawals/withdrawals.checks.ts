/**
 * Withdrawals' part of the ledger checks of reliability.md: 5 (what is held is what is pending),
 * 6 (each request ends once, each approval pays out once) and 8 (the rolling 24-hour limit).
 */
import { sql } from 'drizzle-orm';
import { type LedgerCheck, checkProblems as problems, checkProblemsLimit as problemsLimit } from '../ledger';

export const withdrawalChecks: readonly LedgerCheck[] = [
  {
    number: 5,
    name: 'withdrawals: a pending request holds amount + fee; an ended one holds nothing',
    run: async (db) => {
      const pending = await problems(
        db,
        sql`select w.id, h.state, h.remaining::text as remaining, (w.amount + w.fee)::text as total
            from withdrawals w
            left join ledger_holds h on h.reference = 'withdrawal:' || w.id
            where w.status = 'pending'
              and (h.id is null or h.state <> 'pending' or h.remaining <> w.amount + w.fee
                   or h.id is distinct from w.hold_id or h.user_id is distinct from w.user_id
                   or h.currency_id <> w.currency_id)
            limit ${problemsLimit}`,
        (row) =>
          `pending withdrawal ${row.id} has hold state ${row.state ?? 'none'} with ${row.remaining ?? 0} left, not ${row.total}`,
      );
      const ended = await problems(
        db,
        sql`select w.id, w.status from withdrawals w
            join ledger_holds h on h.reference = 'withdrawal:' || w.id
            where w.status <> 'pending' and h.state = 'pending'
            limit ${problemsLimit}`,
        (row) => `${row.status} withdrawal ${row.id} still holds funds`,
      );
      return [...pending, ...ended];
    },
  },
  {
    number: 6,
    name: 'withdrawals: each request ends once; each approval is booked and queued for payout once',
    run: async (db) => {
      const approved = await problems(
        db,
        sql`select * from (
              select w.id,
                     (select count(*) from ledger_entries e where e.reference = 'withdrawal:' || w.id || ':payout')::int as entries,
                     (select count(*) from withdrawal_payouts p where p.withdrawal_id = w.id)::int as payouts,
                     (select h.state from ledger_holds h where h.reference = 'withdrawal:' || w.id) as hold_state
              from withdrawals w where w.status = 'approved') x
            where x.entries <> 1 or x.payouts <> 1 or x.hold_state is distinct from 'posted'
            limit ${problemsLimit}`,
        (row) =>
          `approved withdrawal ${row.id}: ${row.entries} payout entries, ${row.payouts} payouts, hold ${row.hold_state ?? 'none'}`,
      );
      const notApproved = await problems(
        db,
        sql`select w.id, w.status,
                   (select count(*) from ledger_entries e where e.reference = 'withdrawal:' || w.id || ':payout')::int as entries,
                   (select count(*) from withdrawal_payouts p where p.withdrawal_id = w.id)::int as payouts,
                   (select h.state from ledger_holds h where h.reference = 'withdrawal:' || w.id) as hold_state
            from withdrawals w
            where w.status <> 'approved'
              and ((select count(*) from ledger_entries e where e.reference = 'withdrawal:' || w.id || ':payout') > 0
                or (select count(*) from withdrawal_payouts p where p.withdrawal_id = w.id) > 0
                or (w.status in ('rejected', 'cancelled') and
                    coalesce((select h.state from ledger_holds h where h.reference = 'withdrawal:' || w.id), '') <> 'released'))
            limit ${problemsLimit}`,
        (row) =>
          `${row.status} withdrawal ${row.id}: ${row.entries} payout entries, ${row.payouts} payouts, hold ${row.hold_state ?? 'none'}`,
      );
      // The payout entry moves exactly amount + fee off the user's spot account.
      const amounts = await problems(
        db,
        sql`select w.id, coalesce(sum(p.amount), 0)::text as moved, (w.amount + w.fee)::text as total
            from withdrawals w
            join ledger_entries e on e.reference = 'withdrawal:' || w.id || ':payout'
            join ledger_postings p on p.entry_id = e.id
            join ledger_accounts a on a.id = p.account_id and a.user_id = w.user_id
            group by w.id, w.amount, w.fee
            having coalesce(sum(p.amount), 0) <> -(w.amount + w.fee)
            limit ${problemsLimit}`,
        (row) => `withdrawal ${row.id} paid ${row.moved} from the user, not -${row.total}`,
      );
      const sent = await problems(
        db,
        sql`select p.id, p.withdrawal_id from withdrawal_payouts p
            where (p.status = 'sent') <> (p.sent_at is not null and p.external_ref is not null)
               or (p.status = 'sent' and p.attempts < 1)
            limit ${problemsLimit}`,
        (row) => `payout ${row.id} of withdrawal ${row.withdrawal_id} is marked inconsistently`,
      );
      return [...approved, ...notApproved, ...amounts, ...sent];
    },
  },
  {
    number: 8,
    name: "withdrawals: each user's rolling 24-hour withdrawals stay within the limit of their level",
    run: (db) =>
      problems(
        db,
        sql`select w.id, w.user_id, w.limit_btc::text as limit_btc, s.total::text as total
            from withdrawals w
            cross join lateral (
              select coalesce(sum(o.btc_equivalent), 0) as total from withdrawals o
              where o.user_id = w.user_id and o.status in ('pending', 'approved')
                and o.created_at > w.created_at - interval '24 hours'
                and (o.created_at < w.created_at or (o.created_at = w.created_at and o.id <= w.id))
            ) s
            where s.total > w.limit_btc
            limit ${problemsLimit}`,
        (row) =>
          `user ${row.user_id}: withdrawals up to request ${row.id} total ${row.total} satoshi in 24 h, over the limit ${row.limit_btc}`,
      ),
  },
];
