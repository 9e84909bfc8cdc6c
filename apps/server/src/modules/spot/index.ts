/**
 * The spot exchange's public surface: the routes (orders, book, trades, quick exchange), the one
 * service per database (the market maker and the realtime fan-out use it), the ledger checks it
 * contributes (5: held = open orders; 6: each hold resolves once, each trade is booked once).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { DatabaseHandle } from '../../platform/db/database';
import { spotHttpRoutes } from './spot.routes';
import { spotServiceFor } from './spot.service';

export { spotChecks } from './spot.checks';
export { parseFeeRate, rateText } from './spot.domain';
export { installSpotRealtime } from './spot.realtime';
export { setSpotFeeRates } from './spot.repository';
/** @public */
export { type SpotExchange, spotServiceFor } from './spot.service';
/** @public */
export type * from './spot.service.types';

/** What the spot routes need from the app; AppDeps satisfies it. */
export type SpotModuleDeps = { readonly database: DatabaseHandle; readonly clock: Clock };

/** Loads the pairs and rebuilds every book (after the market module seeded its instruments). */
export function spotRoutes(deps: SpotModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The first caller makes the service of this database: here, with the app's logger.
    const spot = spotServiceFor({ ...deps, logger: app.log });
    await spot.init();
    app.addHook('onClose', async () => spot.stop());
    await app.register(spotHttpRoutes(spot));
  };
}
