/**
 * The users admin end to end: support, compliance and finance find a user and read their profile,
 * verification state, ledger balances, bill and sessions; only support (and admin) end sessions
 * and freeze or unfreeze sign-in; a freeze signs the user out at once; every write is audited with
 * the user before and after, and a refused write changes nothing.
 */
import type {
  AuditList,
  UserBillReply,
  UserDetail,
  UserFreezeReply,
  UserSearchReply,
  UserSessionsReply,
  UserSessionsRevokeReply,
} from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean, fundUser } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { issueSession } from '../accounts';
import { users } from '../accounts/accounts.schema';
import { depositCalls, type TestUser, usdtId } from '../deposits/deposits.fixtures';

const tokens = {
  admin: 'staff-admin',
  support: 'staff-support',
  compliance: 'staff-compliance',
  finance: 'staff-finance',
  content: 'staff-content',
} as const;
const staffStandIns: Record<string, Principal> = {
  [tokens.admin]: { kind: 'staff', staffId: 1, roles: ['admin'] },
  [tokens.support]: { kind: 'staff', staffId: 41, roles: ['support'] },
  [tokens.compliance]: { kind: 'staff', staffId: 42, roles: ['compliance'] },
  [tokens.finance]: { kind: 'staff', staffId: 43, roles: ['finance'] },
  [tokens.content]: { kind: 'staff', staffId: 44, roles: ['content'] },
};
const clock = { now: () => new Date() };
const en = serverMessages.en;
const refusal = (key: keyof typeof en) => ({ type: 'error', message: en[key] });
const forbidden = { status: 403, body: refusal('errors.forbidden') };
const sessionInvalid = { type: 999, message: en['errors.session_invalid'] };
const oneUsdt = 1_000_000n;

describe.each(testDatabases())('the users admin on $name', (testDatabase) => {
  let testApp: TestApp;
  const { call, okMessage, newUser } = depositCalls(() => testApp, clock);
  const db = () => testApp.database.db;
  let counter = 0;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, staffStandIns });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** A user with an e-mail, a nickname and a live session. */
  async function person(): Promise<TestUser & { email: string; nickname: string }> {
    counter += 1;
    const user = await newUser();
    const email = `Person${counter}.${testDatabase.name}@Example.com`;
    const nickname = `Nick${counter}`;
    await db().update(users).set({ email, nickname }).where(eq(users.id, user.userId));
    return { ...user, email, nickname };
  }
  const userInfo = (user: TestUser) => call('GET', '/user/info', user.token);
  const auditOf = async (userId: number) =>
    (
      await okMessage<AuditList>(
        call('GET', `/admin/audit?target_type=user&target_id=${userId}`, tokens.admin),
      )
    ).list;
  const frozenOf = async (userId: number) =>
    (await db().select({ frozen: users.loginFrozen }).from(users).where(eq(users.id, userId)))[0]?.frozen;

  it('finds a user by id, e-mail, nickname and wallet address prefix, 20 a page', async () => {
    const user = await person();
    const [row] = await db()
      .select({ wallet: users.walletAddress })
      .from(users)
      .where(eq(users.id, user.userId));
    const wallet = row?.wallet ?? '';
    for (const q of [
      String(user.userId),
      user.email.slice(0, 8).toLowerCase(),
      user.nickname.toUpperCase(),
      wallet.slice(0, 12).toLowerCase(),
    ]) {
      const found = await okMessage<UserSearchReply>(
        call('GET', `/admin/users?q=${encodeURIComponent(q)}`, tokens.support),
      );
      expect(
        found.list.map((entry) => entry.id),
        q,
      ).toContain(user.userId);
      expect(found.page_size).toBe(20);
    }
    const nobody = await okMessage<UserSearchReply>(
      call('GET', '/admin/users?q=no_such_%25_user', tokens.finance),
    );
    expect(nobody).toEqual({ list: [], page: 1, page_size: 20, has_more: false });

    for (let index = 0; index < 21; index += 1) await newUser();
    const first = await okMessage<UserSearchReply>(call('GET', '/admin/users', tokens.compliance));
    expect(first.list).toHaveLength(20);
    expect(first.has_more).toBe(true);
    const second = await okMessage<UserSearchReply>(call('GET', '/admin/users?page=2', tokens.compliance));
    expect(second.list[0]?.id).toBeLessThan(first.list[19]?.id ?? 0);
  });

  it('shows a profile, verification state, ledger balances, bill and sessions to the reading roles', async () => {
    const user = await person();
    await fundUser(testApp.database, { userId: user.userId, currencyId: usdtId, units: 25n * oneUsdt });
    for (const token of [tokens.support, tokens.compliance, tokens.finance, tokens.admin]) {
      const detail = await okMessage<UserDetail>(call('GET', `/admin/users/detail?id=${user.userId}`, token));
      expect(detail).toMatchObject({
        id: user.userId,
        email: user.email,
        nickname: user.nickname,
        login_frozen: false,
        pay_password_set: false,
        verification: { level: 0, lv1: { state: 'unverified' }, lv2: { state: 'unverified' } },
        live_sessions: 1,
      });
      expect(detail.balances.change).toEqual([
        {
          currency_id: usdtId,
          currency: 'USDT',
          scale: 6,
          balance: '25.000000',
          available: '25.000000',
          frozen: '0.000000',
        },
      ]);
      expect(detail.balances.legal).toEqual([]);
    }
    const bill = await okMessage<UserBillReply>(
      call('GET', `/admin/users/bill?id=${user.userId}&type=change`, tokens.finance),
    );
    expect(bill.list).toHaveLength(1);
    expect(bill.list[0]).toMatchObject({
      kind: 'deposit',
      currency: 'USDT',
      type: 'change',
      amount: '25.000000',
    });
    const sessions = await okMessage<UserSessionsReply>(
      call('GET', `/admin/users/sessions?id=${user.userId}`, tokens.compliance),
    );
    expect(sessions.list).toHaveLength(1);
    expect(sessions.list[0]).toMatchObject({ state: 'live', client_address: '127.0.0.1', revoked_at: null });
    expect(sessions.list[0]?.id).toMatch(/^[0-9a-f]{16}$/);

    expect(await call('GET', `/admin/users/detail?id=${user.userId}`, tokens.content)).toEqual(forbidden);
    expect(await call('GET', `/admin/users/detail?id=${user.userId}`, user.token)).toEqual(forbidden);
    expect((await call('GET', '/admin/users/detail?id=999999', tokens.support)).body).toEqual(
      refusal('user_admin.errors.user_not_found'),
    );
    await expectLedgerClean(testApp.database);
  });

  it('lets support end one session or all of them, audited, and nobody else', async () => {
    const user = await person();
    const second = {
      ...user,
      token: await issueSession(db(), {
        userId: user.userId,
        stayLoggedIn: true,
        clock,
        clientAddress: '10.0.0.9',
      }),
    };
    const listed = await okMessage<UserSessionsReply>(
      call('GET', `/admin/users/sessions?id=${user.userId}`, tokens.support),
    );
    const secondId = listed.list.find((session) => session.client_address === '10.0.0.9')?.id ?? '';

    for (const token of [tokens.compliance, tokens.finance, tokens.content]) {
      expect(
        await call('POST', '/admin/users/sessions/revoke', token, {
          user_id: user.userId,
          session_id: secondId,
        }),
      ).toEqual(forbidden);
    }
    expect((await userInfo(second)).body.type).toBe('ok');

    expect(
      await okMessage<UserSessionsRevokeReply>(
        call('POST', '/admin/users/sessions/revoke', tokens.support, {
          user_id: user.userId,
          session_id: secondId,
          reason: 'Lost phone',
        }),
      ),
    ).toEqual({ revoked: 1 });
    expect((await userInfo(second)).body).toEqual(sessionInvalid);
    expect((await userInfo(user)).body.type).toBe('ok');
    // Already ended: nothing to end, and nothing audited.
    expect(
      (
        await call('POST', '/admin/users/sessions/revoke', tokens.support, {
          user_id: user.userId,
          session_id: secondId,
        })
      ).body,
    ).toEqual(refusal('user_admin.errors.session_not_found'));

    expect(
      await okMessage<UserSessionsRevokeReply>(
        call('POST', '/admin/users/sessions/revoke_all', tokens.admin, { user_id: user.userId }),
      ),
    ).toEqual({ revoked: 1 });
    expect((await userInfo(user)).body).toEqual(sessionInvalid);

    const audit = await auditOf(user.userId);
    expect(audit.map((entry) => [entry.action, entry.staff_id, entry.reason])).toEqual([
      ['user.sessions_revoke', 1, ''],
      ['user.sessions_revoke', 41, 'Lost phone'],
    ]);
    expect(audit[1]?.before).toMatchObject({ live_sessions: 2, session_id: secondId });
    expect(audit[1]?.after).toMatchObject({ live_sessions: 1, sessions_ended: 1 });
    const after = await okMessage<UserSessionsReply>(
      call('GET', `/admin/users/sessions?id=${user.userId}`, tokens.support),
    );
    expect(after.list.map((session) => session.state)).toEqual(['revoked', 'revoked']);
  });

  it('freezes sign-in and signs the user out at once; unfreezes; refuses what makes no sense', async () => {
    const user = await person();
    expect(
      await call('POST', '/admin/users/freeze', tokens.finance, {
        user_id: user.userId,
        reason: 'Suspicious',
      }),
    ).toEqual(forbidden);
    expect(
      await call('POST', '/admin/users/freeze', tokens.compliance, {
        user_id: user.userId,
        reason: 'Suspicious',
      }),
    ).toEqual(forbidden);
    expect(
      (await call('POST', '/admin/users/freeze', tokens.support, { user_id: user.userId })).body,
    ).toEqual(refusal('errors.parameter_error'));
    expect(await frozenOf(user.userId)).toBe(false);
    expect(await auditOf(user.userId)).toEqual([]);

    const frozen = await okMessage<UserFreezeReply>(
      call('POST', '/admin/users/freeze', tokens.support, {
        user_id: user.userId,
        reason: 'Account takeover',
      }),
    );
    expect(frozen).toMatchObject({ user: { id: user.userId, login_frozen: true }, revoked_sessions: 1 });
    expect((await userInfo(user)).body).toEqual(sessionInvalid);
    expect(await frozenOf(user.userId)).toBe(true);
    expect(
      (await call('POST', '/admin/users/freeze', tokens.support, { user_id: user.userId, reason: 'Again' }))
        .body,
    ).toEqual(refusal('user_admin.errors.already_frozen'));

    const unfrozen = await okMessage<UserFreezeReply>(
      call('POST', '/admin/users/unfreeze', tokens.support, {
        user_id: user.userId,
        reason: 'Owner verified',
      }),
    );
    expect(unfrozen).toMatchObject({ user: { login_frozen: false }, revoked_sessions: 0 });
    expect(
      (await call('POST', '/admin/users/unfreeze', tokens.support, { user_id: user.userId, reason: 'Again' }))
        .body,
    ).toEqual(refusal('user_admin.errors.not_frozen'));
    expect(
      (await call('POST', '/admin/users/freeze', tokens.support, { user_id: 999999, reason: 'Nobody' })).body,
    ).toEqual(refusal('user_admin.errors.user_not_found'));

    const audit = await auditOf(user.userId);
    expect(audit.map((entry) => [entry.action, entry.staff_id, entry.reason])).toEqual([
      ['user.unfreeze', 41, 'Owner verified'],
      ['user.freeze', 41, 'Account takeover'],
    ]);
    expect(audit[1]?.before).toMatchObject({ login_frozen: false, live_sessions: 1 });
    expect(audit[1]?.after).toMatchObject({ login_frozen: true, live_sessions: 0, sessions_ended: 1 });
    expect(audit[0]?.before).toMatchObject({ login_frozen: true });
    expect(audit[0]?.after).toMatchObject({ login_frozen: false });
  });

  it('freezes once when two staff members freeze at the same time', async () => {
    const user = await person();
    const replies = await Promise.all(
      [tokens.support, tokens.admin, tokens.support].map((token) =>
        call('POST', '/admin/users/freeze', token, { user_id: user.userId, reason: 'Race' }),
      ),
    );
    const bodies = replies.map((reply) => reply.body);
    expect(bodies.filter((body) => body.type === 'ok')).toHaveLength(1);
    expect(bodies.filter((body) => body.message === en['user_admin.errors.already_frozen'])).toHaveLength(2);
    expect((await auditOf(user.userId)).map((entry) => entry.action)).toEqual(['user.freeze']);
  });
});
