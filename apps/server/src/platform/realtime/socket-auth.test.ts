import type { AddressInfo } from 'node:net';
import { type ClientToServerEvents, type ServerToClientEvents, socketPath } from '@fairex/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../test-support/test-app';
import {
  endSessionSockets,
  installSocketAuth,
  installSocketServer,
  type SocketSession,
  socketAuthAttemptsMax,
  userRoom,
} from './socket-server';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The generic `auth` handshake, with an authenticator standing in for the accounts module. */
describe('socket authentication', () => {
  let app: FastifyInstance;
  let url: string;
  const sessions = new Map<string, SocketSession>([
    ['alice-1', { userId: 1, sessionKey: 'a1' }],
    ['alice-2', { userId: 1, sessionKey: 'a2' }],
    ['bob-1', { userId: 2, sessionKey: 'b1' }],
  ]);

  beforeAll(async () => {
    app = Fastify();
    installSocketServer(app, fixedClock('2026-11-22T10:00:00Z'));
    installSocketAuth(app.io, async (token) => {
      if (token === 'explode') throw new Error('database down');
      return sessions.get(token) ?? null;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
  });

  async function connected(): Promise<ClientSocket> {
    const socket: ClientSocket = connect(url, {
      path: socketPath,
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    return socket;
  }

  function auth(socket: ClientSocket, payload: unknown): Promise<boolean> {
    return new Promise((resolve) => {
      socket.once('auth:result', (result) => resolve(result.ok));
      socket.emit('auth', payload as { token: string });
    });
  }

  const members = async (userId: number) => (await app.io.in(userRoom(userId)).fetchSockets()).length;

  it('joins the room of the session, moves on re-auth, and refuses bad payloads and failures', async () => {
    const socket = await connected();
    expect(await auth(socket, { token: 'alice-1' })).toBe(true);
    expect(await members(1)).toBe(1);
    expect(await auth(socket, { token: 'bob-1' })).toBe(true);
    expect([await members(1), await members(2)]).toEqual([0, 1]);
    expect(await auth(socket, { token: 'nobody' })).toBe(false);
    expect(await members(2)).toBe(0);
    expect(await auth(socket, { token: 'explode' })).toBe(false);
    expect(await auth(socket, { token: 'x'.repeat(513) })).toBe(false);
    expect(await auth(socket, 42)).toBe(false);
    socket.disconnect();
  });

  it('stops answering tokens after the attempt limit', async () => {
    const socket = await connected();
    for (let attempt = 1; attempt < socketAuthAttemptsMax; attempt += 1)
      await auth(socket, { token: 'nobody' });
    expect(await auth(socket, { token: 'alice-1' })).toBe(true);
    expect(await auth(socket, { token: 'alice-1' })).toBe(false);
    socket.disconnect();
  });

  it('ends the sockets of one session, or of every session of the user', async () => {
    const first = await connected();
    const second = await connected();
    const bob = await connected();
    await auth(first, { token: 'alice-1' });
    await auth(second, { token: 'alice-2' });
    await auth(bob, { token: 'bob-1' });
    const reasons: string[] = [];
    for (const socket of [first, second, bob])
      socket.on('session:ended', ({ reason }) => reasons.push(reason));
    const firstGone = new Promise((resolve) => first.on('disconnect', resolve));
    expect(await endSessionSockets(app.io, { userId: 1, sessionKey: 'a1', reason: 'logout' })).toBe(1);
    await firstGone;
    expect(second.connected).toBe(true);
    const secondGone = new Promise((resolve) => second.on('disconnect', resolve));
    expect(await endSessionSockets(app.io, { userId: 1, reason: 'revoked' })).toBe(1);
    await secondGone;
    expect(reasons).toEqual(['logout', 'revoked']);
    expect(bob.connected).toBe(true);
    bob.disconnect();
  });
});
