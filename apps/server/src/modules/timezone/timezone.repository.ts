import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { StoredTimezone } from './timezone.domain';
import { userTimezones } from './timezone.schema';

export async function findUserTimezone(db: Database, userId: number): Promise<StoredTimezone | null> {
  const [row] = await db
    .select({ timezone: userTimezones.timezone, method: userTimezones.method })
    .from(userTimezones)
    .where(eq(userTimezones.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Inside a transaction: holds the row so a manual choice cannot slip in between read and write. */
export async function findUserTimezoneForUpdate(
  db: Database,
  userId: number,
): Promise<StoredTimezone | null> {
  const [row] = await db
    .select({ timezone: userTimezones.timezone, method: userTimezones.method })
    .from(userTimezones)
    .where(eq(userTimezones.userId, userId))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function saveUserTimezone(
  db: Database,
  userId: number,
  stored: StoredTimezone,
  at: Date,
): Promise<void> {
  await db
    .insert(userTimezones)
    .values({ userId, timezone: stored.timezone, method: stored.method, updatedAt: at })
    .onConflictDoUpdate({
      target: userTimezones.userId,
      set: { timezone: stored.timezone, method: stored.method, updatedAt: at },
    });
}
