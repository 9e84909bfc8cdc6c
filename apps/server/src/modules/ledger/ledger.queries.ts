/** Reads of the ledger: a user's accounts, holds by event, and the postings behind a bill. */
import type { Database } from '../../platform/db/database';
import type { EntryKind } from './ledger.domain';
import { integerArray, rowsOf, sql, textArray } from './ledger.sql';

export type UserAccountBalance = {
  readonly currencyId: number;
  readonly kind: number;
  /** Everything on the account, held part included (smallest units). */
  readonly balance: bigint;
  readonly held: bigint;
};

export async function userAccountBalances(db: Database, userId: number): Promise<UserAccountBalance[]> {
  const rows = await rowsOf<{ currency_id: number; kind: number; balance: string; held: string }>(
    db,
    sql`select currency_id, kind, balance::text, held::text from ledger_accounts
        where user_id = ${userId} order by currency_id, kind`,
  );
  return rows.map((row) => ({
    currencyId: Number(row.currency_id),
    kind: Number(row.kind),
    balance: BigInt(row.balance),
    held: BigInt(row.held),
  }));
}

export type HoldRecord = {
  readonly id: bigint;
  readonly amount: bigint;
  readonly remaining: bigint;
  readonly state: 'pending' | 'posted' | 'released';
};

export async function holdByReference(db: Database, reference: string): Promise<HoldRecord | null> {
  const rows = await rowsOf<{ id: string; amount: string; remaining: string; state: HoldRecord['state'] }>(
    db,
    sql`select id::text, amount::text, remaining::text, state from ledger_holds where reference = ${reference}`,
  );
  const row = rows[0];
  return row
    ? { id: BigInt(row.id), amount: BigInt(row.amount), remaining: BigInt(row.remaining), state: row.state }
    : null;
}

export type BillLine = {
  readonly postingId: bigint;
  readonly entryId: bigint;
  readonly entryKind: EntryKind;
  readonly currencyId: number;
  readonly accountKind: number;
  readonly amount: bigint;
  readonly balanceAfter: bigint;
  readonly reference: string | null;
  readonly tickId: bigint | null;
  readonly memo: Record<string, string | number | null> | null;
  readonly createdAt: Date;
};

export type BillFilter = {
  readonly userId: number;
  readonly currencyId?: number;
  readonly accountKind?: number;
  readonly entryKinds?: readonly EntryKind[];
  /** Newest first, keyset: only postings older than this id. */
  readonly beforePostingId?: bigint;
  readonly offset?: number;
  readonly limit: number;
};

/** The postings on the user's own accounts, newest first: every line of their bill. */
export async function billLines(db: Database, filter: BillFilter): Promise<BillLine[]> {
  const kinds = filter.entryKinds && filter.entryKinds.length > 0 ? filter.entryKinds : null;
  const rows = await rowsOf<{
    posting_id: string;
    entry_id: string;
    entry_kind: EntryKind;
    currency_id: number;
    account_kind: number;
    amount: string;
    balance_after: string;
    reference: string | null;
    tick_id: string | null;
    memo: Record<string, string | number | null> | null;
    created_at: string | Date;
  }>(
    db,
    sql`select p.id::text as posting_id, p.entry_id::text, e.kind as entry_kind, p.currency_id,
               a.kind as account_kind, p.amount::text, p.balance_after::text, e.reference,
               e.tick_id::text, e.memo, p.created_at
        from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        join ledger_entries e on e.id = p.entry_id
        where a.user_id = ${filter.userId}
          ${filter.currencyId === undefined ? sql`` : sql`and p.currency_id = ${filter.currencyId}`}
          ${filter.accountKind === undefined ? sql`` : sql`and a.kind = ${filter.accountKind}`}
          ${kinds === null ? sql`` : sql`and e.kind = any(${`{${kinds.join(',')}}`}::text[])`}
          ${filter.beforePostingId === undefined ? sql`` : sql`and p.id < ${String(filter.beforePostingId)}::bigint`}
        order by p.id desc
        limit ${filter.limit} offset ${filter.offset ?? 0}`,
  );
  return rows.map((row) => ({
    postingId: BigInt(row.posting_id),
    entryId: BigInt(row.entry_id),
    entryKind: row.entry_kind,
    currencyId: Number(row.currency_id),
    accountKind: Number(row.account_kind),
    amount: BigInt(row.amount),
    balanceAfter: BigInt(row.balance_after),
    reference: row.reference,
    tickId: row.tick_id === null ? null : BigInt(row.tick_id),
    memo: row.memo,
    createdAt: new Date(row.created_at),
  }));
}

/** How many of `userIds` have at least one entry of these kinds in their bill. */
export async function countUsersWithEntries(
  db: Database,
  params: { readonly userIds: readonly number[]; readonly kinds: readonly EntryKind[] },
): Promise<number> {
  if (params.userIds.length === 0 || params.kinds.length === 0) return 0;
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select count(distinct user_id)::int as count from ledger_entries
        where user_id = any(${integerArray(params.userIds)}::int[])
          and kind = any(${textArray([...params.kinds])}::text[])`,
  );
  return row?.count ?? 0;
}

/** A system account's balance and held part (a pool's reservations); zeros before its first entry. */
export async function systemAccountBalance(
  db: Database,
  params: { readonly system: string; readonly currencyId: number },
): Promise<{ readonly balance: bigint; readonly held: bigint }> {
  const rows = await rowsOf<{ balance: string; held: string }>(
    db,
    sql`select balance::text, held::text from ledger_accounts
        where system_name = ${params.system} and currency_id = ${params.currencyId}`,
  );
  const row = rows[0];
  return row ? { balance: BigInt(row.balance), held: BigInt(row.held) } : { balance: 0n, held: 0n };
}
