import type { StaffProfile, StaffStatus } from '@fairex/contract';
import type { StaffErrorCode } from './staff.errors';

/** Wrong passwords or codes in a row before an account locks, and how long it stays locked. */
export const staffFailedLoginsMax = 5;
export const staffLockoutMs = 15 * 60 * 1000;
/** A staff session lasts one working shift, then the member signs in again. */
export const staffSessionTtlMs = 12 * 60 * 60 * 1000;
/** The issuer authenticator apps show beside the code. */
export const totpIssuer = 'Fairex';
/** Staff tokens start with this, so the resolver knows at once which table to ask. */
export const staffTokenPrefix = 'fxs.';

export type StaffRoleName = StaffProfile['roles'][number];

/** A staff member as the service sees it (no hashes). */
export type StaffMember = {
  readonly id: number;
  readonly email: string;
  readonly displayName: string;
  readonly roles: readonly StaffRoleName[];
  readonly status: StaffStatus;
  readonly lockedUntil: Date | null;
  readonly lastLoginAt: Date | null;
  readonly createdBy: number | null;
  readonly createdAt: Date;
  /** The customer account this member personally holds (users.id), or null. */
  readonly linkedUserId: number | null;
};

export function staffProfileOf(member: StaffMember, now: Date): StaffProfile {
  const locked = member.lockedUntil !== null && member.lockedUntil.getTime() > now.getTime();
  return {
    id: member.id,
    email: member.email,
    name: member.displayName,
    roles: [...member.roles],
    status: member.status,
    locked_until: locked && member.lockedUntil ? member.lockedUntil.getTime() : null,
    last_login_at: member.lastLoginAt?.getTime() ?? null,
    created_by: member.createdBy,
    created_at: member.createdAt.getTime(),
    linked_user_id: member.linkedUserId,
  };
}

export function isLocked(lockedUntil: Date | null, now: Date): boolean {
  return lockedUntil !== null && lockedUntil.getTime() > now.getTime();
}

/** When a lockout that starts now ends. */
export function lockoutEnd(now: Date): Date {
  return new Date(now.getTime() + staffLockoutMs);
}

/**
 * Whether an admin may make this change to an account: never remove their own admin role or
 * disable themselves (so at least one active admin always remains: the one acting).
 */
export function staffUpdateRefusal(params: {
  actorId: number;
  targetId: number;
  roles: readonly StaffRoleName[] | undefined;
  status: StaffStatus | undefined;
}): StaffErrorCode | null {
  if (params.actorId !== params.targetId) return null;
  if (params.roles !== undefined && !params.roles.includes('admin')) return 'self_demotion';
  if (params.status === 'disabled') return 'self_disable';
  return null;
}

/** E-mail addresses are compared without case and stored lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
