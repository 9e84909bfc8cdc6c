import type { DepositStatus } from '@fairex/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { DepositRequestRecord } from './deposits.domain';
import { depositAddressChanges, depositAddresses, depositRequests } from './deposits.schema';

export type DepositAddressRecord = {
  readonly currencyId: number;
  readonly chain: string;
  readonly address: string;
  readonly memo: string | null;
  readonly active: boolean;
  readonly note: string;
  readonly updatedAt: Date;
  readonly updatedBy: number | null;
};

const addressColumns = {
  currencyId: depositAddresses.currencyId,
  chain: depositAddresses.chain,
  address: depositAddresses.address,
  memo: depositAddresses.memo,
  active: depositAddresses.active,
  note: depositAddresses.note,
  updatedAt: depositAddresses.updatedAt,
  updatedBy: depositAddresses.updatedBy,
};

export function listAddresses(db: Database): Promise<DepositAddressRecord[]> {
  return db
    .select(addressColumns)
    .from(depositAddresses)
    .orderBy(asc(depositAddresses.currencyId), asc(depositAddresses.chain));
}

/** The currency's addresses that are switched on. */
export function activeAddressesOf(db: Database, currencyId: number): Promise<DepositAddressRecord[]> {
  return db
    .select(addressColumns)
    .from(depositAddresses)
    .where(and(eq(depositAddresses.currencyId, currencyId), eq(depositAddresses.active, true)));
}

/** Sets one currency and chain's address and records the change, in `db` (a transaction). */
export async function saveAddress(
  db: Database,
  params: {
    currencyId: number;
    chain: string;
    address: string;
    memo: string | null;
    active: boolean;
    staffId: number;
    now: Date;
  },
): Promise<DepositAddressRecord> {
  const values = {
    currencyId: params.currencyId,
    chain: params.chain,
    address: params.address,
    memo: params.memo,
    active: params.active,
    note: '',
    updatedAt: params.now,
    updatedBy: params.staffId,
  };
  const [row] = await db
    .insert(depositAddresses)
    .values(values)
    .onConflictDoUpdate({
      target: [depositAddresses.currencyId, depositAddresses.chain],
      set: {
        address: values.address,
        memo: values.memo,
        active: values.active,
        note: values.note,
        updatedAt: values.updatedAt,
        updatedBy: values.updatedBy,
      },
    })
    .returning(addressColumns);
  await db.insert(depositAddressChanges).values({
    currencyId: params.currencyId,
    chain: params.chain,
    address: params.address,
    memo: params.memo,
    active: params.active,
    changedBy: params.staffId,
    changedAt: params.now,
  });
  if (!row) throw new Error('deposit address upsert returned no row');
  return row;
}

/** Demo seed: adds the addresses not set yet, never overwriting what staff saved. */
export async function insertMissingAddresses(
  db: Database,
  rows: readonly { currencyId: number; chain: string; address: string; note: string; now: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(depositAddresses)
    .values(
      rows.map((row) => ({
        currencyId: row.currencyId,
        chain: row.chain,
        address: row.address,
        memo: null,
        active: true,
        note: row.note,
        updatedAt: row.now,
        updatedBy: null,
      })),
    )
    .onConflictDoNothing();
}

const requestColumns = {
  id: depositRequests.id,
  userId: depositRequests.userId,
  currencyId: depositRequests.currencyId,
  chain: depositRequests.chain,
  amount: depositRequests.amount,
  sender: depositRequests.sender,
  voucher: depositRequests.voucher,
  status: depositRequests.status,
  reason: depositRequests.reason,
  creditedAmount: depositRequests.creditedAmount,
  reviewedBy: depositRequests.reviewedBy,
  reviewedAt: depositRequests.reviewedAt,
  createdAt: depositRequests.createdAt,
};

type RequestRow = {
  [K in keyof DepositRequestRecord]: K extends 'amount'
    ? string
    : K extends 'creditedAmount'
      ? string | null
      : DepositRequestRecord[K];
};

function toRecord(row: RequestRow): DepositRequestRecord {
  return {
    ...row,
    amount: BigInt(row.amount),
    creditedAmount: row.creditedAmount === null ? null : BigInt(row.creditedAmount),
  };
}

/**
 * Serialises a user's deposit submissions for the rest of the transaction, so the pending limit
 * holds when several arrive at once.
 */
export async function lockUserSubmissions(tx: Database, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('deposits'), ${userId})`);
}

export async function countPendingOf(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(depositRequests)
    .where(and(eq(depositRequests.userId, userId), eq(depositRequests.status, 'pending')));
  return row?.total ?? 0;
}

export async function findByIdempotencyKey(
  db: Database,
  params: { userId: number; key: string },
): Promise<DepositRequestRecord | null> {
  const [row] = await db
    .select(requestColumns)
    .from(depositRequests)
    .where(and(eq(depositRequests.userId, params.userId), eq(depositRequests.idempotencyKey, params.key)));
  return row ? toRecord(row) : null;
}

export async function insertPendingRequest(
  db: Database,
  request: {
    userId: number;
    currencyId: number;
    chain: string;
    amount: bigint;
    sender: string;
    voucher: string;
    idempotencyKey: string | null;
    createdAt: Date;
  },
): Promise<DepositRequestRecord> {
  const [row] = await db
    .insert(depositRequests)
    .values({ ...request, amount: request.amount.toString(), status: 'pending', reason: '' })
    .returning(requestColumns);
  if (!row) throw new Error('deposit request insert returned no row');
  return toRecord(row);
}

export async function listUserRequests(
  db: Database,
  params: { userId: number; limit: number; offset: number },
): Promise<DepositRequestRecord[]> {
  const rows = await db
    .select(requestColumns)
    .from(depositRequests)
    .where(eq(depositRequests.userId, params.userId))
    .orderBy(desc(depositRequests.id))
    .limit(params.limit)
    .offset(params.offset);
  return rows.map(toRecord);
}

export async function countUserRequests(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(depositRequests)
    .where(eq(depositRequests.userId, userId));
  return row?.total ?? 0;
}

/** Pending requests oldest first (first come, first reviewed); decided ones newest decision first. */
export async function listQueue(
  db: Database,
  params: { status: DepositStatus; limit: number; offset: number },
): Promise<DepositRequestRecord[]> {
  const ordering =
    params.status === 'pending'
      ? [asc(depositRequests.createdAt), asc(depositRequests.id)]
      : [desc(depositRequests.reviewedAt), desc(depositRequests.id)];
  const rows = await db
    .select(requestColumns)
    .from(depositRequests)
    .where(eq(depositRequests.status, params.status))
    .orderBy(...ordering)
    .limit(params.limit)
    .offset(params.offset);
  return rows.map(toRecord);
}

export async function countQueue(db: Database, status: DepositStatus): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(depositRequests)
    .where(eq(depositRequests.status, status));
  return row?.total ?? 0;
}

/** The request, locked until the transaction ends: of two decisions at once, the second waits. */
export async function lockRequest(tx: Database, id: number): Promise<DepositRequestRecord | null> {
  const [row] = await tx
    .select(requestColumns)
    .from(depositRequests)
    .where(eq(depositRequests.id, id))
    .for('update');
  return row ? toRecord(row) : null;
}

/** Records a decision on a pending request; null when it was not pending (already decided). */
export async function decidePending(
  tx: Database,
  params: {
    id: number;
    status: 'approved' | 'rejected';
    reason: string;
    creditedAmount: bigint | null;
    staffId: number;
    now: Date;
  },
): Promise<DepositRequestRecord | null> {
  const [row] = await tx
    .update(depositRequests)
    .set({
      status: params.status,
      reason: params.reason,
      creditedAmount: params.creditedAmount === null ? null : params.creditedAmount.toString(),
      reviewedBy: params.staffId,
      reviewedAt: params.now,
    })
    .where(and(eq(depositRequests.id, params.id), eq(depositRequests.status, 'pending')))
    .returning(requestColumns);
  return row ? toRecord(row) : null;
}
