import type { ClientToServerEvents, ServerToClientEvents, SessionEndReason } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Clock } from '../clock';
/** Who a socket speaks for once it has presented a session token (`auth`). */
export type SocketSession = {
  readonly userId: number;
  /** Identifies the session (its token hash), so ending one session reaches only its sockets. */
  readonly sessionKey: string;
};
export type SocketData = {
  session?: SocketSession;
  authAttempts?: number;
};
type InterServerEvents = {};
export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
/** Turns a presented token into a socket session, or null when it is not a live session. */
export type SocketAuthenticator = (token: string) => Promise<SocketSession | null>;
/** A socket may present tokens this often; a client needs one, a reconnect one more. */
export declare const socketAuthAttemptsMax = 10;
declare module 'fastify' {
  interface FastifyInstance {
    io: SocketServer;
  }
}
/** The private room of one user: pushes for that user go here. */
export declare function userRoom(userId: number): string;
/**
 * Socket.IO on the same HTTP server at /socket.io. Compression is off so a broadcast frame is
 * built once for every receiver (performance.md, target 6).
 */
export declare function installSocketServer(app: FastifyInstance, clock: Clock): SocketServer;
/**
 * Answers `auth {token}`: a live session joins the user's room and is remembered on the socket;
 * anything else leaves the socket anonymous. Replies `auth:result {ok}` either way.
 */
export declare function installSocketAuth(io: SocketServer, authenticate: SocketAuthenticator): void;
/**
 * Tells the sockets of an ended session (or, without `sessionKey`, of every session of the user)
 * why, then disconnects them.
 */
export declare function endSessionSockets(
  io: SocketServer,
  ended: {
    userId: number;
    sessionKey?: string;
    reason: SessionEndReason;
  },
): Promise<number>;
