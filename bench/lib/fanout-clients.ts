// Child process of bench/price-fanout.ts: holds every client connection, so clients and server
// each get a core. Counts delivered snapshots and their tick-to-client latency (payload `time`).
import { io as connect, type Socket } from 'socket.io-client';
import WebSocket from 'ws';

export type ClientsCommand =
  | {
      type: 'connect';
      mode: 'socketio' | 'ws';
      url: string;
      firstIndex: number;
      clients: number;
      symbols: string[];
      symbolsPerClient: number;
    }
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'close' };

export type ClientsReport =
  | { type: 'ready'; connected: number; connectMs: number }
  | { type: 'stats'; messages: number; latencyHistogram: number[] }
  | { type: 'error'; message: string };

const latencyBucketsMax = 10_000;

let counting = false;
let messages = 0;
let histogram = new Array<number>(latencyBucketsMax + 1).fill(0);
const closers: (() => void)[] = [];

function record(time: number): void {
  if (!counting) return;
  messages += 1;
  const latency = Math.max(0, Math.min(latencyBucketsMax, Date.now() - time));
  histogram[latency] = (histogram[latency] ?? 0) + 1;
}

function send(report: ClientsReport): void {
  process.send?.(report);
}

function symbolsOf(index: number, symbols: string[], perClient: number): string[] {
  return Array.from(
    { length: perClient },
    (_, offset) => symbols[(index + offset) % symbols.length] as string,
  );
}

async function connectSocketIo(
  url: string,
  range: { first: number; clients: number },
  symbols: string[],
  perClient: number,
): Promise<void> {
  const batch = 100;
  const clients = range.first + range.clients;
  for (let start = range.first; start < clients; start += batch) {
    const pending: Promise<void>[] = [];
    for (let index = start; index < Math.min(clients, start + batch); index += 1) {
      const socket: Socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
      closers.push(() => socket.disconnect());
      socket.on('market:quotes', (quotes: { time: number }[]) => {
        for (const quote of quotes) record(quote.time);
      });
      pending.push(
        new Promise<void>((resolve, reject) => {
          socket.once('connect', () => {
            socket.emit('market:subscribe', { symbols: symbolsOf(index, symbols, perClient), candles: null });
            resolve();
          });
          socket.once('connect_error', reject);
        }),
      );
    }
    await Promise.all(pending);
  }
}

async function connectWs(url: string, clients: number): Promise<void> {
  const batch = 100;
  for (let start = 0; start < clients; start += batch) {
    const pending: Promise<void>[] = [];
    for (let index = start; index < Math.min(clients, start + batch); index += 1) {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      closers.push(() => socket.close());
      socket.on('message', (data) => {
        const quotes = JSON.parse(data.toString()) as { time: number }[];
        for (const quote of quotes) record(quote.time);
      });
      pending.push(
        new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        }),
      );
    }
    await Promise.all(pending);
  }
}

process.on('message', async (command: ClientsCommand) => {
  try {
    switch (command.type) {
      case 'connect': {
        const started = Date.now();
        if (command.mode === 'socketio') {
          await connectSocketIo(
            command.url,
            { first: command.firstIndex, clients: command.clients },
            command.symbols,
            command.symbolsPerClient,
          );
        } else {
          await connectWs(command.url, command.clients);
        }
        send({ type: 'ready', connected: command.clients, connectMs: Date.now() - started });
        break;
      }
      case 'start':
        messages = 0;
        histogram = new Array<number>(latencyBucketsMax + 1).fill(0);
        counting = true;
        break;
      case 'stop':
        counting = false;
        send({ type: 'stats', messages, latencyHistogram: histogram });
        break;
      case 'close':
        for (const close of closers) close();
        setTimeout(() => process.exit(0), 200);
        break;
    }
  } catch (error) {
    send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
});
