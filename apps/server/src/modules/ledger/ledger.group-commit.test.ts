import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database';
import { testDatabases } from '../../test-support/test-databases';
import { seedCurrencies } from './ledger.currencies';
import { type LedgerOp, LedgerRefused, userAccountKinds } from './ledger.domain';
import { createGroupCommitter } from './ledger.group-commit';
import { userAccountBalances } from './ledger.queries';
import { createLedger } from './ledger.service';
import { verifyLedger } from './ledger.verify';

const currencyId = 3;
const spot = (userId: number) => ({ userId, currencyId, kind: userAccountKinds.change });

describe.each(testDatabases())('group commit on $name', (testDatabase) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await testDatabase.open();
    await seedCurrencies(database.db);
  });
  afterAll(async () => {
    expect((await verifyLedger(database.db)).flatMap((result) => result.problems)).toEqual([]);
    await database.close();
  });

  it('commits many submissions together and refuses only the one that overdraws', async () => {
    const committer = createGroupCommitter({
      db: database.db,
      ledger: createLedger(),
      now: () => new Date(),
    });
    const deposit = (userId: number, amount: bigint, reference: string): LedgerOp[] => [
      {
        type: 'transfer',
        entry: {
          kind: 'deposit',
          userId,
          reference,
          legs: [
            { account: { system: 'deposit_clearing', currencyId }, amount: -amount },
            { account: spot(userId), amount },
          ],
        },
      },
    ];
    const pay = (from: number, to: number, amount: bigint): LedgerOp[] => [
      {
        type: 'transfer',
        entry: {
          kind: 'transfer',
          userId: from,
          legs: [
            { account: spot(from), amount: -amount },
            { account: spot(to), amount },
          ],
        },
      },
    ];
    await Promise.all(
      Array.from({ length: 50 }, (_, index) => committer.submit(deposit(index + 1, 100n, `gc:${index}`))),
    );
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 49 }, (_, index) => committer.submit(pay(index + 1, 50, 10n))),
      committer.submit(pay(50, 1, 1_000n)),
    ]);
    await committer.flush();
    expect(outcomes.slice(0, 49).every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    const last = outcomes[49];
    expect(last?.status === 'rejected' && last.reason).toEqual(new LedgerRefused('insufficient_balance'));
    expect((await userAccountBalances(database.db, 50))[0]?.balance).toBe(100n + 49n * 10n);
    expect((await userAccountBalances(database.db, 2))[0]?.balance).toBe(90n);
  });
});
