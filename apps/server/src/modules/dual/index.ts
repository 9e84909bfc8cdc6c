/**
 * Dual investment's public surface (issue 19): fixed-term products on a pair, each paying from its
 * own funded reserve `pool:dual:<id>` (an account per currency of the pair); an order reserves
 * both of its outcomes and settles exactly once at its settlement time on the recorded tick.
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import type { Halts } from '../halts';
import type { Ledger } from '../ledger';
import type { MarketService } from '../market';
import type { Scheduler } from '../schedule';
import { dualChecks } from './dual.checks';
import { dualRoutes } from './dual.routes';
import { createDualService } from './dual.service';

export const dualManifest = {
  name: 'dual',
  entryKinds: ['dual_principal', 'dual_payout', 'dual_reserve_fund'],
  ledgerChecks: dualChecks,
  localeNamespace: 'dual',
} as const satisfies ModuleManifest;

export async function createDualModule(deps: {
  /** Demo installations start with a few funded products. */
  readonly config: { readonly demo: boolean };
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly market: MarketService;
  readonly scheduler: Scheduler;
  readonly halts: Halts;
}): Promise<AppModule> {
  const dual = createDualService(deps);
  if (deps.config.demo) await dual.seedDemo();
  return { ...dualManifest, routes: dualRoutes(dual) };
}
