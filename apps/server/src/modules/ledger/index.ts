/**
 * The ledger module's public surface: the batch writer, its reads, the currencies, and the checks
 * of reliability.md. Every module that moves money goes through the `Ledger` the composition
 * root made (createLedger) and hands it.
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Database } from '../../platform/db/database';
import { seedCurrencies } from './ledger.currencies';
import { createLedger, type Ledger } from './ledger.service';

/** @public */
export {
  addCurrency,
  type Currency,
  currencySeeds,
  listCurrencies,
  setWithdrawalTerms,
} from './ledger.currencies';
/** @public */
export * from './ledger.domain';
/** @public */
export { type LedgerErrorCode, ledgerError, userFacingLedgerError } from './ledger.errors';
/** @public */
export { createGroupCommitter, type GroupCommitter } from './ledger.group-commit';
/** @public */
export {
  type BillFilter,
  type BillLine,
  billLines,
  countUsersWithEntries,
  type HoldRecord,
  holdByReference,
  systemAccountBalance,
  type UserAccountBalance,
  userAccountBalances,
} from './ledger.queries';
/** @public */
export type { BatchResult } from './ledger.repository';
/** @public */
export { createLedger, type Ledger } from './ledger.service';
/** @public */
export {
  type CheckResult,
  type LedgerCheck,
  ledgerChecks,
  problems as checkProblems,
  problemsLimit as checkProblemsLimit,
  verifyLedger,
} from './ledger.verify';

export const ledgerManifest = { name: 'ledger', localeNamespace: 'ledger' } as const satisfies ModuleManifest;

/** Seeds the currencies of spec section 3 (idempotent) and makes the ledger; it has no routes. */
export async function createLedgerModule(
  db: Database,
): Promise<{ readonly ledger: Ledger; readonly module: AppModule }> {
  await seedCurrencies(db);
  return { ledger: createLedger(), module: ledgerManifest };
}
