import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { siweNonces as siweNonceTable } from './wallet-auth.schema';

/** Expired nonces removed per issued one: the table stays near the number live at once. */
export const expiredNoncePruneBatch = 100;

export async function insertNonce(
  db: Database,
  record: { nonce: string; issuedAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(siweNonceTable).values(record);
}

/**
 * Uses the nonce up, exactly once: one conditional UPDATE, so of two logins presenting it at the
 * same moment only one sees a row. False for a nonce never issued, already used, or expired.
 */
export async function consumeNonce(db: Database, params: { nonce: string; now: Date }): Promise<boolean> {
  const consumed = await db
    .update(siweNonceTable)
    .set({ consumedAt: params.now })
    .where(
      and(
        eq(siweNonceTable.nonce, params.nonce),
        isNull(siweNonceTable.consumedAt),
        gt(siweNonceTable.expiresAt, params.now),
      ),
    )
    .returning({ nonce: siweNonceTable.nonce });
  return consumed.length > 0;
}

/** Deletes up to one batch of nonces that expired before `now`, used or not. */
export async function pruneExpiredNonces(db: Database, now: Date): Promise<void> {
  const expired = db
    .select({ nonce: siweNonceTable.nonce })
    .from(siweNonceTable)
    .where(lte(siweNonceTable.expiresAt, now))
    .limit(expiredNoncePruneBatch);
  await db.delete(siweNonceTable).where(inArray(siweNonceTable.nonce, expired));
}
