/**
 * IEO token launches' public surface: projects (staff create them; the token a new ledger
 * currency, its issuance minted), subscriptions that hold the payment, and the allocation and lock
 * release run once each by the schedule module. Its ledger checks: 5 (holds match what is open)
 * and 6 (each subscription settles once; the issuance is conserved).
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import type { Halts } from '../halts';
import type { Ledger } from '../ledger';
import { createInstrumentCommands, type MarketService } from '../market';
import type { Scheduler } from '../schedule';
import { ieoChecks } from './ieo.checks';
import { ieoRoutes } from './ieo.routes';
import { createIeoService } from './ieo.service';

export const ieoManifest = {
  name: 'ieo',
  entryKinds: ['ieo_mint', 'ieo_purchase', 'ieo_allocation', 'ieo_listing'],
  ledgerChecks: ieoChecks,
  shortcuts: ['ieo'],
  localeNamespace: 'ieo',
} as const satisfies ModuleManifest;

export function createIeoModule(deps: {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly scheduler: Scheduler;
  readonly halts: Halts;
  readonly market: MarketService;
  /** The house market maker's user, or null when the maker is off. */
  readonly marketMakerUser: (() => Promise<number>) | null;
}): AppModule {
  const instruments = createInstrumentCommands({ db: deps.db, clock: deps.clock, market: deps.market });
  const ieo = createIeoService({ ...deps, instruments });
  return { ...ieoManifest, routes: ieoRoutes(ieo) };
}
