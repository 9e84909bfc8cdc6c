import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database';
import { testDatabases } from '../../test-support/test-databases';
import { seedCurrencies } from './ledger.currencies';
import {
  type AccountRef,
  type LedgerOp,
  LedgerRefused,
  type UserAccountRef,
  userAccountKinds,
} from './ledger.domain';
import { billLines, holdByReference, userAccountBalances } from './ledger.queries';
import { createLedger } from './ledger.service';
import { rowsOf } from './ledger.sql';
import { verifyLedger } from './ledger.verify';

const at = new Date('2026-11-22T00:00:00Z');
const spot = (userId: number, currencyId = 3): UserAccountRef => ({
  userId,
  currencyId,
  kind: userAccountKinds.change,
});
const legal = (userId: number, currencyId = 3): AccountRef => ({
  userId,
  currencyId,
  kind: userAccountKinds.legal,
});
const clearing = (currencyId = 3): AccountRef => ({ system: 'deposit_clearing', currencyId });

describe.each(testDatabases())('ledger on $name', (testDatabase) => {
  let database: DatabaseHandle;
  const apply = (ops: LedgerOp[]) =>
    database.db.transaction((tx) => createLedger().apply(tx as never, ops, at));
  const deposit = (userId: number, amount: bigint, reference: string): LedgerOp => ({
    type: 'transfer',
    entry: {
      kind: 'deposit',
      userId,
      reference,
      legs: [
        { account: clearing(), amount: -amount },
        { account: spot(userId), amount },
      ],
    },
  });

  beforeAll(async () => {
    database = await testDatabase.open();
    await seedCurrencies(database.db);
  });
  afterAll(async () => {
    const results = await verifyLedger(database.db);
    expect(results.flatMap((result) => result.problems)).toEqual([]);
    await database.close();
  });

  it('credits, transfers and reports balances and bills', async () => {
    await apply([deposit(1, 5_000_000n, 'test:deposit:1')]);
    await apply([
      {
        type: 'transfer',
        entry: {
          kind: 'transfer',
          userId: 1,
          legs: [
            { account: spot(1), amount: -2_000_000n },
            { account: legal(1), amount: 2_000_000n },
          ],
        },
      },
    ]);
    const balances = await userAccountBalances(database.db, 1);
    expect(balances).toEqual([
      { currencyId: 3, kind: 1, balance: 2_000_000n, held: 0n },
      { currencyId: 3, kind: 2, balance: 3_000_000n, held: 0n },
    ]);
    const bill = await billLines(database.db, { userId: 1, limit: 10 });
    expect(bill.map((line) => [line.entryKind, line.accountKind, line.amount, line.balanceAfter])).toEqual([
      ['transfer', 1, 2_000_000n, 2_000_000n],
      ['transfer', 2, -2_000_000n, 3_000_000n],
      ['deposit', 2, 5_000_000n, 5_000_000n],
    ]);
  });

  it('refuses overdrafts, unbalanced entries and a second booking of one event', async () => {
    const overdraft: LedgerOp = {
      type: 'transfer',
      entry: {
        kind: 'transfer',
        userId: 1,
        legs: [
          { account: spot(1), amount: -3_000_001n },
          { account: legal(1), amount: 3_000_001n },
        ],
      },
    };
    await expect(apply([overdraft])).rejects.toEqual(new LedgerRefused('insufficient_balance'));
    const unbalanced: LedgerOp = {
      type: 'transfer',
      entry: {
        kind: 'transfer',
        userId: 1,
        legs: [
          { account: spot(1), amount: -1n },
          { account: legal(1), amount: 2n },
        ],
      },
    };
    await expect(apply([unbalanced])).rejects.toEqual(new LedgerRefused('unbalanced_entry'));
    await expect(apply([deposit(1, 1n, 'test:deposit:1')])).rejects.toEqual(
      new LedgerRefused('duplicate_event'),
    );
    expect((await userAccountBalances(database.db, 1)).map((b) => b.balance)).toEqual([
      2_000_000n,
      3_000_000n,
    ]);
  });

  it('holds, posts in parts and releases the rest exactly once', async () => {
    const [hold] = (
      await apply([
        { type: 'hold', account: spot(1), amount: 1_000_000n, reason: 'test', reference: 'test:hold:1' },
      ])
    ).holdIds;
    expect(hold).toBeTypeOf('bigint');
    const holdId = hold as bigint;
    // Held money is not available to a transfer.
    const tooMuch: LedgerOp = {
      type: 'transfer',
      entry: {
        kind: 'transfer',
        userId: 1,
        legs: [
          { account: spot(1), amount: -2_000_001n },
          { account: legal(1), amount: 2_000_001n },
        ],
      },
    };
    await expect(apply([tooMuch])).rejects.toEqual(new LedgerRefused('insufficient_balance'));
    const payout = (amount: bigint, close: boolean): LedgerOp => ({
      type: 'post_hold',
      holdId,
      amount,
      close,
      entry: {
        kind: 'withdrawal',
        userId: 1,
        legs: [
          { account: spot(1), amount: -amount },
          { account: { system: 'withdrawal_clearing', currencyId: 3 }, amount },
        ],
      },
    });
    await apply([payout(400_000n, false)]);
    expect(await holdByReference(database.db, 'test:hold:1')).toMatchObject({
      remaining: 600_000n,
      state: 'pending',
    });
    await expect(apply([payout(700_000n, false)])).rejects.toEqual(new LedgerRefused('hold_exceeded'));
    await apply([{ type: 'release', holdId }]);
    expect(await holdByReference(database.db, 'test:hold:1')).toMatchObject({
      remaining: 0n,
      state: 'posted',
    });
    await expect(apply([{ type: 'release', holdId }])).rejects.toEqual(new LedgerRefused('hold_not_pending'));
    expect(await userAccountBalances(database.db, 1)).toContainEqual({
      currencyId: 3,
      kind: 2,
      balance: 2_600_000n,
      held: 0n,
    });
  });

  it('leaves out unfunded optional holds and places the funded ones of the same batch', async () => {
    await apply([deposit(7, 1_000n, 'test:deposit:optional')]);
    const hold = (amount: bigint, reference: string): LedgerOp => ({
      type: 'hold',
      account: spot(7),
      amount,
      reason: 'test',
      reference,
      optional: true,
    });
    // 600 fits, the next 600 would not (400 left), 300 still fits after it.
    const { holdIds } = await apply([
      hold(600n, 'test:optional:1'),
      hold(600n, 'test:optional:2'),
      hold(300n, 'test:optional:3'),
    ]);
    expect(holdIds.map((id) => id !== null)).toEqual([true, false, true]);
    expect(await holdByReference(database.db, 'test:optional:2')).toBeNull();
    expect((await userAccountBalances(database.db, 7)).find((row) => row.kind === 2)).toMatchObject({
      balance: 1_000n,
      held: 900n,
    });
    // Without the flag the same shortfall refuses the whole batch.
    await expect(
      apply([{ type: 'hold', account: spot(7), amount: 200n, reason: 'test', reference: 'test:optional:4' }]),
    ).rejects.toEqual(new LedgerRefused('insufficient_balance'));
    for (const id of holdIds) if (id !== null) await apply([{ type: 'release', holdId: id }]);
  });

  it('group-commits many operations in one batch', async () => {
    const ops: LedgerOp[] = Array.from({ length: 200 }, (_, index) =>
      deposit(100 + (index % 20), 1000n, `test:batch:${index}`),
    );
    const result = await apply(ops);
    expect(new Set(result.entryIds).size).toBe(200);
    expect((await userAccountBalances(database.db, 105))[0]?.balance).toBe(10_000n);
  });

  it('refuses UPDATE and DELETE on the journal', async () => {
    await expect(
      database.db.execute(sql`update ledger_postings set amount = amount where false`),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
  });

  it('reserves on a pool up to its cap, pays winners from the reservation, and never lets it go below its holds', async () => {
    const pool = { system: 'pool:test' as const, currencyId: 3 };
    const house = { system: 'house' as const, currencyId: 3 };
    await apply([
      {
        type: 'transfer',
        entry: {
          kind: 'transfer',
          userId: null,
          reference: 'test:pool:funding',
          legs: [
            { account: house, amount: -1_000_000n },
            { account: pool, amount: 1_000_000n },
          ],
        },
      },
    ]);
    const reserve = (amount: bigint, reference: string): LedgerOp => ({
      type: 'hold',
      account: pool,
      amount,
      reason: 'test_reservation',
      reference,
      capPpm: 800_000n,
    });
    // 80 % of 1 USDT may be reserved: 0.5 fits, another 0.4 does not (0.9 > 0.8).
    const first = await apply([reserve(500_000n, 'test:pool:hold:1')]);
    await expect(apply([reserve(400_000n, 'test:pool:hold:2')])).rejects.toEqual(
      new LedgerRefused('pool_exhausted'),
    );
    // A winner is paid 0.3 out of the first reservation; the rest is released.
    const holdId = first.holdIds[0];
    if (!holdId) throw new Error('no hold id');
    await apply([
      {
        type: 'post_hold',
        holdId,
        amount: 300_000n,
        close: true,
        entry: {
          kind: 'transfer',
          userId: 7,
          reference: 'test:pool:payout',
          legs: [
            { account: pool, amount: -300_000n },
            { account: spot(7), amount: 300_000n },
          ],
        },
      },
    ]);
    const [row] = await rowsOf<{ balance: string; held: string }>(
      database.db,
      sql`select balance::text, held::text from ledger_accounts where system_name = 'pool:test' and currency_id = 3`,
    );
    expect(row).toEqual({ balance: '700000', held: '0' });
    // Taking money out of a pool below what it holds is refused, by the plan and by the database.
    await apply([reserve(500_000n, 'test:pool:hold:3')]);
    await expect(
      apply([
        {
          type: 'transfer',
          entry: {
            kind: 'transfer',
            userId: null,
            reference: 'test:pool:drain',
            legs: [
              { account: pool, amount: -300_000n },
              { account: house, amount: 300_000n },
            ],
          },
        },
      ]),
    ).rejects.toEqual(new LedgerRefused('insufficient_balance'));
  });
});
