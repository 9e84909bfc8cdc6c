/**
 * The deposits ledger check finds what it is there to find. Each case corrupts a database on
 * purpose (behind the service's back), in order, so this file never ends with expectLedgerClean.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { createLedger, userAccountKinds } from '../ledger';
import { depositChecks } from './deposits.checks';
import { depositCalls, staffStandIns, trc20Address, usdtId } from './deposits.fixtures';
import { depositRequests } from './deposits.schema';

const clock = { now: () => new Date() };

describe.each(testDatabases())('the deposits ledger check on $name', (testDatabase) => {
  let testApp: TestApp;
  const { okMessage, newUser, setAddress, deposit, decide } = depositCalls(() => testApp, clock);
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, staffStandIns });
    await okMessage(setAddress({ currency_id: usdtId, chain: 'TRC20', address: trc20Address, active: 1 }));
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function problems(): Promise<string[]> {
    const found: string[] = [];
    for (const check of depositChecks) found.push(...(await check.run(db())));
    return found;
  }

  async function credit(userId: number, reference: string, units: bigint) {
    await db().transaction(async (tx) => {
      await createLedger().apply(
        tx as unknown as Database,
        [
          {
            type: 'transfer',
            entry: {
              kind: 'deposit',
              userId,
              reference,
              legs: [
                { account: { system: 'deposit_clearing', currencyId: usdtId }, amount: -units },
                { account: { userId, currencyId: usdtId, kind: userAccountKinds.change }, amount: units },
              ],
            },
          },
        ],
        clock.now(),
      );
    });
  }

  it('passes after real decisions', async () => {
    const user = await newUser();
    const approved = await deposit(user, '3');
    const rejected = await deposit(user, '4');
    await okMessage(decide({ id: approved.id, decision: 'approve' }));
    await okMessage(decide({ id: rejected.id, decision: 'reject', reason: 'not received' }));
    expect(await problems()).toEqual([]);
  });

  it('finds an approval without its credit, and a credit of another amount', async () => {
    const user = await newUser();
    const silent = await deposit(user, '3');
    const wrong = await deposit(user, '5');
    await db()
      .update(depositRequests)
      .set({ status: 'approved', creditedAmount: '3000000', reviewedAt: clock.now(), reviewedBy: 1 })
      .where(eq(depositRequests.id, silent.id));
    await db()
      .update(depositRequests)
      .set({ status: 'approved', creditedAmount: '5000000', reviewedAt: clock.now(), reviewedBy: 1 })
      .where(eq(depositRequests.id, wrong.id));
    await credit(user.userId, `deposit:${wrong.id}`, 4_000_000n);
    const found = await problems();
    expect(found).toContain(`approved deposit ${silent.id} has 0 credit entries, not one`);
    expect(found).toContain(`deposit ${wrong.id} was approved for 5000000 but its entry credits 4000000`);
    expect(found).toHaveLength(2);
  });

  it('finds a credit of a pending deposit and a credit of no deposit at all', async () => {
    const user = await newUser();
    const pending = await deposit(user, '3');
    await credit(user.userId, `deposit:${pending.id}`, 3_000_000n);
    await credit(user.userId, 'deposit:987654', 1_000_000n);
    const found = await problems();
    expect(found).toContain(`deposit ${pending.id} is pending but has a credit entry`);
    expect(found.filter((problem) => problem.includes('credits no approved deposit'))).toHaveLength(2);
    expect(found).toHaveLength(5);
  });
});
