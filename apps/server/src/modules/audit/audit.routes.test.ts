/**
 * The audit trail end to end: one entry per staff action (deposit, withdrawal and verification
 * decisions, deposit addresses) in the action's own transaction with its before and after; the
 * admin list, filters and CSV; role checks; the append-only table; and the chain check finding an
 * edited or deleted row (changed behind the triggers' back, then rolled back).
 */
import type { AuditEntry, AuditList, WithdrawalRecord } from '@fairex/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean, reportFigures } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import {
  depositCalls,
  staffStandIns as depositStaff,
  erc20Address,
  financeToken,
  trc20Address,
  usdtId,
} from '../deposits/deposits.fixtures';
import { identityVerifications } from '../verification/verification.schema';
import { freshAddress, payPassword, withdrawalFixtures } from '../withdrawals/withdrawals.fixtures';
import { auditLog } from './audit.schema';
import { verifyAuditChain } from './audit.service';

const adminToken = 'staff-admin';
const supportToken = 'staff-support';
const contentToken = 'staff-content';
const complianceToken = 'staff-compliance';
const staffStandIns: Record<string, Principal> = {
  ...depositStaff,
  [adminToken]: { kind: 'staff', staffId: 1, roles: ['admin'] },
  [supportToken]: { kind: 'staff', staffId: 9, roles: ['support'] },
  [contentToken]: { kind: 'staff', staffId: 10, roles: ['content'] },
};
const financeStaffId = 7;
const complianceStaffId = 8;
const btc = 1;
const oneBtc = 100_000_000n;
const clock = { now: () => new Date() };
const forbidden = { status: 403, body: { type: 'error', message: serverMessages.en['errors.forbidden'] } };

/** Splits RFC 4180 CSV into rows of fields (quoted fields may hold commas, quotes, line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  return rows;
}

class Rollback extends Error {}

describe.each(testDatabases())('the audit trail on $name', (testDatabase) => {
  let testApp: TestApp;
  const deposits = depositCalls(() => testApp, clock);
  const withdrawals = withdrawalFixtures(() => testApp);
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, {
      clock,
      env: { DEMO: 'true' },
      staffStandIns,
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function auditRows(): Promise<number> {
    const [row] = await db().select({ total: count() }).from(auditLog);
    return row?.total ?? 0;
  }

  async function entries(query: Record<string, string | number>, token = adminToken): Promise<AuditList> {
    const search = new URLSearchParams(
      Object.entries({ lang: 'en', ...query }).map(([key, value]): [string, string] => [key, String(value)]),
    );
    return deposits.okMessage<AuditList>(deposits.call('GET', `/admin/audit?${search}`, token));
  }

  async function entriesFor(targetType: string, targetId: string | number): Promise<AuditEntry[]> {
    return (await entries({ target_type: targetType, target_id: String(targetId) })).list;
  }

  it('records every deposit address change with the address before and after', async () => {
    const before = await auditRows();
    await deposits.okMessage(
      deposits.setAddress({ currency_id: usdtId, chain: 'ERC20', address: erc20Address, active: 1 }),
    );
    await deposits.okMessage(
      deposits.setAddress({ currency_id: usdtId, chain: 'ERC20', address: erc20Address, active: 0 }),
    );
    // A refused save (bad address) changes nothing and records nothing.
    expect(
      (await deposits.setAddress({ currency_id: usdtId, chain: 'ERC20', address: trc20Address })).body.type,
    ).toBe('error');
    expect(await auditRows()).toBe(before + 2);

    const [second, first] = await entriesFor('deposit_address', `${usdtId}:ERC20`);
    expect(first).toMatchObject({
      action: 'deposit_address.set',
      staff_id: financeStaffId,
      staff_roles: ['finance'],
      after: { address: erc20Address, active: true, memo: null, note: '' },
      reason: '',
    });
    // Demo mode seeded a made-up address before any staff saved one.
    expect(first?.before).toMatchObject({ note: 'demo', active: true });
    expect(second?.before).toEqual(first?.after);
    expect(second?.after).toMatchObject({ address: erc20Address, active: false });
    expect(first?.request_id).toMatch(/\S/);
    expect(first?.request_id).not.toBe(second?.request_id);
  });

  it('records deposit approvals and rejections in the decision’s transaction, once', async () => {
    const user = await deposits.newUser();
    const approved = await deposits.deposit(user, '100');
    const rejected = await deposits.deposit(user, '5');
    await deposits.okMessage(deposits.decide({ id: approved.id, decision: 'approve' }));
    await deposits.okMessage(
      deposits.decide({ id: rejected.id, decision: 'reject', reason: 'voucher unreadable' }),
    );
    const rows = await auditRows();
    // Decided already, or unknown: refused, and nothing is recorded.
    expect((await deposits.decide({ id: approved.id, decision: 'reject', reason: 'again' })).body.type).toBe(
      'error',
    );
    expect((await deposits.decide({ id: 987_654, decision: 'approve' })).body.type).toBe('error');
    expect(await auditRows()).toBe(rows);

    const [approval] = await entriesFor('deposit', approved.id);
    expect(approval).toMatchObject({
      action: 'deposit.approve',
      staff_id: financeStaffId,
      staff_roles: ['finance'],
      before: { status: 'pending', user_id: user.userId, amount: '100000000', credited_amount: null },
      after: {
        status: 'approved',
        credited_amount: '100000000',
        reviewed_by: financeStaffId,
        ledger_reference: `deposit:${approved.id}`,
      },
    });
    const [rejection, ...more] = await entriesFor('deposit', rejected.id);
    expect(more).toEqual([]);
    expect(rejection).toMatchObject({
      action: 'deposit.reject',
      reason: 'voucher unreadable',
      before: { status: 'pending', amount: '5000000' },
      after: { status: 'rejected', reason: 'voucher unreadable', credited_amount: null },
    });
    expect(await deposits.spotBalance(user)).toBe(100_000_000n);
  });

  it('records withdrawal approvals and rejections with the request before and after', async () => {
    const { newWithdrawer, saveAddress, withdrawCode, okMessage, caller } = withdrawals;
    // One withdrawal per user: a second code to the same address would wait a minute.
    const withdraw = async (number: string) => {
      const user = await newWithdrawer({ funds: [{ currencyId: btc, units: 2n * oneBtc }] });
      const addressId = await saveAddress(user, {
        currency: btc,
        chain: 'BTC',
        address: freshAddress('BTC'),
      });
      return okMessage<WithdrawalRecord>(
        testApp.call({
          method: 'POST',
          url: '/api/wallet/out',
          headers: { authorization: user.token },
          payload: {
            lang: 'en',
            currency: btc,
            number,
            address_id: addressId,
            pay_password: payPassword,
            code: await withdrawCode(user),
          },
        }),
      );
    };
    const paid = await withdraw('0.5');
    const refused = await withdraw('0.25');
    await okMessage(
      caller.post('/admin/withdrawals/decide', { id: paid.id, decision: 'approve' }, { token: financeToken }),
    );
    await okMessage(
      caller.post(
        '/admin/withdrawals/decide',
        { id: refused.id, decision: 'reject', reason: 'destination flagged' },
        { token: adminToken },
      ),
    );

    const [approval] = await entriesFor('withdrawal', paid.id);
    expect(approval).toMatchObject({
      action: 'withdrawal.approve',
      staff_id: financeStaffId,
      before: {
        status: 'pending',
        amount: '50000000',
        fee: '20000',
        destination: 'address',
        decided_by: null,
      },
      after: { status: 'approved', decided_by: financeStaffId, payout: 'queued' },
    });
    const [rejection] = await entriesFor('withdrawal', refused.id);
    expect(rejection).toMatchObject({
      action: 'withdrawal.reject',
      staff_id: 1,
      staff_roles: ['admin'],
      reason: 'destination flagged',
      before: { status: 'pending', amount: '25000000' },
      after: { status: 'rejected', reason: 'destination flagged', decided_by: 1 },
    });
    await expectLedgerClean(testApp.database);
  });

  it('records verification decisions with the levels, and without the name, ID number or images', async () => {
    const { newWithdrawer } = withdrawals;
    const decide = (body: object) =>
      deposits.call('POST', '/admin/verifications/decide', complianceToken, body);
    const requestOf = async (userId: number) => {
      const [row] = await db()
        .select({ id: identityVerifications.id })
        .from(identityVerifications)
        .where(and(eq(identityVerifications.userId, userId), eq(identityVerifications.status, 'pending')));
      if (!row) throw new Error(`no pending verification of user ${userId}`);
      return row.id;
    };
    const lv1 = { real_type: 1, id_type: 'passport', name: 'Ada Lovelace', card_id: 'P1234567' };
    const approvedUser = await newWithdrawer({ level: 0, payPassword: false });
    const rejectedUser = await newWithdrawer({ level: 0, payPassword: false });
    for (const user of [approvedUser, rejectedUser])
      await deposits.okMessage(deposits.call('POST', '/user/real', user.token, lv1));
    const approvedId = await requestOf(approvedUser.userId);
    const rejectedId = await requestOf(rejectedUser.userId);
    await deposits.okMessage(decide({ id: approvedId, decision: 'approve' }));
    await deposits.okMessage(decide({ id: rejectedId, decision: 'reject', reason: 'photo is blurred' }));

    const [approval] = await entriesFor('verification', approvedId);
    expect(approval).toMatchObject({
      action: 'verification.approve',
      staff_id: complianceStaffId,
      staff_roles: ['compliance'],
      before: { status: 'pending', level: 1, user_id: approvedUser.userId, user_level: 0 },
      after: { status: 'approved', level: 1, user_level: 1 },
    });
    const [rejection] = await entriesFor('verification', rejectedId);
    expect(rejection).toMatchObject({
      action: 'verification.reject',
      reason: 'photo is blurred',
      before: { status: 'pending', user_level: 0 },
      after: { status: 'rejected', reason: 'photo is blurred', user_level: 0 },
    });
    const stored = JSON.stringify([approval, rejection]);
    for (const secret of ['Ada Lovelace', 'P1234567', '/uploads/']) expect(stored).not.toContain(secret);
  });

  it('lists newest first with filters and pages, for admins only', async () => {
    const all = await entries({ limit: 100 });
    const ids = all.list.map((entry) => BigInt(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    expect(all.list.length).toBeGreaterThanOrEqual(8);

    const finance = await entries({ staff_id: financeStaffId, limit: 100 });
    expect(finance.list.length).toBeGreaterThan(0);
    expect(finance.list.every((entry) => entry.staff_id === financeStaffId)).toBe(true);
    const rejections = await entries({ action: 'deposit.reject' });
    expect(rejections.list.length).toBeGreaterThan(0);
    expect(rejections.list.every((entry) => entry.action === 'deposit.reject')).toBe(true);

    const pageOne = await entries({ limit: 3, page: 1 });
    const pageTwo = await entries({ limit: 3, page: 2 });
    expect(pageOne).toMatchObject({ page: 1, page_size: 3, has_more: true });
    expect(pageTwo.list[0]?.id).toBe(all.list[3]?.id);

    const newest = all.list[0] as AuditEntry;
    expect(
      (await entries({ from: newest.at, limit: 100 })).list.every((entry) => entry.at >= newest.at),
    ).toBe(true);
    expect((await entries({ to: newest.at, limit: 100 })).list.every((entry) => entry.at < newest.at)).toBe(
      true,
    );
    expect((await entries({ from: newest.at + 1 })).list).toEqual([]);

    // Unknown actions, fields and absurd pages are parameter errors, never a 5xx.
    for (const query of [
      'action=deposit.steal',
      'target_type=galaxy',
      'limit=1000',
      'page=0',
      'extra=1',
      'from=-5',
    ])
      expect((await deposits.call('GET', `/admin/audit?${query}`, adminToken)).body).toEqual({
        type: 'error',
        message: serverMessages.en['errors.parameter_error'],
      });
  });

  it('refuses the audit routes to users, to no one, and to every staff role but admin', async () => {
    const user = await deposits.newUser();
    for (const url of ['/admin/audit', '/admin/audit.csv']) {
      for (const token of [undefined, user.token, financeToken, complianceToken, supportToken, contentToken])
        expect(await deposits.call('GET', url, token), `${url} ${token}`).toEqual(forbidden);
    }
    const policies = testApp.app.registeredRoutes.filter((route) => route.url.startsWith('/api/admin/audit'));
    expect(policies.filter((route) => route.method === 'GET').map((route) => route.policy)).toEqual([
      { kind: 'staff', roles: ['admin'] },
      { kind: 'staff', roles: ['admin'] },
    ]);
  });

  it('documents the audit and adjustments routes in the OpenAPI reference', async () => {
    const document = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const paths = document.json().paths as Record<string, Record<string, { summary?: string }>>;
    for (const [path, method] of [
      ['/api/admin/audit', 'get'],
      ['/api/admin/audit.csv', 'get'],
      ['/api/admin/adjustments', 'post'],
      ['/api/admin/adjustments', 'get'],
    ] as const) {
      expect(paths[path]?.[method]?.summary, `${method} ${path}`).toMatch(/\S/);
    }
  });

  it('exports the filtered log as CSV with RFC 4180 quoting and formulas defused', async () => {
    const user = await deposits.newUser();
    const record = await deposits.deposit(user, '7');
    const reason = '=HYPERLINK("x"), see "note"\nsecond line';
    await deposits.okMessage(deposits.decide({ id: record.id, decision: 'reject', reason }));
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/audit.csv?target_type=deposit&target_id=${record.id}`,
      headers: { authorization: adminToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="fairex-audit-.+\.csv"$/);
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([
      'id',
      'at',
      'staff_id',
      'staff_roles',
      'action',
      'target_type',
      'target_id',
      'before',
      'after',
      'reason',
      'request_id',
      'prev_hash',
      'hash',
    ]);
    expect(rows).toHaveLength(2);
    const [entry] = await entriesFor('deposit', record.id);
    const line = rows[1] as string[];
    expect(line[0]).toBe(entry?.id);
    expect(line[4]).toBe('deposit.reject');
    expect(line[9]).toBe(`'${reason}`);
    expect(JSON.parse(line[8] as string)).toEqual(entry?.after);
    expect(line[12]).toBe(entry?.hash);
  });

  it('keeps one unforked chain when staff act at once', async () => {
    const before = await auditRows();
    const parallel = 12;
    const replies = await Promise.all(
      Array.from({ length: parallel }, (_, index) =>
        deposits.setAddress({
          currency_id: usdtId,
          chain: 'TRC20',
          address: trc20Address,
          active: index % 2,
        }),
      ),
    );
    expect(replies.filter((reply) => reply.body.type === 'ok')).toHaveLength(parallel);
    expect(await auditRows()).toBe(before + parallel);
    const verified = await verifyAuditChain(db());
    expect(verified).toMatchObject({ ok: true, state: { count: before + parallel } });
    reportFigures(testDatabase.name, [
      {
        label: 'parallel audited actions',
        tried: parallel,
        bad: verified.ok ? 0 : 1,
        badLabel: 'chain breaks',
      },
    ]);
  });

  it('is append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const rows = await auditRows();
    for (const statement of [
      sql`update audit_log set reason = 'rewritten'`,
      sql`delete from audit_log where id = (select min(id) from audit_log)`,
      sql`truncate audit_log`,
      sql`delete from audit_log where false`,
    ]) {
      const error = await db()
        .execute(statement)
        .then(
          () => null,
          (failure: unknown) => failure,
        );
      // Drizzle wraps the database's error; the trigger's message is its cause.
      expect(String((error as { cause?: unknown } | null)?.cause ?? error)).toMatch(
        /audit_log is append-only/,
      );
    }
    expect(await auditRows()).toBe(rows);
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  /** Runs `tamper` with triggers off in a transaction that is rolled back, verifying inside it. */
  async function verifyTampered(tamper: (tx: Database) => Promise<void>) {
    let verdict: Awaited<ReturnType<typeof verifyAuditChain>> | undefined;
    await expect(
      db().transaction(async (tx) => {
        const txDb = tx as unknown as Database;
        await txDb.execute(sql`set local session_replication_role = replica`);
        await tamper(txDb);
        verdict = await verifyAuditChain(txDb);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    return verdict;
  }

  it('finds an entry edited or deleted behind the triggers’ back', async () => {
    const all = (await entries({ limit: 100 })).list;
    const middle = all[Math.floor(all.length / 2)] as AuditEntry;
    const next = all[Math.floor(all.length / 2) - 1] as AuditEntry;
    expect(BigInt(next.id)).toBeGreaterThan(BigInt(middle.id));

    const edited = await verifyTampered(async (tx) => {
      await tx.execute(sql`update audit_log set reason = 'nothing happened' where id = ${middle.id}::bigint`);
    });
    expect(edited).toMatchObject({ ok: false, break: { id: BigInt(middle.id), problem: 'hash_mismatch' } });

    const snapshot = await verifyTampered(async (tx) => {
      await tx.execute(
        sql`update audit_log set after = jsonb_set(coalesce(after, '{}'::jsonb), '{status}', '"approved"') where id = ${middle.id}::bigint`,
      );
    });
    expect(snapshot).toMatchObject({ ok: false, break: { id: BigInt(middle.id), problem: 'hash_mismatch' } });

    const deleted = await verifyTampered(async (tx) => {
      await tx.execute(sql`delete from audit_log where id = ${middle.id}::bigint`);
    });
    expect(deleted).toMatchObject({
      ok: false,
      break: { id: BigInt(next.id), problem: 'prev_hash_mismatch' },
    });

    // Rolled back: the real chain is whole again.
    expect((await verifyAuditChain(db())).ok).toBe(true);
    await expectLedgerClean(testApp.database);
  });
});
