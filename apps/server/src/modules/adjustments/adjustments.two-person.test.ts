/**
 * Four eyes on adjustments, through the real routes: above APPROVAL_TWO_PERSON_ABOVE_USDT a
 * correction is only a pending request until a second, different staff member approves the same
 * terms; then the balanced entry is booked once, audited. Below it one step. Nobody adjusts or
 * approves an account of their own.
 */
import type { Adjustment, AdjustmentRequest, AdjustmentRequestList, AuditList } from '@fairex/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { depositCalls, type TestUser } from '../deposits/deposits.fixtures';
import { userAccountBalances, userAccountKinds } from '../ledger';
import { staff } from '../staff/staff.schema';
import { balanceAdjustments } from './adjustments.schema';

const tokens = { first: 'staff-first', second: 'staff-second', self: 'staff-self', admin: 'staff-admin' };
const selfStaffId = 9101;
const staffStandIns: Record<string, Principal> = {
  [tokens.first]: { kind: 'staff', staffId: 41, roles: ['finance'] },
  [tokens.second]: { kind: 'staff', staffId: 42, roles: ['finance'] },
  [tokens.self]: { kind: 'staff', staffId: selfStaffId, roles: ['finance'] },
  [tokens.admin]: { kind: 'staff', staffId: 1, roles: ['admin'] },
};
const usdt = 3;
const oneUsdt = 1_000_000n;
const clock = { now: () => new Date() };
const en = serverMessages.en;
const refusal = (key: keyof typeof en) => ({ type: 'error', message: en[key] });

describe.each(testDatabases())('two-person balance adjustments on $name', (testDatabase) => {
  let testApp: TestApp;
  const { call, okMessage, newUser } = depositCalls(() => testApp, clock);
  const db = () => testApp.database.db;
  let keys = 0;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, {
      clock,
      staffStandIns,
      env: { APPROVAL_TWO_PERSON_ABOVE_USDT: '100' },
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const adjust = (token: string, user: TestUser, amount: string) => {
    keys += 1;
    return call(
      'POST',
      '/admin/adjustments',
      token,
      { user_id: user.userId, currency_id: usdt, account_kind: 'change', amount, reason: 'Goodwill credit' },
      { 'idempotency-key': `two-person-${testDatabase.name}-${Date.now()}-${keys}` },
    );
  };
  const decide = (token: string, body: object) => call('POST', '/admin/adjustments/decide', token, body);
  const balanceOf = async (user: TestUser) =>
    (await userAccountBalances(db(), user.userId)).find(
      (entry) => entry.currencyId === usdt && entry.kind === userAccountKinds.change,
    )?.balance ?? 0n;
  const bookedRows = async () => (await db().select({ n: count() }).from(balanceAdjustments))[0]?.n ?? 0;

  it('books nothing above the threshold until a second staff member approves the same terms', async () => {
    const user = await newUser();
    const rowsBefore = await bookedRows();
    // The outside attack run: one finance member credits 900,000 USDT alone.
    const pending = await okMessage<AdjustmentRequest>(adjust(tokens.first, user, '900000'));
    expect(pending).toMatchObject({
      status: 'pending',
      amount: '900000.000000',
      requested_by: 41,
      approvals_required: 2,
      adjustment_id: null,
    });
    expect(pending.approvals).toMatchObject([{ staff_id: 41, amount: '900000.000000', currency: 'USDT' }]);
    expect(await balanceOf(user)).toBe(0n);
    expect(await bookedRows()).toBe(rowsBefore);

    const listed = await okMessage<AdjustmentRequestList>(
      call('GET', '/admin/adjustments/requests', tokens.second),
    );
    expect(listed.list.map((request) => request.id)).toContain(pending.id);

    // The requester cannot be the second approver.
    expect((await decide(tokens.first, { id: pending.id, decision: 'approve' })).body).toEqual(
      refusal('approvals.errors.already_approved_by_you'),
    );
    expect(await balanceOf(user)).toBe(0n);

    const approved = await okMessage<AdjustmentRequest>(
      decide(tokens.second, { id: pending.id, decision: 'approve' }),
    );
    expect(approved).toMatchObject({ status: 'approved', approvals_required: 2 });
    expect(approved.adjustment_id).not.toBeNull();
    expect(await balanceOf(user)).toBe(900_000n * oneUsdt);
    expect(await bookedRows()).toBe(rowsBefore + 1);
    expect((await decide(tokens.first, { id: pending.id, decision: 'approve' })).body).toEqual(
      refusal('adjustments.errors.already_decided'),
    );
    const audit = await okMessage<AuditList>(
      call('GET', `/admin/audit?target_type=adjustment&target_id=${approved.adjustment_id}`, tokens.admin),
    );
    expect(audit.list.map((entry) => [entry.action, entry.staff_id])).toEqual([['adjustment.create', 42]]);
    await expectLedgerClean(testApp.database);
  });

  it('keeps one step at or below the threshold, and lets a colleague reject with a reason', async () => {
    const user = await newUser();
    const small = await okMessage<Adjustment & { status: string }>(adjust(tokens.first, user, '100'));
    expect(small).toMatchObject({ status: 'booked', amount: '100.000000' });
    expect(await balanceOf(user)).toBe(100n * oneUsdt);

    // A large debit waits too.
    const debit = await okMessage<AdjustmentRequest>(adjust(tokens.first, user, '-150'));
    expect(debit).toMatchObject({ status: 'pending' });
    expect((await decide(tokens.second, { id: debit.id, decision: 'reject' })).body).toEqual(
      refusal('adjustments.errors.reason_required'),
    );
    const rejected = await okMessage<AdjustmentRequest>(
      decide(tokens.second, { id: debit.id, decision: 'reject', reason: 'Not agreed with the user' }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', decision_reason: 'Not agreed with the user' });
    expect(await balanceOf(user)).toBe(100n * oneUsdt);
  });

  it('refuses an adjustment or an approval of a staff member’s own account', async () => {
    const user = await newUser();
    await db()
      .insert(staff)
      .values({
        id: selfStaffId,
        email: 'self@fairex.example',
        displayName: 'Self',
        passwordHash: 'not-used',
        roles: ['finance'],
        totpSecret: 'plain:not-used',
        linkedUserId: user.userId,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    expect((await adjust(tokens.self, user, '5')).body).toEqual(refusal('approvals.errors.own_request'));
    const pending = await okMessage<AdjustmentRequest>(adjust(tokens.first, user, '500'));
    expect((await decide(tokens.self, { id: pending.id, decision: 'approve' })).body).toEqual(
      refusal('approvals.errors.own_request'),
    );
    expect(await balanceOf(user)).toBe(0n);
  });
});
