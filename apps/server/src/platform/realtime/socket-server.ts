import type { ClientToServerEvents, ServerToClientEvents, SessionEndReason } from '@fairex/contract';
import { socketAuthSchema, socketPath } from '@fairex/contract';
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

// biome-ignore lint/complexity/noBannedTypes: Socket.IO's own default for "no server-to-server events".
type InterServerEvents = {};

export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** Turns a presented token into a socket session, or null when it is not a live session. */
export type SocketAuthenticator = (token: string) => Promise<SocketSession | null>;

/** A socket may present tokens this often; a client needs one, a reconnect one more. */
export const socketAuthAttemptsMax = 10;

declare module 'fastify' {
  interface FastifyInstance {
    io: SocketServer;
  }
}

/** The private room of one user: pushes for that user go here. */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}

/**
 * Socket.IO on the same HTTP server at /socket.io. Compression is off so a broadcast frame is
 * built once for every receiver (performance.md, target 6).
 */
export function installSocketServer(app: FastifyInstance, clock: Clock): SocketServer {
  const io: SocketServer = new Server(app.server, {
    path: socketPath,
    serveClient: false,
    perMessageDeflate: false,
    httpCompression: false,
    transports: ['websocket', 'polling'],
  });
  io.on('connection', (socket) => {
    socket.emit('server:hello', { serverTime: clock.now().getTime() });
  });
  app.decorate('io', io);
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  return io;
}

/**
 * Answers `auth {token}`: a live session joins the user's room and is remembered on the socket;
 * anything else leaves the socket anonymous. Replies `auth:result {ok}` either way.
 */
export function installSocketAuth(io: SocketServer, authenticate: SocketAuthenticator): void {
  io.on('connection', (socket) => {
    socket.on('auth', async (payload: unknown) => {
      const attempts = (socket.data.authAttempts ?? 0) + 1;
      socket.data.authAttempts = attempts;
      const parsed = socketAuthSchema.safeParse(payload);
      if (!parsed.success || attempts > socketAuthAttemptsMax) {
        socket.emit('auth:result', { ok: false });
        return;
      }
      const previous = socket.data.session;
      if (previous) {
        await socket.leave(userRoom(previous.userId));
        socket.data.session = undefined;
      }
      let session: SocketSession | null = null;
      try {
        session = await authenticate(parsed.data.token);
        if (session) {
          socket.data.session = session;
          await socket.join(userRoom(session.userId));
          // The session may have ended while we joined; a second look closes that gap.
          if (!(await authenticate(parsed.data.token))) {
            await socket.leave(userRoom(session.userId));
            socket.data.session = undefined;
            session = null;
          }
        }
      } catch {
        session = null;
        socket.data.session = undefined;
      }
      if (socket.connected) socket.emit('auth:result', { ok: session !== null });
    });
  });
}

/**
 * Tells the sockets of an ended session (or, without `sessionKey`, of every session of the user)
 * why, then disconnects them.
 */
export async function endSessionSockets(
  io: SocketServer,
  ended: { userId: number; sessionKey?: string; reason: SessionEndReason },
): Promise<number> {
  const sockets = await io.in(userRoom(ended.userId)).fetchSockets();
  let count = 0;
  for (const socket of sockets) {
    const session = socket.data.session;
    if (!session || session.userId !== ended.userId) continue;
    if (ended.sessionKey !== undefined && session.sessionKey !== ended.sessionKey) continue;
    socket.data.session = undefined;
    socket.emit('session:ended', { reason: ended.reason });
    socket.disconnect(true);
    count += 1;
  }
  return count;
}
