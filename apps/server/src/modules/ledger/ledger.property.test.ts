/**
 * Random sequences of deposits, transfers, holds, releases and withdrawals against a simple model;
 * after every step the balances must match the model and every ledger check must pass.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../platform/db/database';
import { announcedSeed } from '../../test-support/money-test';
import { testDatabases } from '../../test-support/test-databases';
import { seedCurrencies } from './ledger.currencies';
import { type LedgerOp, LedgerRefused, type UserAccountKind, userAccountKinds } from './ledger.domain';
import { userAccountBalances } from './ledger.queries';
import { createLedger } from './ledger.service';
import { verifyLedger } from './ledger.verify';

const currencyId = 3;
const kinds = [userAccountKinds.change, userAccountKinds.legal] as const;
const usersPerRun = 3;

type Step =
  | { op: 'deposit'; user: number; amount: bigint }
  | { op: 'transfer'; user: number; from: 0 | 1; amount: bigint }
  | { op: 'hold'; user: number; amount: bigint }
  | { op: 'release'; hold: number }
  | { op: 'withdraw'; hold: number; amount: bigint; close: boolean };

const amount = fc.bigInt({ min: 1n, max: 5_000n });
const user = fc.integer({ min: 0, max: usersPerRun - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), user, amount }),
  fc.record({
    op: fc.constant('transfer' as const),
    user,
    from: fc.constantFrom(0 as const, 1 as const),
    amount,
  }),
  fc.record({ op: fc.constant('hold' as const), user, amount }),
  fc.record({ op: fc.constant('release' as const), hold: fc.nat(5) }),
  fc.record({ op: fc.constant('withdraw' as const), hold: fc.nat(5), amount, close: fc.boolean() }),
);

type Account = { balance: bigint; held: bigint };
type Hold = { id: bigint; user: number; remaining: bigint; open: boolean };

describe.each(testDatabases())('ledger model on $name', (testDatabase) => {
  let database: DatabaseHandle;
  let run = 0;
  let reference = 0;
  beforeAll(async () => {
    database = await testDatabase.open();
    await seedCurrencies(database.db);
  });
  afterAll(() => database.close());

  it('agrees with the model and passes every check after every step', async () => {
    const seed = announcedSeed(`ledger model on ${testDatabase.name}`);
    const apply = (ops: LedgerOp[]) =>
      database.db.transaction((tx) => createLedger().apply(tx as unknown as Database, ops, new Date()));
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        run += 1;
        const userId = (index: number) => 1_000_000 + run * 10 + index;
        const model = new Map<string, Account>();
        const account = (index: number, kind: UserAccountKind) => {
          const key = `${index}:${kind}`;
          let state = model.get(key);
          if (!state) {
            state = { balance: 0n, held: 0n };
            model.set(key, state);
          }
          return state;
        };
        const holds: Hold[] = [];
        const spotOf = (index: number) => ({
          userId: userId(index),
          currencyId,
          kind: userAccountKinds.change,
        });
        for (const current of steps) {
          reference += 1;
          let expectRefusal: boolean;
          let ops: LedgerOp[];
          let onSuccess: (result: { holdIds: readonly (bigint | null)[] }) => void;
          switch (current.op) {
            case 'deposit': {
              ops = [
                {
                  type: 'transfer',
                  entry: {
                    kind: 'deposit',
                    userId: userId(current.user),
                    reference: `model:${run}:${reference}`,
                    legs: [
                      { account: { system: 'deposit_clearing', currencyId }, amount: -current.amount },
                      { account: spotOf(current.user), amount: current.amount },
                    ],
                  },
                },
              ];
              expectRefusal = false;
              onSuccess = () => {
                account(current.user, userAccountKinds.change).balance += current.amount;
              };
              break;
            }
            case 'transfer': {
              const from = kinds[current.from];
              const to = kinds[1 - current.from] as UserAccountKind;
              const source = account(current.user, from);
              ops = [
                {
                  type: 'transfer',
                  entry: {
                    kind: 'transfer',
                    userId: userId(current.user),
                    legs: [
                      {
                        account: { userId: userId(current.user), currencyId, kind: from },
                        amount: -current.amount,
                      },
                      {
                        account: { userId: userId(current.user), currencyId, kind: to },
                        amount: current.amount,
                      },
                    ],
                  },
                },
              ];
              expectRefusal = source.balance - source.held < current.amount;
              onSuccess = () => {
                source.balance -= current.amount;
                account(current.user, to).balance += current.amount;
              };
              break;
            }
            case 'hold': {
              const spot = account(current.user, userAccountKinds.change);
              ops = [
                {
                  type: 'hold',
                  account: spotOf(current.user),
                  amount: current.amount,
                  reason: 'model',
                  reference: `model-hold:${run}:${reference}`,
                },
              ];
              expectRefusal = spot.balance - spot.held < current.amount;
              onSuccess = (result) => {
                spot.held += current.amount;
                holds.push({
                  id: result.holdIds[0] as bigint,
                  user: current.user,
                  remaining: current.amount,
                  open: true,
                });
              };
              break;
            }
            case 'release': {
              const hold = holds[current.hold];
              if (!hold) continue;
              ops = [{ type: 'release', holdId: hold.id }];
              expectRefusal = !hold.open;
              onSuccess = () => {
                account(hold.user, userAccountKinds.change).held -= hold.remaining;
                hold.remaining = 0n;
                hold.open = false;
              };
              break;
            }
            case 'withdraw': {
              const hold = holds[current.hold];
              if (!hold) continue;
              ops = [
                {
                  type: 'post_hold',
                  holdId: hold.id,
                  amount: current.amount,
                  close: current.close,
                  entry: {
                    kind: 'withdrawal',
                    userId: userId(hold.user),
                    legs: [
                      { account: spotOf(hold.user), amount: -current.amount },
                      { account: { system: 'withdrawal_clearing', currencyId }, amount: current.amount },
                    ],
                  },
                },
              ];
              expectRefusal = !hold.open || current.amount > hold.remaining;
              onSuccess = () => {
                const spot = account(hold.user, userAccountKinds.change);
                const released = current.close ? hold.remaining : current.amount;
                spot.balance -= current.amount;
                spot.held -= released;
                hold.remaining -= released;
                hold.open = hold.remaining > 0n;
              };
              break;
            }
          }
          try {
            const result = await apply(ops);
            expect(
              expectRefusal,
              `${JSON.stringify(current, (_k, v) => (typeof v === 'bigint' ? `${v}` : v))} should be refused`,
            ).toBe(false);
            onSuccess(result);
          } catch (error) {
            if (!(error instanceof LedgerRefused)) throw error;
            expect(expectRefusal, `${current.op} refused: ${error.reason}`).toBe(true);
          }
          for (let index = 0; index < usersPerRun; index += 1) {
            const stored = await userAccountBalances(database.db, userId(index));
            for (const kind of kinds) {
              const found = stored.find((row) => row.kind === kind) ?? { balance: 0n, held: 0n };
              const expected = model.get(`${index}:${kind}`) ?? { balance: 0n, held: 0n };
              expect({ balance: found.balance, held: found.held }).toEqual(expected);
            }
          }
          const problems = (await verifyLedger(database.db)).flatMap((result) => result.problems);
          expect(problems).toEqual([]);
        }
      }),
      { seed, numRuns: 40 },
    );
  }, 240_000);
});
