import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { unknownLoginFailures, userSessions, users } from './accounts.schema';

/** A user as the service sees it; hashes stay inside the module and never reach a reply. */
export type UserRecord = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserById(db: Database, userId: number): Promise<UserRecord | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** By account name, e-mail or phone number; an exact account name wins over the others. */
export async function findUserByLoginName(db: Database, name: string): Promise<UserRecord | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      or(
        sql`lower(${users.account}) = lower(${name})`,
        sql`lower(${users.email}) = lower(${name})`,
        eq(users.mobile, name),
      ),
    )
    .orderBy(sql`case when lower(${users.account}) = lower(${name}) then 0 else 1 end`)
    .limit(1);
  return row ?? null;
}

export async function findUserByWallet(
  db: Database,
  address: string,
): Promise<{ id: number; loginFrozen: boolean } | null> {
  const [row] = await db
    .select({ id: users.id, loginFrozen: users.loginFrozen })
    .from(users)
    .where(sql`lower(${users.walletAddress}) = lower(${address})`)
    .limit(1);
  return row ?? null;
}

export async function findUserIdByInvitationCode(db: Database, code: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.invitationCode, code.toUpperCase()))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Inserts a user; null when the invitation code is already someone's (pick another). Any other
 * unique index (account, e-mail, phone, wallet) surfaces as the driver's error.
 */
export async function insertUser(db: Database, user: NewUser): Promise<number | null> {
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.invitationCode })
    .returning({ id: users.id });
  return row?.id ?? null;
}

function timestampParam(at: Date) {
  return sql`${at.toISOString()}::timestamptz`;
}

/**
 * One more failed login, atomically: the failure that reaches the limit locks the account until
 * `lockUntil` and starts the count again. Answers whether this failure locked it.
 */
export async function recordLoginFailure(
  db: Database,
  params: { userId: number; failuresMax: number; lockUntil: Date },
): Promise<boolean> {
  const reachesLimit = sql`${users.failedLogins} + 1 >= ${params.failuresMax}`;
  const [row] = await db
    .update(users)
    .set({
      failedLogins: sql`case when ${reachesLimit} then 0 else ${users.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${timestampParam(params.lockUntil)} else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, params.userId))
    .returning({ failedLogins: users.failedLogins });
  return row?.failedLogins === 0;
}

/** When the unknown login name is locked until, or null. */
export async function unknownNameLockedUntil(db: Database, name: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: unknownLoginFailures.lockedUntil })
    .from(unknownLoginFailures)
    .where(eq(unknownLoginFailures.name, name))
    .limit(1);
  return row?.lockedUntil ?? null;
}

/** Rows of names not tried for this long are dropped by the next failure that prunes. */
const unknownNameForgottenAfterMs = 24 * 60 * 60_000;

/**
 * One more failure of a name without an account, counted like recordLoginFailure (the failure
 * that reaches the limit locks and starts counting again); now and then forgets names not tried
 * for a day.
 */
export async function recordUnknownNameFailure(
  db: Database,
  params: { name: string; now: Date; failuresMax: number; lockUntil: Date; prune: boolean },
): Promise<void> {
  const reachesLimit = sql`${unknownLoginFailures.failures} + 1 >= ${params.failuresMax}`;
  const firstLocks = params.failuresMax <= 1;
  await db
    .insert(unknownLoginFailures)
    .values({
      name: params.name,
      failures: firstLocks ? 0 : 1,
      lockedUntil: firstLocks ? params.lockUntil : null,
      updatedAt: params.now,
    })
    .onConflictDoUpdate({
      target: unknownLoginFailures.name,
      set: {
        failures: sql`case when ${reachesLimit} then 0 else ${unknownLoginFailures.failures} + 1 end`,
        lockedUntil: sql`case when ${reachesLimit} then ${timestampParam(params.lockUntil)} else ${unknownLoginFailures.lockedUntil} end`,
        updatedAt: params.now,
      },
    });
  if (params.prune) {
    await db
      .delete(unknownLoginFailures)
      .where(
        sql`${unknownLoginFailures.updatedAt} < ${timestampParam(new Date(params.now.getTime() - unknownNameForgottenAfterMs))}`,
      );
  }
}

export async function clearLoginFailures(db: Database, userId: number): Promise<void> {
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}

export async function recordPayPasswordFailure(
  db: Database,
  params: { userId: number; failuresMax: number; lockUntil: Date },
): Promise<boolean> {
  const reachesLimit = sql`${users.failedPayPasswords} + 1 >= ${params.failuresMax}`;
  const [row] = await db
    .update(users)
    .set({
      failedPayPasswords: sql`case when ${reachesLimit} then 0 else ${users.failedPayPasswords} + 1 end`,
      payPasswordLockedUntil: sql`case when ${reachesLimit} then ${timestampParam(params.lockUntil)} else ${users.payPasswordLockedUntil} end`,
    })
    .where(eq(users.id, params.userId))
    .returning({ failedPayPasswords: users.failedPayPasswords });
  return row?.failedPayPasswords === 0;
}

export async function clearPayPasswordFailures(db: Database, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ failedPayPasswords: 0, payPasswordLockedUntil: null })
    .where(eq(users.id, userId));
}

/** A new login password also lifts a login lockout (the user proved who they are). */
export async function updatePasswordHash(db: Database, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, failedLogins: 0, lockedUntil: null })
    .where(eq(users.id, userId));
}

export async function updatePayPasswordHash(
  db: Database,
  userId: number,
  payPasswordHash: string,
): Promise<void> {
  await db
    .update(users)
    .set({ payPasswordHash, failedPayPasswords: 0, payPasswordLockedUntil: null })
    .where(eq(users.id, userId));
}

/** Binds an e-mail to a user who has none; false when one was bound meanwhile. */
export async function bindEmail(db: Database, userId: number, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ email })
    .where(and(eq(users.id, userId), isNull(users.email)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function bindMobile(
  db: Database,
  params: { userId: number; mobile: string; areaCode: string | null },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mobile: params.mobile, areaCode: params.areaCode })
    .where(and(eq(users.id, params.userId), isNull(users.mobile)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function updateProfile(
  db: Database,
  userId: number,
  profile: { nickname?: string; signature?: string; avatar?: string },
): Promise<void> {
  await db.update(users).set(profile).where(eq(users.id, userId));
}

export async function raiseVerificationLevel(db: Database, userId: number, level: number): Promise<void> {
  await db
    .update(users)
    .set({ verificationLevel: sql`greatest(${users.verificationLevel}, ${level})` })
    .where(eq(users.id, userId));
}

/** The ids of the users `inviterId` invited. */
export async function inviteeIds(db: Database, inviterId: number): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.inviterId, inviterId));
  return rows.map((row) => row.id);
}

export async function insertSession(
  db: Database,
  session: {
    tokenHash: string;
    userId: number;
    stayLoggedIn: boolean;
    createdAt: Date;
    expiresAt: Date;
    clientAddress: string;
  },
): Promise<void> {
  await db.insert(userSessions).values(session);
}

/** A session that is neither revoked nor expired, of a user who is not frozen. */
export async function findLiveSession(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number; verificationLevel: number } | null> {
  const [row] = await db
    .select({ userId: userSessions.userId, verificationLevel: users.verificationLevel })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.tokenHash, tokenHash),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, now),
        eq(users.loginFrozen, false),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** findLiveSession for many tokens in one statement: the live ones by token hash. */
export async function findLiveSessions(
  db: Database,
  tokenHashes: readonly string[],
  now: Date,
): Promise<Map<string, { userId: number; verificationLevel: number }>> {
  if (tokenHashes.length === 0) return new Map();
  const rows = await db
    .select({
      tokenHash: userSessions.tokenHash,
      userId: userSessions.userId,
      verificationLevel: users.verificationLevel,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        inArray(userSessions.tokenHash, [...tokenHashes]),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, now),
        eq(users.loginFrozen, false),
      ),
    );
  return new Map(
    rows.map((row) => [row.tokenHash, { userId: row.userId, verificationLevel: row.verificationLevel }]),
  );
}

export async function revokeSession(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number } | null> {
  const [row] = await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.tokenHash, tokenHash), isNull(userSessions.revokedAt)))
    .returning({ userId: userSessions.userId });
  return row ?? null;
}

export async function revokeUserSessions(db: Database, userId: number, now: Date): Promise<number> {
  const rows = await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
    .returning({ tokenHash: userSessions.tokenHash });
  return rows.length;
}
