import {
  apiReply,
  exchangeBodySchema,
  exchangeListBodySchema,
  exchangeListReplySchema,
  exchangeQuoteBodySchema,
  exchangeQuoteReplySchema,
  exchangeReplySchema,
  spotCancelBodySchema,
  spotDepthLevelsDefault,
  spotDepthQuerySchema,
  spotDepthSchema,
  spotMarketsReplySchema,
  spotOrderDetailReplySchema,
  spotOrderListQuerySchema,
  spotOrderListReplySchema,
  spotOrderQuerySchema,
  spotOrderSchema,
  spotRecentTradesDefault,
  spotTradeBodySchema,
  spotTradesQuerySchema,
  spotTradesReplySchema,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import { policies, requiredUserId, signedInUserId } from '../../platform/http/route-policy';
import type { SpotExchange } from './spot.service';

const tags = ['spot'];
const exchangeTags = ['exchange'];
const session = [{ session: [] }];

/** The spot exchange's HTTP surface (shapes in packages/contract/src/spot.ts). */
export function spotHttpRoutes(spot: SpotExchange): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/coin/markets',
      {
        config: { policy: policies.public },
        schema: {
          tags,
          summary:
            'The spot pairs: tick and lot sizes, maker and taker fee rates, price band, reference price',
          querystring: z.strictObject({}),
          response: { 200: apiReply(spotMarketsReplySchema) },
        },
      },
      async () => ok(spot.marketsView()),
    );

    app.post(
      '/coin/trade',
      {
        config: { policy: policies.user, moneyMoving: true },
        schema: {
          tags,
          summary: 'Place a limit order (with target_price) or a market order (without)',
          description:
            '`type` 1 buy, 2 sell. A limit order must be on tick and lot and within the pair’s price band ' +
            'around the reference price; a market order is immediate-or-cancel with the band edge as its ' +
            'protection limit. A buy holds price x amount + fee (quote), a sell the amount (base). The reply ' +
            'comes after the order and its fills are committed. Honours Idempotency-Key.',
          security: session,
          body: spotTradeBodySchema,
          response: { 200: apiReply(spotOrderSchema) },
        },
      },
      async (request) => {
        const { body } = request;
        return ok(
          await spot.place({
            userId: requiredUserId(request),
            symbol: spot.symbolOf(body.currency_id, body.legal_id),
            side: body.type,
            price: body.target_price ?? null,
            amount: body.amount,
            timeInForce: body.time_in_force ?? 'gtc',
            idempotencyKey: request.idempotencyKey,
          }),
        );
      },
    );

    app.post(
      '/coin/cancel',
      {
        config: { policy: policies.user, moneyMoving: true },
        schema: {
          tags,
          summary: 'Cancel one of the caller’s open orders; exactly the unfilled rest is released',
          security: session,
          body: spotCancelBodySchema,
          response: { 200: apiReply(spotOrderSchema) },
        },
      },
      async (request) => ok(await spot.cancel(requiredUserId(request), request.body.id)),
    );

    app.get(
      '/coin/list',
      {
        config: { policy: policies.user },
        schema: {
          tags,
          summary: 'The caller’s orders: doing (open) or complete, newest first, 10 per page',
          security: session,
          querystring: spotOrderListQuerySchema,
          response: { 200: apiReply(spotOrderListReplySchema) },
        },
      },
      async (request) =>
        ok(
          await spot.list({
            userId: requiredUserId(request),
            status: request.query.status,
            page: request.query.page,
            limit: request.query.limit,
            currencyId: request.query.currency_id,
            legalId: request.query.legal_id,
          }),
        ),
    );

    app.get(
      '/coin/order',
      {
        config: { policy: policies.user },
        schema: {
          tags,
          summary: 'One of the caller’s orders with its fills (each citing its reference tick)',
          security: session,
          querystring: spotOrderQuerySchema,
          response: { 200: apiReply(spotOrderDetailReplySchema) },
        },
      },
      async (request) => ok(await spot.detail(requiredUserId(request), request.query.id)),
    );

    app.get(
      '/coin/depth',
      {
        config: { policy: policies.public },
        schema: {
          tags,
          summary: 'The order book of a pair: price levels, best first (20 by default)',
          querystring: spotDepthQuerySchema,
          response: { 200: apiReply(spotDepthSchema) },
        },
      },
      async (request) => ok(spot.depth(request.query.symbol, request.query.limit ?? spotDepthLevelsDefault)),
    );

    app.get(
      '/coin/trades',
      {
        config: { policy: policies.public },
        schema: {
          tags,
          summary: 'Recent public trades of a pair, newest first',
          querystring: spotTradesQuerySchema,
          response: { 200: apiReply(spotTradesReplySchema) },
        },
      },
      async (request) =>
        ok(await spot.recentTrades(request.query.symbol, request.query.limit ?? spotRecentTradesDefault)),
    );

    app.post(
      '/user/getTransferList',
      {
        config: { policy: policies.public },
        schema: {
          tags: exchangeTags,
          summary: 'Quick exchange directions (each a pair’s book), with the caller’s available balance',
          body: exchangeListBodySchema.optional(),
          response: { 200: apiReply(exchangeListReplySchema) },
        },
      },
      async (request) => ok(await spot.exchangeDirections(signedInUserId(request))),
    );

    app.post(
      '/user/getTransferFee',
      {
        config: { policy: policies.public },
        schema: {
          tags: exchangeTags,
          summary: 'The expected rate, fee and amount received for an exchange, from the current book',
          body: exchangeQuoteBodySchema,
          response: { 200: apiReply(exchangeQuoteReplySchema) },
        },
      },
      async (request) =>
        ok(
          spot.exchangeQuote({
            userId: signedInUserId(request),
            fromCurrencyId: request.body.from_currency_id,
            toCurrencyId: request.body.to_currency_id,
            number: request.body.number,
          }),
        ),
    );

    app.post(
      '/user/Transfer',
      {
        config: { policy: policies.user, moneyMoving: true },
        schema: {
          tags: exchangeTags,
          summary: 'Exchange now: a market order through the pair’s book',
          description:
            '`number` is in the from currency. Buying the base with the quote, the amount is what the ' +
            'budget buys from the book (fee included) when the order runs; selling the base, `number` ' +
            'must be on the lot. `min_receive` refuses the exchange when less would arrive. When the ' +
            'book cannot fill all of `number` within the price band, the exchange is refused and ' +
            'nothing moves ("Only part of this amount can be exchanged now"), unless `allow_partial` ' +
            'is "1": then what the book holds is exchanged and the reply says `partial: true`, with ' +
            'the rest (`unfilled`) left in the account. Honours Idempotency-Key.',
          security: session,
          body: exchangeBodySchema,
          response: { 200: apiReply(exchangeReplySchema) },
        },
      },
      async (request) =>
        ok(
          await spot.exchange({
            userId: requiredUserId(request),
            fromCurrencyId: request.body.from_currency_id,
            toCurrencyId: request.body.to_currency_id,
            number: request.body.number,
            minReceive: request.body.min_receive,
            allowPartial: request.body.allow_partial ?? false,
            idempotencyKey: request.idempotencyKey,
          }),
        ),
    );
  };
}
