import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { integerArray, textArray } from '../../platform/db/sql-arrays';
import type { StoredKey } from './idempotency.domain';
import { idempotencyKeys } from './idempotency.schema';

type KeyId = { readonly userId: number; readonly key: string };

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

export async function forgetKey(db: Database, id: KeyId): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, id.userId), eq(idempotencyKeys.key, id.key)));
}

export type KeyClaim = KeyId & { readonly requestHash: string };

/**
 * Claims the keys of several requests in one statement: answers, per claim in order, whether it
 * got its key (false: the key is already stored). A key asked for twice in one batch goes to the
 * first asker.
 */
export async function claimKeys(db: Database, claims: readonly KeyClaim[], now: Date): Promise<boolean[]> {
  const firsts = new Map<string, number>();
  claims.forEach((claim, index) => {
    const name = `${claim.userId}:${claim.key}`;
    if (!firsts.has(name)) firsts.set(name, index);
  });
  const distinct = [...firsts.values()].map((index) => claims[index] as KeyClaim);
  const result = (await db.execute(sql`
    insert into idempotency_keys (user_id, key, request_hash, status, created_at)
    select x.user_id, x.key, x.request_hash, 'in_flight', ${now.toISOString()}::timestamptz
    from unnest(${integerArray(distinct.map((claim) => claim.userId))}::int[],
                ${textArray(distinct.map((claim) => claim.key))}::text[],
                ${textArray(distinct.map((claim) => claim.requestHash))}::text[]) as x(user_id, key, request_hash)
    on conflict do nothing
    returning user_id, key`)) as unknown as { rows: { user_id: number; key: string }[] };
  const claimed = new Set(result.rows.map((row) => `${row.user_id}:${row.key}`));
  return claims.map((claim, index) => {
    const name = `${claim.userId}:${claim.key}`;
    return claimed.has(name) && firsts.get(name) === index;
  });
}

export type KeyCompletion = KeyId & { readonly reply: unknown };

/** Stores the replies of several requests in one statement; each key is then `done`. */
export async function completeKeys(
  db: Database,
  completions: readonly KeyCompletion[],
  now: Date,
): Promise<void> {
  await db.execute(sql`
    update idempotency_keys k
    set status = 'done', reply = x.reply, completed_at = ${now.toISOString()}::timestamptz
    from unnest(${integerArray(completions.map((completion) => completion.userId))}::int[],
                ${textArray(completions.map((completion) => completion.key))}::text[],
                ${textArray(completions.map((completion) => JSON.stringify(completion.reply)))}::jsonb[])
      as x(user_id, key, reply)
    where k.user_id = x.user_id and k.key = x.key`);
}
