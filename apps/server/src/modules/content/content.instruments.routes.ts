import {
  type AdminSpotFees,
  type AdminWithdrawalFees,
  adminIdBodySchema,
  adminInstrumentCreateBodySchema,
  adminInstrumentListReplySchema,
  adminInstrumentSchema,
  adminInstrumentUpdateBodySchema,
  adminNoParamsSchema,
  adminSpotFeesListReplySchema,
  adminWithdrawalFeesSchema,
  apiReply,
} from '@fairex/contract';
import { fromScaledBigint } from '@fairex/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { DatabaseHandle } from '../../platform/db/database';
import { ok } from '../../platform/http/reply';
import { policies } from '../../platform/http/route-policy';
import { staffActorOf } from '../audit';
import { listCurrencies } from '../ledger';
import { marketServiceFor } from '../market';
import { spotServiceFor } from '../spot';
import { createContentInstrumentsService } from './content.instruments.service';

const tags = ['staff: instruments and fees'];
const session = [{ session: [] }];
/** Admin only: instruments, fees and limits move money and trading. */
const adminPolicy = { policy: policies.staff('admin') };

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
    const instruments = createContentInstrumentsService({ db, clock: deps.clock, market });

    app.get(
      '/admin/content/instruments',
      {
        config: adminPolicy,
        schema: {
          tags,
          summary: 'Every instrument, trading or paused, in list order. Role: admin.',
          security: session,
          querystring: adminNoParamsSchema,
          response: { 200: apiReply(adminInstrumentListReplySchema) },
        },
      },
      async () => ok(await instruments.list()),
    );

    app.post(
      '/admin/content/instruments/create',
      {
        config: adminPolicy,
        schema: {
          tags,
          summary:
            'Add an instrument on the simulated feed; it trades in the market lists at once. Role: admin.',
          description:
            'The reference price must lie on the tick grid and price_decimals cover the tick. A new spot ' +
            'instrument gets its spot pair (fees, band) when the server next starts.',
          security: session,
          body: adminInstrumentCreateBodySchema,
          response: { 200: apiReply(adminInstrumentSchema) },
        },
      },
      async (request) => ok(await instruments.create(staffActorOf(request), request.body)),
    );

    app.post(
      '/admin/content/instruments/update',
      {
        config: adminPolicy,
        schema: {
          tags,
          summary: 'Change display fields (price decimals, trading hours, list order). Role: admin.',
          security: session,
          body: adminInstrumentUpdateBodySchema,
          response: { 200: apiReply(adminInstrumentSchema) },
        },
      },
      async (request) => ok(await instruments.update(staffActorOf(request), request.body)),
    );

    app.post(
      '/admin/content/instruments/pause',
      {
        config: adminPolicy,
        schema: {
          tags,
          summary:
            'Pause an instrument: it leaves the quotes, shows paused, new spot orders are refused. Role: admin.',
          description: 'Open orders stay and may be cancelled.',
          security: session,
          body: adminIdBodySchema,
          response: { 200: apiReply(adminInstrumentSchema) },
        },
      },
      async (request) => ok(await instruments.pause(staffActorOf(request), request.body.id)),
    );

    app.post(
      '/admin/content/instruments/resume',
      {
        config: adminPolicy,
        schema: {
          tags,
          summary: 'Resume a paused instrument. Role: admin.',
          security: session,
          body: adminIdBodySchema,
          response: { 200: apiReply(adminInstrumentSchema) },
        },
      },
      async (request) => ok(await instruments.resume(staffActorOf(request), request.body.id)),
    );

    app.get(
      '/admin/content/spot-fees',
      {
        config: adminPolicy,
        schema: {
          tags,
          summary: 'Maker and taker fee rates and price band each spot pair trades under now. Role: admin.',
          description: 'Read-only: see adminSpotFeesSchema in the contract for why.',
          security: session,
          querystring: adminNoParamsSchema,
          response: { 200: apiReply(adminSpotFeesListReplySchema) },
        },
      },
      async () => {
        const byKey = new Map(
          market()
            .instruments()
            .map((instrument) => [instrument.symbol, instrument.id]),
        );
        const list: AdminSpotFees[] = spotServiceFor(deps)
          .marketsView()
          .map((pair) => ({
            instrument_id: byKey.get(pair.symbol) ?? 0,
            symbol: pair.symbol,
            maker_fee_rate: pair.maker_fee_rate,
            taker_fee_rate: pair.taker_fee_rate,
            price_band: pair.price_band,
            status: pair.status,
          }));
        return ok(list);
      },
    );

    app.get(
      '/admin/content/withdrawal-fees',
      {
        config: adminPolicy,
        schema: {
          tags,
          summary: 'Withdrawal minimum and fee per currency (read-only). Role: admin.',
          security: session,
          querystring: adminNoParamsSchema,
          response: { 200: apiReply(adminWithdrawalFeesSchema) },
        },
      },
      async () => {
        const reply: AdminWithdrawalFees = {
          currencies: (await listCurrencies(db)).map((currency) => ({
            currency_id: currency.id,
            code: currency.code,
            withdraw_min: fromScaledBigint(currency.withdrawMin, currency.scale),
            withdraw_fee: fromScaledBigint(currency.withdrawFee, currency.scale),
          })),
          editable: false,
        };
        return ok(reply);
      },
    );
  };
}
