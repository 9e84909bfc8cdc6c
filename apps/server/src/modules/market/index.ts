import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Placeholder until the module lands: registers no routes. */
export function marketRoutes(_deps: unknown): FastifyPluginAsyncZod {
  return async () => {};
}
