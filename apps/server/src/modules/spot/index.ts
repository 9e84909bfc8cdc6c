/**
 * The spot exchange's public surface: createSpotModule builds the service (pairs, one actor per
 * pair), its routes (orders, book, trades, quick exchange; staff fee rates), the realtime
 * fan-out, the house market maker as a job, and the ledger checks it contributes (5: held =
 * open orders; 6: each hold resolves once, each trade is booked once).
 */

import type { AppModule, BackgroundJob, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import type { Halts } from '../halts';
import type { Ledger } from '../ledger';
import type { MarketService } from '../market';
import { spotChecks } from './spot.checks';
import { createSpotFeesService } from './spot.fees.service';
import { createMarketMaker, type MarketMakerConfig, type MarketMakerLogger } from './spot.market-maker';
import { installSpotRealtime } from './spot.realtime';
import { spotHttpRoutes } from './spot.routes';
import { createSpotService, type SpotExchange } from './spot.service';
import { spotStaffRoutes } from './spot.staff.routes';

/** The maker's user: an IEO listing funds its inventory of the new token there. */
export { ensureMarketMakerUser } from './spot.market-maker';
/** @public */
export type { SpotExchange } from './spot.service';
/** @public */
export type * from './spot.service.types';

export type SpotModuleDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly market: MarketService;
  readonly halts: Halts;
  readonly logger: MarketMakerLogger & { error(object: object, message: string): void };
  /** The house market maker (SPOT_MARKET_MAKER; on in demo); null: the books trade without it. */
  readonly marketMaker: MarketMakerConfig | null;
};

/** Loads the pairs and rebuilds every book from the open orders, before the server answers. */
export const spotManifest = {
  name: 'spot',
  entryKinds: ['trade', 'trade_fee', 'exchange'],
  accountKinds: ['change'],
  ledgerChecks: spotChecks,
  shortcuts: ['exchange', 'quick_buy'],
  localeNamespace: 'spot',
} as const satisfies ModuleManifest;

export async function createSpotModule(
  deps: SpotModuleDeps,
): Promise<{ readonly spot: SpotExchange; readonly module: AppModule }> {
  const { db, clock, ledger, market, halts, logger } = deps;
  const spot = createSpotService({ db, clock, ledger, market, halts, logger });
  await spot.init();
  // A spot instrument staff add trades at once: its pair and book open with the change.
  market.onInstrumentsChanged(async (change) => {
    if ('created' in change) await spot.reload();
  });
  const fees = createSpotFeesService({ db, clock, spot });

  const jobs: BackgroundJob[] = [];
  if (deps.marketMaker) {
    const maker = createMarketMaker({ spot, market, db, clock, ledger, config: deps.marketMaker, logger });
    jobs.push({
      name: 'spot market maker',
      start: () =>
        maker.start().catch((error: unknown) => {
          logger.error({ err: error }, 'the market maker could not start; the books stay without it');
        }),
      stop: () => maker.stop(),
    });
  }

  return {
    spot,
    module: {
      ...spotManifest,
      routes: async (app) => {
        await app.register(spotHttpRoutes(spot));
        await app.register(spotStaffRoutes(fees));
      },
      // Depth and trades conflated per pair; a user's orders and balances after each commit.
      realtime: (io) => installSpotRealtime(io, spot),
      jobs,
      close: () => spot.stop(),
    },
  };
}
