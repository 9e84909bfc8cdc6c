/**
 * Four eyes under races (reliability.md case 4 with the two-person rule): above the threshold,
 * one staff member approving twice at once records one approval; two staff members approving at
 * once make exactly one "first" approval and one real approval, crediting once; a second approval
 * racing a rejection ends the request exactly once. The request's row lock (SELECT ... FOR UPDATE)
 * serialises them; on PostgreSQL the decisions really race (a connection pool), PGlite's single
 * connection serialises them.
 */
import type { DepositQueue } from '@fairex/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { announcedSeed, expectLedgerClean, reportFigures } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { depositCalls, financeToken, trc20Address, usdtId } from './deposits.fixtures';

const clock = { now: () => new Date() };
const rounds = 6;
const tokens = { first: 'four-eyes-first', second: 'four-eyes-second', third: 'four-eyes-third' } as const;
const staffStandIns: Record<string, Principal> = {
  [financeToken]: { kind: 'staff', staffId: 7, roles: ['finance'] },
  [tokens.first]: { kind: 'staff', staffId: 51, roles: ['finance'] },
  [tokens.second]: { kind: 'staff', staffId: 52, roles: ['finance'] },
  [tokens.third]: { kind: 'staff', staffId: 53, roles: ['finance'] },
};
const en = serverMessages.en;
const oneUsdt = 1_000_000n;

describe.each(testDatabases())('two-person deposit approvals racing on $name', (testDatabase) => {
  let testApp: TestApp;
  const { call, okMessage, newUser, setAddress, deposit, decide, spotBalance } = depositCalls(
    () => testApp,
    clock,
  );

  beforeAll(async () => {
    // Every approval needs two people.
    testApp = await startTestApp(testDatabase, {
      clock,
      staffStandIns,
      env: { APPROVAL_TWO_PERSON_ABOVE_USDT: '0' },
    });
    await okMessage(setAddress({ currency_id: usdtId, chain: 'TRC20', address: trc20Address, active: true }));
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function entryOf(id: number) {
    for (const status of ['pending', 'approved', 'rejected'] as const) {
      const queue = await okMessage<DepositQueue>(
        call('GET', `/admin/deposits?status=${status}`, financeToken),
      );
      const found = queue.list.find((entry) => entry.id === id);
      if (found) return found;
    }
    throw new Error(`deposit ${id} is in no queue`);
  }

  async function approvalRows(id: number): Promise<number> {
    const result = (await testApp.database.db.execute(
      sql`select count(*)::int as n from review_approvals where target_type = 'deposit' and target_id = ${id}`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  }

  const statusOf = (reply: { body: { type: unknown; message: unknown } }) =>
    reply.body.type === 'ok' ? (reply.body.message as { status: string }).status : String(reply.body.message);

  it('counts each person once and credits once, whatever races', async () => {
    const seed = announcedSeed('two-person deposit race');
    let races = 0;
    let wrongOutcomes = 0;
    let doubleCredits = 0;
    for (let round = 0; round < rounds; round += 1) {
      const amount = BigInt(1 + ((seed + round * 7919) % 500));
      const credited = amount * oneUsdt;

      // The same person twice at once: one approval recorded, the other refused, no credit.
      const user = await newUser();
      const same = await deposit(user, String(amount));
      const sameReplies = await Promise.all(
        [tokens.first, tokens.first].map((token) => decide({ id: same.id, decision: 'approve' }, token)),
      );
      races += 1;
      const sameStatuses = sameReplies.map(statusOf).sort();
      if (
        JSON.stringify(sameStatuses) !==
          JSON.stringify([en['approvals.errors.already_approved_by_you'], 'pending'].sort()) ||
        (await approvalRows(same.id)) !== 1 ||
        (await spotBalance(user)) !== 0n
      ) {
        wrongOutcomes += 1;
      }

      // Two people at once: one "first" approval (pending) and one real approval, credited once.
      const pair = await deposit(user, String(amount));
      const order = (seed + round) % 2 === 0 ? [tokens.first, tokens.second] : [tokens.second, tokens.first];
      const pairReplies = await Promise.all(
        order.map((token) => decide({ id: pair.id, decision: 'approve' }, token)),
      );
      races += 1;
      const pairStatuses = pairReplies.map(statusOf).sort();
      const pairEntry = await entryOf(pair.id);
      if (
        JSON.stringify(pairStatuses) !== JSON.stringify(['approved', 'pending']) ||
        pairEntry.status !== 'approved' ||
        pairEntry.approvals.length !== 2
      ) {
        wrongOutcomes += 1;
      }
      if ((await spotBalance(user)) > credited) doubleCredits += 1;
      expect(await spotBalance(user)).toBe(credited);

      // After a first approval: a second approval racing a rejection ends the request once.
      const last = await deposit(user, String(amount));
      await okMessage(decide({ id: last.id, decision: 'approve' }, tokens.first));
      const endReplies = await Promise.all([
        decide({ id: last.id, decision: 'approve' }, tokens.second),
        decide({ id: last.id, decision: 'reject', reason: 'Payment not found' }, tokens.third),
      ]);
      races += 1;
      const ended = endReplies.filter((reply) => reply.body.type === 'ok');
      const lastEntry = await entryOf(last.id);
      const expected = lastEntry.status === 'approved' ? 2n * credited : credited;
      if (ended.length !== 1 || lastEntry.status === 'pending') wrongOutcomes += 1;
      if ((await spotBalance(user)) > expected) doubleCredits += 1;
      expect(await spotBalance(user)).toBe(expected);
    }
    reportFigures(testDatabase.name, [
      { label: 'two-person approval races', tried: races, bad: wrongOutcomes, badLabel: 'wrong outcomes' },
      { label: 'two-person double-credit attempts', tried: races, bad: doubleCredits, badLabel: 'succeeded' },
    ]);
    expect(wrongOutcomes).toBe(0);
    expect(doubleCredits).toBe(0);
    await expectLedgerClean(testApp.database);
  });
});
