import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';

/** Placeholder until the module lands: registers no routes. */
export function uploadRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
