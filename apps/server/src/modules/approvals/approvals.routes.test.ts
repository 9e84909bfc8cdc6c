/**
 * Four eyes on money, through the real routes: above the threshold a deposit needs two different
 * staff members' approvals (the same one twice is refused), below it one; nobody decides a
 * request of their own; each step is in the audit log, and the user is credited exactly once.
 */
import type { AuditList, DepositQueue, DepositQueueEntry } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { users } from '../accounts/accounts.schema';
import { depositCalls, trc20Address, usdtId } from '../deposits/deposits.fixtures';
import { staff } from '../staff/staff.schema';

const tokens = {
  first: 'staff-first',
  second: 'staff-second',
  self: 'staff-self',
  admin: 'staff-admin',
} as const;
const selfStaffId = 9001;
const staffStandIns: Record<string, Principal> = {
  [tokens.first]: { kind: 'staff', staffId: 31, roles: ['finance'] },
  [tokens.second]: { kind: 'staff', staffId: 32, roles: ['finance'] },
  [tokens.self]: { kind: 'staff', staffId: selfStaffId, roles: ['finance'] },
  [tokens.admin]: { kind: 'staff', staffId: 1, roles: ['admin'] },
  'staff-finance': { kind: 'staff', staffId: 7, roles: ['finance'] },
};
const oneUsdt = 1_000_000n;
const clock = { now: () => new Date() };
const en = serverMessages.en;
const refusal = (key: keyof typeof en) => ({ type: 'error', message: en[key] });

describe.each(testDatabases())('two-person approval of deposits on $name', (testDatabase) => {
  let testApp: TestApp;
  const { call, okMessage, newUser, deposit, decide, setAddress, spotBalance } = depositCalls(
    () => testApp,
    clock,
  );

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, {
      clock,
      staffStandIns,
      env: { APPROVAL_TWO_PERSON_ABOVE_USDT: '100' },
    });
    await okMessage(setAddress({ currency_id: usdtId, chain: 'TRC20', address: trc20Address, active: 1 }));
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const pendingEntry = async (id: number) => {
    const queue = await okMessage<DepositQueue>(call('GET', '/admin/deposits?status=pending', tokens.admin));
    return queue.list.find((entry) => entry.id === id);
  };
  const auditActions = async (id: number) =>
    (
      await okMessage<AuditList>(
        call('GET', `/admin/audit?target_type=deposit&target_id=${id}`, tokens.admin),
      )
    ).list.map((entry) => [entry.action, entry.staff_id]);

  it('needs two different staff members above the threshold, and credits once', async () => {
    const user = await newUser();
    const request = await deposit(user, '150');
    expect(await pendingEntry(request.id)).toMatchObject({ approvals: [], approvals_required: 2 });

    const first = await okMessage<DepositQueueEntry>(
      decide({ id: request.id, decision: 'approve' }, tokens.first),
    );
    expect(first).toMatchObject({ status: 'pending', approvals_required: 2 });
    expect(first.approvals.map((approval) => approval.staff_id)).toEqual([31]);
    expect(await spotBalance(user)).toBe(0n);

    // The same person again: refused, nothing changes.
    expect((await decide({ id: request.id, decision: 'approve' }, tokens.first)).body).toEqual(
      refusal('approvals.errors.already_approved_by_you'),
    );
    expect((await pendingEntry(request.id))?.approvals).toHaveLength(1);
    expect(await spotBalance(user)).toBe(0n);

    const second = await okMessage<DepositQueueEntry>(
      decide({ id: request.id, decision: 'approve' }, tokens.second),
    );
    expect(second).toMatchObject({ status: 'approved', approvals_required: 2 });
    expect(second.approvals.map((approval) => approval.staff_id)).toEqual([31, 32]);
    expect(await spotBalance(user)).toBe(150n * oneUsdt);
    expect((await decide({ id: request.id, decision: 'approve' }, tokens.first)).body).toEqual(
      refusal('deposits.errors.already_decided'),
    );
    expect(await spotBalance(user)).toBe(150n * oneUsdt);
    expect(await auditActions(request.id)).toEqual([
      ['deposit.approve', 32],
      ['deposit.first_approval', 31],
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('binds each approval to its terms: a second approval of another amount is a new first one', async () => {
    const user = await newUser();
    const request = await deposit(user, '20000');
    const first = await okMessage<DepositQueueEntry>(
      decide({ id: request.id, decision: 'approve', amount: '20000' }, tokens.first),
    );
    expect(first.approvals).toMatchObject([{ staff_id: 31, amount: '20000.000000', currency: 'USDT' }]);

    // The outside attack run: the second approver names 900,000. Nothing is credited; it waits.
    const raised = await okMessage<DepositQueueEntry>(
      decide({ id: request.id, decision: 'approve', amount: '900000' }, tokens.second),
    );
    expect(raised).toMatchObject({ status: 'pending', approvals_required: 2 });
    expect(await spotBalance(user)).toBe(0n);

    // The first approver now seconds the new terms: both approved 900,000, so 900,000 is credited.
    const agreed = await okMessage<DepositQueueEntry>(
      decide({ id: request.id, decision: 'approve', amount: '900000' }, tokens.first),
    );
    expect(agreed).toMatchObject({ status: 'approved', credited_amount: '900000.000000' });
    expect(agreed.approvals.map((approval) => [approval.staff_id, approval.amount])).toEqual([
      [32, '900000.000000'],
      [31, '900000.000000'],
    ]);
    expect(await spotBalance(user)).toBe(900_000n * oneUsdt);
    await expectLedgerClean(testApp.database);
  });

  it('lets one staff member approve at or below the threshold, and reject at any amount', async () => {
    const user = await newUser();
    const small = await deposit(user, '100');
    expect(
      await okMessage<DepositQueueEntry>(decide({ id: small.id, decision: 'approve' }, tokens.first)),
    ).toMatchObject({
      status: 'approved',
      approvals_required: 1,
    });
    const big = await deposit(user, '5000');
    expect(
      await okMessage<DepositQueueEntry>(
        decide({ id: big.id, decision: 'reject', reason: 'No such transfer' }, tokens.first),
      ),
    ).toMatchObject({ status: 'rejected' });
    expect(await spotBalance(user)).toBe(100n * oneUsdt);
  });

  it('refuses a decision on a staff member’s own request', async () => {
    const user = await newUser();
    await testApp.database.db
      .update(users)
      .set({ email: 'olivia@fairex.example' })
      .where(eq(users.id, user.userId));
    await testApp.database.db.insert(staff).values({
      id: selfStaffId,
      email: 'Olivia@Fairex.example',
      displayName: 'Olivia',
      passwordHash: 'not-used',
      roles: ['finance'],
      totpSecret: 'plain:not-used',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const request = await deposit(user, '20');
    for (const body of [
      { id: request.id, decision: 'approve' },
      { id: request.id, decision: 'reject', reason: 'Mine' },
    ]) {
      expect((await decide(body, tokens.self)).body).toEqual(refusal('approvals.errors.own_request'));
    }
    expect(await pendingEntry(request.id)).toMatchObject({ status: 'pending', approvals: [] });
    expect(await spotBalance(user)).toBe(0n);
  });

  it('counts two simultaneous approvals by two people once each, and credits once', async () => {
    const user = await newUser();
    const request = await deposit(user, '400');
    const replies = await Promise.all([
      decide({ id: request.id, decision: 'approve' }, tokens.first),
      decide({ id: request.id, decision: 'approve' }, tokens.second),
      decide({ id: request.id, decision: 'approve' }, tokens.first),
    ]);
    const statuses = replies.map((reply) =>
      reply.body.type === 'ok' ? (reply.body.message as DepositQueueEntry).status : 'refused',
    );
    expect(statuses.filter((status) => status === 'approved')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'pending')).toHaveLength(1);
    expect(await spotBalance(user)).toBe(400n * oneUsdt);
    await expectLedgerClean(testApp.database);
  });
});
