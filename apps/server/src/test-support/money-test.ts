/**
 * Helpers every money test uses: the ledger checks after the test (reliability.md), and the
 * figures each reliability run prints per database ("tried" and "bad"; any bad one fails).
 */
import { expect } from 'vitest';
import { auditLedger } from '../ledger-audit';
import { createLedger, type UserAccountKind, userAccountKinds } from '../modules/ledger';
import type { Database, DatabaseHandle } from '../platform/db/database';

/** Runs every ledger check and fails the test with the problems found, if any. */
export async function expectLedgerClean(database: DatabaseHandle): Promise<void> {
  const results = await auditLedger(database.db);
  const failed = results.filter((result) => result.problems.length > 0);
  expect(
    failed.map((result) => `check ${result.number} (${result.name}): ${result.problems.join('; ')}`),
  ).toEqual([]);
}

export type Figure = {
  readonly label: string;
  readonly tried: number;
  readonly bad: number;
  readonly badLabel: string;
};

/**
 * Prints one line per figure, e.g. "[reliability postgres] double-spend attempts tried 40,
 * succeeded 0", and fails when any bad count is not zero.
 */
export function reportFigures(databaseName: string, figures: readonly Figure[]): void {
  for (const figure of figures) {
    console.log(
      `[reliability ${databaseName}] ${figure.label}: tried ${figure.tried}, ${figure.badLabel} ${figure.bad}`,
    );
  }
  expect(figures.filter((figure) => figure.bad !== 0).map((figure) => figure.label)).toEqual([]);
}

/** A random seed for a property or race test, printed so a failure can be replayed. */
export function announcedSeed(name: string): number {
  const fromEnvironment = Number(process.env.FAIREX_SEED);
  const seed =
    Number.isSafeInteger(fromEnvironment) && fromEnvironment !== 0 ? fromEnvironment : Date.now() % 2 ** 31;
  console.log(`[seed] ${name}: ${seed} (replay with FAIREX_SEED=${seed})`);
  return seed;
}

/**
 * Test funds for a user, booked as a real balanced ledger entry from deposit clearing (kind
 * 'deposit', reference `test-funding:<n>`), so every ledger check still holds.
 */
export async function fundUser(
  database: DatabaseHandle,
  params: { userId: number; currencyId: number; units: bigint; kind?: UserAccountKind },
): Promise<void> {
  const kind = params.kind ?? userAccountKinds.change;
  fundingCounter += 1;
  const reference = `test-funding:${process.pid}:${Date.now()}:${fundingCounter}`;
  await database.db.transaction(async (tx) => {
    await createLedger().apply(
      tx as unknown as Database,
      [
        {
          type: 'transfer',
          entry: {
            kind: 'deposit',
            userId: params.userId,
            reference,
            legs: [
              {
                account: { system: 'deposit_clearing', currencyId: params.currencyId },
                amount: -params.units,
              },
              {
                account: { userId: params.userId, currencyId: params.currencyId, kind },
                amount: params.units,
              },
            ],
          },
        },
      ],
      new Date(),
    );
  });
}
let fundingCounter = 0;
