import { type UserInfo, unsetTimezone } from '@fairex/contract';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { platformErrors } from '../../platform/http/app-error';
import { createTimezoneService } from '../timezone';
import { isOwnPublicUpload } from '../upload';
import { accountsError } from './accounts.errors';
import { findUserById, inviteeIds, type UserRecord, updateProfile } from './accounts.repository';

/** GET /user/info: what the client may see of its own user. Never a hash. */
export function userInfoOf(user: UserRecord): UserInfo {
  return {
    id: user.id,
    account: user.account,
    email: user.email,
    mobile: user.mobile,
    area_code: user.areaCode,
    nickname: user.nickname,
    signature: user.signature,
    avatar: user.avatar,
    invitation_code: user.invitationCode,
    verification_level: user.verificationLevel,
    score: user.score,
    wallet_address: user.walletAddress,
    has_password: user.passwordHash !== null,
    has_pay_password: user.payPasswordHash !== null,
    created_at: user.createdAt.getTime(),
  };
}

/** New York is what clients report when they know nothing (spec section 7): it reads as unset. */
function shownZone(timezone: string | null): string | null {
  return timezone === unsetTimezone ? null : timezone;
}

export type ProfileServiceDeps = {
  readonly db: Database;
  readonly clock: Clock;
  /** How many of these users have traded (the ledger knows: entries of a trading kind). */
  readonly countTraders: (userIds: readonly number[]) => Promise<number>;
};

export function createProfileService(deps: ProfileServiceDeps) {
  const { db } = deps;
  const timezones = createTimezoneService(deps);

  async function requireUser(userId: number): Promise<UserRecord> {
    const user = await findUserById(db, userId);
    // The session resolved a moment ago; a user gone since then is a session gone.
    if (!user) throw platformErrors.sessionInvalid();
    return user;
  }

  return {
    async info(userId: number): Promise<UserInfo> {
      return userInfoOf(await requireUser(userId));
    },

    async invite(userId: number) {
      const user = await requireUser(userId);
      const invitees = await inviteeIds(db, user.id);
      return {
        invitation_code: user.invitationCode,
        invite_count: invitees.length,
        traded_count: await deps.countTraders(invitees),
        // Rebates arrive with trading.
        rebate: '0',
      };
    },

    /** The avatar must be an image this user uploaded (POST /upload). */
    async setAvatar(userId: number, path: string): Promise<void> {
      if (!(await isOwnPublicUpload(db, { path, ownerUserId: userId })))
        throw accountsError('avatar_not_found');
      await updateProfile(db, userId, { avatar: path });
    },

    async editProfile(userId: number, profile: { nickname?: string; signature?: string }): Promise<void> {
      await updateProfile(db, userId, profile);
    },

    async timezone(userId: number): Promise<{ timezone: string | null }> {
      const state = await timezones.current(userId);
      return { timezone: shownZone(state.timezone) };
    },

    /** A choice by hand, stored through the timezone module (unknown zones refused there). */
    async updateTimezone(userId: number, timezone: string): Promise<{ timezone: string | null }> {
      const update = await timezones.choose(userId, timezone);
      return { timezone: shownZone(update.state.timezone) };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
