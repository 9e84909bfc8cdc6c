/**
 * A staff member's own customer account: an admin links it through /admin/staff/update (one staff
 * member per user, audited), and from then on that member can neither approve nor reject the
 * user's deposits, withdrawals or verifications, while a colleague can. The e-mail fallback holds
 * for a member without a link.
 */
import type { AuditList, DepositQueueEntry, StaffProfile, VerificationRequest } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { users } from '../accounts/accounts.schema';
import { depositCalls, type TestUser, trc20Address, usdtId } from '../deposits/deposits.fixtures';
import { staff } from './staff.schema';

const linkedStaffId = 9101;
const otherStaffId = 9102;
const tokens = {
  admin: 'staff-admin',
  linked: 'staff-linked',
  other: 'staff-other',
  finance: 'staff-finance',
} as const;
const staffStandIns: Record<string, Principal> = {
  [tokens.admin]: { kind: 'staff', staffId: 1, roles: ['admin'] },
  [tokens.linked]: { kind: 'staff', staffId: linkedStaffId, roles: ['finance', 'compliance'] },
  [tokens.other]: { kind: 'staff', staffId: otherStaffId, roles: ['finance', 'compliance'] },
  [tokens.finance]: { kind: 'staff', staffId: 7, roles: ['finance'] },
};
const clock = { now: () => new Date() };
const en = serverMessages.en;
const refusal = (key: keyof typeof en) => ({ type: 'error', message: en[key] });
const ownRequest = refusal('approvals.errors.own_request');

describe.each(testDatabases())('a staff member’s linked customer account on $name', (testDatabase) => {
  let testApp: TestApp;
  const { call, okMessage, newUser, deposit, decide, setAddress, spotBalance } = depositCalls(
    () => testApp,
    clock,
  );
  const db = () => testApp.database.db;

  async function addStaff(id: number, email: string) {
    await db()
      .insert(staff)
      .values({
        id,
        email,
        displayName: `Member ${id}`,
        passwordHash: 'not-used',
        roles: ['finance', 'compliance'],
        totpSecret: 'plain:not-used',
        createdAt: new Date(),
        updatedAt: new Date(),
      });
  }

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, staffStandIns });
    await okMessage(setAddress({ currency_id: usdtId, chain: 'TRC20', address: trc20Address, active: 1 }));
    await addStaff(linkedStaffId, 'linked@staff.example');
    await addStaff(otherStaffId, 'other@staff.example');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const link = (id: number, linked: unknown) =>
    call('POST', '/admin/staff/update', tokens.admin, { id, linked_user_id: linked });

  it('is linked by an admin, once per user, audited, and can be removed', async () => {
    const user = await newUser();
    const linked = await okMessage<StaffProfile>(link(linkedStaffId, user.userId));
    expect(linked).toMatchObject({ id: linkedStaffId, linked_user_id: user.userId });
    expect((await link(otherStaffId, user.userId)).body).toEqual(refusal('staff.errors.linked_user_taken'));
    expect((await link(otherStaffId, 999_999)).body).toEqual(refusal('staff.errors.linked_user_not_found'));
    expect(
      (await call('POST', '/admin/staff/update', tokens.finance, { id: linkedStaffId, linked_user_id: 0 }))
        .status,
    ).toBe(403);

    const audit = await okMessage<AuditList>(
      call('GET', `/admin/audit?target_type=staff&target_id=${linkedStaffId}`, tokens.admin),
    );
    expect(audit.list[0]).toMatchObject({ action: 'staff.update', staff_id: 1 });
    expect(audit.list[0]?.before).toMatchObject({ linked_user_id: null });
    expect(audit.list[0]?.after).toMatchObject({ linked_user_id: user.userId });

    expect(await okMessage<StaffProfile>(link(linkedStaffId, 0))).toMatchObject({ linked_user_id: null });
    expect(await okMessage<StaffProfile>(link(otherStaffId, user.userId))).toMatchObject({
      linked_user_id: user.userId,
    });
    expect(await okMessage<StaffProfile>(link(otherStaffId, null))).toMatchObject({ linked_user_id: null });
  });

  it('keeps the member from deciding the linked user’s deposits; a colleague decides them', async () => {
    const user = await newUser();
    await okMessage(link(linkedStaffId, user.userId));
    const request = await deposit(user, '30');
    for (const body of [
      { id: request.id, decision: 'approve' },
      { id: request.id, decision: 'reject', reason: 'Mine' },
    ]) {
      expect((await decide(body, tokens.linked)).body).toEqual(ownRequest);
    }
    expect(await spotBalance(user)).toBe(0n);
    const approved = await okMessage<DepositQueueEntry>(
      decide({ id: request.id, decision: 'approve' }, tokens.other),
    );
    expect(approved).toMatchObject({ status: 'approved' });
    expect(approved.approvals).toEqual([
      {
        staff_id: otherStaffId,
        name: `Member ${otherStaffId}`,
        at: expect.any(Number),
        amount: '30.000000',
        currency: 'USDT',
        destination: expect.any(String),
      },
    ]);
    expect(await spotBalance(user)).toBe(30n * 1_000_000n);
    await okMessage(link(linkedStaffId, 0));
    await expectLedgerClean(testApp.database);
  });

  it('keeps the member from deciding the linked user’s verification, by link or by e-mail', async () => {
    const submitLv1 = async (user: TestUser) => {
      await okMessage(
        call('POST', '/user/real', user.token, {
          real_type: 1,
          id_type: 'passport',
          name: 'Ada Lovelace',
          card_id: `P${user.userId}X0000`,
        }),
      );
      const queue = await okMessage<{ list: VerificationRequest[] }>(
        call('GET', '/admin/verifications?status=pending', tokens.other),
      );
      const pending = queue.list.find((entry) => entry.user_id === user.userId);
      if (!pending) throw new Error('the request is not in the queue');
      return pending;
    };
    const bindEmail = (user: TestUser, email: string) =>
      db().update(users).set({ email }).where(eq(users.id, user.userId));

    const linkedUser = await newUser();
    await bindEmail(linkedUser, `linked-user-${linkedUser.userId}@example.com`);
    await okMessage(link(linkedStaffId, linkedUser.userId));
    const byLink = await submitLv1(linkedUser);
    expect(
      (
        await call('POST', '/admin/verifications/decide', tokens.linked, {
          id: byLink.id,
          decision: 'approve',
        })
      ).body,
    ).toEqual(ownRequest);

    // No link, but the member's own e-mail (any case) on the user: refused too.
    const sameEmail = await newUser();
    await bindEmail(sameEmail, 'OTHER@staff.example');
    const byEmail = await submitLv1(sameEmail);
    expect(
      (
        await call('POST', '/admin/verifications/decide', tokens.other, {
          id: byEmail.id,
          decision: 'reject',
          reason: 'Mine',
        })
      ).body,
    ).toEqual(ownRequest);

    // Still pending: the refusals changed nothing; a colleague decides.
    expect(
      await okMessage<VerificationRequest>(
        call('POST', '/admin/verifications/decide', tokens.other, { id: byLink.id, decision: 'approve' }),
      ),
    ).toMatchObject({ status: 'approved' });
    expect(
      await okMessage<VerificationRequest>(
        call('POST', '/admin/verifications/decide', tokens.linked, {
          id: byEmail.id,
          decision: 'reject',
          reason: 'Blurred',
        }),
      ),
    ).toMatchObject({ status: 'rejected' });
    await okMessage(link(linkedStaffId, 0));
  });
});
