import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

export function newRequestId(): string {
  return randomUUID();
}

/** pino options: request ids on every line, secrets never written. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  };
}
