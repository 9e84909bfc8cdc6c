import {
  adminOptionPoolFundRoute,
  adminOptionTermsRoute,
  adminOptionTermUpdateRoute,
  optionListRoute,
  optionPayableCurrenciesRoute,
  optionPoolRoute,
  optionReceiptRoute,
  optionResultRoute,
  optionSecondsRoute,
  optionSubmitRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../platform/http/contract-route';
import { requiredUserId } from '../../platform/http/route-policy';
import { staffActorOf } from '../audit';
import type { OptionsService } from './options.service';

/** The microtrade calls of client-contract.md, the public pool and receipts, and the console's terms. */
export function optionsRoutes(options: OptionsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, { tags: ['seconds options'] });
    const staff = contractRoutes(app, { tags: ['staff: seconds options'] });

    route.get(
      optionPayableCurrenciesRoute,
      { summary: 'The currencies a stake can be paid in, with the caller’s available options balance.' },
      (request) => options.payableCurrencies(requiredUserId(request)),
    );

    route.get(
      optionSecondsRoute,
      {
        summary: 'The durations offered, each with its profit rate, stake limits and break-even win rate.',
        description: 'Of one pair with `match_id`. A win pays the stake plus stake x profit_rate.',
      },
      (request) => options.terms(request.query.match_id),
    );

    route.post(
      optionSubmitRoute,
      {
        summary: 'Open an up (type 1) or down (type 2) order; the stake is held on the options account.',
        description:
          'The open price is the recorded tick in force at acceptance; expiry is acceptance time + ' +
          '`seconds` to the millisecond; the close price is the first recorded tick at or after ' +
          'expiry. Refused when the options pool could not pay the worst case. Honours Idempotency-Key.',
      },
      (request) =>
        options.submit({
          userId: requiredUserId(request),
          matchId: request.body.match_id,
          currencyId: request.body.currency_id,
          type: request.body.type,
          seconds: request.body.seconds,
          number: request.body.number,
        }),
    );

    route.get(
      optionListRoute,
      { summary: 'The caller’s orders, newest first, 5 a page (status 1 in progress, 3 settled).' },
      (request) =>
        options.list({
          userId: requiredUserId(request),
          matchId: request.query.match_id,
          status: request.query.status,
          page: request.query.page,
          limit: request.query.limit,
        }),
    );

    route.get(
      optionResultRoute,
      { summary: 'One of the caller’s orders with its receipt (open and close ticks, rule, payout).' },
      (request) => options.result(requiredUserId(request), request.query.id),
    );

    route.get(
      optionReceiptRoute,
      {
        summary: 'Any order’s receipt with every recorded tick from its open to its close.',
        description: 'Anyone can recompute the outcome from these ticks with the published rule.',
      },
      (request) => options.receipt(request.query.id),
    );

    route.get(
      optionPoolRoute,
      { summary: 'The options pool per currency: balance, worst-case exposure of open orders, cap.' },
      () => options.pools(),
    );

    staff.get(adminOptionTermsRoute, { summary: 'Seconds options terms per pair and duration.' }, () =>
      options.allTerms(),
    );

    staff.post(
      adminOptionTermUpdateRoute,
      {
        summary: 'Set one duration of one pair for new orders (rate, stake limits, on or off). Audited.',
        description: 'Open orders keep the rate they were accepted with.',
      },
      (request) => options.setTerm(staffActorOf(request), request.body),
    );

    staff.post(
      adminOptionPoolFundRoute,
      { summary: 'Move funds from the house account into the options pool. Audited ledger entry.' },
      (request) => options.fundPool(staffActorOf(request), request.body),
    );
  };
}
