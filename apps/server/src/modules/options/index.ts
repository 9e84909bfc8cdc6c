/**
 * Seconds options (issue 18): fixed-term up or down orders on recorded ticks, paid by the
 * visible `pool:options`, settled once at expiry by the schedule module.
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import type { Halts } from '../halts';
import type { Ledger } from '../ledger';
import type { MarketService } from '../market';
import type { Scheduler } from '../schedule';
import { optionsRoutes } from './options.routes';
import { createOptionsService, optionsExpiryKind } from './options.service';

export const optionsManifest = {
  name: 'options',
  entryKinds: ['option_win', 'option_loss', 'option_pool_funding'],
  accountKinds: ['micro'],
  shortcuts: ['options'],
  localeNamespace: 'options',
} as const satisfies ModuleManifest;

export async function createOptionsModule(deps: {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly market: MarketService;
  readonly scheduler: Scheduler;
  readonly halts: Halts;
}): Promise<AppModule> {
  const options = createOptionsService(deps);
  await options.seedTerms();
  deps.scheduler.handle(optionsExpiryKind, options.settle);
  return { ...optionsManifest, routes: optionsRoutes(options) };
}
