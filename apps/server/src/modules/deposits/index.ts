/**
 * Deposits' public surface: the routes (operator deposit addresses, users' voucher submissions,
 * the deposit log, finance staff decisions) and their contribution to the ledger checks
 * (reliability.md check 6: a voucher credits once).
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import { depositChecks } from './deposits.checks';
import { type DepositsModuleDeps, depositsRoutes } from './deposits.routes';

export const depositsManifest = {
  name: 'deposits',
  entryKinds: ['deposit'],
  ledgerChecks: depositChecks,
  shortcuts: ['recharge'],
  localeNamespace: 'deposits',
} as const satisfies ModuleManifest;

export function createDepositsModule(deps: DepositsModuleDeps): AppModule {
  return {
    ...depositsManifest,
    routes: depositsRoutes(deps),
  };
}
