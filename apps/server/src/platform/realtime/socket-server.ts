import type { ClientToServerEvents, ServerToClientEvents } from '@fairex/contract';
import { socketPath } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Clock } from '../clock';

export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents>;

declare module 'fastify' {
  interface FastifyInstance {
    io: SocketServer;
  }
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
