import {
  adminDualFundRoute,
  adminDualOrdersRoute,
  adminDualProductSaveRoute,
  adminDualProductsRoute,
  dualBuyRoute,
  dualDetailRoute,
  dualIndexRoute,
  dualListRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../platform/http/contract-route';
import { requiredUserId } from '../../platform/http/route-policy';
import { staffActorOf } from '../audit';
import type { DualService } from './dual.service';

/** Dual investment for users (client-contract.md names); products, reserves and orders for staff. */
export function dualRoutes(dual: DualService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, { tags: ['dual'] });
    const staff = contractRoutes(app, { tags: ['staff: dual'] });

    route.get(
      dualIndexRoute,
      {
        summary: 'Dual investment products (optionally of one coin, `currency_id`, and `type` call or put)',
        description:
          'Each product pays from its own reserve `pool:dual:<id>`, shown in both currencies of its pair: ' +
          '`balance`, what open orders have `reserved` (both outcomes) and what is `available`. `room_shares` ' +
          'is the most one new order can take now; `full` when below the minimum or `ended`.',
      },
      (request) => dual.index({ currencyId: request.query.currency_id, direction: request.query.type }),
    );

    route.get(dualDetailRoute, { summary: 'One dual investment product with its reserve' }, (request) =>
      dual.detail(request.query.id),
    );

    route.post(
      dualBuyRoute,
      {
        summary: 'Buy `num` whole shares of product `id`: the principal is held, both outcomes reserved',
        description:
          '`currency_id` (when sent) and `type` (default call, as the spec says) must match the product. ' +
          'Refused for a fractional or ' +
          'non-positive `num`, below the minimum, above the maximum, past the shares left, for an ended ' +
          'product, when the reserve cannot cover the worse outcome (reserve_full), or without the ' +
          'balance. Terms are frozen on the order; it settles once at the settlement time on the first ' +
          'recorded tick at or after it (within an hour; otherwise it fails and everything is released). ' +
          'Honours Idempotency-Key.',
      },
      (request) =>
        dual.buy({
          userId: requiredUserId(request),
          productId: request.body.id,
          shares: request.body.num,
          currencyId: request.body.currency_id,
          direction: request.body.type,
        }),
    );

    route.post(
      dualListRoute,
      { summary: 'The caller’s dual orders, newest first, with frozen terms, both outcomes and the receipt' },
      (request) =>
        dual.orders({
          userId: requiredUserId(request),
          page: request.body?.page,
          limit: request.body?.limit,
        }),
    );

    staff.get(
      adminDualProductsRoute,
      { summary: 'Every dual product with its reserve, reservations and room (read-only)' },
      () => dual.adminProducts(),
    );

    staff.post(
      adminDualProductSaveRoute,
      {
        summary: 'Create or change a dual product; changes reach new orders only. Audited',
        description: 'The pair of an existing product does not change.',
      },
      (request) => dual.saveProduct(staffActorOf(request), request.body),
    );

    staff.post(
      adminDualFundRoute,
      {
        summary: 'Fund a product’s reserve (coin or quote) from `house` by a recorded ledger entry. Audited',
      },
      (request) =>
        dual.fundReserve(staffActorOf(request), {
          productId: request.body.product_id,
          currencyId: request.body.currency_id,
          amount: request.body.amount,
        }),
    );

    staff.get(adminDualOrdersRoute, { summary: 'Every dual order, newest first (read-only)' }, (request) =>
      dual.adminOrders({ page: request.query.page, limit: request.query.limit }),
    );
  };
}
