/**
 * reliability.md case 4: a deposit voucher approved twice at once, or approved and rejected at
 * once, is decided once and credited at most once. On PostgreSQL the decisions really race (a
 * connection pool); PGlite's single connection serialises them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcedSeed, expectLedgerClean, reportFigures } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { depositCalls, staffStandIns, trc20Address, usdtId } from './deposits.fixtures';

const clock = { now: () => new Date() };
const rounds = 10;

describe.each(testDatabases())('deposit decisions racing on $name', (testDatabase) => {
  let testApp: TestApp;
  const { okMessage, newUser, setAddress, deposit, decide, spotBalance } = depositCalls(() => testApp, clock);

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, staffStandIns });
    await okMessage(setAddress({ currency_id: usdtId, chain: 'TRC20', address: trc20Address, active: true }));
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function duplicateCreditEntries(): Promise<number> {
    const result = (await testApp.database.db.execute(
      sql`select reference from ledger_entries where reference like 'deposit:%'
          group by reference having count(*) > 1`,
    )) as unknown as { rows: unknown[] };
    return result.rows.length;
  }

  it('approves each voucher once however many approvals and rejections race', async () => {
    const seed = announcedSeed('deposit decision race');
    let attempts = 0;
    let doubleCredits = 0;
    let undecided = 0;
    for (let round = 0; round < rounds; round += 1) {
      const user = await newUser();
      const amount = BigInt(1 + ((seed + round * 7919) % 1000));
      const pending = await deposit(user, String(amount));
      // Even rounds: two approvals; odd rounds: an approval and a rejection. Order alternates too.
      const approve = { id: pending.id, decision: 'approve' };
      const other =
        round % 2 === 0 ? approve : { id: pending.id, decision: 'reject', reason: 'Payment not found' };
      const contenders = (seed + round) % 2 === 0 ? [approve, other] : [other, approve];
      const replies = await Promise.all(contenders.map((body) => decide(body)));
      attempts += 1;
      const succeeded = replies.filter((reply) => reply.body.type === 'ok');
      const refused = replies.filter(
        (reply) => reply.body.message === 'This deposit has already been reviewed',
      );
      if (succeeded.length !== 1 || refused.length !== 1) undecided += 1;
      const balance = await spotBalance(user);
      const winner = succeeded[0]?.body.message as { status?: string } | undefined;
      const expected = winner?.status === 'approved' ? amount * 1_000_000n : 0n;
      if (balance > amount * 1_000_000n) doubleCredits += 1;
      expect(balance).toBe(expected);
    }
    const duplicates = await duplicateCreditEntries();
    reportFigures(testDatabase.name, [
      { label: 'double-credit attempts', tried: attempts, bad: doubleCredits, badLabel: 'succeeded' },
      {
        label: 'racing deposit decisions',
        tried: attempts * 2,
        bad: undecided,
        badLabel: 'not decided exactly once',
      },
      {
        label: 'deposit credit entries',
        tried: attempts,
        bad: duplicates,
        badLabel: 'duplicate entries found',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('credits each of many vouchers once when finance approves them all at once, twice over', async () => {
    const users = await Promise.all(Array.from({ length: rounds }, () => newUser()));
    const pending = await Promise.all(users.map((user) => deposit(user, '2')));
    const replies = await Promise.all(
      [...pending, ...pending].map((request) => decide({ id: request.id, decision: 'approve' })),
    );
    expect(replies.filter((reply) => reply.body.type === 'ok')).toHaveLength(rounds);
    const balances = await Promise.all(users.map((user) => spotBalance(user)));
    const overCredited = balances.filter((balance) => balance !== 2_000_000n).length;
    reportFigures(testDatabase.name, [
      {
        label: 'parallel approvals of distinct vouchers',
        tried: rounds * 2,
        bad: overCredited,
        badLabel: 'wrong credits',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });
});
