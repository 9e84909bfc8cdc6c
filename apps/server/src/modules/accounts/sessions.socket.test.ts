import type { AddressInfo } from 'node:net';
import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SessionEndReason,
  socketPath,
} from '@fairex/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userRoom } from '../../platform/realtime/socket-server';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { callers, goodPassword, registerByEmail, requestCode } from './accounts.fixtures';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A connected client that has presented `token`, recording what the server tells it. */
type Watched = {
  socket: ClientSocket;
  authOk: boolean;
  ended: Promise<SessionEndReason>;
  disconnected: Promise<string>;
  endedReasons: SessionEndReason[];
};

describe.each(testDatabases())('sessions and open sockets on $name', (testDatabase) => {
  let testApp: TestApp;
  let url: string;
  const caller = callers(() => testApp);
  const db = () => testApp.database.db;
  const open: ClientSocket[] = [];
  const clock = steppingClock('2026-11-22T10:00:00Z');

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, env: { DEMO: 'true' } });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function watch(token: unknown): Promise<Watched> {
    const socket: ClientSocket = connect(url, {
      path: socketPath,
      transports: ['websocket'],
      reconnection: false,
    });
    open.push(socket);
    const endedReasons: SessionEndReason[] = [];
    const ended = new Promise<SessionEndReason>((resolve) =>
      socket.on('session:ended', ({ reason }) => {
        endedReasons.push(reason);
        resolve(reason);
      }),
    );
    const disconnected = new Promise<string>((resolve) =>
      socket.on('disconnect', (reason) => resolve(reason)),
    );
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const authOk = await new Promise<boolean>((resolve) => {
      socket.once('auth:result', (result) => resolve(result.ok));
      socket.emit('auth', token as { token: string });
    });
    return { socket, authOk, ended, disconnected, endedReasons };
  }

  async function roomSize(userId: number): Promise<number> {
    return (await testApp.app.io.in(userRoom(userId)).fetchSockets()).length;
  }

  async function userIdOf(token: string): Promise<number> {
    const info = await caller.get('/user/info', { token });
    return (info.body.message as { id: number }).id;
  }

  it('joins the user’s room with a live token and refuses anything else', async () => {
    const { token } = await registerByEmail(caller, db());
    const good = await watch({ token });
    expect(good.authOk).toBe(true);
    expect(await roomSize(await userIdOf(token))).toBe(1);
    expect((await watch({ token: 'not-a-session' })).authOk).toBe(false);
    expect((await watch({ nothing: true })).authOk).toBe(false);
    expect((await watch('just a string')).authOk).toBe(false);
  });

  it('logout ends the sockets of that session only and disconnects them; the token then gets 999', async () => {
    const { token, email } = await registerByEmail(caller, db());
    const second = (await caller.post('/user/login', { user_string: email, password: goodPassword })).body
      .message as string;
    const mine = await watch({ token });
    const mineToo = await watch({ token });
    const otherSession = await watch({ token: second });
    expect([mine.authOk, mineToo.authOk, otherSession.authOk]).toEqual([true, true, true]);

    expect((await caller.get('/user/logout', { token })).body.type).toBe('ok');
    expect(await mine.ended).toBe('logout');
    expect(await mineToo.ended).toBe('logout');
    // The server's own disconnect: the client does not reconnect by itself with the dead session.
    expect(await mine.disconnected).toBe('io server disconnect');
    await mineToo.disconnected;
    expect(otherSession.socket.connected).toBe(true);
    expect(otherSession.endedReasons).toEqual([]);
    expect((await caller.get('/user/info', { token })).body.type).toBe(999);
    expect((await watch({ token })).authOk).toBe(false);
  });

  it('a password change ends every socket of the user, not another user’s', async () => {
    const alice = await registerByEmail(caller, db());
    const aliceLater = (
      await caller.post('/user/login', { user_string: alice.email, password: goodPassword })
    ).body.message as string;
    const bob = await registerByEmail(caller, db());
    const aliceFirst = await watch({ token: alice.token });
    const aliceSecond = await watch({ token: aliceLater });
    const bobSocket = await watch({ token: bob.token });

    const changed = await caller.post(
      '/safe/change_password',
      { old_password: goodPassword, password: 'newsecret1', re_password: 'newsecret1' },
      { token: alice.token },
    );
    expect(changed.body.type).toBe('ok');
    expect(await aliceFirst.ended).toBe('password_changed');
    expect(await aliceSecond.ended).toBe('password_changed');
    await aliceFirst.disconnected;
    await aliceSecond.disconnected;
    expect(bobSocket.socket.connected).toBe(true);
    expect(await roomSize(await userIdOf(bob.token))).toBe(1);
    for (const token of [alice.token, aliceLater]) {
      expect((await caller.get('/user/info', { token })).body.type).toBe(999);
    }
  });

  it('a password reset ends every socket of the user', async () => {
    const { token, email } = await registerByEmail(caller, db());
    const watched = await watch({ token });
    clock.advance(61_000);
    const code = await requestCode(caller, db(), { channel: 'email', address: email, purpose: 'forget' });
    const reset = await caller.post('/user/forget', {
      account: email,
      password: 'resetpass1',
      repassword: 'resetpass1',
      code,
    });
    expect(reset.body.type).toBe('ok');
    expect(await watched.ended).toBe('password_reset');
    await watched.disconnected;
    expect((await caller.get('/user/info', { token })).body.type).toBe(999);
  });
});
