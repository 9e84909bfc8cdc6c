/**
 * Balance adjustments end to end: finance books a signed correction against the adjustments
 * account with a reason; it reaches the user's bill and the audit log; a retried Idempotency-Key
 * books it once; an overdraw is refused and changes nothing; and only finance and admin may.
 */
import { type Adjustment, type AdjustmentList, type AuditList, billReplySchema } from '@fairex/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean, fundUser, reportFigures } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { verifyAuditChain } from '../audit';
import { depositCalls, type TestUser } from '../deposits/deposits.fixtures';
import { userAccountBalances, userAccountKinds } from '../ledger';
import { balanceAdjustments } from './adjustments.schema';

const tokens = {
  admin: 'staff-admin',
  finance: 'staff-finance',
  compliance: 'staff-compliance',
  support: 'staff-support',
  content: 'staff-content',
} as const;
const staffStandIns: Record<string, Principal> = {
  [tokens.admin]: { kind: 'staff', staffId: 1, roles: ['admin'] },
  [tokens.finance]: { kind: 'staff', staffId: 21, roles: ['finance'] },
  [tokens.compliance]: { kind: 'staff', staffId: 22, roles: ['compliance'] },
  [tokens.support]: { kind: 'staff', staffId: 23, roles: ['support'] },
  [tokens.content]: { kind: 'staff', staffId: 24, roles: ['content'] },
};
const usdt = 3;
const btc = 1;
const oneUsdt = 1_000_000n;
const clock = { now: () => new Date() };
const en = serverMessages.en;
const refusal = (key: keyof typeof en) => ({ type: 'error', message: en[key] });
const forbidden = { status: 403, body: refusal('errors.forbidden') };

describe.each(testDatabases())('balance adjustments on $name', (testDatabase) => {
  let testApp: TestApp;
  const { call, okMessage, newUser } = depositCalls(() => testApp, clock);
  const db = () => testApp.database.db;
  let keyCounter = 0;
  const freshKey = () => {
    keyCounter += 1;
    return `adj-${testDatabase.name}-${Date.now()}-${keyCounter}`;
  };

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, staffStandIns });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const adjustAs = (token: string | undefined, body: object, key: string | undefined) =>
    call('POST', '/admin/adjustments', token, body, key === undefined ? {} : { 'idempotency-key': key });
  const adjust = (body: object, key: string | undefined = freshKey()) => adjustAs(tokens.finance, body, key);

  async function balanceOf(user: TestUser, currencyId = usdt, kind: number = userAccountKinds.change) {
    const account = (await userAccountBalances(db(), user.userId)).find(
      (entry) => entry.currencyId === currencyId && entry.kind === kind,
    );
    return { balance: account?.balance ?? 0n, held: account?.held ?? 0n };
  }

  async function adjustmentRows(): Promise<number> {
    const [row] = await db().select({ total: count() }).from(balanceAdjustments);
    return row?.total ?? 0;
  }

  async function auditFor(id: number): Promise<AuditList['list']> {
    const list = await okMessage<AuditList>(
      call('GET', `/admin/audit?target_type=adjustment&target_id=${id}`, tokens.admin),
    );
    return list.list;
  }

  it('credits and debits through one ledger entry, seen in the bill with its reason and in the audit log', async () => {
    const user = await newUser();
    const credit = await okMessage<Adjustment>(
      adjust({
        user_id: user.userId,
        currency_id: usdt,
        account_kind: 'change',
        amount: '25.5',
        reason: 'Refund of a duplicated withdrawal fee',
      }),
    );
    expect(credit).toMatchObject({
      user_id: user.userId,
      currency_id: usdt,
      currency: 'USDT',
      account_kind: 'change',
      amount: '25.500000',
      reason: 'Refund of a duplicated withdrawal fee',
      staff_id: 21,
    });
    expect(await balanceOf(user)).toEqual({ balance: 25_500_000n, held: 0n });

    const debit = await okMessage<Adjustment>(
      adjustAs(
        tokens.admin,
        {
          user_id: user.userId,
          currency_id: usdt,
          account_kind: 'change',
          amount: '-0.5',
          reason: 'Fee correction',
        },
        freshKey(),
      ),
    );
    expect(debit).toMatchObject({ amount: '-0.500000', staff_id: 1 });
    expect(await balanceOf(user)).toEqual({ balance: 25_000_000n, held: 0n });

    // The user's bill shows both, as 'adjustment' entries naming the adjustment.
    const bill = billReplySchema.parse(
      await okMessage(call('POST', '/wallet/legal_log', user.token, { kind: 'adjustment' })),
    );
    expect(
      bill.list.map((line) => [line.kind, line.amount, line.reference, line.entry_id, line.note]),
    ).toEqual([
      ['adjustment', '-0.500000', `adjustment:${debit.id}`, debit.entry_id, 'Fee correction'],
      [
        'adjustment',
        '25.500000',
        `adjustment:${credit.id}`,
        credit.entry_id,
        'Refund of a duplicated withdrawal fee',
      ],
    ]);
    // The reason travels in the entry's memo.
    const memos = (await db().execute(
      `select memo from ledger_entries where id in (${credit.entry_id}, ${debit.entry_id}) order by id`,
    )) as unknown as { rows: { memo: Record<string, unknown> }[] };
    expect(memos.rows.map((row) => row.memo)).toEqual([
      { adjustment_id: credit.id, reason: 'Refund of a duplicated withdrawal fee', staff_id: 21 },
      { adjustment_id: debit.id, reason: 'Fee correction', staff_id: 1 },
    ]);

    const [creditAudit] = await auditFor(credit.id);
    expect(creditAudit).toMatchObject({
      action: 'adjustment.create',
      staff_id: 21,
      staff_roles: ['finance'],
      reason: 'Refund of a duplicated withdrawal fee',
      before: { user_id: user.userId, currency_id: usdt, account_kind: 'change', balance: '0', held: '0' },
      after: {
        balance: '25500000',
        amount: '25500000',
        entry_id: credit.entry_id,
        reference: `adjustment:${credit.id}`,
      },
    });
    const [debitAudit] = await auditFor(debit.id);
    expect(debitAudit).toMatchObject({
      staff_id: 1,
      staff_roles: ['admin'],
      before: { balance: '25500000' },
      after: { balance: '25000000', amount: '-500000' },
    });

    // Other account kinds and currencies are corrected on their own account.
    await okMessage(
      adjust({
        user_id: user.userId,
        currency_id: btc,
        account_kind: 'lever',
        amount: '0.00000001',
        reason: 'Dust',
      }),
    );
    expect(await balanceOf(user, btc, userAccountKinds.lever)).toEqual({ balance: 1n, held: 0n });

    const listed = await okMessage<AdjustmentList>(
      call('GET', `/admin/adjustments?user_id=${user.userId}`, tokens.finance),
    );
    expect(listed.list.map((entry) => entry.amount)).toEqual(['0.00000001', '-0.500000', '25.500000']);
    expect(listed).toMatchObject({ page: 1, page_size: 20, has_more: false });
    expect(listed.list[1]).toEqual(debit);
    await expectLedgerClean(testApp.database);
  });

  it('books once per Idempotency-Key: a retry replays, another body is refused', async () => {
    const user = await newUser();
    const key = freshKey();
    const body = {
      user_id: user.userId,
      currency_id: usdt,
      account_kind: 'change',
      amount: '10',
      reason: 'Promo credit',
    };
    const first = await okMessage<Adjustment>(adjust(body, key));
    const retried = await okMessage<Adjustment>(adjust(body, key));
    expect(retried).toEqual(first);
    expect(await adjust({ ...body, amount: '11' }, key)).toEqual({
      status: 200,
      body: refusal('errors.idempotency_key_reused'),
    });
    expect(await adjust({ ...body, reason: 'Other reason' }, key)).toEqual({
      status: 200,
      body: refusal('errors.idempotency_key_reused'),
    });
    expect(await balanceOf(user)).toEqual({ balance: 10n * oneUsdt, held: 0n });
    expect(await auditFor(first.id)).toHaveLength(1);

    // The same key at once, from several tabs: one effect, every reply the same.
    const racingKey = freshKey();
    const racing = { ...body, amount: '1' };
    const replies = await Promise.all(Array.from({ length: 6 }, () => adjust(racing, racingKey)));
    const ids = new Set(replies.map((reply) => (reply.body.message as Adjustment).id));
    expect(replies.every((reply) => reply.body.type === 'ok')).toBe(true);
    expect(ids.size).toBe(1);
    expect(await balanceOf(user)).toEqual({ balance: 11n * oneUsdt, held: 0n });
    reportFigures(testDatabase.name, [
      {
        label: 'retried adjustments',
        tried: 1 + replies.length,
        bad: ids.size - 1,
        badLabel: 'booked twice',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('refuses a debit beyond the available balance, changing nothing', async () => {
    const user = await newUser();
    await fundUser(testApp.database, { userId: user.userId, currencyId: usdt, units: 35n * oneUsdt });
    const rows = await adjustmentRows();
    const before = await balanceOf(user);
    const body = { user_id: user.userId, currency_id: usdt, account_kind: 'change', reason: 'Clawback' };
    expect((await adjust({ ...body, amount: '-35.000001' })).body).toEqual(
      refusal('ledger.errors.insufficient_balance'),
    );
    // An account the user has never used holds nothing to take.
    expect((await adjust({ ...body, account_kind: 'micro', amount: '-1' })).body).toEqual(
      refusal('ledger.errors.insufficient_balance'),
    );
    expect(await balanceOf(user)).toEqual(before);
    expect(await adjustmentRows()).toBe(rows);

    // Parallel debits of one balance: exactly floor(35 / 10) succeed.
    const replies = await Promise.all(Array.from({ length: 6 }, () => adjust({ ...body, amount: '-10' })));
    const succeeded = replies.filter((reply) => reply.body.type === 'ok').length;
    const refused = replies.filter(
      (reply) => JSON.stringify(reply.body) === JSON.stringify(refusal('ledger.errors.insufficient_balance')),
    ).length;
    expect({ succeeded, refused }).toEqual({ succeeded: 3, refused: 3 });
    expect(await balanceOf(user)).toEqual({ balance: 5n * oneUsdt, held: 0n });
    reportFigures(testDatabase.name, [
      {
        label: 'parallel adjustment debits',
        tried: replies.length,
        bad: Math.max(0, succeeded - 3),
        badLabel: 'overdrawn',
      },
    ]);
    expect((await verifyAuditChain(db())).ok).toBe(true);
    await expectLedgerClean(testApp.database);
  });

  it('checks every field and needs an Idempotency-Key and a reason', async () => {
    const user = await newUser();
    const body = {
      user_id: user.userId,
      currency_id: usdt,
      account_kind: 'change',
      amount: '1',
      reason: 'Goodwill',
    };
    const rows = await adjustmentRows();
    const cases: [object, string | undefined, ReturnType<typeof refusal>][] = [
      [body, undefined, refusal('adjustments.errors.idempotency_key_required')],
      [body, 'has space', refusal('errors.idempotency_key_invalid')],
      [{ ...body, reason: undefined }, freshKey(), refusal('adjustments.errors.reason_required')],
      [{ ...body, reason: ' x ' }, freshKey(), refusal('adjustments.errors.reason_required')],
      [{ ...body, amount: '0' }, freshKey(), refusal('adjustments.errors.amount_zero')],
      [{ ...body, amount: '1.0000001' }, freshKey(), refusal('adjustments.errors.amount_too_many_decimals')],
      [{ ...body, amount: '1e30' }, freshKey(), refusal('adjustments.errors.amount_invalid')],
      [{ ...body, amount: 'NaN' }, freshKey(), refusal('adjustments.errors.amount_invalid')],
      [
        { ...body, amount: `-1${'0'.repeat(25)}` },
        freshKey(),
        refusal('adjustments.errors.amount_too_large'),
      ],
      [{ ...body, user_id: 99_999_999 }, freshKey(), refusal('adjustments.errors.user_not_found')],
      [{ ...body, currency_id: 777 }, freshKey(), refusal('adjustments.errors.currency_not_found')],
      [{ ...body, account_kind: 'vault' }, freshKey(), refusal('errors.parameter_error')],
      [{ ...body, balance: '1000' }, freshKey(), refusal('errors.parameter_error')],
      [{ ...body, user_id: -1 }, freshKey(), refusal('errors.parameter_error')],
    ];
    for (const [payload, key, expected] of cases)
      expect((await adjustAs(tokens.finance, payload, key)).body, JSON.stringify([payload, key])).toEqual(
        expected,
      );
    expect(await adjustmentRows()).toBe(rows);
    expect(await balanceOf(user)).toEqual({ balance: 0n, held: 0n });
  });

  it('is for finance and admin only: users, nobody and other roles are refused', async () => {
    const user = await newUser();
    const body = {
      user_id: user.userId,
      currency_id: usdt,
      account_kind: 'change',
      amount: '1000',
      reason: 'Self-credit',
    };
    for (const token of [undefined, user.token, tokens.compliance, tokens.support, tokens.content]) {
      expect(await adjustAs(token, body, freshKey()), String(token)).toEqual(forbidden);
      expect(await call('GET', '/admin/adjustments', token), String(token)).toEqual(forbidden);
    }
    expect(await balanceOf(user)).toEqual({ balance: 0n, held: 0n });
    const policies = testApp.app.registeredRoutes.filter(
      (route) => route.url === '/api/admin/adjustments' && route.method !== 'HEAD',
    );
    expect(policies.map((route) => [route.method, route.policy])).toEqual([
      ['POST', { kind: 'staff', roles: ['finance'] }],
      ['GET', { kind: 'staff', roles: ['finance'] }],
    ]);
  });

  it('keeps its records append-only', async () => {
    for (const statement of [
      'update balance_adjustments set amount = 1',
      'delete from balance_adjustments',
      'truncate balance_adjustments',
    ]) {
      const error = await db()
        .execute(statement)
        .then(
          () => null,
          (failure: unknown) => failure,
        );
      expect(String((error as { cause?: unknown } | null)?.cause ?? error)).toMatch(
        /balance_adjustments is append-only/,
      );
    }
  });
});
