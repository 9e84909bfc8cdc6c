import {
  coinCancelRoute,
  coinDepthRoute,
  coinListRoute,
  coinMarketsRoute,
  coinOrderRoute,
  coinTradeRoute,
  coinTradesRoute,
  spotDepthLevelsDefault,
  spotRecentTradesDefault,
  userGetTransferFeeRoute,
  userGetTransferListRoute,
  userTransferRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../platform/http/contract-route';
import { requiredUserId, signedInUserId } from '../../platform/http/route-policy';
import type { SpotExchange } from './spot.service';

const tags = ['spot'];
const exchangeTags = ['exchange'];

/** The spot exchange's HTTP surface (shapes in packages/contract/src/spot.ts). */
export function spotHttpRoutes(spot: SpotExchange): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, { tags });
    const exchangeRoute = contractRoutes(app, { tags: exchangeTags });
    route.get(
      coinMarketsRoute,
      {
        summary: 'The spot pairs: tick and lot sizes, maker and taker fee rates, price band, reference price',
      },
      () => spot.marketsView(),
    );

    route.post(
      coinTradeRoute,
      {
        summary: 'Place a limit order (with target_price) or a market order (without)',
        description:
          '`type` 1 buy, 2 sell. A limit order must be on tick and lot and within the pair’s price band ' +
          'around the reference price; a market order is immediate-or-cancel with the band edge as its ' +
          'protection limit. A buy holds price x amount + fee (quote), a sell the amount (base). The reply ' +
          'comes after the order and its fills are committed. Honours Idempotency-Key.',
      },
      async (request) => {
        const { body } = request;
        return await spot.place({
          userId: requiredUserId(request),
          symbol: spot.symbolOf(body.currency_id, body.legal_id),
          side: body.type,
          price: body.target_price ?? null,
          amount: body.amount,
          timeInForce: body.time_in_force ?? 'gtc',
          idempotencyKey: request.idempotencyKey,
        });
      },
    );

    route.post(
      coinCancelRoute,
      { summary: 'Cancel one of the caller’s open orders; exactly the unfilled rest is released' },
      async (request) => await spot.cancel(requiredUserId(request), request.body.id),
    );

    route.get(
      coinListRoute,
      { summary: 'The caller’s orders: doing (open) or complete, newest first, 10 per page' },
      async (request) =>
        await spot.list({
          userId: requiredUserId(request),
          status: request.query.status,
          page: request.query.page,
          limit: request.query.limit,
          currencyId: request.query.currency_id,
          legalId: request.query.legal_id,
        }),
    );

    route.get(
      coinOrderRoute,
      { summary: 'One of the caller’s orders with its fills (each citing its reference tick)' },
      async (request) => await spot.detail(requiredUserId(request), request.query.id),
    );

    route.get(
      coinDepthRoute,
      { summary: 'The order book of a pair: price levels, best first (20 by default)' },
      async (request) => spot.depth(request.query.symbol, request.query.limit ?? spotDepthLevelsDefault),
    );

    route.get(
      coinTradesRoute,
      { summary: 'Recent public trades of a pair, newest first' },
      async (request) =>
        await spot.recentTrades(request.query.symbol, request.query.limit ?? spotRecentTradesDefault),
    );

    exchangeRoute.post(
      userGetTransferListRoute,
      { summary: 'Quick exchange directions (each a pair’s book), with the caller’s available balance' },
      (request) => spot.exchangeDirections(signedInUserId(request)),
    );

    exchangeRoute.post(
      userGetTransferFeeRoute,
      { summary: 'The expected rate, fee and amount received for an exchange, from the current book' },
      async (request) =>
        spot.exchangeQuote({
          userId: signedInUserId(request),
          fromCurrencyId: request.body.from_currency_id,
          toCurrencyId: request.body.to_currency_id,
          number: request.body.number,
        }),
    );

    exchangeRoute.post(
      userTransferRoute,
      {
        summary: 'Exchange now: a market order through the pair’s book',
        description:
          '`number` is in the from currency. Buying the base with the quote, the amount is what the ' +
          'budget buys from the book (fee included) when the order runs; selling the base, `number` ' +
          'must be on the lot. `min_receive` refuses the exchange when less would arrive. When the ' +
          'book cannot fill all of `number` within the price band, the exchange is refused and ' +
          'nothing moves ("Only part of this amount can be exchanged now"), unless `allow_partial` ' +
          'is "1": then what the book holds is exchanged and the reply says `partial: true`, with ' +
          'the rest (`unfilled`) left in the account. Honours Idempotency-Key.',
      },
      async (request) =>
        await spot.exchange({
          userId: requiredUserId(request),
          fromCurrencyId: request.body.from_currency_id,
          toCurrencyId: request.body.to_currency_id,
          number: request.body.number,
          minReceive: request.body.min_receive,
          allowPartial: request.body.allow_partial ?? false,
          idempotencyKey: request.idempotencyKey,
        }),
    );
  };
}
