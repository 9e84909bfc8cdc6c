/** Withdrawals' queries: requests, the per-user limit lock and window, and the payout outbox. */
import type { WithdrawalStatus } from '@fairex/contract';
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { PayoutDestination } from '../payout-methods';
import type { PayoutRow, PriceTicks, WithdrawalRow } from './withdrawals.domain';
import {
  type DestinationSnapshot,
  withdrawalLimits,
  withdrawalPayouts,
  withdrawals,
} from './withdrawals.schema';

const columns = {
  id: withdrawals.id,
  userId: withdrawals.userId,
  currencyId: withdrawals.currencyId,
  chain: withdrawals.chain,
  amount: withdrawals.amount,
  fee: withdrawals.fee,
  destination: withdrawals.destination,
  holdId: withdrawals.holdId,
  status: withdrawals.status,
  reason: withdrawals.reason,
  btcEquivalent: withdrawals.btcEquivalent,
  limitBtc: withdrawals.limitBtc,
  priceTicks: withdrawals.priceTicks,
  createdAt: withdrawals.createdAt,
  decidedAt: withdrawals.decidedAt,
  decidedBy: withdrawals.decidedBy,
};

type StoredRow = Pick<typeof withdrawals.$inferSelect, keyof typeof columns>;

function toRow(row: StoredRow): WithdrawalRow {
  return {
    ...row,
    amount: BigInt(row.amount),
    fee: BigInt(row.fee),
    btcEquivalent: BigInt(row.btcEquivalent),
    limitBtc: BigInt(row.limitBtc),
    destination: row.destination as unknown as PayoutDestination,
  };
}

/**
 * Serialises one user's withdrawal requests until the transaction ends, so two requests at once
 * cannot both fit under the 24-hour limit (reliability case 2).
 */
export async function lockUserWithdrawals(tx: Database, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`withdraw:${userId}`}))`);
}

/** BTC equivalent (satoshi) of the user's pending and approved requests made after `since`. */
export async function recentBtcEquivalent(
  db: Database,
  params: { userId: number; since: Date },
): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.btcEquivalent}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, params.userId),
        inArray(withdrawals.status, ['pending', 'approved']),
        gt(withdrawals.createdAt, params.since),
      ),
    );
  return BigInt(row?.total ?? '0');
}

export async function findByIdempotencyKey(
  db: Database,
  params: { userId: number; key: string },
): Promise<WithdrawalRow | null> {
  const [row] = await db
    .select(columns)
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, params.userId), eq(withdrawals.idempotencyKey, params.key)));
  return row ? toRow(row) : null;
}

export type NewWithdrawal = {
  readonly userId: number;
  readonly currencyId: number;
  readonly chain: string | null;
  readonly amount: bigint;
  readonly fee: bigint;
  readonly destination: PayoutDestination;
  readonly btcEquivalent: bigint;
  readonly limitBtc: bigint;
  readonly priceTicks: PriceTicks;
  readonly idempotencyKey: string | null;
  readonly createdAt: Date;
};

export async function insertWithdrawal(db: Database, request: NewWithdrawal): Promise<number> {
  const [row] = await db
    .insert(withdrawals)
    .values({
      userId: request.userId,
      currencyId: request.currencyId,
      chain: request.chain,
      amount: String(request.amount),
      fee: String(request.fee),
      destinationKind: request.destination.kind,
      destinationId: request.destination.id,
      destination: request.destination as unknown as DestinationSnapshot,
      status: 'pending',
      reason: '',
      btcEquivalent: String(request.btcEquivalent),
      limitBtc: String(request.limitBtc),
      priceTicks: request.priceTicks,
      idempotencyKey: request.idempotencyKey,
      createdAt: request.createdAt,
    })
    .returning({ id: withdrawals.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function setHoldId(db: Database, params: { id: number; holdId: bigint }): Promise<void> {
  await db.update(withdrawals).set({ holdId: params.holdId }).where(eq(withdrawals.id, params.id));
}

/** The request, locked until the transaction ends: of two decisions at once, one waits. */
export async function findWithdrawalForUpdate(db: Database, id: number): Promise<WithdrawalRow | null> {
  const [row] = await db.select(columns).from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row ? toRow(row) : null;
}

/** Ends a pending request; null when it is not (or no longer) pending. */
export async function endPendingWithdrawal(
  db: Database,
  params: {
    id: number;
    status: Exclude<WithdrawalStatus, 'pending'>;
    reason: string;
    decidedBy: number | null;
    at: Date;
  },
): Promise<WithdrawalRow | null> {
  const [row] = await db
    .update(withdrawals)
    .set({ status: params.status, reason: params.reason, decidedBy: params.decidedBy, decidedAt: params.at })
    .where(and(eq(withdrawals.id, params.id), eq(withdrawals.status, 'pending')))
    .returning(columns);
  return row ? toRow(row) : null;
}

export async function listUserWithdrawals(
  db: Database,
  params: { userId: number; limit: number; offset: number },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(withdrawals)
      .where(eq(withdrawals.userId, params.userId))
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, params.userId)),
  ]);
  return { rows: rows.map(toRow), total: total?.n ?? 0 };
}

/** Staff queue: pending oldest first (first come, first paid), the rest newest first. */
export async function listQueue(
  db: Database,
  params: { status: WithdrawalStatus; userId: number | undefined; limit: number; offset: number },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const where = and(
    eq(withdrawals.status, params.status),
    params.userId === undefined ? undefined : eq(withdrawals.userId, params.userId),
  );
  const ordering = params.status === 'pending' ? [asc(withdrawals.id)] : [desc(withdrawals.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(withdrawals)
      .where(where)
      .orderBy(...ordering)
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { rows: rows.map(toRow), total: total?.n ?? 0 };
}

export async function payoutsOf(db: Database, withdrawalIds: readonly number[]): Promise<PayoutRow[]> {
  if (withdrawalIds.length === 0) return [];
  return db
    .select({
      withdrawalId: withdrawalPayouts.withdrawalId,
      status: withdrawalPayouts.status,
      attempts: withdrawalPayouts.attempts,
      lastError: withdrawalPayouts.lastError,
      externalRef: withdrawalPayouts.externalRef,
      sentAt: withdrawalPayouts.sentAt,
    })
    .from(withdrawalPayouts)
    .where(inArray(withdrawalPayouts.withdrawalId, [...withdrawalIds]));
}

/** The outbox row of an approval, in the approval's transaction. */
export async function insertPayout(db: Database, params: { withdrawalId: number; at: Date }): Promise<void> {
  await db.insert(withdrawalPayouts).values({
    withdrawalId: params.withdrawalId,
    status: 'queued',
    attempts: 0,
    nextAttemptAt: params.at,
    createdAt: params.at,
  });
}

export type ClaimedPayout = {
  readonly payoutId: number;
  readonly attempts: number;
  readonly withdrawal: WithdrawalRow;
};

/**
 * Claims up to `limit` due payouts: queued, due, and not leased by a live worker. Rows another
 * transaction holds are skipped (SKIP LOCKED); the claimed ones are leased and their attempt
 * counted before any is sent, so two workers never send the same payout at once.
 */
export async function claimDuePayouts(
  db: Database,
  params: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedPayout[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: withdrawalPayouts.id })
      .from(withdrawalPayouts)
      .where(
        and(
          eq(withdrawalPayouts.status, 'queued'),
          sql`${withdrawalPayouts.nextAttemptAt} <= ${params.now.toISOString()}::timestamptz`,
          sql`(${withdrawalPayouts.leaseUntil} is null or ${withdrawalPayouts.leaseUntil} < ${params.now.toISOString()}::timestamptz)`,
        ),
      )
      .orderBy(asc(withdrawalPayouts.nextAttemptAt), asc(withdrawalPayouts.id))
      .limit(params.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(withdrawalPayouts)
      .set({ leaseUntil: params.leaseUntil, attempts: sql`${withdrawalPayouts.attempts} + 1` })
      .where(
        inArray(
          withdrawalPayouts.id,
          due.map((row) => row.id),
        ),
      )
      .returning({
        payoutId: withdrawalPayouts.id,
        withdrawalId: withdrawalPayouts.withdrawalId,
        attempts: withdrawalPayouts.attempts,
      });
    const requests = await tx
      .select(columns)
      .from(withdrawals)
      .where(
        inArray(
          withdrawals.id,
          claimed.map((row) => row.withdrawalId),
        ),
      );
    const byId = new Map(requests.map((row) => [row.id, toRow(row)]));
    return claimed
      .sort((a, b) => a.payoutId - b.payoutId)
      .flatMap((row) => {
        const withdrawal = byId.get(row.withdrawalId);
        return withdrawal ? [{ payoutId: row.payoutId, attempts: row.attempts, withdrawal }] : [];
      });
  });
}

/** Marks a claimed payout sent; false when it was not queued any more (it is never sent twice). */
export async function markPayoutSent(
  db: Database,
  params: { payoutId: number; externalRef: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(withdrawalPayouts)
    .set({
      status: 'sent',
      externalRef: params.externalRef,
      sentAt: params.at,
      leaseUntil: null,
      lastError: null,
    })
    .where(and(eq(withdrawalPayouts.id, params.payoutId), eq(withdrawalPayouts.status, 'queued')))
    .returning({ id: withdrawalPayouts.id });
  return rows.length > 0;
}

export async function markPayoutFailure(
  db: Database,
  params: {
    payoutId: number;
    error: string;
    next: { status: 'queued'; nextAttemptAt: Date } | { status: 'failed' };
  },
): Promise<void> {
  await db
    .update(withdrawalPayouts)
    .set({
      status: params.next.status,
      lastError: params.error,
      leaseUntil: null,
      ...(params.next.status === 'queued' ? { nextAttemptAt: params.next.nextAttemptAt } : {}),
    })
    .where(and(eq(withdrawalPayouts.id, params.payoutId), eq(withdrawalPayouts.status, 'queued')));
}

/** The 24-hour limits per verification level (BTC smallest units). */
export async function withdrawalLimitsByLevel(db: Database): Promise<Map<number, bigint>> {
  const rows = await db.select().from(withdrawalLimits);
  return new Map(rows.map((row) => [row.level, BigInt(row.limitBtc)]));
}

/** Sets one level's limit; returns the limit it replaces (null for a new level). */
export async function setWithdrawalLimit(
  tx: Database,
  params: { level: number; limitBtc: bigint; at: Date },
): Promise<{ before: bigint | null }> {
  const [before] = await tx
    .select()
    .from(withdrawalLimits)
    .where(eq(withdrawalLimits.level, params.level))
    .for('update');
  await tx
    .insert(withdrawalLimits)
    .values({ level: params.level, limitBtc: String(params.limitBtc), updatedAt: params.at })
    .onConflictDoUpdate({
      target: withdrawalLimits.level,
      set: { limitBtc: String(params.limitBtc), updatedAt: params.at },
    });
  return { before: before ? BigInt(before.limitBtc) : null };
}
