import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../platform/i18n/messages';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { callers, freshEmail, goodPassword, registerByEmail, requestCode } from './accounts.fixtures';
import { users, verificationCodes } from './accounts.schema';
import { hashPassword } from './accounts.secrets';
import { verifyPayPassword } from './accounts.service';
import { findOrCreateWalletUser } from './users.service';

const en = serverMessages.en;
const parallelRequests = 8;

/**
 * Races (reliability cases 12, 13, 15). PGlite has one connection, so there these run one after
 * another and only check the outcome; on PostgreSQL they are real races.
 */
describe.each(testDatabases())('accounts under parallel requests on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock('2026-11-22T10:00:00Z');
  const caller = callers(() => testApp);
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, env: { DEMO: 'true' } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('makes exactly one account from one register code', async () => {
    const email = freshEmail();
    const code = await requestCode(caller, db(), { channel: 'email', address: email, purpose: 'register' });
    const replies = await Promise.all(
      Array.from({ length: parallelRequests }, () =>
        caller.post('/user/register', {
          user_string: email,
          code,
          password: goodPassword,
          re_password: goodPassword,
        }),
      ),
    );
    const succeeded = replies.filter((reply) => reply.body.type === 'ok');
    expect(succeeded).toHaveLength(1);
    for (const reply of replies.filter((candidate) => candidate.body.type !== 'ok')) {
      expect([en['accounts.errors.code_invalid'], en['accounts.errors.account_exists']]).toContain(
        reply.body.message,
      );
    }
    const [accounts] = await db().select({ n: count() }).from(users).where(eq(users.email, email));
    expect(accounts?.n).toBe(1);
  });

  it('sends one code when many are asked for at once', async () => {
    const email = freshEmail();
    const replies = await Promise.all(
      Array.from({ length: parallelRequests }, () =>
        caller.post('/sms_mail', { user_string: email, scene: 'register' }),
      ),
    );
    expect(replies.filter((reply) => reply.body.type === 'ok')).toHaveLength(1);
    const [codes] = await db()
      .select({ n: count() })
      .from(verificationCodes)
      .where(eq(verificationCodes.address, email));
    expect(codes?.n).toBe(1);
  });

  it('counts every parallel miss: a code is dead after 5, whatever the interleaving', async () => {
    const email = freshEmail();
    const code = await requestCode(caller, db(), { channel: 'email', address: email, purpose: 'register' });
    const wrong = code === '999999' ? '999998' : '999999';
    const misses = await Promise.all(
      Array.from({ length: parallelRequests }, () =>
        caller.post('/user/check_email', { user_string: email, scene: 'register', email_code: wrong }),
      ),
    );
    for (const miss of misses) expect(miss.body.message).toBe(en['accounts.errors.code_invalid']);
    // Exactly five guesses were weighed; the rest found the code already dead.
    const [stored] = await db()
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(eq(verificationCodes.address, email));
    expect(stored?.attempts).toBe(5);
    const right = await caller.post('/user/check_email', {
      user_string: email,
      scene: 'register',
      email_code: code,
    });
    expect(right.body.message).toBe(en['accounts.errors.code_invalid']);
  });

  it('locks a login after parallel failures', async () => {
    const { email } = await registerByEmail(caller, db());
    await Promise.all(
      Array.from({ length: parallelRequests }, () =>
        caller.post('/user/login', { user_string: email, password: 'wrong-password' }),
      ),
    );
    const right = await caller.post('/user/login', { user_string: email, password: goodPassword });
    expect(right.body.message).toBe(en['accounts.errors.login_locked']);
  });

  it('locks the payment password after parallel wrong ones', async () => {
    const { email } = await registerByEmail(caller, db());
    const [user] = await db().select().from(users).where(eq(users.email, email));
    if (!user) throw new Error('no user');
    await db()
      .update(users)
      .set({ payPasswordHash: await hashPassword('paypass1') })
      .where(eq(users.id, user.id));
    const outcomes = await Promise.allSettled(
      Array.from({ length: parallelRequests }, () =>
        verifyPayPassword(db(), { userId: user.id, password: 'wrong-one', clock }),
      ),
    );
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    await expect(
      verifyPayPassword(db(), { userId: user.id, password: 'paypass1', clock }),
    ).rejects.toMatchObject({
      key: 'accounts.errors.pay_password_locked',
    });
  });

  it('creates one user for a wallet signing in from several tabs at once', async () => {
    const address = '0x52908400098527886e0f7030069857d2e4169ee7';
    const results = await Promise.all(
      Array.from({ length: parallelRequests }, () => findOrCreateWalletUser(db(), { address, clock })),
    );
    expect(new Set(results.map((result) => result.userId)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
  });
});
