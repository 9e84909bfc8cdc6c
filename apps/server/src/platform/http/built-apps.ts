import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

/**
 * The CSP source expressions ('sha256-...') of the inline scripts in the built apps' index.html
 * (the web's early-preload script), so the content security policy allows exactly those and no
 * other inline script. Folders without a build give none.
 */
export function inlineScriptHashes(roots: readonly string[]): string[] {
  const hashes: string[] = [];
  for (const root of roots) {
    let html: string;
    try {
      html = readFileSync(path.join(root, 'index.html'), 'utf8');
    } catch {
      continue;
    }
    for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      const body = match[1] ?? '';
      if (body.trim() === '') continue;
      hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return hashes;
}
