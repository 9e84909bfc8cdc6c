import { haltListRoute, haltResumeRoute } from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../platform/http/contract-route';
import { staffActorOf } from '../audit';
import type { Halts } from './halts.service';

/** What is halted (every staff role reads the dashboard), and resuming it (admin). */
export function haltsRoutes(halts: Halts): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, { tags: ['staff: halts'] });

    route.get(
      haltListRoute,
      {
        summary: 'Open halts (pairs or products stopped by a broken invariant) and recently resumed ones.',
        description:
          'A money path that found one of its invariants broken stops its pair or product: new ' +
          'business there is refused with a clear message until staff resume it. `reason` and ' +
          '`context` say what was found.',
      },
      () => halts.list(),
    );

    route.post(
      haltResumeRoute,
      {
        summary: 'Resume a halted pair or product once the cause is understood.',
        description:
          'Its owner rebuilds what it holds in memory from the database first (a spot pair its ' +
          'book); then it accepts new business again. Audited.',
      },
      (request) => halts.resume(staffActorOf(request), request.body.scope),
    );
  };
}
