/**
 * Contract trading on perpetuals and stocks (issue 17): positions against the house pool
 * `pool:contracts`, the trigger engine on recorded ticks, overnight fees through the schedule
 * module, receipts, and the lever API.
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import type { Halts } from '../halts';
import type { Ledger } from '../ledger';
import type { MarketService } from '../market';
import type { Scheduler } from '../schedule';
import { contractsChecks } from './contracts.checks';
import { installContractsRealtime } from './contracts.realtime';
import { contractsRoutes } from './contracts.routes';
import { type ContractsLogger, createContractsService } from './contracts.service';

export const contractsManifest = {
  name: 'contracts',
  entryKinds: [
    'contract_fee',
    'contract_pnl',
    'contract_overnight',
    'contract_liquidation',
    'contract_pool_funding',
  ],
  accountKinds: ['lever'],
  ledgerChecks: contractsChecks,
  shortcuts: ['futures'],
  localeNamespace: 'contracts',
} as const satisfies ModuleManifest;

export async function createContractsModule(deps: {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly market: MarketService;
  readonly halts: Halts;
  readonly scheduler: Scheduler;
  readonly logger: ContractsLogger;
}): Promise<AppModule> {
  const contracts = createContractsService(deps);
  await contracts.init();
  return {
    ...contractsManifest,
    routes: contractsRoutes(contracts),
    realtime: (io) => installContractsRealtime(io, contracts),
    close: () => contracts.stop(),
  };
}
