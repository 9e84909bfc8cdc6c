import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectGarbageOften } from '../../test-support/garbage-collector';
import { createHttpPayoutGateway, createPayoutStandIn, type PayoutOrder } from './withdrawals.payouts';

type Received = { headers: IncomingMessage['headers']; body: unknown; url: string | undefined };

const order: PayoutOrder = {
  payoutId: 42,
  withdrawalId: 7,
  currency: 'USDT',
  chain: 'TRC20',
  amount: '100.500000',
  destination: {
    kind: 'address',
    id: 3,
    currencyId: 3,
    chain: 'TRC20',
    name: 'Cold',
    address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    qrcode: '/uploads/qr.png',
  },
};

describe('the HTTP payout gateway', () => {
  let server: Server;
  let url: string;
  const received: Received[] = [];
  const answer: { status: number | 'hang'; body: string } = { status: 200, body: '' };

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      received.push({
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        url: request.url,
      });
      if (answer.status === 'hang') return;
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payouts`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
    answer.status = 200;
    answer.body = JSON.stringify({ reference: 'chain-tx-1' });
  });

  it('posts the order as JSON with its idempotency key and the bearer token', async () => {
    const gateway = createHttpPayoutGateway({ url, token: 'secret-token' });
    expect(await gateway.send(order)).toEqual({ externalRef: 'chain-tx-1' });
    expect(received).toHaveLength(1);
    expect(received[0]?.url).toBe('/payouts');
    expect(received[0]?.headers).toMatchObject({
      authorization: 'Bearer secret-token',
      'idempotency-key': 'payout-42',
      'content-type': 'application/json',
    });
    expect(received[0]?.body).toEqual({
      payout_id: 42,
      withdrawal_id: 7,
      currency: 'USDT',
      chain: 'TRC20',
      amount: '100.500000',
      destination: order.destination,
    });
  });

  it('sends the same key when a payout is tried again', async () => {
    const gateway = createHttpPayoutGateway({ url, token: undefined });
    await gateway.send(order);
    await gateway.send(order);
    expect(received.map((request) => request.headers['idempotency-key'])).toEqual(['payout-42', 'payout-42']);
    expect(received[0]?.headers.authorization).toBeUndefined();
  });

  it('fails on an answer outside 2xx, without a reference, or that is not JSON', async () => {
    const gateway = createHttpPayoutGateway({ url, token: 't' });
    answer.status = 502;
    await expect(gateway.send(order)).rejects.toThrow('HTTP 502');
    answer.status = 200;
    answer.body = JSON.stringify({ ok: true });
    await expect(gateway.send(order)).rejects.toThrow('without a reference');
    answer.body = '<html>';
    await expect(gateway.send(order)).rejects.toThrow('other than JSON');
  });

  it('gives up on a gateway that does not answer in time, even while the garbage collector runs', async () => {
    const gateway = createHttpPayoutGateway({ url, token: 't', timeoutMs: 200 });
    answer.status = 'hang';
    const collector = collectGarbageOften();
    try {
      await expect(gateway.send(order)).rejects.toMatchObject({ name: 'TimeoutError' });
    } finally {
      collector.stop();
    }
  });

  it('fails when nothing listens', async () => {
    const gateway = createHttpPayoutGateway({
      url: 'http://127.0.0.1:9/payouts',
      token: 't',
      timeoutMs: 2000,
    });
    await expect(gateway.send(order)).rejects.toThrow();
  });
});

describe('the local stand-in', () => {
  it('records each order and answers a local reference', async () => {
    const standIn = createPayoutStandIn();
    expect(await standIn.send(order)).toEqual({ externalRef: 'local-42' });
    expect(standIn.calls).toEqual([order]);
    standIn.failWith('down');
    await expect(standIn.send(order)).rejects.toThrow('down');
    expect(standIn.calls).toHaveLength(1);
  });
});
