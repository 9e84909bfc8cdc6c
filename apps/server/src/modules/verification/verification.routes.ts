import {
  adminVerificationsDecideRoute,
  adminVerificationsRoute,
  realStateRoute,
  userRealRoute,
} from '@fairex/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { platformErrors } from '../../platform/http/app-error';
import { contractRoutes } from '../../platform/http/contract-route';
import { userRoom } from '../../platform/realtime/socket-server';
import { staffActorOf } from '../audit';
import { createVerificationService } from './verification.service';

/** What the verification routes need from the app; AppDeps satisfies it. */
export type VerificationModuleDeps = {
  readonly db: Database;
  readonly clock: Clock;
};

const userTags = ['identity verification'];
const staffTags = ['staff: identity verification'];

function userIdOf(request: FastifyRequest): number {
  const principal = request.principal;
  if (principal?.kind !== 'user') throw platformErrors.sessionInvalid();
  return principal.userId;
}

/** The user's verification (Lv1, Lv2) and the compliance team's review queue. */
export function verificationRoutes(deps: VerificationModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const staffRoute = contractRoutes(app, { tags: staffTags });
    const route = contractRoutes(app, { tags: userTags });
    const verification = createVerificationService({ db: deps.db, clock: deps.clock });

    route.get(
      realStateRoute,
      {
        summary: 'Verification level, whether email or phone is bound, and the state of Lv1 and Lv2',
        description:
          'Each level is `unverified`, `pending` (under review), `verified`, or `rejected` with the ' +
          'reviewer’s reason (the user may submit again).',
      },
      async (request) => await verification.realState(userIdOf(request)),
    );

    route.post(
      userRealRoute,
      {
        summary: 'Submit Lv1 (real_type 1: id_type, name, card_id) or Lv2 (real_type 2: ID photos)',
        description:
          'Lv1 needs an email or phone bound first; Lv2 needs Lv1 verified, and two different ' +
          'images the caller uploaded (POST /upload paths), which become private: only the owner ' +
          'and compliance staff can read them. One request per level may be under review. ' +
          'Replies the new state, as GET /real/state.',
      },
      async (request) => {
        const body = request.body;
        const submission =
          body.real_type === 1
            ? { level: 1 as const, idType: body.id_type, name: body.name, cardId: body.card_id }
            : { level: 2 as const, frontPic: body.front_pic, reversePic: body.reverse_pic };
        return await verification.submit({ userId: userIdOf(request), submission });
      },
    );

    staffRoute.get(
      adminVerificationsRoute,
      { summary: 'The review queue: 10 per page, pending oldest first (default), decided newest first' },
      async (request) =>
        await verification.queue({ status: request.query.status ?? 'pending', page: request.query.page }),
    );

    staffRoute.post(
      adminVerificationsDecideRoute,
      { summary: 'Approve (raises the user’s level) or reject with a reason; each request is decided once' },
      async (request) => {
        const body = request.body;
        const decision =
          body.decision === 'approve'
            ? { id: body.id, decision: 'approve' as const }
            : { id: body.id, decision: 'reject' as const, reason: body.reason };
        const decided = await verification.decide({ actor: staffActorOf(request), decision });
        // After the commit: the user's open screens refresh their state without a reload.
        if (decided.status !== 'pending') {
          app.io
            .to(userRoom(decided.user_id))
            .emit('verification:changed', { level: decided.level, status: decided.status });
        }
        return decided;
      },
    );
  };
}
