import {
  adminMiningFundRoute,
  adminMiningProductSaveRoute,
  adminMiningProductsRoute,
  miningConfigRoute,
  miningOrdersRoute,
  miningRedeemRoute,
  miningSubscribeRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../platform/http/contract-route';
import { requiredUserId } from '../../platform/http/route-policy';
import { staffActorOf } from '../audit';
import type { MiningService } from './mining.service';

/** Lock, cloud and DeFi mining for users (client-contract.md names); products and reserves for staff. */
export function miningRoutes(mining: MiningService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, { tags: ['mining'] });
    const staff = contractRoutes(app, { tags: ['staff: mining'] });

    route.get(
      miningConfigRoute,
      {
        summary: 'Mining products (lock, cloud, DeFi) with their terms and their public reserve',
        description:
          'Each product pays from its own reserve `pool:mining:<id>`: `reserve.balance`, what open orders ' +
          'have `reserved` (their full yield) and what is `available`. `room` is the most one new order can ' +
          'lock now (capacity left, the maximum, and what the reserve still covers); `full` when below the minimum.',
      },
      (request) => mining.config(request.query.category),
    );

    route.get(
      miningOrdersRoute,
      {
        summary: 'The caller’s mining orders, newest first, with their frozen terms and every dividend paid',
      },
      (request) =>
        mining.orders({
          userId: requiredUserId(request),
          page: request.query.page,
          limit: request.query.limit,
        }),
    );

    route.post(
      miningSubscribeRoute,
      {
        summary: 'Subscribe `amount` to product `config_id`: the principal is held, the full yield reserved',
        description:
          'Refused below the minimum, above the maximum, past the capacity, when the reserve cannot cover ' +
          'every dividend of the order (reserve_full), or without the balance. The daily rate, period and ' +
          'penalty rate are frozen on the order. Dividends are paid daily at the dividend time (UTC) and ' +
          'the principal returns with the last one. Honours Idempotency-Key.',
      },
      (request) =>
        mining.subscribe({
          userId: requiredUserId(request),
          productId: request.body.config_id,
          amount: request.body.amount,
        }),
    );

    route.post(
      miningRedeemRoute,
      {
        summary:
          'Redeem an order early: penalty = penalty rate x remaining days x amount, paid to the reserve',
        description:
          'The rest of the principal is released at once; the unearned yield is freed from the reserve.',
      },
      (request) => mining.redeem({ userId: requiredUserId(request), orderId: BigInt(request.body.id) }),
    );

    staff.get(
      adminMiningProductsRoute,
      { summary: 'Every mining product with its reserve, reservations and room (read-only)' },
      () => mining.adminProducts(),
    );

    staff.post(
      adminMiningProductSaveRoute,
      {
        summary: 'Create or change a mining product; changes reach new subscriptions only. Audited',
        description:
          'The currency of an existing product does not change. The daily rate must pay at least one unit on the minimum.',
      },
      (request) => mining.saveProduct(staffActorOf(request), request.body),
    );

    staff.post(
      adminMiningFundRoute,
      { summary: 'Fund a product’s reserve from `house` by a recorded ledger entry. Audited' },
      (request) =>
        mining.fundReserve(staffActorOf(request), {
          productId: request.body.product_id,
          amount: request.body.amount,
        }),
    );
  };
}
