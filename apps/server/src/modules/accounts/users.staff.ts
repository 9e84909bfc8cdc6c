/**
 * What the operator console's users admin needs of accounts: find users, read one, list and end
 * their sessions, freeze and unfreeze their sign-in. No hashes ever leave this file; a session is
 * named by a prefix of its token's hash (the token itself is never stored).
 */
import { and, desc, eq, gt, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { userSessions, users } from './accounts.schema';

/** A user as staff see them: no password, payment password or lockout counters. */
export type StaffUserView = {
  readonly id: number;
  readonly account: string;
  readonly email: string | null;
  readonly mobile: string | null;
  readonly areaCode: string | null;
  readonly nickname: string;
  readonly signature: string;
  readonly walletAddress: string | null;
  readonly verificationLevel: number;
  readonly loginFrozen: boolean;
  readonly lockedUntil: Date | null;
  readonly invitationCode: string;
  readonly inviterId: number | null;
  readonly payPasswordSet: boolean;
  readonly createdAt: Date;
};

const staffUserColumns = {
  id: users.id,
  account: users.account,
  email: users.email,
  mobile: users.mobile,
  areaCode: users.areaCode,
  nickname: users.nickname,
  signature: users.signature,
  walletAddress: users.walletAddress,
  verificationLevel: users.verificationLevel,
  loginFrozen: users.loginFrozen,
  lockedUntil: users.lockedUntil,
  invitationCode: users.invitationCode,
  inviterId: users.inviterId,
  payPasswordSet: sql<boolean>`${users.payPasswordHash} is not null`,
  createdAt: users.createdAt,
};

/** Session ids shown to staff: this many hex digits of the token's SHA-256 hash. */
export const staffSessionIdLength = 16;

/** `text` for a LIKE prefix pattern: its own %, _ and \ match themselves. */
function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (character) => `\\${character}`).toLowerCase()}%`;
}

/** The largest id a users.id (serial, int4) can hold; longer digit strings are no id. */
const userIdMax = 2_147_483_647;

/**
 * Users matching `query`: the id (digits, exactly), or a prefix of the e-mail, sign-in account,
 * nickname, phone number or wallet address, case-insensitive. No query: everyone. Newest first.
 */
export async function searchUsersForStaff(
  db: Database,
  params: { readonly query: string | undefined; readonly limit: number; readonly offset: number },
): Promise<StaffUserView[]> {
  const query = params.query?.trim() ?? '';
  let where: SQL | undefined;
  if (query.length > 0) {
    const pattern = prefixPattern(query);
    const matches: SQL[] = [
      sql`lower(${users.email}) like ${pattern}`,
      sql`lower(${users.account}) like ${pattern}`,
      sql`lower(${users.nickname}) like ${pattern}`,
      sql`lower(${users.walletAddress}) like ${pattern}`,
      like(users.mobile, pattern),
    ];
    const asId = /^\d{1,10}$/.test(query) ? Number(query) : null;
    if (asId !== null && asId <= userIdMax) matches.push(eq(users.id, asId));
    where = or(...matches);
  }
  return db
    .select(staffUserColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(params.limit)
    .offset(params.offset);
}

export async function findUserForStaff(db: Database, userId: number): Promise<StaffUserView | null> {
  const [row] = await db.select(staffUserColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** Locks the user's row until the transaction ends (SELECT ... FOR UPDATE) and reads it. */
export async function lockUserForStaff(tx: Database, userId: number): Promise<StaffUserView | null> {
  const [row] = await tx
    .select(staffUserColumns)
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Sets the user's sign-in freeze; the caller holds the row lock. */
export async function setUserLoginFrozen(
  tx: Database,
  params: { readonly userId: number; readonly frozen: boolean },
): Promise<void> {
  await tx.update(users).set({ loginFrozen: params.frozen }).where(eq(users.id, params.userId));
}

export type StaffSessionView = {
  /** The hash prefix naming the session. */
  readonly id: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
  readonly clientAddress: string;
  readonly stayLoggedIn: boolean;
};

/** The user's sessions, newest first, at most `limit`. */
export async function listUserSessionsForStaff(
  db: Database,
  params: { readonly userId: number; readonly limit: number },
): Promise<StaffSessionView[]> {
  const rows = await db
    .select({
      tokenHash: userSessions.tokenHash,
      createdAt: userSessions.createdAt,
      expiresAt: userSessions.expiresAt,
      revokedAt: userSessions.revokedAt,
      clientAddress: userSessions.clientAddress,
      stayLoggedIn: userSessions.stayLoggedIn,
    })
    .from(userSessions)
    .where(eq(userSessions.userId, params.userId))
    .orderBy(desc(userSessions.createdAt), desc(userSessions.tokenHash))
    .limit(params.limit);
  return rows.map(({ tokenHash, ...rest }) => ({ id: tokenHash.slice(0, staffSessionIdLength), ...rest }));
}

export async function countLiveUserSessions(db: Database, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(userSessions)
    .where(
      and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, now)),
    );
  return Number(row?.count ?? 0);
}

/**
 * Ends the user's live sessions (all, or the one whose hash starts with `sessionId`) and answers
 * the full keys of those ended, so their sockets can be disconnected after commit.
 */
export async function revokeUserSessionsForStaff(
  tx: Database,
  params: { readonly userId: number; readonly sessionId?: string; readonly now: Date },
): Promise<string[]> {
  const rows = await tx
    .update(userSessions)
    .set({ revokedAt: params.now })
    .where(
      and(
        eq(userSessions.userId, params.userId),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, params.now),
        params.sessionId === undefined
          ? undefined
          : like(userSessions.tokenHash, prefixPattern(params.sessionId)),
      ),
    )
    .returning({ tokenHash: userSessions.tokenHash });
  return rows.map((row) => row.tokenHash);
}
