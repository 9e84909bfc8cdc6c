import { adminContentSpotFeesRoute, adminContentSpotFeesUpdateRoute } from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../audit';
import type { SpotFees } from './spot.fees.service';

/** The spot fee rates in force and their changes (admin only: they move money). */
export function spotStaffRoutes(fees: SpotFees): FastifyPluginAsyncZod {
  return async (app) => {
    const staff = staffRoutes(app, { tags: ['staff: instruments and fees'] });

    staff.read(
      adminContentSpotFeesRoute,
      {
        summary: 'Maker and taker fee rates and price band each spot pair trades under now.',
      },
      () => fees.spotFees(),
    );

    staff.write(
      adminContentSpotFeesUpdateRoute,
      {
        summary: "Set a spot pair's maker and taker fee rates for orders placed from now on.",
        description:
          'Each order keeps the rates its hold was sized with: resting orders are not affected. ' +
          'Rates are fractions ("0.001" = 0.1 %), at least 0 and below 0.5.',
      },
      (actor, body) => fees.setFeeRates(actor, body),
    );
  };
}
