import type { AddressInfo } from 'node:net';
import { type ServerToClientEvents, socketPath } from '@fairex/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

const [pglite] = testDatabases();

describe('the Socket.IO server', () => {
  let testApp: TestApp;
  let url: string;
  beforeAll(async () => {
    if (!pglite) throw new Error('PGlite is always available');
    testApp = await startTestApp(pglite, { clock: fixedClock('2026-11-22T10:00:00Z') });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await testApp.close();
  });

  function helloOver(transport: 'websocket' | 'polling') {
    const socket: Socket<ServerToClientEvents> = connect(url, {
      path: socketPath,
      transports: [transport],
      reconnection: false,
    });
    return new Promise<{ serverTime: number; transport: string }>((resolve, reject) => {
      socket.on('server:hello', (hello) => {
        resolve({ serverTime: hello.serverTime, transport: socket.io.engine.transport.name });
        socket.disconnect();
      });
      socket.on('connect_error', reject);
    });
  }

  it('greets a client over websocket at /socket.io with the server time', async () => {
    expect(await helloOver('websocket')).toEqual({
      serverTime: Date.parse('2026-11-22T10:00:00Z'),
      transport: 'websocket',
    });
  });

  it('falls back to long polling', async () => {
    expect((await helloOver('polling')).transport).toBe('polling');
  });

  it('disconnects open sockets when the server closes', async () => {
    const socket = connect(url, { path: socketPath, transports: ['websocket'], reconnection: false });
    await new Promise((resolve) => socket.on('connect', () => resolve(undefined)));
    const disconnected = new Promise((resolve) => socket.on('disconnect', resolve));
    await testApp.app.close();
    expect(await disconnected).toBeTruthy();
  });
});
