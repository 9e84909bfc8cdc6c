import {
  apiReply,
  candlesQuerySchema,
  candlesReplySchema,
  favouriteAddBodySchema,
  favouriteDelBodySchema,
  favouritesReplySchema,
  instrumentsReplySchema,
  marketHistoryStatusRoute,
  quotationReplySchema,
  tickChainRoute,
  tickQuerySchema,
  tickSchema,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractRoutes } from '../../platform/http/contract-route';
import { ok } from '../../platform/http/reply';
import { policies, requiredUserId } from '../../platform/http/route-policy';
import type { MarketService } from './market.service';

const noParams = z.strictObject({});
const publicRoute = { policy: policies.public };
const userRoute = { policy: policies.user };
const session = [{ session: [] }];
const tags = ['market'];

/** Quotes, candles, instruments, recorded ticks and the caller's favourites. */
export function marketHttpRoutes(market: MarketService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, { tags });

    route.get(
      marketHistoryStatusRoute,
      {
        summary: 'How far the candle history of a fresh install has come',
        description:
          'A first start answers at once and generates 30 days of history for each simulated ' +
          'instrument in the background; `instruments` is how many it prepares, `prepared` how many ' +
          'are done. Charts fill in as it goes; `ready` once all are done (and on every later start).',
      },
      () => {
        const status = market.historyStatus();
        return { ...status, ready: status.prepared >= status.instruments };
      },
    );

    route.get(
      tickChainRoute,
      {
        summary: 'The head of each instrument’s hash-chained tick history (published every second)',
        description:
          'Each recorded tick stores sha256 of the previous tick’s hash and its own fields; ' +
          '`npm run ticks:verify` walks the chains. Receipts cite the ticks’ hashes.',
      },
      () => market.tickChainHeads(),
    );

    app.get(
      '/currency/quotation_new',
      {
        config: publicRoute,
        schema: {
          tags,
          summary:
            '24 h statistics and the last recorded tick of every trading instrument (refreshed each second)',
          querystring: noParams,
          response: { 200: apiReply(quotationReplySchema) },
        },
      },
      async () => ok(market.quotes()),
    );

    app.get(
      '/currency/new_timeshar',
      {
        config: publicRoute,
        schema: {
          tags,
          summary:
            'Candles whose open time is in [from, to] (unix seconds), oldest first, the open one included; ' +
            'at most 1000: a wider range returns its newest 1000. Symbols match case-insensitively.',
          querystring: candlesQuerySchema,
          response: { 200: apiReply(candlesReplySchema) },
        },
      },
      async (request) => ok(await market.candles(request.query)),
    );

    app.get(
      '/market/instruments',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Every instrument, trading or paused, in display order',
          querystring: noParams,
          response: { 200: apiReply(instrumentsReplySchema) },
        },
      },
      async () => ok(market.instruments()),
    );

    app.get(
      '/market/tick',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'A recorded price tick, the evidence fills and settlements cite',
          querystring: tickQuerySchema,
          response: { 200: apiReply(tickSchema) },
        },
      },
      async (request) => ok(await market.tick(request.query.id)),
    );

    app.post(
      '/optional/add',
      {
        config: userRoute,
        schema: {
          tags,
          security: session,
          summary:
            'Adds an instrument (currency_id = instrument id) to the favourites; idempotent; replies with the list',
          body: favouriteAddBodySchema,
          response: { 200: apiReply(favouritesReplySchema) },
        },
      },
      async (request) => {
        const userId = requiredUserId(request);
        await market.addFavourite(userId, request.body.currency_id);
        return ok(await market.favourites(userId));
      },
    );

    app.post(
      '/optional/del',
      {
        config: userRoute,
        schema: {
          tags,
          security: session,
          summary:
            'Removes an instrument (id = instrument id) from the favourites; idempotent; replies with the list',
          body: favouriteDelBodySchema,
          response: { 200: apiReply(favouritesReplySchema) },
        },
      },
      async (request) => {
        const userId = requiredUserId(request);
        await market.removeFavourite(userId, request.body.id);
        return ok(await market.favourites(userId));
      },
    );

    app.get(
      '/optional/list',
      {
        config: userRoute,
        schema: {
          tags,
          security: session,
          summary: 'The caller’s favourite instruments, in the order added',
          querystring: noParams,
          response: { 200: apiReply(favouritesReplySchema) },
        },
      },
      async (request) => ok(await market.favourites(requiredUserId(request))),
    );
  };
}
