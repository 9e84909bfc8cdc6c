/**
 * Demo mode's outbox shows each browser only its own messages. A browser is known by an HttpOnly
 * cookie set when it first asks for a code (32 random bytes); the database keeps its sha-256 on
 * the codes and messages, never the cookie itself.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const visitorCookieName = 'fairex_outbox';
const visitorTokenPattern = /^[A-Za-z0-9_-]{43}$/;
const visitorCookieMaxAgeSeconds = 30 * 24 * 60 * 60;

function visitorHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function visitorTokenOf(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    const token = value.join('=');
    if (name === visitorCookieName && visitorTokenPattern.test(token)) return token;
  }
  return null;
}

/** The visitor (hashed) this request comes from; null for a browser that has asked for nothing. */
export function visitorOf(request: FastifyRequest): string | null {
  const token = visitorTokenOf(request);
  return token === null ? null : visitorHash(token);
}

/** The visitor of this request, giving the browser its cookie first if it has none. */
export function ensureVisitor(request: FastifyRequest, reply: FastifyReply): string {
  const existing = visitorTokenOf(request);
  if (existing !== null) return visitorHash(existing);
  const token = randomBytes(32).toString('base64url');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${visitorCookieName}=${token}; Path=/api; Max-Age=${visitorCookieMaxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`,
  );
  return visitorHash(token);
}
