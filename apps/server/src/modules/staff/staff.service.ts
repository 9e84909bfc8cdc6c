import type { AuditAction } from '@fairex/contract';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { uniqueViolationOf } from '../../platform/db/database-errors';
import type { Principal, SessionResolver } from '../../platform/http/route-policy';
import { getUserContact, hashPassword, verifyPassword } from '../accounts';
import { type AuditActor, recordAudit } from '../audit';
import {
  isLocked,
  lockoutEnd,
  normaliseEmail,
  type StaffMember,
  type StaffRoleName,
  staffFailedLoginsMax,
  staffSessionTtlMs,
  staffTokenPrefix,
  staffUpdateRefusal,
  totpIssuer,
} from './staff.domain';
import { staffError } from './staff.errors';
import {
  claimTotpStep,
  findLiveStaffSession,
  findStaffByEmail,
  findStaffById,
  insertStaff,
  insertStaffSession,
  listStaff,
  recordFailedLogin,
  revokeStaffSession,
  revokeStaffSessions,
  type StaffRecord,
  staffMemberOf,
  updateStaff,
} from './staff.repository';
import { newStaffToken, newTotpSecret, staffTokenHash, type TotpSecretBox } from './staff.secrets';
import { matchTotp, otpauthUri } from './staff.totp';

export type StaffServiceDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly totpBox: TotpSecretBox;
  /** Told when a stored TOTP secret cannot be read (STAFF_TOTP_KEY missing or changed). */
  readonly warn?: (context: Record<string, unknown>, message: string) => void;
};

/** The request id audit entries of `npm run admin:create` carry. */
const adminCreateRequestId = 'npm run admin:create';

/** What the audit log keeps of an account: never the password hash or the TOTP secret. */
function auditViewOf(record: StaffRecord) {
  return {
    email: record.email,
    name: record.displayName,
    roles: [...record.roles],
    status: record.status,
    locked_until: record.lockedUntil?.getTime() ?? null,
    linked_user_id: record.linkedUserId,
  };
}

/**
 * roles only: `staff.roles_set`; status only: `staff.disable` / `staff.enable`; anything with a
 * linked customer account, or roles and status together: `staff.update`.
 */
function updateActionOf(change: {
  roles: readonly StaffRoleName[] | undefined;
  status: 'active' | 'disabled' | undefined;
  linkedUserId: number | null | undefined;
}): AuditAction {
  if (change.linkedUserId !== undefined) return 'staff.update';
  if (change.status === undefined) return 'staff.roles_set';
  if (change.roles !== undefined) return 'staff.update';
  return change.status === 'disabled' ? 'staff.disable' : 'staff.enable';
}

/** A new or reset TOTP secret: shown once, never stored readable outside the database. */
export type TotpEnrolment = { member: StaffMember; secret: string; uri: string };

export type StaffService = ReturnType<typeof createStaffService>;

export function createStaffService(deps: StaffServiceDeps) {
  const { db, clock, totpBox } = deps;

  function enrolmentOf(member: StaffMember, secret: string): TotpEnrolment {
    return {
      member,
      secret,
      uri: otpauthUri({ issuer: totpIssuer, account: member.email, secretBase32: secret }),
    };
  }

  async function requireMember(id: number): Promise<StaffMember> {
    const record = await findStaffById(db, id);
    if (!record) throw staffError('not_found');
    return staffMemberOf(record);
  }

  return {
    /**
     * E-mail, password and a TOTP code, all required. Whatever part is wrong (unknown e-mail,
     * password, code, a code already used, a locked or disabled account) the caller gets the
     * same `login_failed`, and an argon2 verification runs every time so the time taken is the
     * same too. A wrong password or code counts towards the lockout.
     */
    async login(params: {
      email: string;
      password: string;
      code: string;
      clientAddress: string;
      requestId: string;
    }): Promise<{ token: string; expiresAt: Date; member: StaffMember }> {
      const record = await findStaffByEmail(db, normaliseEmail(params.email));
      const passwordMatches = await verifyPassword(record?.passwordHash ?? null, params.password);
      const now = clock.now();
      if (record?.status !== 'active' || isLocked(record.lockedUntil, now)) {
        throw staffError('login_failed');
      }
      const secret = totpBox.open(record.totpSecret);
      if (!secret) {
        deps.warn?.(
          { staffId: record.id },
          'a staff TOTP secret cannot be read: is STAFF_TOTP_KEY the key it was stored with?',
        );
      }
      const step =
        passwordMatches && secret
          ? matchTotp({
              secret,
              code: params.code,
              nowMs: now.getTime(),
              lastUsedStep: record.totpLastStep,
            })
          : null;
      if (step === null) {
        await recordFailedLogin(db, {
          id: record.id,
          failedLoginsMax: staffFailedLoginsMax,
          lockedUntil: lockoutEnd(now),
          now,
        });
        throw staffError('login_failed');
      }
      const token = newStaffToken();
      const expiresAt = new Date(now.getTime() + staffSessionTtlMs);
      const started = await db.transaction(async (tx) => {
        const database = tx;
        if (!(await claimTotpStep(database, { id: record.id, step, now }))) return false;
        await insertStaffSession(database, {
          tokenHash: staffTokenHash(token),
          staffId: record.id,
          createdAt: now,
          expiresAt,
          clientAddress: params.clientAddress,
        });
        await recordAudit(tx, {
          actor: { staffId: record.id, roles: record.roles, requestId: params.requestId },
          action: 'staff.login',
          target: { type: 'staff', id: record.id },
          before: null,
          after: { client_address: params.clientAddress, expires_at: expiresAt.getTime() },
          at: now,
        });
        return true;
      });
      if (!started) throw staffError('login_failed');
      return { token, expiresAt, member: await requireMember(record.id) };
    },

    async logout(params: { token: string; actor: AuditActor }): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (!(await revokeStaffSession(tx, staffTokenHash(params.token), now))) return;
        await recordAudit(tx, {
          actor: params.actor,
          action: 'staff.logout',
          target: { type: 'staff', id: params.actor.staffId },
          before: null,
          after: null,
          at: now,
        });
      });
    },

    me: requireMember,

    async list(): Promise<StaffMember[]> {
      return (await listStaff(db)).map(staffMemberOf);
    },

    /**
     * A new account with a fresh TOTP secret, created by `actor` (an admin) or, with no actor, by
     * `npm run admin:create` (the audit entry then names the new admin as its own creator).
     */
    async create(params: {
      email: string;
      name: string;
      roles: readonly StaffRoleName[];
      password: string;
      actor: AuditActor | null;
    }): Promise<TotpEnrolment> {
      const secret = newTotpSecret();
      const passwordHash = await hashPassword(params.password);
      const now = clock.now();
      try {
        const record = await db.transaction(async (tx) => {
          const inserted = await insertStaff(tx, {
            email: normaliseEmail(params.email),
            displayName: params.name,
            passwordHash,
            roles: [...new Set(params.roles)],
            totpSecret: totpBox.seal(secret),
            createdBy: params.actor?.staffId ?? null,
            createdAt: now,
            updatedAt: now,
          });
          await recordAudit(tx, {
            actor: params.actor ?? {
              staffId: inserted.id,
              roles: inserted.roles,
              requestId: adminCreateRequestId,
            },
            action: 'staff.create',
            target: { type: 'staff', id: inserted.id },
            before: null,
            after: auditViewOf(inserted),
            at: now,
          });
          return inserted;
        });
        return enrolmentOf(staffMemberOf(record), secret);
      } catch (error) {
        if (uniqueViolationOf(error) !== null) throw staffError('email_taken');
        throw error;
      }
    },

    /**
     * New roles, status and/or linked customer account (null removes it). Disabling ends the
     * member's sessions; making an account active also lifts a lockout. Nobody removes their own
     * admin role or disables themselves. A user is linked to at most one staff member.
     */
    async update(params: {
      actor: AuditActor;
      id: number;
      roles: readonly StaffRoleName[] | undefined;
      status: 'active' | 'disabled' | undefined;
      linkedUserId?: number | null | undefined;
    }): Promise<StaffMember> {
      const refusal = staffUpdateRefusal({
        actorId: params.actor.staffId,
        targetId: params.id,
        roles: params.roles,
        status: params.status,
      });
      if (refusal) throw staffError(refusal);
      const now = clock.now();
      const linkedUserId = params.linkedUserId;
      const change = async (tx: Database) => {
        const before = await findStaffById(tx, params.id);
        if (!before) return null;
        if (typeof linkedUserId === 'number' && (await getUserContact(tx, linkedUserId)) === null) {
          throw staffError('linked_user_not_found');
        }
        const updated = await updateStaff(tx, params.id, {
          ...(params.roles === undefined ? {} : { roles: [...new Set(params.roles)] }),
          ...(params.status === undefined ? {} : { status: params.status }),
          ...(linkedUserId === undefined ? {} : { linkedUserId }),
          ...(params.status === 'active' ? { failedLogins: 0, lockedUntil: null } : {}),
          updatedAt: now,
        });
        if (!updated) return null;
        const sessionsEnded =
          params.status === 'disabled'
            ? await revokeStaffSessions(tx, { staffId: params.id, now, keepTokenHash: null })
            : 0;
        await recordAudit(tx, {
          actor: params.actor,
          action: updateActionOf({ ...params, linkedUserId }),
          target: { type: 'staff', id: params.id },
          before: auditViewOf(before),
          after: { ...auditViewOf(updated), sessions_ended: sessionsEnded },
          at: now,
        });
        return updated;
      };
      let record: StaffRecord | null;
      try {
        record = await db.transaction(change);
      } catch (error) {
        // Only the unique index on linked_user_id can refuse this update (staff_linked_user_idx):
        // it keeps one staff member per user, even when two admins race.
        if (uniqueViolationOf(error) !== null) throw staffError('linked_user_taken');
        throw error;
      }
      if (!record) throw staffError('not_found');
      return staffMemberOf(record);
    },

    /**
     * A new TOTP secret for a member who lost their authenticator; the old one stops working and
     * the member's other sessions end (the caller's own session, when resetting their own, stays).
     */
    async resetTotp(params: { id: number; actor: AuditActor; actorToken: string }): Promise<TotpEnrolment> {
      const secret = newTotpSecret();
      const now = clock.now();
      const record = await db.transaction(async (tx) => {
        const updated = await updateStaff(tx, params.id, {
          totpSecret: totpBox.seal(secret),
          totpLastStep: null,
          updatedAt: now,
        });
        if (!updated) return null;
        const sessionsEnded = await revokeStaffSessions(tx, {
          staffId: params.id,
          now,
          keepTokenHash: staffTokenHash(params.actorToken),
        });
        // The secret itself never reaches the audit log: only that it was replaced.
        await recordAudit(tx, {
          actor: params.actor,
          action: 'staff.totp_reset',
          target: { type: 'staff', id: params.id },
          before: null,
          after: { totp: 'replaced', sessions_ended: sessionsEnded },
          at: now,
        });
        return updated;
      });
      if (!record) throw staffError('not_found');
      return enrolmentOf(staffMemberOf(record), secret);
    },
  };
}

/** The staff principal behind a token; null for anything that is not a live staff session. */
async function resolveStaffToken(
  deps: { db: Database; clock: Clock },
  token: string,
): Promise<Principal | null> {
  const live = await findLiveStaffSession(deps.db, staffTokenHash(token), deps.clock.now());
  return live ? { kind: 'staff', staffId: live.staffId, roles: live.roles } : null;
}

/**
 * Wraps the user SessionResolver: tokens with the staff prefix resolve against staff sessions
 * (to a `staff` principal with the member's current roles), every other token goes on to `users`.
 */
export function withStaffSessions(
  users: SessionResolver,
  deps: { db: Database; clock: Clock },
): SessionResolver {
  return {
    resolve: (token) =>
      token.startsWith(staffTokenPrefix) ? resolveStaffToken(deps, token) : users.resolve(token),
  };
}
