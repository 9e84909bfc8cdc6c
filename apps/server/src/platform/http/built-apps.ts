import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * How long a browser may keep a built file. Vite names every file under `assets/` by a hash of
 * its content, so a new build has new names and those files never change: cached for a year.
 * Everything else (index.html, icons) keeps its name across builds and is revalidated each time,
 * so a deployment reaches users on their next visit.
 */
export function cacheControlFor(filePath: string): string {
  return /[\\/]assets[\\/]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves a built front end (apps/web at /, apps/admin at /admin/) when its build exists: the
 * brotli or gzip copy that `scripts/precompress.mjs` wrote when the browser accepts it, with the
 * cache policy above.
 */
export async function serveBuiltApp(
  app: FastifyInstance,
  options: { root: string; prefix?: string; decorateReply?: boolean },
): Promise<boolean> {
  if (!existsSync(options.root)) return false;
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: options.prefix ?? '/',
    decorateReply: options.decorateReply ?? true,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });
  return true;
}
