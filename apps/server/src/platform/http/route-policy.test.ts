import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { authorize, noSessions, type Principal, policies, type SessionResolver } from './route-policy';

const [pglite] = testDatabases();

describe('route policies', () => {
  it('every registered route states its policy', async () => {
    if (!pglite) throw new Error('PGlite is always available');
    const testApp = await startTestApp(pglite);
    try {
      const routes = testApp.app.registeredRoutes;
      expect(routes.length).toBeGreaterThan(10);
      const withoutPolicy = routes.filter((route) => route.policy === undefined);
      expect(withoutPolicy).toEqual([]);
      const apiRoutes = routes.filter(
        (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'),
      );
      expect(apiRoutes.length).toBeGreaterThan(5);
    } finally {
      await testApp.close();
    }
  });

  const user: Principal = { kind: 'user', userId: 7, verificationLevel: 0 };
  const verifiedUser: Principal = { kind: 'user', userId: 8, verificationLevel: 1 };
  const financeStaff: Principal = { kind: 'staff', staffId: 1, roles: ['finance'] };
  const sessions: SessionResolver = {
    resolve: async (token) =>
      ({ user: user, verified: verifiedUser, finance: financeStaff })[
        token as 'user' | 'verified' | 'finance'
      ] ?? null,
  };

  async function outcome(policy: Parameters<typeof authorize>[0], token: string | undefined) {
    try {
      const principal = await authorize(policy, token, sessions);
      return principal ? principal.kind : 'anonymous';
    } catch (error) {
      return (error as { replyType: unknown; httpStatus: number }).replyType === 'error'
        ? `error ${(error as { httpStatus: number }).httpStatus}`
        : (error as { replyType: unknown }).replyType;
    }
  }

  it('public routes admit anyone and still see who is calling', async () => {
    expect(await outcome(policies.public, undefined)).toBe('anonymous');
    expect(await outcome(policies.public, 'user')).toBe('user');
    expect(await outcome(policies.public, 'nonsense')).toBe('anonymous');
  });

  it('user routes answer 999 without a valid user session', async () => {
    expect(await outcome(policies.user, undefined)).toBe(999);
    expect(await outcome(policies.user, 'expired')).toBe(999);
    expect(await outcome(policies.user, 'finance')).toBe(999);
    expect(await outcome(policies.user, 'user')).toBe('user');
  });

  it('verified routes answer 998 to an unverified user', async () => {
    expect(await outcome(policies.verified, 'user')).toBe(998);
    expect(await outcome(policies.verified, 'verified')).toBe('user');
    expect(await outcome(policies.verified, undefined)).toBe(999);
  });

  it('staff routes refuse users and staff without the role with 403', async () => {
    expect(await outcome(policies.staff('finance'), 'user')).toBe('error 403');
    expect(await outcome(policies.staff('compliance'), 'finance')).toBe('error 403');
    expect(await outcome(policies.staff('finance'), 'finance')).toBe('staff');
    expect(await outcome(policies.staff('finance'), undefined)).toBe('error 403');
  });

  it('refuses every token until accounts exist', async () => {
    expect(await noSessions.resolve('anything')).toBeNull();
  });
});
