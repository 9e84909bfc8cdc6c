import {
  adminWithdrawalsDecideRoute,
  adminWithdrawalsRoute,
  userWithdrawCancelRoute,
  userWithdrawInfoRoute,
  userWithdrawListRoute,
  walletOutRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../platform/http/contract-route';
import { requiredUserId } from '../../platform/http/route-policy';
import { staffActorOf } from '../audit';
import type { WithdrawalsService } from './withdrawals.service';

const userTags = ['withdrawals'];
const staffTags = ['staff: withdrawals'];

/** Requests, cancellation and the log for users; the queue and decisions for the finance team. */
export function withdrawalsRoutes(withdrawals: WithdrawalsService): FastifyPluginAsyncZod {
  return async (app) => {
    const staffRoute = contractRoutes(app, { tags: staffTags });
    const route = contractRoutes(app, { tags: userTags });
    route.get(
      userWithdrawInfoRoute,
      {
        summary: 'What the withdrawal form needs: currencies (minimum, fee, available) and the 24-hour limit',
        description:
          'Per currency its scale, chains, minimum and fee, and the caller’s available spot balance; ' +
          'the caller’s level, 24-hour limit (BTC equivalent: Lv1 200, Lv2 500, unverified 0), what ' +
          'pending and approved requests of the last 24 hours use of it, and what remains.',
      },
      async (request) => await withdrawals.info(requiredUserId(request)),
    );

    route.post(
      walletOutRoute,
      {
        summary: 'Request a withdrawal to a saved address or the bank card; amount + fee is held',
        description:
          '`number` is what the user receives; the currency’s fee is added on top and amount + fee ' +
          'is held on the spot account until staff decide or the user cancels. Needs Lv1 (998 ' +
          'otherwise), the payment password and a `withdraw` code (POST /sms_mail or /sms_send with ' +
          'scene=withdraw). The 24-hour limit is measured as BTC equivalent at the reference price ' +
          'at request time. Honours Idempotency-Key. Replies the stored request.',
      },
      async (request) => {
        const { body } = request;
        return await withdrawals.request({
          userId: requiredUserId(request),
          currency: body.currency,
          number: body.number,
          chain: body.chain,
          addressId: body.address_id,
          address: body.address,
          bankCardId: body.bank_card_id,
          payPassword: body.pay_password,
          code: body.code,
          idempotencyKey: request.idempotencyKey,
        });
      },
    );

    route.post(
      userWithdrawCancelRoute,
      { summary: 'Cancel one of the caller’s pending withdrawals; the held funds are released' },
      async (request) => await withdrawals.cancel({ userId: requiredUserId(request), id: request.body.id }),
    );

    route.get(
      userWithdrawListRoute,
      { summary: 'The caller’s withdrawals, newest first, 10 per page' },
      async (request) =>
        await withdrawals.list({
          userId: requiredUserId(request),
          page: request.query.page,
          limit: request.query.limit,
        }),
    );

    staffRoute.get(
      adminWithdrawalsRoute,
      { summary: 'Withdrawal queue: pending oldest first (default), decided newest first, 10 per page' },
      async (request) =>
        await withdrawals.queue({
          status: request.query.status,
          page: request.query.page,
          userId: request.query.user_id,
        }),
    );

    staffRoute.post(
      adminWithdrawalsDecideRoute,
      {
        summary: 'Approve (pay out of the hold, queue the payout) or reject with a reason; once per request',
      },
      async (request) =>
        await withdrawals.decide({
          actor: staffActorOf(request),
          id: request.body.id,
          decision: request.body.decision,
          reason: request.body.reason,
        }),
    );
  };
}
