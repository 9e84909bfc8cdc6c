import {
  adjustmentBodySchema,
  adjustmentListQuerySchema,
  adjustmentListReplySchema,
  adjustmentSchema,
  apiReply,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { ok } from '../../platform/http/reply';
import { policies } from '../../platform/http/route-policy';
import { staffActorOf } from '../audit';
import type { Ledger } from '../ledger';
import { createAdjustmentsService } from './adjustments.service';

/** What the adjustments routes need from the app; AppDeps satisfies it. */
export type AdjustmentsModuleDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
};

const tags = ['staff: balance adjustments'];
const session = [{ session: [] }];
/** Finance, and admin (who may call every staff route). */
const adjustmentsPolicy = policies.staff('finance');

/** Balance corrections by finance staff: book one, list them. */
export function adjustmentsRoutes(deps: AdjustmentsModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const adjustments = createAdjustmentsService({ db: deps.db, clock: deps.clock, ledger: deps.ledger });

    app.post(
      '/admin/adjustments',
      {
        config: { policy: adjustmentsPolicy, moneyMoving: true },
        schema: {
          tags,
          summary:
            'Correct a user’s balance: one ledger transfer with a reason, against the adjustments account',
          description:
            '`amount` is signed at the currency’s scale ("-1.5" debits, "2" credits; never rounded); ' +
            '`account_kind` is legal, change, lever or micro. One `adjustment` entry between the ' +
            'user’s account and the `adjustments` system account (reference `adjustment:<id>`, the ' +
            'reason in its memo) and an audit entry commit together. A debit beyond the available ' +
            'balance answers "Insufficient balance" and changes nothing. Needs an Idempotency-Key ' +
            'header: a retry with the same key and body replays the first reply, another body is refused.',
          security: session,
          body: adjustmentBodySchema,
          response: { 200: apiReply(adjustmentSchema) },
        },
      },
      async (request) => {
        const header = request.headers['idempotency-key'];
        const body = request.body;
        return ok(
          await adjustments.create({
            actor: staffActorOf(request),
            userId: body.user_id,
            currencyId: body.currency_id,
            accountKind: body.account_kind,
            amount: body.amount,
            reason: body.reason,
            idempotencyKey: Array.isArray(header) ? header[0] : header,
          }),
        );
      },
    );

    app.get(
      '/admin/adjustments',
      {
        config: { policy: adjustmentsPolicy },
        schema: {
          tags,
          summary: 'Balance adjustments, newest first, 20 a page (optionally one user’s)',
          security: session,
          querystring: adjustmentListQuerySchema,
          response: { 200: apiReply(adjustmentListReplySchema) },
        },
      },
      async (request) =>
        ok(await adjustments.list({ userId: request.query.user_id, page: request.query.page })),
    );
  };
}
