import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { StoredKey } from './idempotency.domain';
import { idempotencyKeys } from './idempotency.schema';

type KeyId = { readonly userId: number; readonly key: string };

/** Claims the key for this request; false when it is already stored. */
export async function claimKey(db: Database, id: KeyId, requestHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...id, requestHash, status: 'in_flight', createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function storedKey(db: Database, id: KeyId): Promise<StoredKey | null> {
  const rows = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, id.userId), eq(idempotencyKeys.key, id.key)));
  const row = rows[0];
  return row
    ? { requestHash: row.requestHash, status: row.status, reply: row.reply, createdAt: row.createdAt }
    : null;
}

/** Takes over an abandoned in-flight key; false when another request took it first. */
export async function takeOverKey(db: Database, id: KeyId, staleBefore: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ createdAt: now })
    .where(
      and(
        eq(idempotencyKeys.userId, id.userId),
        eq(idempotencyKeys.key, id.key),
        eq(idempotencyKeys.status, 'in_flight'),
        lt(idempotencyKeys.createdAt, staleBefore),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function completeKey(db: Database, id: KeyId, reply: unknown, now: Date): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: 'done', reply, completedAt: now })
    .where(and(eq(idempotencyKeys.userId, id.userId), eq(idempotencyKeys.key, id.key)));
}

export async function forgetKey(db: Database, id: KeyId): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, id.userId), eq(idempotencyKeys.key, id.key)));
}
