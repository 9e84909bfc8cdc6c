import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

export function newRequestId(): string {
  return randomUUID();
}

/**
 * The process's logger, made before the app so modules built by the composition root log through
 * the same one: request ids on every line (Fastify adds them), secrets never written.
 */
export function createLogger(level: string): FastifyBaseLogger {
  return pino({
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  });
}
