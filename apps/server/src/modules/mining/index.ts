/**
 * Mining's public surface (issue 19): lock, cloud and DeFi products on one engine, each paying from
 * its own funded reserve `pool:mining:<id>`; subscriptions reserve their full yield; dividends and
 * the principal at maturity are scheduled work, paid exactly once per order and day.
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import type { Halts } from '../halts';
import type { Ledger } from '../ledger';
import type { Scheduler } from '../schedule';
import { miningChecks } from './mining.checks';
import { miningRoutes } from './mining.routes';
import { createMiningService } from './mining.service';

export const miningManifest = {
  name: 'mining',
  entryKinds: ['mining_dividend', 'mining_penalty', 'mining_reserve_fund'],
  ledgerChecks: miningChecks,
  shortcuts: ['lock_mining', 'finance'],
  localeNamespace: 'mining',
} as const satisfies ModuleManifest;

export async function createMiningModule(deps: {
  /** Demo installations start with one funded product per category. */
  readonly config: { readonly demo: boolean };
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly scheduler: Scheduler;
  readonly halts: Halts;
}): Promise<AppModule> {
  const mining = createMiningService(deps);
  if (deps.config.demo) await mining.seedDemo();
  return { ...miningManifest, routes: miningRoutes(mining) };
}
