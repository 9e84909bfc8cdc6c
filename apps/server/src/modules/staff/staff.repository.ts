import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { StaffMember, StaffRoleName } from './staff.domain';
import { staff, staffSessions } from './staff.schema';

/** The whole row, secrets included: it stays inside the module. */
export type StaffRecord = typeof staff.$inferSelect;
type NewStaff = typeof staff.$inferInsert;

export function staffMemberOf(record: StaffRecord): StaffMember {
  return {
    id: record.id,
    email: record.email,
    displayName: record.displayName,
    roles: record.roles,
    status: record.status,
    lockedUntil: record.lockedUntil,
    lastLoginAt: record.lastLoginAt,
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    linkedUserId: record.linkedUserId,
  };
}

export async function findStaffByEmail(db: Database, email: string): Promise<StaffRecord | null> {
  const [row] = await db.select().from(staff).where(sql`lower(${staff.email}) = lower(${email})`).limit(1);
  return row ?? null;
}

export async function findStaffById(db: Database, id: number): Promise<StaffRecord | null> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row ?? null;
}

/** Staff accounts are few (tens); the console lists them all, oldest first. */
export const staffListSizeMax = 500;

export async function listStaff(db: Database): Promise<StaffRecord[]> {
  return db.select().from(staff).orderBy(asc(staff.id)).limit(staffListSizeMax);
}

/** Display names of some staff members, by id. */
export async function staffDisplayNames(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)].filter((id) => id > 0);
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: staff.id, name: staff.displayName })
    .from(staff)
    .where(inArray(staff.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function insertStaff(db: Database, values: NewStaff): Promise<StaffRecord> {
  const [row] = await db.insert(staff).values(values).returning();
  if (!row) throw new Error('staff insert returned no row');
  return row;
}

export async function updateStaff(
  db: Database,
  id: number,
  values: Partial<
    Pick<
      NewStaff,
      'roles' | 'status' | 'failedLogins' | 'lockedUntil' | 'totpSecret' | 'totpLastStep' | 'linkedUserId'
    >
  > & {
    updatedAt: Date;
  },
): Promise<StaffRecord | null> {
  const [row] = await db.update(staff).set(values).where(eq(staff.id, id)).returning();
  return row ?? null;
}

/** Counts one failed sign-in atomically; at the limit the account locks and the count restarts. */
export async function recordFailedLogin(
  db: Database,
  params: { id: number; failedLoginsMax: number; lockedUntil: Date; now: Date },
): Promise<void> {
  const reachesLimit = sql`${staff.failedLogins} + 1 >= ${params.failedLoginsMax}`;
  await db
    .update(staff)
    .set({
      failedLogins: sql`case when ${reachesLimit} then 0 else ${staff.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${params.lockedUntil.toISOString()}::timestamptz else ${staff.lockedUntil} end`,
      updatedAt: params.now,
    })
    .where(eq(staff.id, params.id));
}

/**
 * Records a successful sign-in with the TOTP step it used, only if that step is later than the
 * last one used: of two sign-ins racing with one code, exactly one gets the row back.
 */
export async function claimTotpStep(
  db: Database,
  params: { id: number; step: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totpLastStep: params.step, failedLogins: 0, lockedUntil: null, lastLoginAt: params.now })
    .where(
      and(
        eq(staff.id, params.id),
        eq(staff.status, 'active'),
        or(isNull(staff.totpLastStep), sql`${staff.totpLastStep} < ${params.step}`),
        or(isNull(staff.lockedUntil), sql`${staff.lockedUntil} <= ${params.now.toISOString()}::timestamptz`),
      ),
    )
    .returning({ id: staff.id });
  return rows.length === 1;
}

export async function insertStaffSession(
  db: Database,
  values: { tokenHash: string; staffId: number; createdAt: Date; expiresAt: Date; clientAddress: string },
): Promise<void> {
  await db.insert(staffSessions).values(values);
}

/** The staff member behind a live session: not revoked, not expired, account active. */
export async function findLiveStaffSession(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ staffId: number; roles: StaffRoleName[] } | null> {
  const [row] = await db
    .select({ staffId: staff.id, roles: staff.roles })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        eq(staff.status, 'active'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function revokeStaffSession(db: Database, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)))
    .returning({ staffId: staffSessions.staffId });
  return rows.length === 1;
}

/** Ends every live session of a staff member, except the one named in `keepTokenHash`. */
export async function revokeStaffSessions(
  db: Database,
  params: { staffId: number; now: Date; keepTokenHash: string | null },
): Promise<number> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: params.now })
    .where(
      and(
        eq(staffSessions.staffId, params.staffId),
        isNull(staffSessions.revokedAt),
        params.keepTokenHash === null ? undefined : ne(staffSessions.tokenHash, params.keepTokenHash),
      ),
    )
    .returning({ staffId: staffSessions.staffId });
  return rows.length;
}
