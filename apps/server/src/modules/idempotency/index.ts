/**
 * Idempotency-Key on every money-moving POST (routes with `config.moneyMoving`). Same key and
 * body: the stored reply, once more; another body: refused; still running: a conflict. The key
 * also reaches the service as `request.idempotencyKey`, which books it on the ledger entry, whose
 * unique (user, key) index keeps even a request retried after a crash from booking twice.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { createStatementBatcher } from '../../platform/db/statement-batcher';
import { AppError } from '../../platform/http/app-error';
import { signedInUserId } from '../../platform/http/route-policy';
import {
  canonicalJson,
  decideExistingKey,
  idempotencyAbandonedAfterMs,
  isValidIdempotencyKey,
} from './idempotency.domain';
import {
  claimKeys,
  completeKeys,
  forgetKey,
  type KeyClaim,
  type KeyCompletion,
  storedKey,
  takeOverKey,
} from './idempotency.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key of a money-moving request, once this request holds it. */
    idempotencyKey: string | undefined;
  }
}

const headerName = 'idempotency-key';

export const idempotencyManifest = { name: 'idempotency' } as const satisfies ModuleManifest;

/** Installs the Idempotency-Key hooks on the whole app, for every route marked moneyMoving. */
export function createIdempotencyModule(deps: { readonly db: Database; readonly clock: Clock }): AppModule {
  return { ...idempotencyManifest, install: (app) => installIdempotency(app, deps) };
}

function installIdempotency(
  app: FastifyInstance,
  deps: { readonly db: Database; readonly clock: Clock },
): void {
  const { db, clock } = deps;
  app.decorateRequest('idempotencyKey', undefined);
  // Claims and replies of concurrent requests share one statement each way (see statement-batcher).
  const claim = createStatementBatcher<KeyClaim, boolean>((claims) => claimKeys(db, claims, clock.now()));
  const complete = createStatementBatcher<KeyCompletion, void>(async (completions) => {
    await completeKeys(db, completions, clock.now());
    return completions.map(() => undefined);
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.moneyMoving) return;
    const header = request.headers[headerName];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (typeof key !== 'string' || !isValidIdempotencyKey(key))
      throw new AppError('errors.idempotency_key_invalid');
    const userId = signedInUserId(request);
    if (userId === null) return;
    const id = { userId, key };
    const requestHash = createHash('sha256')
      .update(
        `${request.method} ${request.routeOptions.url}\n${canonicalJson(request.query)}\n${canonicalJson(request.body)}`,
      )
      .digest('hex');
    const now = clock.now();
    if (!(await claim({ ...id, requestHash }))) {
      const stored = await storedKey(db, id);
      if (!stored) throw new AppError('errors.idempotency_in_flight');
      const decision = decideExistingKey(stored, requestHash, now);
      switch (decision.kind) {
        case 'reused':
          throw new AppError('errors.idempotency_key_reused');
        case 'in_flight':
          throw new AppError('errors.idempotency_in_flight');
        case 'replay':
          reply.header('idempotent-replayed', 'true');
          return reply.send(decision.reply);
        case 'take_over': {
          const staleBefore = new Date(now.getTime() - idempotencyAbandonedAfterMs);
          if (!(await takeOverKey(db, id, staleBefore, now)))
            throw new AppError('errors.idempotency_in_flight');
          break;
        }
        default:
          return decision satisfies never;
      }
    }
    request.idempotencyKey = key;
  });

  // A reply the user saw is kept for replays; a crash-like failure frees the key for a retry.
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    const userId = signedInUserId(request);
    if (key === undefined || userId === null) return payload;
    request.idempotencyKey = undefined;
    if (reply.statusCode === 200 && typeof payload === 'string') {
      await complete({ userId, key, reply: JSON.parse(payload) });
    } else {
      await forgetKey(db, { userId, key });
    }
    return payload;
  });

  app.addHook('onError', async (request, _reply, error) => {
    const key = request.idempotencyKey;
    const userId = signedInUserId(request);
    if (key === undefined || userId === null || error instanceof AppError) return;
    request.idempotencyKey = undefined;
    await forgetKey(db, { userId, key });
  });
}
