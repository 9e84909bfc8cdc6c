import type { CodePurpose } from '@fairex/contract';
import { emailSchema, mobileSchema } from '@fairex/contract';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { uniqueViolationOf } from '../../platform/db/database-errors';
import {
  isLockedAt,
  loginFailuresMax,
  loginLockoutMs,
  normalizeLoginName,
  payPasswordFailuresMax,
  payPasswordLockoutMs,
} from './accounts.domain';
import { accountsError } from './accounts.errors';
import {
  bindEmail as bindEmailRow,
  bindMobile as bindMobileRow,
  clearLoginFailures,
  clearPayPasswordFailures,
  findUserById,
  findUserByLoginName,
  recordLoginFailure,
  recordPayPasswordFailure,
  recordUnknownNameFailure,
  unknownNameLockedUntil,
  updatePasswordHash,
  updatePayPasswordHash,
} from './accounts.repository';
import { hashPassword, verifyPassword } from './accounts.secrets';
import type { CodeAddress } from './codes.repository';
import { boundAddresses, codeAddressOf, tryCode, tryCodeAtAny } from './codes.service';
import {
  endSession,
  endUserSessions,
  issueSession,
  noSessionEvents,
  type SessionEvents,
} from './sessions.service';
import { createUser, inviterOf } from './users.service';

/** Every this many failures of unknown names, rows of names not tried for a day are removed. */
const unknownNamesPruneEvery = 1000;

function refuseMismatch(password: string, confirmation: string): void {
  if (password !== confirmation) throw accountsError('passwords_inconsistent');
}

function lockUntil(now: Date, lockoutMs: number): Date {
  return new Date(now.getTime() + lockoutMs);
}

/**
 * Checks a payment password (reliability case 13): refused while locked; the fifth wrong one in
 * a row locks it for 15 minutes. Throws the catalogue error; resolves when it is right.
 */
export async function verifyPayPassword(
  db: Database,
  params: { userId: number; password: string; clock: Clock },
): Promise<void> {
  const now = params.clock.now();
  const user = await findUserById(db, params.userId);
  if (!user) throw accountsError('pay_password_not_set');
  if (isLockedAt(user.payPasswordLockedUntil, now)) throw accountsError('pay_password_locked');
  if (!user.payPasswordHash) throw accountsError('pay_password_not_set');
  if (!(await verifyPassword(user.payPasswordHash, params.password))) {
    await recordPayPasswordFailure(db, {
      userId: user.id,
      failuresMax: payPasswordFailuresMax,
      lockUntil: lockUntil(now, payPasswordLockoutMs),
    });
    throw accountsError('pay_password_wrong');
  }
  if (user.failedPayPasswords > 0 || user.payPasswordLockedUntil) await clearPayPasswordFailures(db, user.id);
}

/**
 * Uses up a `withdraw` or `security` code sent to the user's bound e-mail or phone; throws
 * accounts.errors.code_invalid (or contact_not_bound) otherwise. For the withdrawal feature.
 */
export async function consumeUserCode(
  db: Database,
  params: {
    userId: number;
    purpose: Extract<CodePurpose, 'withdraw' | 'security'>;
    code: string;
    clock: Clock;
  },
): Promise<void> {
  const user = await findUserById(db, params.userId);
  const addresses = user ? boundAddresses(user) : [];
  if (addresses.length === 0) throw accountsError('contact_not_bound');
  const now = params.clock.now();
  const used = await db.transaction((tx) =>
    tryCodeAtAny(tx, { addresses, purpose: params.purpose, code: params.code, now }),
  );
  if (!used) throw accountsError('code_invalid');
}

export type AccountsServiceDeps = {
  readonly db: Database;
  readonly clock: Clock;
  /** Where ended sessions are announced (the socket server); nowhere by default. */
  readonly sessionEvents?: SessionEvents;
};

export function createAccountsService(deps: AccountsServiceDeps) {
  const { db, clock } = deps;
  const sessionEvents = deps.sessionEvents ?? noSessionEvents;
  let unknownNameFailures = 0;

  /**
   * Always one argon2 verification, whether the name exists or not, locked or not; unknown names
   * lock out like real ones. So neither the reply nor its timing tells whether an account exists.
   */
  async function login(params: {
    userString: string;
    password: string;
    stayLoggedIn: boolean;
    clientAddress: string;
  }): Promise<string> {
    const name = normalizeLoginName(params.userString);
    const now = clock.now();
    const user = await findUserByLoginName(db, name);
    if (!user) {
      const locked = isLockedAt(await unknownNameLockedUntil(db, name), now);
      await verifyPassword(null, params.password);
      if (locked) throw accountsError('login_locked');
      unknownNameFailures += 1;
      await recordUnknownNameFailure(db, {
        name,
        now,
        failuresMax: loginFailuresMax,
        lockUntil: lockUntil(now, loginLockoutMs),
        prune: unknownNameFailures % unknownNamesPruneEvery === 0,
      });
      throw accountsError('login_failed');
    }
    if (isLockedAt(user.lockedUntil, now)) {
      await verifyPassword(null, params.password);
      throw accountsError('login_locked');
    }
    if (!(await verifyPassword(user.passwordHash, params.password))) {
      await recordLoginFailure(db, {
        userId: user.id,
        failuresMax: loginFailuresMax,
        lockUntil: lockUntil(now, loginLockoutMs),
      });
      throw accountsError('login_failed');
    }
    // Only someone who knows the password learns that the account is frozen.
    if (user.loginFrozen) throw accountsError('account_frozen');
    if (user.failedLogins > 0 || user.lockedUntil) await clearLoginFailures(db, user.id);
    return issueSession(db, {
      userId: user.id,
      stayLoggedIn: params.stayLoggedIn,
      clock,
      clientAddress: params.clientAddress,
    });
  }

  /**
   * Creates the account and signs it in: the register code is used up in the same transaction as
   * the insert, so one code makes at most one account even under parallel requests.
   */
  async function register(params: {
    userString: string;
    type: 'email' | 'mobile';
    code: string;
    password: string;
    rePassword: string;
    invitationCode: string | undefined;
    clientAddress: string;
  }): Promise<string> {
    refuseMismatch(params.password, params.rePassword);
    const target = registrationAddress(params.type, params.userString);
    const inviterId = await inviterOf(db, params.invitationCode);
    const passwordHash = await hashPassword(params.password);
    const now = clock.now();
    let token: string | null;
    try {
      token = await db.transaction(async (tx) => {
        const code = await tryCode(tx, {
          ...target,
          purpose: 'register',
          code: params.code,
          now,
          consume: true,
        });
        if (!code) return null;
        const isEmail = target.channel === 'email';
        const userId = await createUser(tx, {
          account: target.address,
          email: isEmail ? target.address : null,
          mobile: isEmail ? null : target.address,
          areaCode: isEmail ? null : code.areaCode,
          passwordHash,
          inviterId,
          createdAt: now,
        });
        return issueSession(tx, { userId, stayLoggedIn: false, clock, clientAddress: params.clientAddress });
      });
    } catch (error) {
      if (uniqueViolationOf(error) !== null) throw accountsError('account_exists');
      throw error;
    }
    if (token === null) throw accountsError('code_invalid');
    return token;
  }

  async function logout(token: string): Promise<void> {
    const ended = await endSession(db, { token, clock });
    if (ended) await sessionEvents.ended({ ...ended, reason: 'logout' });
  }

  /** Forgot password: a `forget` code proves the address; every session of the user ends. */
  async function resetPassword(params: {
    account: string;
    password: string;
    rePassword: string;
    code: string;
  }): Promise<void> {
    refuseMismatch(params.password, params.rePassword);
    const target = codeAddressOf(normalizeLoginName(params.account));
    const passwordHash = await hashPassword(params.password);
    const now = clock.now();
    const userId = await db.transaction(async (tx) => {
      if (!(await tryCode(tx, { ...target, purpose: 'forget', code: params.code, now, consume: true }))) {
        return null;
      }
      const user = await findUserByLoginName(tx, target.address);
      if (!user) return null;
      await updatePasswordHash(tx, user.id, passwordHash);
      await endUserSessions(tx, { userId: user.id, clock });
      return user.id;
    });
    if (userId === null) throw accountsError('code_invalid');
    await sessionEvents.ended({ userId, reason: 'password_reset' });
  }

  /** A wrong current password counts towards the login lockout, as a failed login would. */
  async function changePassword(params: {
    userId: number;
    oldPassword: string;
    password: string;
    rePassword: string;
  }): Promise<void> {
    refuseMismatch(params.password, params.rePassword);
    const now = clock.now();
    const user = await findUserById(db, params.userId);
    if (!user) throw accountsError('old_password_wrong');
    if (isLockedAt(user.lockedUntil, now)) throw accountsError('login_locked');
    if (!(await verifyPassword(user.passwordHash, params.oldPassword))) {
      await recordLoginFailure(db, {
        userId: user.id,
        failuresMax: loginFailuresMax,
        lockUntil: lockUntil(now, loginLockoutMs),
      });
      throw accountsError('old_password_wrong');
    }
    const passwordHash = await hashPassword(params.password);
    await db.transaction(async (tx) => {
      await updatePasswordHash(tx, user.id, passwordHash);
      await endUserSessions(tx, { userId: user.id, clock });
    });
    await sessionEvents.ended({ userId: user.id, reason: 'password_changed' });
  }

  /** Sets or replaces the payment password with a `security` code sent to a bound address. */
  async function setPayPassword(params: {
    userId: number;
    password: string;
    rePassword: string;
    code: string;
  }): Promise<void> {
    refuseMismatch(params.password, params.rePassword);
    const user = await findUserById(db, params.userId);
    const addresses = user ? boundAddresses(user) : [];
    if (!user || addresses.length === 0) throw accountsError('contact_not_bound');
    const payPasswordHash = await hashPassword(params.password);
    const now = clock.now();
    const saved = await db.transaction(async (tx) => {
      if (!(await tryCodeAtAny(tx, { addresses, purpose: 'security', code: params.code, now }))) return false;
      await updatePayPasswordHash(tx, user.id, payPasswordHash);
      return true;
    });
    if (!saved) throw accountsError('code_invalid');
  }

  async function bindAddress(params: {
    userId: number;
    target: CodeAddress;
    code: string;
    areaCode: string | null;
  }): Promise<void> {
    const { target } = params;
    const isEmail = target.channel === 'email';
    const user = await findUserById(db, params.userId);
    if (!user) throw accountsError('code_invalid');
    if (isEmail ? user.email : user.mobile) {
      throw accountsError(isEmail ? 'email_already_bound' : 'mobile_already_bound');
    }
    const taken = accountsError(isEmail ? 'email_taken' : 'mobile_taken');
    const now = clock.now();
    let outcome: 'bound' | 'code_invalid' | 'taken';
    try {
      outcome = await db.transaction(async (tx) => {
        const code = await tryCode(tx, { ...target, purpose: 'bind', code: params.code, now, consume: true });
        if (!code) return 'code_invalid';
        // Only someone who received the code learns that the address is taken.
        const owner = await findUserByLoginName(tx, target.address);
        if (owner && owner.id !== user.id) return 'taken';
        const bound = isEmail
          ? await bindEmailRow(tx, user.id, target.address)
          : await bindMobileRow(tx, {
              userId: user.id,
              mobile: target.address,
              areaCode: code.areaCode ?? params.areaCode,
            });
        if (!bound) throw accountsError(isEmail ? 'email_already_bound' : 'mobile_already_bound');
        return 'bound';
      });
    } catch (error) {
      if (uniqueViolationOf(error) !== null) throw taken;
      throw error;
    }
    if (outcome === 'taken') throw taken;
    if (outcome !== 'bound') throw accountsError('code_invalid');
  }

  async function bindEmail(params: { userId: number; email: string; code: string }): Promise<void> {
    const email = emailSchema.parse(params.email);
    await bindAddress({
      userId: params.userId,
      target: { channel: 'email', address: email },
      code: params.code,
      areaCode: null,
    });
  }

  async function bindMobile(params: {
    userId: number;
    mobile: string;
    areaCode: string | undefined;
    code: string;
  }): Promise<void> {
    const mobile = mobileSchema.parse(params.mobile);
    await bindAddress({
      userId: params.userId,
      target: { channel: 'sms', address: mobile },
      code: params.code,
      areaCode: params.areaCode ?? null,
    });
  }

  return {
    login,
    register,
    logout,
    resetPassword,
    changePassword,
    setPayPassword,
    bindEmail,
    bindMobile,
    verifyPayPassword: (userId: number, password: string) =>
      verifyPayPassword(db, { userId, password, clock }),
    consumeUserCode: (userId: number, purpose: 'withdraw' | 'security', code: string) =>
      consumeUserCode(db, { userId, purpose, code, clock }),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

function registrationAddress(type: 'email' | 'mobile', userString: string): CodeAddress {
  if (type === 'email') {
    const email = emailSchema.safeParse(userString);
    if (!email.success) throw accountsError('invalid_email');
    return { channel: 'email', address: email.data };
  }
  const mobile = mobileSchema.safeParse(userString);
  if (!mobile.success) throw accountsError('invalid_mobile');
  return { channel: 'sms', address: mobile.data };
}
