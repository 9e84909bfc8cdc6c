import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';

/** Placeholder until the module lands: registers no routes. */
export function contentRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}

export async function seedDemoContent(_db: unknown, _clock: unknown): Promise<void> {}
