/**
 * Every ledger check of reliability.md: the ledger's own and those the registered modules declare
 * in their manifests. Used by `npm run ledger:verify` and by the test helpers after every money test.
 */
import { moduleManifests } from './composition';
import { type CheckResult, verifyLedger } from './modules/ledger';
import type { Database } from './platform/db/database';

export function auditLedger(db: Database): Promise<CheckResult[]> {
  return verifyLedger(
    db,
    moduleManifests.flatMap((manifest) => manifest.ledgerChecks ?? []),
  );
}
