import {
  currencyNewTimesharRoute,
  currencyQuotationNewRoute,
  marketHistoryStatusRoute,
  marketInstrumentsRoute,
  marketTickRoute,
  optionalAddRoute,
  optionalDelRoute,
  optionalListRoute,
  tickChainRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../platform/http/contract-route';
import { requiredUserId } from '../../platform/http/route-policy';
import type { MarketService } from './market.service';

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

    route.get(
      currencyQuotationNewRoute,
      {
        summary:
          '24 h statistics and the last recorded tick of every trading instrument (refreshed each second)',
      },
      async () => market.quotes(),
    );

    route.get(
      currencyNewTimesharRoute,
      {
        summary:
          'Candles whose open time is in [from, to] (unix seconds), oldest first, the open one included; ' +
          'at most 1000: a wider range returns its newest 1000. Symbols match case-insensitively.',
      },
      async (request) => await market.candles(request.query),
    );

    route.get(
      marketInstrumentsRoute,
      { summary: 'Every instrument, trading or paused, in display order' },
      async () => market.instruments(),
    );

    route.get(
      marketTickRoute,
      { summary: 'A recorded price tick, the evidence fills and settlements cite' },
      async (request) => await market.tick(request.query.id),
    );

    route.post(
      optionalAddRoute,
      {
        summary:
          'Adds an instrument (currency_id = instrument id) to the favourites; idempotent; replies with the list',
      },
      async (request) => {
        const userId = requiredUserId(request);
        await market.addFavourite(userId, request.body.currency_id);
        return await market.favourites(userId);
      },
    );

    route.post(
      optionalDelRoute,
      {
        summary:
          'Removes an instrument (id = instrument id) from the favourites; idempotent; replies with the list',
      },
      async (request) => {
        const userId = requiredUserId(request);
        await market.removeFavourite(userId, request.body.id);
        return await market.favourites(userId);
      },
    );

    route.get(
      optionalListRoute,
      { summary: 'The caller’s favourite instruments, in the order added' },
      async (request) => await market.favourites(requiredUserId(request)),
    );
  };
}
