/**
 * Every ledger check of reliability.md: the ledger's own and those the money modules contribute.
 * Used by `npm run ledger:verify` and by the test helpers after every money test.
 */
import { depositChecks } from './modules/deposits';
import { type CheckResult, verifyLedger } from './modules/ledger';
import { spotChecks } from './modules/spot';
import { withdrawalChecks } from './modules/withdrawals';
import type { Database } from './platform/db/database';

export function auditLedger(db: Database): Promise<CheckResult[]> {
  return verifyLedger(db, [...depositChecks, ...withdrawalChecks, ...spotChecks]);
}
