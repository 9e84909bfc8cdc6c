/**
 * The users admin: reads through the accounts, verification and ledger modules' public surfaces;
 * each write (end sessions, freeze, unfreeze) locks the user's row, changes it and appends its
 * audit entry in one transaction. Sockets of ended sessions are disconnected after commit.
 */
import {
  type AccountKindName,
  type BillEntryKind,
  type UserBillReply,
  type UserDetail,
  type UserFreezeReply,
  type UserSearchReply,
  type UserSessionsReply,
  type UserSessionsRevokeReply,
  userAdminPageSize,
  userAdminSessionsMax,
  walletPageSize,
} from '@fairex/contract';
import { invariant } from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import {
  countLiveUserSessions,
  findUserForStaff,
  listUserSessionsForStaff,
  lockUserForStaff,
  revokeUserSessionsForStaff,
  type StaffUserView,
  searchUsersForStaff,
  setUserLoginFrozen,
} from '../accounts';
import { type AuditActor, recordAudit } from '../audit';
import { accountKindName, billLines, listCurrencies, userAccountBalances, userAccountKinds } from '../ledger';
import { verificationStateOf } from '../verification';
import {
  balancesByKind,
  billLineOf,
  freezeRefusal,
  pageWindow,
  sessionStateOf,
  userSummaryOf,
} from './user-admin.domain';
import { userAdminError } from './user-admin.errors';

/** Told after commit which sessions ended, so their sockets are disconnected at once. */
export type EndedSessions = (ended: { userId: number; sessionKeys: readonly string[] }) => Promise<void>;

export type UserAdminServiceDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly sessionsEnded: EndedSessions;
};

export type UserBillFilter = {
  readonly currency?: number | undefined;
  readonly type?: AccountKindName | undefined;
  readonly kind?: BillEntryKind | undefined;
};

export type UserAdminService = ReturnType<typeof createUserAdminService>;

/** What the audit log keeps of a user for these actions: sign-in state, never secrets. */
function auditViewOf(user: StaffUserView, liveSessions: number) {
  return { account: user.account, login_frozen: user.loginFrozen, live_sessions: liveSessions };
}

export function createUserAdminService(deps: UserAdminServiceDeps) {
  const { db, clock, sessionsEnded } = deps;

  async function userOrRefuse(userId: number): Promise<StaffUserView> {
    const user = await findUserForStaff(db, userId);
    if (!user) throw userAdminError('user_not_found');
    return user;
  }

  async function lockedUser(tx: Database, userId: number): Promise<StaffUserView> {
    const user = await lockUserForStaff(tx, userId);
    if (!user) throw userAdminError('user_not_found');
    return user;
  }

  /** Announces ended sessions; a socket hiccup must not turn a committed write into an error. */
  async function announce(userId: number, sessionKeys: readonly string[]): Promise<void> {
    if (sessionKeys.length > 0) await sessionsEnded({ userId, sessionKeys });
  }

  /** Sets or lifts the sign-in freeze; freezing ends every session in the same transaction. */
  async function setFrozen(params: {
    actor: AuditActor;
    userId: number;
    frozen: boolean;
    reason: string;
  }): Promise<UserFreezeReply> {
    const now = clock.now();
    const outcome = await db.transaction(async (tx) => {
      const before = await lockedUser(tx, params.userId);
      const refusal = freezeRefusal({ frozen: before.loginFrozen, wanted: params.frozen });
      if (refusal) throw userAdminError(refusal);
      const liveBefore = await countLiveUserSessions(tx, params.userId, now);
      await setUserLoginFrozen(tx, { userId: params.userId, frozen: params.frozen });
      const ended = params.frozen ? await revokeUserSessionsForStaff(tx, { userId: params.userId, now }) : [];
      const after = { ...before, loginFrozen: params.frozen };
      await recordAudit(tx, {
        actor: params.actor,
        action: params.frozen ? 'user.freeze' : 'user.unfreeze',
        target: { type: 'user', id: params.userId },
        before: auditViewOf(before, liveBefore),
        after: { ...auditViewOf(after, liveBefore - ended.length), sessions_ended: ended.length },
        reason: params.reason,
        at: now,
      });
      return { user: after, ended };
    });
    await announce(params.userId, outcome.ended);
    return { user: userSummaryOf(outcome.user), revoked_sessions: outcome.ended.length };
  }

  /** Ends one session (by id) or all live sessions of the user, audited. */
  async function revoke(params: {
    actor: AuditActor;
    userId: number;
    sessionId?: string | undefined;
    reason: string | undefined;
  }): Promise<UserSessionsRevokeReply> {
    const now = clock.now();
    const ended = await db.transaction(async (tx) => {
      const user = await lockedUser(tx, params.userId);
      const liveBefore = await countLiveUserSessions(tx, params.userId, now);
      const keys = await revokeUserSessionsForStaff(tx, {
        userId: params.userId,
        now,
        ...(params.sessionId === undefined ? {} : { sessionId: params.sessionId }),
      });
      if (params.sessionId !== undefined && keys.length === 0) throw userAdminError('session_not_found');
      const scope = params.sessionId === undefined ? { sessions: 'all' } : { session_id: params.sessionId };
      await recordAudit(tx, {
        actor: params.actor,
        action: 'user.sessions_revoke',
        target: { type: 'user', id: params.userId },
        before: { ...auditViewOf(user, liveBefore), ...scope },
        after: { ...auditViewOf(user, liveBefore - keys.length), ...scope, sessions_ended: keys.length },
        reason: params.reason ?? '',
        at: now,
      });
      return keys;
    });
    await announce(params.userId, ended);
    return { revoked: ended.length };
  }

  return {
    /** Users matching `query` (see the contract), newest first, 20 a page. */
    async search(params: { query: string | undefined; page: number }): Promise<UserSearchReply> {
      const window = pageWindow(params.page, userAdminPageSize);
      const rows = await searchUsersForStaff(db, { query: params.query, ...window });
      return {
        list: rows.slice(0, userAdminPageSize).map(userSummaryOf),
        page: params.page,
        page_size: userAdminPageSize,
        has_more: rows.length > userAdminPageSize,
      };
    },

    /** Profile, verification state, balances per account kind (ledger), live session count. */
    async detail(userId: number): Promise<UserDetail> {
      const user = await userOrRefuse(userId);
      const [verification, accounts, currencies, liveSessions] = await Promise.all([
        verificationStateOf(db, userId),
        userAccountBalances(db, userId),
        listCurrencies(db),
        countLiveUserSessions(db, userId, clock.now()),
      ]);
      return {
        ...userSummaryOf(user),
        signature: user.signature,
        invitation_code: user.invitationCode,
        inviter_id: user.inviterId,
        locked_until:
          user.lockedUntil !== null && user.lockedUntil.getTime() > clock.now().getTime()
            ? user.lockedUntil.getTime()
            : null,
        pay_password_set: user.payPasswordSet,
        verification: { level: verification.level, lv1: verification.lv1, lv2: verification.lv2 },
        balances: balancesByKind({ accounts, currencies, kindName: accountKindName }),
        live_sessions: liveSessions,
      };
    },

    /** The user's bill exactly as they see it (the ledger's postings), newest first, read-only. */
    async bill(params: { userId: number; filter: UserBillFilter; page: number }): Promise<UserBillReply> {
      await userOrRefuse(params.userId);
      const { filter } = params;
      const window = pageWindow(params.page, walletPageSize);
      const [currencies, lines] = await Promise.all([
        listCurrencies(db),
        billLines(db, {
          userId: params.userId,
          ...(filter.currency === undefined ? {} : { currencyId: filter.currency }),
          ...(filter.type === undefined ? {} : { accountKind: userAccountKinds[filter.type] }),
          ...(filter.kind === undefined ? {} : { entryKinds: [filter.kind] }),
          ...window,
        }),
      ]);
      const byId = new Map(currencies.map((currency) => [currency.id, currency]));
      return {
        list: lines.slice(0, walletPageSize).map((line) => {
          const currency = byId.get(line.currencyId);
          invariant(currency, `currency ${line.currencyId} of a posting exists`);
          return billLineOf({ line, currency, kindName: accountKindName });
        }),
        page: params.page,
        page_size: walletPageSize,
        has_more: lines.length > walletPageSize,
      };
    },

    /** The user's sessions, newest first (at most 100), live, expired or revoked. */
    async sessions(userId: number): Promise<UserSessionsReply> {
      await userOrRefuse(userId);
      const now = clock.now();
      const sessions = await listUserSessionsForStaff(db, { userId, limit: userAdminSessionsMax });
      return {
        list: sessions.map((session) => ({
          id: session.id,
          state: sessionStateOf(session, now),
          created_at: session.createdAt.getTime(),
          expires_at: session.expiresAt.getTime(),
          revoked_at: session.revokedAt?.getTime() ?? null,
          client_address: session.clientAddress,
          stay_logged_in: session.stayLoggedIn,
        })),
      };
    },

    revokeSession: (params: {
      actor: AuditActor;
      userId: number;
      sessionId: string;
      reason: string | undefined;
    }) => revoke(params),
    revokeAllSessions: (params: { actor: AuditActor; userId: number; reason: string | undefined }) =>
      revoke(params),
    freeze: (params: { actor: AuditActor; userId: number; reason: string }) =>
      setFrozen({ ...params, frozen: true }),
    unfreeze: (params: { actor: AuditActor; userId: number; reason: string }) =>
      setFrozen({ ...params, frozen: false }),
  };
}
