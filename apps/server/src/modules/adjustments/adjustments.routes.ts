import {
  adminAdjustmentsDecideRoute,
  adminAdjustmentsGetRoute,
  adminAdjustmentsRequestsRoute,
  adminAdjustmentsRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { contractRoutes } from '../../platform/http/contract-route';
import { twoPersonThreshold } from '../approvals';
import { staffActorOf } from '../audit';
import type { Ledger } from '../ledger';
import type { MarketService } from '../market';
import { createAdjustmentsService } from './adjustments.service';

/** What the adjustments routes need from the app; AppDeps satisfies it. */
export type AdjustmentsModuleDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly prices: Pick<MarketService, 'referencePrice'>;
  readonly config: { readonly twoPersonAboveUsdt: string };
};

const tags = ['staff: balance adjustments'];
/** Finance, and admin (who may call every staff route). */

/** Balance corrections by finance staff: book one, list them. */
export function adjustmentsRoutes(deps: AdjustmentsModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, { tags });
    const adjustments = createAdjustmentsService({
      db: deps.db,
      clock: deps.clock,
      ledger: deps.ledger,
      prices: deps.prices,
      twoPersonAboveMicros: twoPersonThreshold(deps.config.twoPersonAboveUsdt),
    });

    route.post(
      adminAdjustmentsRoute,
      {
        summary:
          'Correct a user’s balance: one ledger transfer with a reason, against the adjustments account',
        description:
          '`amount` is signed at the currency’s scale ("-1.5" debits, "2" credits; never rounded); ' +
          '`account_kind` is legal, change, lever or micro. One `adjustment` entry between the ' +
          'user’s account and the `adjustments` system account (reference `adjustment:<id>`, the ' +
          'reason in its memo) and an audit entry commit together. A debit beyond the available ' +
          'balance answers "Insufficient balance" and changes nothing. Needs an Idempotency-Key ' +
          'header: a retry with the same key and body replays the first reply, another body is ' +
          'refused. Worth more than APPROVAL_TWO_PERSON_ABOVE_USDT (credit or debit, at the ' +
          'reference price; without one, always), nothing is booked yet: the reply is the request ' +
          '(`status` "pending", the caller\'s approval the first) and a second, different staff ' +
          'member approves it with POST /admin/adjustments/decide. At or below it, the reply is ' +
          'the booked adjustment (`status` "booked"). Nobody adjusts an account linked to them.',
      },
      async (request) => {
        const header = request.headers['idempotency-key'];
        const body = request.body;
        return await adjustments.create({
          actor: staffActorOf(request),
          userId: body.user_id,
          currencyId: body.currency_id,
          accountKind: body.account_kind,
          amount: body.amount,
          reason: body.reason,
          idempotencyKey: Array.isArray(header) ? header[0] : header,
        });
      },
    );

    route.get(
      adminAdjustmentsRequestsRoute,
      {
        summary: 'Adjustments waiting for a second approval (or decided ones), 20 a page',
        description:
          'Pending oldest first (the default), approved or rejected newest first. Each lists the ' +
          'approvals of its terms so far (the requester’s is the first).',
      },
      async (request) =>
        await adjustments.requests({ status: request.query.status ?? 'pending', page: request.query.page }),
    );

    route.post(
      adminAdjustmentsDecideRoute,
      {
        summary: 'Approve a pending adjustment (booked once two different staff agree) or reject it',
        description:
          'Approve approves the request’s terms as they are (user, currency, account, signed ' +
          'amount); the requester cannot be the second approver, nor anyone linked to the ' +
          'user. The second approval books the ledger entry and the adjustment in one ' +
          'transaction with its audit entry. Reject needs a `reason` (2-200 characters). A ' +
          'request is decided once.',
      },
      async (request) =>
        await adjustments.decide({
          actor: staffActorOf(request),
          id: request.body.id,
          decision: request.body.decision,
          reason: request.body.reason,
        }),
    );

    route.get(
      adminAdjustmentsGetRoute,
      { summary: 'Balance adjustments, newest first, 20 a page (optionally one user’s)' },
      async (request) => await adjustments.list({ userId: request.query.user_id, page: request.query.page }),
    );
  };
}
