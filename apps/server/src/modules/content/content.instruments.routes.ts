import {
  adminIdBodySchema,
  adminInstrumentCreateBodySchema,
  adminInstrumentListReplySchema,
  adminInstrumentSchema,
  adminInstrumentUpdateBodySchema,
  adminNoParamsSchema,
  adminSpotFeesListReplySchema,
  adminSpotFeesSchema,
  adminSpotFeesUpdateBodySchema,
  adminWithdrawalFeesSchema,
  adminWithdrawalFeeUpdateBodySchema,
  adminWithdrawalLimitUpdateBodySchema,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { DatabaseHandle } from '../../platform/db/database';
import { staffRoutes } from '../audit';
import { marketServiceFor } from '../market';
import { spotServiceFor } from '../spot';
import { createContentFeesService } from './content.fees.service';
import { createContentInstrumentsService } from './content.instruments.service';

/**
 * Instruments (list, add, display fields, pause, resume) and the fee and limit figures in force,
 * for admins. Market and spot services are looked up per request: they belong to their modules,
 * registered after this one.
 */
export function contentInstrumentRoutes(deps: {
  readonly database: DatabaseHandle;
  readonly clock: Clock;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const db = deps.database.db;
    const market = () => marketServiceFor(deps);
    const spot = () => spotServiceFor(deps);
    const instruments = createContentInstrumentsService({ db, clock: deps.clock, market, spot });
    const fees = createContentFeesService({ db, clock: deps.clock, market, spot });
    // Admin only: instruments, fees and limits move money and trading.
    const staff = staffRoutes(app, { tags: ['staff: instruments and fees'], roles: ['admin'] });

    staff.read(
      '/admin/content/instruments',
      {
        summary: 'Every instrument, trading or paused, in list order.',
        query: adminNoParamsSchema,
        reply: adminInstrumentListReplySchema,
      },
      () => instruments.list(),
    );

    staff.write(
      '/admin/content/instruments/create',
      {
        summary: 'Add an instrument on the simulated feed; it trades in the market lists at once.',
        description:
          'The reference price must lie on the tick grid and price_decimals cover the tick. A spot ' +
          'instrument whose base and quote are ledger currencies gets its spot pair and order book at ' +
          'once (fees 0.1 % until an admin changes them, band 10 %).',
        body: adminInstrumentCreateBodySchema,
        reply: adminInstrumentSchema,
      },
      (actor, body) => instruments.create(actor, body),
    );

    staff.write(
      '/admin/content/instruments/update',
      {
        summary: 'Change display fields (price decimals, trading hours, list order).',
        body: adminInstrumentUpdateBodySchema,
        reply: adminInstrumentSchema,
      },
      (actor, body) => instruments.update(actor, body),
    );

    staff.write(
      '/admin/content/instruments/pause',
      {
        summary: 'Pause an instrument: it leaves the quotes, shows paused, new spot orders are refused.',
        description: 'Open orders stay and may be cancelled.',
        body: adminIdBodySchema,
        reply: adminInstrumentSchema,
      },
      (actor, body) => instruments.pause(actor, body.id),
    );

    staff.write(
      '/admin/content/instruments/resume',
      {
        summary: 'Resume a paused instrument.',
        body: adminIdBodySchema,
        reply: adminInstrumentSchema,
      },
      (actor, body) => instruments.resume(actor, body.id),
    );

    staff.read(
      '/admin/content/spot-fees',
      {
        summary: 'Maker and taker fee rates and price band each spot pair trades under now.',
        query: adminNoParamsSchema,
        reply: adminSpotFeesListReplySchema,
      },
      () => fees.spotFees(),
    );

    staff.write(
      '/admin/content/spot-fees/update',
      {
        summary: "Set a spot pair's maker and taker fee rates for orders placed from now on.",
        description:
          'Each order keeps the rates its hold was sized with: resting orders are not affected. ' +
          'Rates are fractions ("0.001" = 0.1 %), at least 0 and below 0.5.',
        body: adminSpotFeesUpdateBodySchema,
        reply: adminSpotFeesSchema,
      },
      (actor, body) => fees.setSpotFees(actor, body),
    );

    staff.read(
      '/admin/content/withdrawal-fees',
      {
        summary: 'Withdrawal minimum and fee per currency, and the 24-hour limit per level.',
        query: adminNoParamsSchema,
        reply: adminWithdrawalFeesSchema,
      },
      () => fees.withdrawalTerms(),
    );

    staff.write(
      '/admin/content/withdrawal-fees/update',
      {
        summary: "Set a currency's withdrawal minimum and fee for requests from now on.",
        description: 'Amounts in the currency, at most its decimals. Pending requests keep their fee.',
        body: adminWithdrawalFeeUpdateBodySchema,
        reply: adminWithdrawalFeesSchema,
      },
      (actor, body) => fees.setWithdrawalFee(actor, body),
    );

    staff.write(
      '/admin/content/withdrawal-limits/update',
      {
        summary: "Set a verification level's rolling 24-hour withdrawal limit (BTC equivalent).",
        description:
          'Applies to requests from now on; each request records the limit it was checked against.',
        body: adminWithdrawalLimitUpdateBodySchema,
        reply: adminWithdrawalFeesSchema,
      },
      (actor, body) => fees.setWithdrawalLimit(actor, body),
    );
  };
}
