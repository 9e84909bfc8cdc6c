import type { AddressInfo } from 'node:net';
import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SpotDepth,
  type SpotOrder,
  type SpotTradesEvent,
  socketPath,
} from '@fairex/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSocketServer, userRoom } from '../../platform/realtime/socket-server';
import { installSpotRealtime, type SpotRealtime, spotRoom } from './spot.realtime';
import type { SpotBatchCommitted } from './spot.service.types';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitUntil(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

/** Stands in for the spot service: tests publish committed batches by hand. */
function fakeSpot() {
  const listeners = new Set<(batch: SpotBatchCommitted) => void>();
  let seq = 0;
  return {
    spot: {
      depth: (symbol: string): SpotDepth => ({
        symbol,
        seq,
        bids: [['100.00', `${seq}.00000`]],
        asks: [],
        time: 1,
      }),
      onCommitted(listener: (batch: SpotBatchCommitted) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    commit(batch: SpotBatchCommitted) {
      seq += 1;
      for (const listener of listeners) listener(batch);
    },
  };
}

const order = (id: number): SpotOrder & { user_id: number } => ({
  id,
  user_id: 7,
  symbol: 'BTC/USDT',
  currency_id: 1,
  legal_id: 3,
  side: 'buy',
  type: 1,
  kind: 'limit',
  time_in_force: 'gtc',
  price: '100.00',
  amount: '1.00000',
  filled: '0.00000',
  average_price: null,
  turnover: '0.000000',
  fee: '0.000000',
  held: '100.000000',
  status: 'open',
  tick_id: '1',
  created_at: 1,
  updated_at: 1,
});

describe('spot realtime fan-out', () => {
  let app: FastifyInstance;
  let url: string;
  let feed: ReturnType<typeof fakeSpot>;
  let realtime: SpotRealtime;
  const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];

  beforeAll(async () => {
    app = Fastify({ logger: false });
    installSocketServer(app, { now: () => new Date() });
    feed = fakeSpot();
    realtime = installSpotRealtime(app.io, feed.spot);
    app.addHook('preClose', async () => realtime.stop());
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await app.close();
  });

  const roomSize = (room: string) => app.io.of('/').adapter.rooms.get(room)?.size ?? 0;

  async function client() {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(url, {
      path: socketPath,
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const depths: SpotDepth[] = [];
    const trades: SpotTradesEvent[] = [];
    const orders: SpotOrder[] = [];
    const wallets: number[][] = [];
    socket.on('spot:depth', (depth) => depths.push(depth));
    socket.on('spot:trades', (event) => trades.push(event));
    socket.on('spot:order', (update) => orders.push(update));
    socket.on('wallet:changed', (event) => wallets.push(event.currency_ids));
    return { socket, depths, trades, orders, wallets };
  }

  const trade = (id: number) => ({
    id,
    price: '100.00',
    amount: '0.10000',
    side: 'buy' as const,
    tick_id: '1',
    time: id,
  });

  it('sends the book at once on subscription, then conflates commits to one frame per 100 ms', async () => {
    const { socket, depths, trades } = await client();
    socket.emit('spot:subscribe', { symbol: 'btc_usdt' });
    await waitUntil(() => roomSize(spotRoom('BTC/USDT')) === 1 && depths.length === 1);
    expect(depths[0]?.symbol).toBe('BTC/USDT');
    for (let index = 1; index <= 30; index += 1) {
      feed.commit({ symbol: 'BTC/USDT', orders: [], trades: [trade(index)], balanceChanges: new Map() });
    }
    await waitUntil(() => trades.flatMap((event) => event.trades).length === 30);
    await sleep(150);
    expect(depths.length).toBeLessThanOrEqual(3);
    expect(depths.at(-1)?.seq).toBe(30);
    expect(trades.length).toBeLessThanOrEqual(2);
    expect(trades.flatMap((event) => event.trades).map((t) => t.id)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );

    // Another pair's commits do not reach this socket; null leaves the room.
    depths.length = 0;
    feed.commit({ symbol: 'ETH/USDT', orders: [], trades: [trade(99)], balanceChanges: new Map() });
    await sleep(250);
    expect(depths).toEqual([]);
    socket.emit('spot:subscribe', { symbol: null });
    await waitUntil(() => roomSize(spotRoom('BTC/USDT')) === 0);
  });

  it("pushes a user's orders and balance changes to their room", async () => {
    const { socket, orders, wallets } = await client();
    // Stand in for the auth handshake: put the socket in user 7's room directly.
    await waitUntil(() => app.io.sockets.sockets.size > 0);
    const serverSocket = [...app.io.sockets.sockets.values()].find((candidate) => candidate.id === socket.id);
    await serverSocket?.join(userRoom(7));
    feed.commit({
      symbol: 'BTC/USDT',
      orders: [order(5)],
      trades: [],
      balanceChanges: new Map([[7, [1, 3]]]),
    });
    await waitUntil(() => orders.length === 1 && wallets.length === 1);
    expect(orders[0]).toMatchObject({ id: 5, status: 'open' });
    expect(orders[0]).not.toHaveProperty('user_id');
    expect(wallets[0]).toEqual([1, 3]);
  });
});
