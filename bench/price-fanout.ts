// Performance target 6 (shared/design/performance.md): price fan-out over Socket.IO against raw
// `ws` sending pre-built frames, same clients, same rate, same run.
//   node --import tsx bench/price-fanout.ts
// Env: BENCH_CLIENTS (default 2000), BENCH_SYMBOLS (10), BENCH_SYMBOLS_PER_CLIENT (1),
//      BENCH_SECONDS (10), BENCH_CLIENT_PROCESSES (1). Loopback only; stops by itself.
import { type ChildProcess, fork } from 'node:child_process';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Quote } from '@fairex/contract';
import { Server } from 'socket.io';
import { WebSocketServer } from 'ws';
import { installMarketRealtime, type MarketUpdates } from '../apps/server/src/modules/market/realtime/index';
import type { SocketServer } from '../apps/server/src/platform/realtime/socket-server';
import type { ClientsCommand, ClientsReport } from './lib/fanout-clients';

const clients = positiveIntFromEnv('BENCH_CLIENTS', 2000);
const symbolCount = positiveIntFromEnv('BENCH_SYMBOLS', 10);
const symbolsPerClient = Math.min(symbolCount, positiveIntFromEnv('BENCH_SYMBOLS_PER_CLIENT', 1));
const seconds = positiveIntFromEnv('BENCH_SECONDS', 10);
/** Client processes; with 2 cores, more than one steals the server's core (measured: worse p99). */
const clientProcesses = Math.min(clients, positiveIntFromEnv('BENCH_CLIENT_PROCESSES', 1));
const snapshotsPerSecond = 10;
const publishIntervalMs = 1000 / snapshotsPerSecond;
const drainMs = 1000;
const phaseTimeoutMs = 120_000;

const symbols = Array.from({ length: symbolCount }, (_, index) => `SYM${index}/USDT`);

type PhaseResult = {
  label: string;
  messagesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  expected: number;
  /** Server time to send one tick's frames to every client (ms), p99 over the ticks. */
  sendP99Ms: number;
};

function positiveIntFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

function quote(symbol: string, time: number, sequence: number): Quote {
  return {
    symbol,
    kind: 'spot',
    last: `${64000 + (sequence % 100)}.01`,
    change_percent: '-0.19',
    open: '64120.51',
    high: '64500',
    low: '63500',
    volume: '12345.678',
    tick_id: String(sequence),
    time,
  };
}

function percentile(histogram: number[], fraction: number): number {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return Number.NaN;
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms += 1) {
    seen += histogram[ms] ?? 0;
    if (seen >= total * fraction) return ms;
  }
  return histogram.length - 1;
}

/** A child process holding the clients; resolves its next report of a given type. */
function startClients(): {
  child: ChildProcess;
  next: (type: ClientsReport['type']) => Promise<ClientsReport>;
} {
  const child = fork(new URL('./lib/fanout-clients.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const next = (type: ClientsReport['type']) =>
    new Promise<ClientsReport>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`clients: no ${type} within ${phaseTimeoutMs} ms`)),
        phaseTimeoutMs,
      );
      const onMessage = (report: ClientsReport) => {
        if (report.type === 'error') {
          clearTimeout(timer);
          child.off('message', onMessage);
          reject(new Error(`clients: ${report.message}`));
        } else if (report.type === type) {
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(report);
        }
      };
      child.on('message', onMessage);
    });
  return { child, next };
}

async function listen(server: HttpServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Connects the clients, publishes for `seconds`, and reads what they received. */
async function runPhase(
  label: string,
  mode: 'socketio' | 'ws',
  url: string,
  publish: (time: number, sequence: number) => void,
): Promise<PhaseResult> {
  const groups = Array.from({ length: clientProcesses }, () => startClients());
  const everyone = (message: ClientsCommand) => {
    for (const { child } of groups) child.send(message);
  };
  const replies = (type: ClientsReport['type']) => Promise.all(groups.map(({ next }) => next(type)));
  try {
    const share = Math.ceil(clients / clientProcesses);
    const connectStarted = Date.now();
    groups.forEach(({ child }, group) => {
      const firstIndex = group * share;
      const count = Math.max(0, Math.min(share, clients - firstIndex));
      child.send({
        type: 'connect',
        mode,
        url,
        firstIndex,
        clients: count,
        symbols,
        symbolsPerClient,
      } satisfies ClientsCommand);
    });
    await replies('ready');
    console.log(
      `  ${label}: ${clients} clients in ${clientProcesses} processes connected in ${Date.now() - connectStarted} ms`,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    everyone({ type: 'start' });
    let sequence = 0;
    const started = Date.now();
    const sendMs: number[] = [];
    const timer = setInterval(() => {
      sequence += 1;
      const sendStarted = performance.now();
      publish(Date.now(), sequence);
      sendMs.push(performance.now() - sendStarted);
    }, publishIntervalMs);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    clearInterval(timer);
    const publishedMs = Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    everyone({ type: 'stop' });
    const stats = await replies('stats');
    everyone({ type: 'close' });
    let messages = 0;
    const histogram: number[] = [];
    for (const report of stats) {
      if (report.type !== 'stats') continue;
      messages += report.messages;
      report.latencyHistogram.forEach((count, ms) => {
        histogram[ms] = (histogram[ms] ?? 0) + count;
      });
    }
    const perSecond = (count: number) => count / (publishedMs / 1000);
    return {
      label,
      messagesPerSecond: perSecond(messages),
      p50Ms: percentile(histogram, 0.5),
      p99Ms: percentile(histogram, 0.99),
      expected: perSecond(sequence * clients * symbolsPerClient),
      sendP99Ms: sendMs.sort((a, b) => a - b)[Math.floor(sendMs.length * 0.99)] ?? Number.NaN,
    };
  } finally {
    for (const { child } of groups) setTimeout(() => child.kill(), 1000).unref();
  }
}

/** Socket.IO with our production settings and real fan-out (its own flush loop); the synthetic market publishes. */
async function socketIoPhase(): Promise<PhaseResult> {
  const http = createServer();
  const io: SocketServer = new Server(http, {
    serveClient: false,
    perMessageDeflate: false,
    httpCompression: false,
    transports: ['websocket'],
  });
  let publishQuotes: (quotes: Quote[]) => void = () => {};
  const market: MarketUpdates = {
    onQuotes(listener) {
      publishQuotes = listener;
      return () => {
        publishQuotes = () => {};
      };
    },
    onCandle: () => () => {},
  };
  // Production settings: the realtime module's own flush interval, so the figure includes the
  // conflation wait a user's tick really goes through.
  const realtime = installMarketRealtime(io, market);
  const port = await listen(http);
  try {
    return await runPhase('socket.io', 'socketio', `http://127.0.0.1:${port}`, (time, sequence) => {
      publishQuotes(symbols.map((symbol) => quote(symbol, time, sequence)));
    });
  } finally {
    realtime.stop();
    io.disconnectSockets(true);
    await io.close();
  }
}

/** The baseline: raw ws, one pre-built frame per symbol and tick, sent to that symbol's clients. */
async function rawWsPhase(): Promise<PhaseResult> {
  const http = createServer();
  const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
  const bySymbol = new Map<string, Set<import('ws').WebSocket>>(symbols.map((symbol) => [symbol, new Set()]));
  let connections = 0;
  wss.on('connection', (socket) => {
    const index = connections;
    connections += 1;
    for (let offset = 0; offset < symbolsPerClient; offset += 1) {
      bySymbol.get(symbols[(index + offset) % symbols.length] as string)?.add(socket);
    }
    socket.on('close', () => {
      for (const set of bySymbol.values()) set.delete(socket);
    });
  });
  const port = await listen(http);
  try {
    return await runPhase('raw ws', 'ws', `ws://127.0.0.1:${port}`, (time, sequence) => {
      for (const symbol of symbols) {
        const frame = Buffer.from(JSON.stringify([quote(symbol, time, sequence)]));
        for (const socket of bySymbol.get(symbol) ?? []) socket.send(frame);
      }
    });
  } finally {
    for (const socket of wss.clients) socket.terminate();
    await new Promise((resolve) => wss.close(resolve));
    await new Promise((resolve) => http.close(resolve));
  }
}

function describePhase(result: PhaseResult): string {
  return `${result.label}: ${Math.round(result.messagesPerSecond)} msgs/s (offered ${Math.round(result.expected)}), p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms; server send per tick p99 ${result.sendP99Ms.toFixed(1)} ms`;
}

async function main(): Promise<void> {
  console.log(
    `price fan-out: ${clients} clients, ${symbolCount} symbols, ${symbolsPerClient} per client, ` +
      `${snapshotsPerSecond} snapshots/s per symbol, ${seconds} s per phase, ${clientProcesses} client processes`,
  );
  const socketIo = await socketIoPhase();
  console.log(describePhase(socketIo));
  const rawWs = await rawWsPhase();
  console.log(describePhase(rawWs));
  const ratio = socketIo.messagesPerSecond / rawWs.messagesPerSecond;
  const pass = ratio >= 0.8 && socketIo.p99Ms <= 50;
  console.log(
    `ratio socket.io/raw ws: ${(ratio * 100).toFixed(1)}% of msgs/s (target >= 80%), ` +
      `p99 ${socketIo.p99Ms} ms (target <= 50 ms) -> ${pass ? 'PASS' : 'FAIL'}`,
  );
}

const deadline = setTimeout(() => {
  console.error('price fan-out: gave up after 5 minutes');
  process.exit(1);
}, 5 * 60_000);
deadline.unref();
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
