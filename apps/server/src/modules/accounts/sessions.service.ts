import type { SessionEndReason } from '@fairex/contract';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { createStatementBatcher } from '../../platform/db/statement-batcher';
import type { Principal, SessionResolver } from '../../platform/http/route-policy';
import type { SocketSession } from '../../platform/realtime/socket-server';
import { sessionExpiry } from './accounts.domain';
import {
  findLiveSession,
  findLiveSessions,
  insertSession,
  revokeSession,
  revokeUserSessions,
} from './accounts.repository';
import { newSessionToken, sessionTokenHash } from './accounts.secrets';

/** Where ended sessions are announced: the socket server disconnects their sockets. */
export type SessionEvents = {
  ended(ended: { userId: number; sessionKey?: string; reason: SessionEndReason }): Promise<void>;
};

export const noSessionEvents: SessionEvents = { ended: async () => undefined };

/**
 * Starts a session and answers its token: 32 random bytes (base64url), stored only as a SHA-256
 * hash, valid one day or 30 days with "stay logged in".
 */
export async function issueSession(
  db: Database,
  params: { userId: number; stayLoggedIn: boolean; clock: Clock; clientAddress: string },
): Promise<string> {
  const token = newSessionToken();
  const now = params.clock.now();
  await insertSession(db, {
    tokenHash: sessionTokenHash(token),
    userId: params.userId,
    stayLoggedIn: params.stayLoggedIn,
    createdAt: now,
    expiresAt: sessionExpiry(now, params.stayLoggedIn),
    clientAddress: params.clientAddress,
  });
  return token;
}

/** The live session a token belongs to; null for unknown, revoked, expired or frozen. */
export async function resolveSessionToken(
  db: Database,
  params: { token: string; clock: Clock },
): Promise<(SocketSession & { verificationLevel: number }) | null> {
  const sessionKey = sessionTokenHash(params.token);
  const live = await findLiveSession(db, sessionKey, params.clock.now());
  return live ? { userId: live.userId, sessionKey, verificationLevel: live.verificationLevel } : null;
}

/**
 * The platform's SessionResolver over user_sessions: the one main.ts wires into the app. Every
 * request reads its session from the database (a logout, a freeze or a new verification level
 * counts at once: nothing is cached), but lookups arriving together share one statement
 * (platform/db/statement-batcher.ts). Under load this turns one round trip per request into one
 * per batch, and the pool stays free for the order path.
 */
export function createSessionResolver(deps: { db: Database; clock: Clock }): SessionResolver {
  const lookUp = createStatementBatcher<string, Principal | null>(async (hashes) => {
    const live = await findLiveSessions(deps.db, [...new Set(hashes)], deps.clock.now());
    return hashes.map((hash) => {
      const session = live.get(hash);
      return session
        ? { kind: 'user', userId: session.userId, verificationLevel: session.verificationLevel }
        : null;
    });
  });
  return { resolve: (token) => lookUp(sessionTokenHash(token)) };
}

/** Ends the session of this token; null when it was not live. */
export async function endSession(
  db: Database,
  params: { token: string; clock: Clock },
): Promise<(SocketSession & { userId: number }) | null> {
  const sessionKey = sessionTokenHash(params.token);
  const ended = await revokeSession(db, sessionKey, params.clock.now());
  return ended ? { userId: ended.userId, sessionKey } : null;
}

/** Ends every session of a user (password changed or reset). */
export async function endUserSessions(
  db: Database,
  params: { userId: number; clock: Clock },
): Promise<number> {
  return revokeUserSessions(db, params.userId, params.clock.now());
}
