/**
 * The ledger's writes and reads. A batch of operations becomes three statements whatever its size:
 * lock the holds, lock the accounts in id order, then ONE statement writing the netted balances,
 * the entries, the postings, the new holds and the changed holds (data-modifying CTEs; no foreign
 * keys between these tables, so their order inside the statement does not matter). Entry and hold
 * ids come from blocks fetched ahead, so no round trip asks for them.
 */
import type { Database } from '../../platform/db/database';
import { hasSqlState, sqlState } from '../../platform/db/database-errors';
import { executeTogether } from '../../platform/db/execute-together';
import {
  type AccountRef,
  type AccountState,
  accountRefKey,
  type EntrySpec,
  type HoldState,
  type LedgerOp,
  LedgerRefused,
  planBatch,
} from './ledger.domain';
import { integerArray, rowsOf, type SQL, sql, textArray } from './ledger.sql';

/** Account ids never change once made, so they are cached per database handle. */
export type AccountIdCache = Map<string, bigint>;

/**
 * Entry and hold ids fetched ahead, per database handle. An id says nothing of time: bills and the
 * running-balance check order by posting id, which the insert assigns. Ids a rolled-back batch
 * took are simply skipped, as a sequence would.
 */
export type LedgerIdPool = { readonly ledger_entries: bigint[]; readonly ledger_holds: bigint[] };

/** Ids fetched per round trip: a busy order path takes a block every several rounds. */
const idBlockSize = 1024;

async function takeIds(
  tx: Database,
  pool: LedgerIdPool,
  table: keyof LedgerIdPool,
  n: number,
): Promise<bigint[]> {
  const spare = pool[table];
  if (spare.length < n) {
    const rows = await rowsOf<{ id: string }>(
      tx,
      sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::text as id
          from generate_series(1, ${Math.max(n - spare.length, idBlockSize)}::int)`,
    );
    spare.push(...rows.map((row) => BigInt(row.id)));
  }
  return spare.splice(0, n);
}

async function resolveAccountIds(
  tx: Database,
  refs: readonly AccountRef[],
  cache: AccountIdCache,
): Promise<(ref: AccountRef) => bigint> {
  const byKey = new Map<string, AccountRef>();
  for (const ref of refs) byKey.set(accountRefKey(ref), ref);
  const found = new Map<string, bigint>();
  const missing: AccountRef[] = [];
  for (const [key, ref] of byKey) {
    const id = cache.get(key);
    if (id === undefined) missing.push(ref);
    else found.set(key, id);
  }
  if (missing.length > 0) {
    const users = missing.filter((ref) => !('system' in ref)) as {
      userId: number;
      currencyId: number;
      kind: number;
    }[];
    const systems = missing.filter((ref) => 'system' in ref) as { system: string; currencyId: number }[];
    const select = async () => {
      const rows = await rowsOf<{ id: string; key: string }>(
        tx,
        sql`select id::text, case when user_id is null then 's:' || system_name || ':' || currency_id
              else 'u:' || user_id || ':' || currency_id || ':' || kind end as key
            from ledger_accounts
            where (user_id, currency_id, kind) in (select * from unnest(${integerArray(users.map((r) => r.userId))}::int[], ${integerArray(users.map((r) => r.currencyId))}::int[], ${integerArray(users.map((r) => r.kind))}::smallint[]))
               or (system_name, currency_id) in (select * from unnest(${textArray(systems.map((r) => r.system))}::text[], ${integerArray(systems.map((r) => r.currencyId))}::int[]))`,
      );
      return rows;
    };
    let rows = await select();
    if (rows.length < missing.length) {
      // First touch of these accounts: create them (zero balances), then read them back. Rows
      // created in this transaction are not cached, in case it rolls back.
      const known = new Set(rows.map((row) => row.key));
      const absentUsers = users.filter((r) => !known.has(`u:${r.userId}:${r.currencyId}:${r.kind}`));
      const absentSystems = systems.filter((r) => !known.has(`s:${r.system}:${r.currencyId}`));
      if (absentUsers.length > 0) {
        await tx.execute(
          sql`insert into ledger_accounts (user_id, currency_id, kind)
              select * from unnest(${integerArray(absentUsers.map((r) => r.userId))}::int[], ${integerArray(absentUsers.map((r) => r.currencyId))}::int[], ${integerArray(absentUsers.map((r) => r.kind))}::smallint[])
              on conflict do nothing`,
        );
      }
      if (absentSystems.length > 0) {
        await tx.execute(
          sql`insert into ledger_accounts (system_name, currency_id)
              select * from unnest(${textArray(absentSystems.map((r) => r.system))}::text[], ${integerArray(absentSystems.map((r) => r.currencyId))}::int[])
              on conflict do nothing`,
        );
      }
      for (const row of rows) cache.set(row.key, BigInt(row.id));
      rows = await select();
      for (const row of rows) found.set(row.key, BigInt(row.id));
    } else {
      for (const row of rows) {
        cache.set(row.key, BigInt(row.id));
        found.set(row.key, BigInt(row.id));
      }
    }
  }
  return (ref) => {
    const id = found.get(accountRefKey(ref));
    if (id === undefined) throw new Error(`ledger account not resolved: ${accountRefKey(ref)}`);
    return id;
  };
}

function refsOf(ops: readonly LedgerOp[]): AccountRef[] {
  const refs: AccountRef[] = [];
  for (const op of ops) {
    if (op.type === 'transfer' || op.type === 'post_hold')
      for (const leg of op.entry.legs) refs.push(leg.account);
    if (op.type === 'hold') refs.push(op.account);
  }
  return refs;
}

export type BatchResult = {
  /** Per operation: the id of the entry it booked, or null (hold, release). */
  readonly entryIds: readonly (bigint | null)[];
  /** Per operation: the id of the hold it made, or null. */
  readonly holdIds: readonly (bigint | null)[];
};

/**
 * Applies a batch inside the caller's transaction. Refusals (insufficient balance, a hold already
 * resolved, an event already booked) throw LedgerRefused and the caller's transaction rolls back.
 */
export async function applyBatch(
  tx: Database,
  params: {
    ops: readonly LedgerOp[];
    at: Date;
    cache: AccountIdCache;
    ids: LedgerIdPool;
    alongWith?: AlongWith | undefined;
  },
): Promise<BatchResult> {
  const { ops, at } = params;
  if (ops.length === 0) return { entryIds: [], holdIds: [] };
  try {
    return await applyBatchUnchecked(tx, ops, at, params.cache, params.ids, params.alongWith);
  } catch (error) {
    if (error instanceof LedgerRefused) throw error;
    if (hasSqlState(error, sqlState.uniqueViolation)) throw new LedgerRefused('duplicate_event');
    // The CHECK constraints are the backstop of planBatch's own balance check.
    if (hasSqlState(error, sqlState.checkViolation)) throw new LedgerRefused('insufficient_balance');
    throw error;
  }
}

/** Pools (`pool:...`, see isPoolAccountName) are guarded like users' accounts. */
const guardedColumn = sql.raw(`(user_id is not null or system_name like 'pool:%')`);

type HoldRow = {
  id: string;
  account_id: string;
  amount: string;
  remaining: string;
  state: HoldState['state'];
};
/** `guarded`: a user's account or a pool, which may never go below zero nor below its holds. */
type AccountRow = { id: string; currency_id: number; guarded: boolean; balance: string; held: string };

/**
 * Locks the batch's holds, then its accounts (those of its legs and of the holds), each in id
 * order, so two batches over the same rows cannot deadlock: one round trip either way.
 */
async function lockHoldsAndAccounts(
  tx: Database,
  holdIds: readonly bigint[],
  accountIds: readonly bigint[],
): Promise<{ holdRows: HoldRow[]; accountRows: AccountRow[] }> {
  if (holdIds.length === 0) {
    const accountRows = await rowsOf<AccountRow>(
      tx,
      sql`select id::text, currency_id, ${guardedColumn} as guarded, balance::text, held::text
          from ledger_accounts where id = any(${integerArray(accountIds)}::bigint[]) order by id for update`,
    );
    return { holdRows: [], accountRows };
  }
  // The first branch of the union runs first: the holds are locked before any account.
  const rows = await rowsOf<({ row_kind: 'h' } & HoldRow) | ({ row_kind: 'a' } & AccountRow)>(
    tx,
    sql`with h as materialized (
          select id, account_id, amount, remaining, state from ledger_holds
          where id = any(${integerArray(holdIds)}::bigint[]) order by id for update),
        a as materialized (
          select id, currency_id, ${guardedColumn} as guarded, balance, held from ledger_accounts
          where id = any(${integerArray(accountIds)}::bigint[]) or id in (select account_id from h)
          order by id for update)
        select 'h' as row_kind, id::text, account_id::text, amount::text, remaining::text, state::text,
               null::int as currency_id, null::boolean as guarded, null::text as balance, null::text as held
        from h
        union all
        select 'a', id::text, null, null, null, null, currency_id, guarded, balance::text, held::text from a`,
  );
  const holdRows: HoldRow[] = [];
  const accountRows: AccountRow[] = [];
  for (const row of rows) {
    if (row.row_kind === 'h') holdRows.push(row);
    else accountRows.push(row);
  }
  return { holdRows, accountRows };
}

/**
 * The caller's own writes, given the batch's entry and hold ids, sent in the ledger's final
 * statement (one round trip less). They must touch no ledger table; their failure fails the batch.
 */
export type AlongWith = (result: BatchResult) => readonly SQL[];

async function applyBatchUnchecked(
  tx: Database,
  ops: readonly LedgerOp[],
  at: Date,
  cache: AccountIdCache,
  idPool: LedgerIdPool,
  alongWith: AlongWith | undefined,
): Promise<BatchResult> {
  const holdIds = [
    ...new Set(ops.flatMap((op) => (op.type === 'post_hold' || op.type === 'release' ? [op.holdId] : []))),
  ];
  const accountIdOf = await resolveAccountIds(tx, refsOf(ops), cache);
  const { holdRows, accountRows } = await lockHoldsAndAccounts(tx, holdIds, [
    ...new Set(refsOf(ops).map(accountIdOf)),
  ]);
  const holds = new Map<bigint, HoldState>(
    holdRows.map((row) => [
      BigInt(row.id),
      {
        id: BigInt(row.id),
        accountId: BigInt(row.account_id),
        remaining: BigInt(row.remaining),
        state: row.state,
        posted: row.amount !== row.remaining,
      },
    ]),
  );
  for (const id of holdIds) if (!holds.has(id)) throw new LedgerRefused('hold_not_pending');
  const accounts = new Map<bigint, AccountState>(
    accountRows.map((row) => [
      BigInt(row.id),
      {
        id: BigInt(row.id),
        currencyId: Number(row.currency_id),
        guarded: row.guarded,
        balance: BigInt(row.balance),
        held: BigInt(row.held),
      },
    ]),
  );
  const plan = planBatch({ ops, accountIdOf, accounts, holds });

  const writes: SQL[] = [];
  const finals = [...plan.accounts.entries()];
  if (finals.length > 0) {
    writes.push(
      sql`update ledger_accounts a set balance = d.balance, held = d.held
          from unnest(${integerArray(finals.map(([id]) => id))}::bigint[], ${integerArray(finals.map(([, s]) => s.balance))}::numeric[], ${integerArray(finals.map(([, s]) => s.held))}::numeric[]) as d(id, balance, held)
          where a.id = d.id`,
    );
  }

  const entryOps = ops
    .map((op, index) => ({ op, index }))
    .filter(
      (item): item is { op: Extract<LedgerOp, { entry: EntrySpec }>; index: number } => 'entry' in item.op,
    );
  const entryIds: (bigint | null)[] = ops.map(() => null);
  if (entryOps.length > 0) {
    const ids = await takeIds(tx, idPool, 'ledger_entries', entryOps.length);
    entryOps.forEach((item, position) => {
      entryIds[item.index] = ids[position] ?? null;
    });
    const entries = entryOps.map((item) => item.op.entry);
    writes.push(
      sql`insert into ledger_entries (id, kind, user_id, reference, idempotency_key, tick_id, memo, created_at)
          select id, kind, user_id, reference, idempotency_key, tick_id, memo::jsonb, ${at.toISOString()}::timestamptz
          from unnest(
            ${integerArray(entryOps.map((item) => entryIds[item.index] ?? 0n))}::bigint[],
            ${textArray(entries.map((e) => e.kind))}::text[],
            ${textArray(entries.map((e) => (e.userId === null ? null : String(e.userId))))}::int[],
            ${textArray(entries.map((e) => e.reference ?? null))}::text[],
            ${textArray(entries.map((e) => e.idempotencyKey ?? null))}::text[],
            ${textArray(entries.map((e) => (e.tickId === undefined ? null : String(e.tickId))))}::bigint[],
            ${textArray(entries.map((e) => (e.memo ? JSON.stringify(e.memo) : null)))}::text[]
          ) as e(id, kind, user_id, reference, idempotency_key, tick_id, memo)`,
    );
    const postings = plan.postings;
    // Postings get their ids in this order, which bills and the running-balance check follow.
    writes.push(
      sql`insert into ledger_postings (entry_id, account_id, currency_id, amount, balance_after, created_at)
          select entry_id, account_id, currency_id, amount, balance_after, ${at.toISOString()}::timestamptz
          from unnest(
            ${integerArray(postings.map((p) => entryIds[p.opIndex] ?? 0n))}::bigint[],
            ${integerArray(postings.map((p) => p.accountId))}::bigint[],
            ${integerArray(postings.map((p) => p.currencyId))}::int[],
            ${integerArray(postings.map((p) => p.amount))}::numeric[],
            ${integerArray(postings.map((p) => p.balanceAfter))}::numeric[]
          ) with ordinality as p(entry_id, account_id, currency_id, amount, balance_after, position)
          order by position`,
    );
  }

  const newHoldIds: (bigint | null)[] = ops.map(() => null);
  if (plan.newHolds.length > 0) {
    const ids = await takeIds(tx, idPool, 'ledger_holds', plan.newHolds.length);
    plan.newHolds.forEach((hold, position) => {
      newHoldIds[hold.opIndex] = ids[position] ?? null;
    });
    const holdOps = plan.newHolds.map((hold) => {
      const op = ops[hold.opIndex];
      if (op?.type !== 'hold') throw new Error('planned hold without its operation');
      return { hold, op };
    });
    writes.push(
      sql`insert into ledger_holds (id, account_id, currency_id, user_id, amount, remaining, state, reason, reference, created_at)
          select id, account_id, currency_id, user_id, amount, amount, 'pending', reason, reference, ${at.toISOString()}::timestamptz
          from unnest(
            ${integerArray(holdOps.map(({ hold }) => newHoldIds[hold.opIndex] ?? 0n))}::bigint[],
            ${integerArray(holdOps.map(({ hold }) => hold.accountId))}::bigint[],
            ${integerArray(holdOps.map(({ op }) => op.account.currencyId))}::int[],
            ${textArray(holdOps.map(({ op }) => ('userId' in op.account ? String(op.account.userId) : null)))}::int[],
            ${integerArray(holdOps.map(({ hold }) => hold.amount))}::numeric[],
            ${textArray(holdOps.map(({ op }) => op.reason))}::text[],
            ${textArray(holdOps.map(({ op }) => op.reference))}::text[]
          ) as h(id, account_id, currency_id, user_id, amount, reason, reference)`,
    );
  }
  if (plan.holdChanges.length > 0) {
    const changes = plan.holdChanges;
    writes.push(
      sql`update ledger_holds h set remaining = c.remaining, state = c.state,
            resolved_at = case when c.state = 'pending' then null else ${at.toISOString()}::timestamptz end
          from unnest(
            ${integerArray(changes.map((c) => c.holdId))}::bigint[],
            ${integerArray(changes.map((c) => c.remaining))}::numeric[],
            ${textArray(changes.map((c) => c.state))}::text[]
          ) as c(id, remaining, state)
          where h.id = c.id`,
    );
  }
  const result = { entryIds, holdIds: newHoldIds };
  if (alongWith) writes.push(...alongWith(result));
  await executeTogether(tx, writes);
  return result;
}
