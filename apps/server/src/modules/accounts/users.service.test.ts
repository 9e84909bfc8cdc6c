import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database';
import { steppingClock } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { userSessions, users, verificationCodes } from './accounts.schema';
import { hashPassword, hashVerificationCode, sessionTokenHash } from './accounts.secrets';
import { consumeUserCode, verifyPayPassword } from './accounts.service';
import { createSessionResolver, issueSession } from './sessions.service';
import { createUser, findOrCreateWalletUser, getUserContact, setVerificationLevel } from './users.service';

describe.each(testDatabases())('what accounts offers other modules, on $name', (testDatabase) => {
  let database: DatabaseHandle;
  const clock = steppingClock('2026-11-22T10:00:00Z');
  const db = () => database.db;
  let counter = 0;

  beforeAll(async () => {
    database = await testDatabase.open();
  });
  afterAll(async () => {
    await database.close();
  });

  async function newUser(values: Partial<typeof users.$inferInsert> = {}): Promise<number> {
    counter += 1;
    return createUser(db(), {
      account: `person${counter}@example.com`,
      email: `person${counter}@example.com`,
      createdAt: clock.now(),
      ...values,
    });
  }

  describe('findOrCreateWalletUser', () => {
    const lower = '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359';
    const checksummed = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

    it('creates a wallet user once, by checksummed address, without a password', async () => {
      const first = await findOrCreateWalletUser(db(), { address: lower, clock });
      expect(first).toEqual({ userId: expect.any(Number), created: true, frozen: false });
      const again = await findOrCreateWalletUser(db(), {
        address: checksummed.toUpperCase().replace('0X', '0x'),
        clock,
      });
      expect(again).toEqual({ userId: first.userId, created: false, frozen: false });
      const [user] = await db().select().from(users).where(eq(users.id, first.userId));
      expect(user).toMatchObject({ account: checksummed, walletAddress: checksummed, passwordHash: null });
      expect(user?.nickname).toMatch(/^user\d{4}$/);
    });

    it('links an inviter, refuses an unknown invitation code, and reports frozen users', async () => {
      const inviterId = await newUser();
      const [inviter] = await db().select().from(users).where(eq(users.id, inviterId));
      const address = '0x0000000000000000000000000000000000000a11';
      await expect(
        findOrCreateWalletUser(db(), { address, invitationCode: 'NOSUCH22', clock }),
      ).rejects.toMatchObject({ key: 'accounts.errors.invitation_code_unknown' });
      const created = await findOrCreateWalletUser(db(), {
        address,
        invitationCode: inviter?.invitationCode,
        clock,
      });
      const [user] = await db().select().from(users).where(eq(users.id, created.userId));
      expect(user?.inviterId).toBe(inviterId);
      await db().update(users).set({ loginFrozen: true }).where(eq(users.id, created.userId));
      expect(await findOrCreateWalletUser(db(), { address, clock })).toMatchObject({
        frozen: true,
        created: false,
      });
    });

    it('refuses a malformed address', async () => {
      await expect(findOrCreateWalletUser(db(), { address: '0x1234', clock })).rejects.toThrow();
    });
  });

  describe('sessions', () => {
    it('answers lookups arriving together with one statement, each its own session, nothing cached', async () => {
      const resolver = createSessionResolver({ db: db(), clock });
      const people = await Promise.all([newUser(), newUser(), newUser()]);
      const tokens = await Promise.all(
        people.map((userId) => issueSession(db(), { userId, stayLoggedIn: false, clock, clientAddress: '' })),
      );
      const select = db().select.bind(db());
      let statements = 0;
      const counted = db() as unknown as { select: typeof select };
      counted.select = ((...args: Parameters<typeof select>) => {
        statements += 1;
        return select(...args);
      }) as typeof select;
      try {
        // Twelve lookups at once (each token four times, one unknown token among them).
        const lookups = [...tokens, ...tokens, ...tokens, ...tokens, 'unknown-token'];
        const principals = await Promise.all(lookups.map((token) => resolver.resolve(token)));
        expect(statements).toBe(1);
        principals.slice(0, 12).forEach((principal, index) => {
          expect(principal).toEqual({ kind: 'user', userId: people[index % 3], verificationLevel: 0 });
        });
        expect(principals[12]).toBeNull();
      } finally {
        counted.select = select;
      }
      // A change between two lookups shows in the second: the session is read again each time.
      await db()
        .update(userSessions)
        .set({ revokedAt: clock.now() })
        .where(eq(userSessions.tokenHash, sessionTokenHash(tokens[0] ?? '')));
      await setVerificationLevel(db(), { userId: people[1] ?? 0, level: 1 });
      expect(await resolver.resolve(tokens[0] ?? '')).toBeNull();
      expect(await resolver.resolve(tokens[1] ?? '')).toMatchObject({ verificationLevel: 1 });
    });

    it('issues tokens the resolver maps to the user until revoked or expired', async () => {
      const userId = await newUser();
      const resolver = createSessionResolver({ db: db(), clock });
      const token = await issueSession(db(), {
        userId,
        stayLoggedIn: false,
        clock,
        clientAddress: '10.0.0.1',
      });
      expect(await resolver.resolve(token)).toEqual({ kind: 'user', userId, verificationLevel: 0 });
      expect(await resolver.resolve(`${token}x`)).toBeNull();
      await db()
        .update(userSessions)
        .set({ revokedAt: clock.now() })
        .where(eq(userSessions.tokenHash, sessionTokenHash(token)));
      expect(await resolver.resolve(token)).toBeNull();

      const staying = await issueSession(db(), { userId, stayLoggedIn: true, clock, clientAddress: '' });
      const [row] = await db()
        .select()
        .from(userSessions)
        .where(eq(userSessions.tokenHash, sessionTokenHash(staying)));
      expect(row?.expiresAt).toEqual(new Date(clock.now().getTime() + 30 * 24 * 60 * 60_000));
      expect(row?.clientAddress).toBe('');
    });
  });

  describe('contacts and verification level', () => {
    it('answers contacts and raises the level, never lowering it', async () => {
      const userId = await newUser({ mobile: '13912345678', areaCode: '86' });
      const contact = await getUserContact(db(), userId);
      expect(contact).toEqual({
        email: expect.stringMatching(/@example\.com$/),
        mobile: '13912345678',
        verificationLevel: 0,
        account: expect.any(String),
      });
      await setVerificationLevel(db(), { userId, level: 2 });
      await setVerificationLevel(db(), { userId, level: 1 });
      expect((await getUserContact(db(), userId))?.verificationLevel).toBe(2);
      const resolver = createSessionResolver({ db: db(), clock });
      const token = await issueSession(db(), { userId, stayLoggedIn: false, clock, clientAddress: '' });
      expect(await resolver.resolve(token)).toMatchObject({ verificationLevel: 2 });
      expect(await getUserContact(db(), 987_654)).toBeNull();
    });
  });

  describe('payment password', () => {
    it('locks after 5 wrong ones for 15 minutes; a right one resets the count', async () => {
      const userId = await newUser();
      await expect(verifyPayPassword(db(), { userId, password: 'paypass1', clock })).rejects.toMatchObject({
        key: 'accounts.errors.pay_password_not_set',
      });
      await db()
        .update(users)
        .set({ payPasswordHash: await hashPassword('paypass1') })
        .where(eq(users.id, userId));
      for (let wrong = 0; wrong < 4; wrong += 1) {
        await expect(verifyPayPassword(db(), { userId, password: 'nope-nope', clock })).rejects.toMatchObject(
          {
            key: 'accounts.errors.pay_password_wrong',
          },
        );
      }
      await expect(verifyPayPassword(db(), { userId, password: 'paypass1', clock })).resolves.toBeUndefined();
      for (let wrong = 0; wrong < 5; wrong += 1) {
        await expect(verifyPayPassword(db(), { userId, password: 'nope-nope', clock })).rejects.toMatchObject(
          {
            key: 'accounts.errors.pay_password_wrong',
          },
        );
      }
      await expect(verifyPayPassword(db(), { userId, password: 'paypass1', clock })).rejects.toMatchObject({
        key: 'accounts.errors.pay_password_locked',
      });
      clock.advance(15 * 60_000);
      await expect(verifyPayPassword(db(), { userId, password: 'paypass1', clock })).resolves.toBeUndefined();
    });
  });

  describe('withdrawal codes', () => {
    it('uses up a withdraw code sent to the bound e-mail, once', async () => {
      const userId = await newUser();
      const contact = await getUserContact(db(), userId);
      await expect(
        consumeUserCode(db(), {
          userId: await newUser({ email: null }),
          purpose: 'withdraw',
          code: '123456',
          clock,
        }),
      ).rejects.toMatchObject({
        key: 'accounts.errors.contact_not_bound',
      });
      await db()
        .insert(verificationCodes)
        .values({
          channel: 'email',
          address: contact?.email ?? '',
          purpose: 'withdraw',
          codeHash: hashVerificationCode('424242'),
          expiresAt: new Date(clock.now().getTime() + 600_000),
          createdAt: clock.now(),
        });
      await expect(
        consumeUserCode(db(), { userId, purpose: 'security', code: '424242', clock }),
      ).rejects.toMatchObject({
        key: 'accounts.errors.code_invalid',
      });
      await expect(
        consumeUserCode(db(), { userId, purpose: 'withdraw', code: '424242', clock }),
      ).resolves.toBeUndefined();
      await expect(
        consumeUserCode(db(), { userId, purpose: 'withdraw', code: '424242', clock }),
      ).rejects.toMatchObject({
        key: 'accounts.errors.code_invalid',
      });
    });
  });
});
