import { createHash } from 'node:crypto';
import { staffRoleNames } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaffRole, staffRoles } from '../../platform/http/route-policy';
import { steppingClock } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { findOrCreateWalletUser, issueSession } from '../accounts';
import { verifyAuditChain } from '../audit';
import { auditLog } from '../audit/audit.schema';
import { staffFailedLoginsMax, staffLockoutMs, staffSessionTtlMs } from './staff.domain';
import { type Reply, type StaffTestApp, startStaffTestApp, totpCodeAt } from './staff.fixtures';
import { staff, staffSessions } from './staff.schema';
import { createTotpSecretBox } from './staff.secrets';
import { createStaffService } from './staff.service';

const messages = {
  loginFailed: 'Sign-in failed: check the e-mail, password and authenticator code, or try again later',
  forbidden: 'You do not have permission to do this',
  selfDemotion: 'You cannot remove your own admin role',
  selfDisable: 'You cannot disable your own account',
  emailTaken: 'A staff account with this e-mail already exists',
  notFound: 'Staff account not found',
  parameter: 'Parameter error',
};
const password = 'correct horse battery';
const refusal = (message: string, status = 200): Reply => ({ status, body: { type: 'error', message } });

type Member = { id: number; email: string; secret: string };

let emailCounter = 0;
function freshEmail(label: string): string {
  emailCounter += 1;
  return `${label}${emailCounter}@fairex.test`;
}

describe.each(testDatabases())('staff accounts on $name', (testDatabase) => {
  const clock = steppingClock('2026-11-22T08:00:00Z');
  let testApp: StaffTestApp;
  let firstAdmin: Member;
  /** A fresh admin session (tests move the clock by hours). */
  const admin = () => tokenOf(firstAdmin);

  /** Accounts come in through the service, as `npm run admin:create` makes the first one. */
  async function newMember(roles: StaffRole[], label = 'staff'): Promise<Member> {
    const service = createStaffService({
      db: testApp.database.db,
      clock,
      totpBox: createTotpSecretBox(undefined),
    });
    const enrolment = await service.create({
      email: freshEmail(label),
      name: label,
      roles,
      password,
      actor: null,
    });
    return { id: enrolment.member.id, email: enrolment.member.email, secret: enrolment.secret };
  }

  /**
   * A body each POST route accepts (bodies are validated before the policy is applied, so a
   * refusal by policy is only seen with a valid one).
   */
  function validBodyFor(path: string): Record<string, unknown> {
    const bodies: Record<string, Record<string, unknown>> = {
      '/admin/auth/logout': {},
      '/admin/staff/create': { email: freshEmail('probe'), name: 'Probe', roles: 'admin', password },
      '/admin/staff/update': { id: firstAdmin.id, roles: 'support', status: 'disabled' },
      '/admin/staff/reset_totp': { id: firstAdmin.id },
    };
    const body = bodies[path];
    if (!body) throw new Error(`no body for ${path}`);
    return body;
  }

  /** Each sign-in moves the clock one TOTP step on, so the next code is a fresh one. */
  async function login(member: Member, overrides: Record<string, string> = {}): Promise<Reply> {
    clock.advance(30_000);
    return testApp.post('/admin/auth/login', {
      email: member.email,
      password,
      code: totpCodeAt(member.secret, clock.now()),
      ...overrides,
    });
  }

  async function tokenOf(member: Member): Promise<string> {
    const reply = await login(member);
    expect(reply.body.type).toBe('ok');
    return (reply.body.message as { token: string }).token;
  }

  beforeAll(async () => {
    testApp = await startStaffTestApp(testDatabase, { clock });
    firstAdmin = await newMember(['admin'], 'admin');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** The routes as called (Fastify adds a HEAD twin of every GET). */
  const routes = () => testApp.routes.filter((route) => route.method !== 'HEAD');

  it('every staff route states its policy; only login is public', () => {
    expect(routes()).toHaveLength(7);
    for (const route of testApp.routes) {
      expect(route.policy, route.url).toBeDefined();
      expect(route.policy?.kind, route.url).toBe(route.url === '/api/admin/auth/login' ? 'public' : 'staff');
    }
  });

  it('documents every staff route in the OpenAPI document', async () => {
    const document = testApp.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/admin/auth/login',
      '/api/admin/auth/logout',
      '/api/admin/auth/me',
      '/api/admin/staff',
      '/api/admin/staff/create',
      '/api/admin/staff/reset_totp',
      '/api/admin/staff/update',
    ]);
  });

  it('signs in with e-mail (any case), password and TOTP code, and answers who is signed in', async () => {
    const member = await newMember(['finance', 'support'], 'Mixed');
    const reply = await login(member, { email: member.email.toUpperCase() });
    expect(reply.status).toBe(200);
    const session = reply.body.message as {
      token: string;
      expires_at: number;
      staff: Record<string, unknown>;
    };
    expect(reply.body.type).toBe('ok');
    expect(session.token.startsWith('fxs.')).toBe(true);
    expect(session.expires_at).toBe(clock.now().getTime() + staffSessionTtlMs);
    expect(session.staff).toMatchObject({ id: member.id, roles: ['finance', 'support'], status: 'active' });
    expect(session.staff).not.toHaveProperty('password_hash');
    expect(session.staff).not.toHaveProperty('totp_secret');

    const me = await testApp.get('/admin/auth/me', session.token);
    expect(me.body).toMatchObject({ type: 'ok', message: { id: member.id, email: member.email } });
  });

  it('stores only a SHA-256 hash of the token', async () => {
    const member = await newMember(['content']);
    const token = await tokenOf(member);
    const rows = await testApp.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.staffId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token.slice(4));
  });

  it('refuses a wrong password, wrong code, used code, unknown e-mail alike', async () => {
    const member = await newMember(['support']);
    const failed = refusal(messages.loginFailed);
    expect(await login(member, { password: 'wrong password!' })).toEqual(failed);
    expect(
      await login(member, {
        code: '000000' === totpCodeAt(member.secret, clock.now()) ? '111111' : '000000',
      }),
    ).toEqual(failed);
    expect(await login(member, { email: 'nobody@fairex.test' })).toEqual(failed);
    expect(await login(member, { email: 'nobody' })).toEqual(failed);

    // A code signs in once: again at the same moment, or the previous step's code after it, no.
    const signedIn = await login(member);
    expect(signedIn.body.type).toBe('ok');
    const sameCode = { code: totpCodeAt(member.secret, clock.now()) };
    expect(await testApp.post('/admin/auth/login', { email: member.email, password, ...sameCode })).toEqual(
      failed,
    );
    expect(
      await testApp.post('/admin/auth/login', {
        email: member.email,
        password,
        code: totpCodeAt(member.secret, clock.now(), -1),
      }),
    ).toEqual(failed);
    // The next step's code (clock drift) still works once.
    const next = { email: member.email, password, code: totpCodeAt(member.secret, clock.now(), 1) };
    expect((await testApp.post('/admin/auth/login', next)).body.type).toBe('ok');
    expect(await testApp.post('/admin/auth/login', next)).toEqual(failed);
  });

  it('of parallel sign-ins with one code, exactly one gets a session', async () => {
    const member = await newMember(['finance']);
    clock.advance(30_000);
    const body = { email: member.email, password, code: totpCodeAt(member.secret, clock.now()) };
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => testApp.post('/admin/auth/login', body)),
    );
    expect(replies.filter((reply) => reply.body.type === 'ok')).toHaveLength(1);
    expect(replies.filter((reply) => reply.body.type === 'error')).toHaveLength(3);
    const sessions = await testApp.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.staffId, member.id));
    expect(sessions).toHaveLength(1);
  });

  it('locks an account after repeated misses, with the same message, and lets it in after the lockout', async () => {
    const member = await newMember(['finance']);
    for (let miss = 0; miss < staffFailedLoginsMax; miss += 1) {
      expect(await login(member, { password: `wrong password ${miss}` })).toEqual(
        refusal(messages.loginFailed),
      );
    }
    // Now even the right password and code are refused.
    expect(await login(member)).toEqual(refusal(messages.loginFailed));
    const list = await testApp.get('/admin/staff', await admin());
    const listed = (list.body.message as { list: { id: number; locked_until: number | null }[] }).list;
    expect(listed.find((entry) => entry.id === member.id)?.locked_until).toBeGreaterThan(
      clock.now().getTime(),
    );

    clock.advance(staffLockoutMs);
    expect((await login(member)).body.type).toBe('ok');
    const [row] = await testApp.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row?.failedLogins).toBe(0);
  });

  it('an admin can lift a lockout by setting the account active', async () => {
    const member = await newMember(['finance']);
    for (let miss = 0; miss < staffFailedLoginsMax; miss += 1)
      await login(member, { password: `miss ${miss}` });
    expect(await login(member)).toEqual(refusal(messages.loginFailed));
    await login(member, { password: 'still wrong' });
    const unlocked = await testApp.post(
      '/admin/staff/update',
      { id: member.id, status: 'active' },
      await admin(),
    );
    expect(unlocked.body).toMatchObject({ type: 'ok', message: { locked_until: null } });
    expect((await login(member)).body.type).toBe('ok');
  });

  it('a disabled account cannot sign in, and its sessions end at once', async () => {
    const member = await newMember(['compliance']);
    const token = await tokenOf(member);
    expect((await testApp.get('/admin/auth/me', token)).body.type).toBe('ok');
    const disabled = await testApp.post(
      '/admin/staff/update',
      { id: member.id, status: 'disabled' },
      await admin(),
    );
    expect(disabled.body).toMatchObject({ type: 'ok', message: { status: 'disabled' } });
    expect(await testApp.get('/admin/auth/me', token)).toEqual(refusal(messages.forbidden, 403));
    expect(await login(member)).toEqual(refusal(messages.loginFailed));
  });

  it('sessions expire after 12 hours and end at logout', async () => {
    const member = await newMember(['support']);
    const token = await tokenOf(member);
    clock.advance(staffSessionTtlMs - 1_000);
    expect((await testApp.get('/admin/auth/me', token)).body.type).toBe('ok');
    clock.advance(1_000);
    expect(await testApp.get('/admin/auth/me', token)).toEqual(refusal(messages.forbidden, 403));

    const second = await tokenOf(member);
    expect((await testApp.post('/admin/auth/logout', {}, second)).body).toEqual({
      type: 'ok',
      message: 'Signed out',
    });
    expect(await testApp.get('/admin/auth/me', second)).toEqual(refusal(messages.forbidden, 403));
  });

  it('refuses a user token, no token and a forged token on every staff route with 403', async () => {
    const { userId } = await findOrCreateWalletUser(testApp.database.db, {
      address: privateKeyToAccount(generatePrivateKey()).address,
      clock,
    });
    const userToken = await issueSession(testApp.database.db, {
      userId,
      stayLoggedIn: false,
      clock,
      clientAddress: '127.0.0.1',
    });
    for (const token of [
      userToken,
      undefined,
      'fxs.forged-token-that-is-not-a-session',
      `fxs.${userToken}`,
    ]) {
      for (const route of routes().filter((entry) => entry.url !== '/api/admin/auth/login')) {
        const path = route.url.slice('/api'.length);
        const reply =
          route.method === 'GET'
            ? await testApp.get(path, token)
            : await testApp.post(path, validBodyFor(path), token);
        expect(reply, `${route.method} ${route.url}`).toEqual(refusal(messages.forbidden, 403));
      }
    }
  });

  it('refuses every non-admin role on the admin routes, and lets every role read itself', async () => {
    const adminRoutes = routes().filter((route) => route.url.startsWith('/api/admin/staff'));
    expect(adminRoutes).toHaveLength(4);
    for (const role of staffRoles.filter((candidate) => candidate !== 'admin')) {
      const member = await newMember([role]);
      const token = await tokenOf(member);
      for (const route of adminRoutes) {
        const path = route.url.slice('/api'.length);
        const reply =
          route.method === 'GET'
            ? await testApp.get(path, token)
            : await testApp.post(path, validBodyFor(path), token);
        expect(reply, `${role} ${route.url}`).toEqual(refusal(messages.forbidden, 403));
      }
      expect((await testApp.get('/admin/auth/me', token)).body).toMatchObject({
        type: 'ok',
        message: { roles: [role] },
      });
    }
    const [row] = await testApp.database.db.select().from(staff).where(eq(staff.id, firstAdmin.id));
    expect(row?.status).toBe('active');
  });

  it('admins create accounts (secret shown once), and the new member signs in with it', async () => {
    const email = freshEmail('new.member');
    const created = await testApp.post(
      '/admin/staff/create',
      {
        email: `  ${email.toUpperCase()} `,
        name: 'New member',
        roles: 'finance,compliance,finance',
        password,
      },
      await admin(),
    );
    expect(created.body.type).toBe('ok');
    const enrolment = created.body.message as {
      staff: { id: number; email: string; roles: string[]; created_by: number };
      totp_secret: string;
      otpauth_uri: string;
    };
    expect(enrolment.staff).toMatchObject({
      email,
      roles: ['finance', 'compliance'],
      created_by: firstAdmin.id,
    });
    expect(enrolment.totp_secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauth_uri).toContain(`secret=${enrolment.totp_secret}`);
    expect(enrolment.otpauth_uri.startsWith(`otpauth://totp/Fairex:${encodeURIComponent(email)}?`)).toBe(
      true,
    );

    const member = { id: enrolment.staff.id, email, secret: enrolment.totp_secret };
    expect((await login(member)).body.type).toBe('ok');

    // The list never carries secrets or hashes.
    const list = await testApp.get('/admin/staff', await admin());
    expect(JSON.stringify(list.body)).not.toContain(enrolment.totp_secret);
    expect(JSON.stringify(list.body)).not.toContain('argon2');

    expect(
      await testApp.post(
        '/admin/staff/create',
        { email: email.toUpperCase(), name: 'Twin', roles: ['support'], password },
        await admin(),
      ),
    ).toEqual(refusal(messages.emailTaken));
    for (const bad of [
      { email, name: 'x', roles: 'root', password },
      { email: freshEmail('x'), name: 'x', roles: '', password },
      { email: freshEmail('x'), name: 'x', roles: 'support', password: 'short' },
      { email: 'not-an-email', name: 'x', roles: 'support', password },
      { email: freshEmail('x'), name: 'x', roles: 'support', password, is_admin: true },
    ]) {
      expect(await testApp.post('/admin/staff/create', bad, await admin()), JSON.stringify(bad)).toEqual(
        refusal(messages.parameter),
      );
    }
  });

  it('an admin cannot remove their own admin role or disable themselves, but may change others', async () => {
    const self = firstAdmin.id;
    expect(await testApp.post('/admin/staff/update', { id: self, roles: 'finance' }, await admin())).toEqual(
      refusal(messages.selfDemotion),
    );
    expect(
      await testApp.post('/admin/staff/update', { id: self, status: 'disabled' }, await admin()),
    ).toEqual(refusal(messages.selfDisable));
    const kept = await testApp.post(
      '/admin/staff/update',
      { id: self, roles: ['admin', 'finance'] },
      await admin(),
    );
    expect(kept.body).toMatchObject({ type: 'ok', message: { roles: ['admin', 'finance'] } });

    const other = await newMember(['admin'], 'second-admin');
    const otherToken = await tokenOf(other);
    const demoted = await testApp.post(
      '/admin/staff/update',
      { id: other.id, roles: ['support'] },
      await admin(),
    );
    expect(demoted.body).toMatchObject({ type: 'ok', message: { roles: ['support'] } });
    // Roles are read on every request: the demoted member's session loses admin at once.
    expect(await testApp.get('/admin/staff', otherToken)).toEqual(refusal(messages.forbidden, 403));

    expect(
      await testApp.post('/admin/staff/update', { id: 999_999, status: 'active' }, await admin()),
    ).toEqual(refusal(messages.notFound));
    expect(await testApp.post('/admin/staff/update', { id: other.id }, await admin())).toEqual(
      refusal(messages.parameter),
    );
  });

  it('resetting TOTP replaces the secret and ends the member’s sessions, not the caller’s', async () => {
    const adminToken = await admin();
    const member = await newMember(['content']);
    const memberToken = await tokenOf(member);
    const reset = await testApp.post('/admin/staff/reset_totp', { id: member.id }, await admin());
    expect(reset.body.type).toBe('ok');
    const secret = (reset.body.message as { totp_secret: string }).totp_secret;
    expect(secret).not.toBe(member.secret);
    expect(await testApp.get('/admin/auth/me', memberToken)).toEqual(refusal(messages.forbidden, 403));
    expect(await login(member)).toEqual(refusal(messages.loginFailed));
    expect((await login({ ...member, secret })).body.type).toBe('ok');

    const own = await testApp.post('/admin/staff/reset_totp', { id: firstAdmin.id }, adminToken);
    expect(own.body.type).toBe('ok');
    expect((await testApp.get('/admin/auth/me', adminToken)).body.type).toBe('ok');
    firstAdmin = { ...firstAdmin, secret: (own.body.message as { totp_secret: string }).totp_secret };
    expect((await login(firstAdmin)).body.type).toBe('ok');
  });

  it('records every staff action in the audit chain, without secrets', async () => {
    const adminToken = await admin();
    const created = await testApp.post(
      '/admin/staff/create',
      { email: freshEmail('audited'), name: 'Audited', roles: 'support', password },
      adminToken,
    );
    const enrolment = created.body.message as { staff: { id: number }; totp_secret: string };
    const id = enrolment.staff.id;
    await testApp.post('/admin/staff/update', { id, roles: 'support,content' }, adminToken);
    await testApp.post('/admin/staff/update', { id, status: 'disabled' }, adminToken);
    await testApp.post('/admin/staff/update', { id, status: 'active', roles: 'support' }, adminToken);
    await testApp.post('/admin/staff/update', { id, status: 'active' }, adminToken);
    await testApp.post('/admin/staff/reset_totp', { id }, adminToken);
    await testApp.post('/admin/auth/logout', {}, adminToken);

    const rows = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(rows.map((row) => [row.action, row.staffId])).toEqual([
      ['staff.create', firstAdmin.id],
      ['staff.roles_set', firstAdmin.id],
      ['staff.disable', firstAdmin.id],
      ['staff.update', firstAdmin.id],
      ['staff.enable', firstAdmin.id],
      ['staff.totp_reset', firstAdmin.id],
    ]);
    expect(rows[1]?.before).toMatchObject({ roles: ['support'] });
    expect(rows[1]?.after).toMatchObject({ roles: ['support', 'content'] });
    const logged = JSON.stringify(rows, (_key, value) => (typeof value === 'bigint' ? String(value) : value));
    expect(logged).not.toContain(enrolment.totp_secret);
    expect(logged).not.toContain('argon2');

    const own = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(firstAdmin.id)));
    expect(own.map((row) => row.action)).toEqual(expect.arrayContaining(['staff.login', 'staff.logout']));
    expect((await verifyAuditChain(testApp.database.db)).ok).toBe(true);
  });
});

describe('staff roles', () => {
  it('are the same five in the contract and in the route policies', () => {
    expect([...staffRoleNames]).toEqual([...staffRoles]);
  });
});
