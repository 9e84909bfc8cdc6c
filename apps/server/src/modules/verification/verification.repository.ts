import type { IdType, VerificationStatus } from '@fairex/contract';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { VerificationLevel, VerificationRecord } from './verification.domain';
import { identityVerifications } from './verification.schema';

const recordColumns = {
  id: identityVerifications.id,
  userId: identityVerifications.userId,
  level: identityVerifications.level,
  idType: identityVerifications.idType,
  name: identityVerifications.name,
  cardId: identityVerifications.cardId,
  frontPic: identityVerifications.frontPic,
  reversePic: identityVerifications.reversePic,
  status: identityVerifications.status,
  reason: identityVerifications.reason,
  createdAt: identityVerifications.createdAt,
  reviewedAt: identityVerifications.reviewedAt,
};

/** The user's newest request of one level, or null when there is none. */
export async function findLatestRequest(
  db: Database,
  params: { userId: number; level: VerificationLevel },
): Promise<VerificationRecord | null> {
  const [row] = await db
    .select(recordColumns)
    .from(identityVerifications)
    .where(
      and(eq(identityVerifications.userId, params.userId), eq(identityVerifications.level, params.level)),
    )
    .orderBy(desc(identityVerifications.createdAt), desc(identityVerifications.id))
    .limit(1);
  return row ?? null;
}

export async function findRequest(db: Database, id: number): Promise<VerificationRecord | null> {
  const [row] = await db
    .select(recordColumns)
    .from(identityVerifications)
    .where(eq(identityVerifications.id, id));
  return row ?? null;
}

export type NewRequest = {
  readonly userId: number;
  readonly level: VerificationLevel;
  readonly idType?: IdType;
  readonly name?: string;
  readonly cardId?: string;
  readonly frontPic?: string;
  readonly reversePic?: string;
  readonly createdAt: Date;
};

/**
 * Stores a pending request; null when the user already has one pending at this level (the
 * partial unique index decides, so two submissions at once cannot both get in).
 */
export async function insertPendingRequest(db: Database, request: NewRequest): Promise<number | null> {
  const [row] = await db
    .insert(identityVerifications)
    .values({ ...request, status: 'pending', reason: '' })
    .onConflictDoNothing()
    .returning({ id: identityVerifications.id });
  return row?.id ?? null;
}

/**
 * Decides a pending request, exactly once: one conditional UPDATE, so of two decisions at once
 * only the first finds it pending. Null when it is not (or no longer) pending.
 */
export async function decidePendingRequest(
  db: Database,
  params: { id: number; status: 'approved' | 'rejected'; reason: string; staffId: number; now: Date },
): Promise<VerificationRecord | null> {
  const [row] = await db
    .update(identityVerifications)
    .set({ status: params.status, reason: params.reason, reviewedBy: params.staffId, reviewedAt: params.now })
    .where(and(eq(identityVerifications.id, params.id), eq(identityVerifications.status, 'pending')))
    .returning(recordColumns);
  return row ?? null;
}

export async function countRequests(db: Database, status: VerificationStatus): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(identityVerifications)
    .where(eq(identityVerifications.status, status));
  return row?.total ?? 0;
}

/** Pending requests oldest first (first come, first reviewed); decided ones newest decision first. */
export async function listRequests(
  db: Database,
  params: { status: VerificationStatus; limit: number; offset: number },
): Promise<VerificationRecord[]> {
  const ordering =
    params.status === 'pending'
      ? [asc(identityVerifications.createdAt), asc(identityVerifications.id)]
      : [desc(identityVerifications.reviewedAt), desc(identityVerifications.id)];
  return db
    .select(recordColumns)
    .from(identityVerifications)
    .where(eq(identityVerifications.status, params.status))
    .orderBy(...ordering)
    .limit(params.limit)
    .offset(params.offset);
}
