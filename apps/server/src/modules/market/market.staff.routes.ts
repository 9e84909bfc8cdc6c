import {
  adminContentInstrumentsCreateRoute,
  adminContentInstrumentsPauseRoute,
  adminContentInstrumentsResumeRoute,
  adminContentInstrumentsRoute,
  adminContentInstrumentsUpdateRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../audit';
import type { InstrumentCommands } from './market.instruments.service';

/** Instruments (list, add, display fields, pause, resume) for admins. */
export function marketStaffRoutes(instruments: InstrumentCommands): FastifyPluginAsyncZod {
  return async (app) => {
    // Admin only: instruments move money and trading.
    const staff = staffRoutes(app, { tags: ['staff: instruments and fees'] });

    staff.read(
      adminContentInstrumentsRoute,
      {
        summary: 'Every instrument, trading or paused, in list order.',
      },
      () => instruments.list(),
    );

    staff.write(
      adminContentInstrumentsCreateRoute,
      {
        summary: 'Add an instrument on the simulated feed; it trades in the market lists at once.',
        description:
          'The reference price must lie on the tick grid and price_decimals cover the tick. A spot ' +
          'instrument whose base and quote are ledger currencies gets its spot pair and order book at ' +
          'once (fees 0.1 % until an admin changes them, band 10 %).',
      },
      (actor, body) => instruments.create(actor, body),
    );

    staff.write(
      adminContentInstrumentsUpdateRoute,
      {
        summary: 'Change display fields (price decimals, trading hours, list order).',
      },
      (actor, body) => instruments.update(actor, body),
    );

    staff.write(
      adminContentInstrumentsPauseRoute,
      {
        summary: 'Pause an instrument: it leaves the quotes, shows paused, new spot orders are refused.',
        description: 'Open orders stay and may be cancelled.',
      },
      (actor, body) => instruments.pause(actor, body.id),
    );

    staff.write(
      adminContentInstrumentsResumeRoute,
      {
        summary: 'Resume a paused instrument.',
      },
      (actor, body) => instruments.resume(actor, body.id),
    );
  };
}
