import {
  adminIeoProjectCreateRoute,
  adminIeoProjectListRoute,
  adminIeoProjectsRoute,
  ieoAllocationInputsRoute,
  ieoMyOrdersRoute,
  ieoOrderRoute,
  ieoProjectDetailRoute,
  ieoProjectListRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../platform/http/contract-route';
import { requiredUserId } from '../../platform/http/route-policy';
import { staffActorOf } from '../audit';
import type { IeoService } from './ieo.service';

/** Projects and subscriptions for users; project creation and the overview for staff (admin). */
export function ieoRoutes(ieo: IeoService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, { tags: ['ieo'] });
    const staff = contractRoutes(app, { tags: ['staff: ieo'] });

    route.get(
      ieoProjectListRoute,
      {
        summary: 'IEO projects, newest first, with their state from the clock and live figures',
        description:
          'State: warmup before `starts_at`, in_progress until `ends_at`, finished from then on. ' +
          '`applications` counts subscriptions; `passes` (those that got tokens) is set by the allocation.',
      },
      (request) => ieo.list({ page: request.query.page, limit: request.query.limit, locale: request.locale }),
    );

    route.get(
      ieoProjectDetailRoute,
      { summary: 'One IEO project: terms, prices per payable currency, figures and links' },
      (request) => ieo.detail(request.query.project_id, request.locale),
    );

    route.get(
      ieoAllocationInputsRoute,
      {
        summary: 'The public inputs of the allocation: the issuance and every subscription (id, amount)',
        description:
          'Anyone can recompute the allocation with the published rule (largest remainders, ties to ' +
          'the lower id) and check a receipt. No route sets an allocation: it runs once at `ends_at`.',
      },
      (request) => ieo.allocationInputs(request.query.project_id),
    );

    route.post(
      ieoOrderRoute,
      {
        summary: 'Subscribe: `amount` tokens paid in `pay_currency` at `price`; the payment is held',
        description:
          'The payment (amount x price, rounded up to the payable currency’s unit) is held on the spot ' +
          'account until the allocation, which charges the allocated part and releases the rest. Refused ' +
          'outside the subscription window, below the minimum, past the per-user maximum (all of the ' +
          'caller’s subscriptions together), in a currency the project does not take, at a price other ' +
          'than the project’s, or without the balance. Honours Idempotency-Key.',
      },
      (request) =>
        ieo.subscribe({
          userId: requiredUserId(request),
          projectId: request.body.project_id,
          amount: request.body.amount,
          payCurrency: request.body.pay_currency,
          price: request.body.price,
        }),
    );

    route.get(
      ieoMyOrdersRoute,
      { summary: 'The caller’s subscriptions, newest first: allocation, charge, refund and release' },
      (request) =>
        ieo.myOrders({
          userId: requiredUserId(request),
          page: request.query.page,
          limit: request.query.limit,
        }),
    );

    staff.get(
      adminIeoProjectsRoute,
      { summary: 'Every IEO project with its state, applications and allocation result (read-only)' },
      () => ieo.adminList(),
    );

    staff.post(
      adminIeoProjectCreateRoute,
      {
        summary: 'Create an IEO project: the token becomes a ledger currency, its issuance is minted',
        description:
          'The whole issuance is minted into the issuance account `pool:ieo:<id>` by a recorded entry; ' +
          'the allocation is scheduled at `ends_at`. Terms cannot be changed afterwards. Audited.',
      },
      (request) => ieo.createProject(staffActorOf(request), request.body),
    );

    staff.post(
      adminIeoProjectListRoute,
      {
        summary: 'List the token: open its spot pair on a staff-set reference, quoted by the market maker',
        description:
          'From `listing_at` on, once. The market module adds `<symbol>/USDT` on the reference price, ' +
          'recorded as the pair’s first tick (source "reference"); the spot module opens the pair; ' +
          '`maker_inventory` tokens move from the issuance account `pool:ieo:<id>` (what the allocation ' +
          'left) to the market maker by the entry `ieo:<id>:listing`. Audited.',
      },
      (request) => ieo.listToken(staffActorOf(request), request.body),
    );
  };
}
