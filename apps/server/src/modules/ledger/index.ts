/**
 * The ledger module's public surface: the batch writer, its reads, the currencies, and the checks
 * of reliability.md. Every module that moves money goes through `ledgerFor(db).apply`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../platform/db/database';
import { seedCurrencies } from './ledger.currencies';

/** @public */
export { type Currency, currencySeeds, listCurrencies, setWithdrawalTerms } from './ledger.currencies';
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
  type HoldRecord,
  holdByReference,
  type UserAccountBalance,
  userAccountBalances,
} from './ledger.queries';
/** @public */
export type { BatchResult } from './ledger.repository';
/** @public */
export { type Ledger, ledgerFor } from './ledger.service';
/** @public */
export {
  type CheckResult,
  type LedgerCheck,
  ledgerChecks,
  problems as checkProblems,
  problemsLimit as checkProblemsLimit,
  verifyLedger,
} from './ledger.verify';

/** Seeds the currencies of spec section 3 (idempotent); the ledger itself has no routes. */
export function ledgerModule(deps: { readonly database: DatabaseHandle }): FastifyPluginAsyncZod {
  return async () => {
    await seedCurrencies(deps.database.db);
  };
}
