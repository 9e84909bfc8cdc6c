import type { Candle, CandlePeriod, Quote } from '@fairex/contract';
import { marketSubscribeSchema } from '@fairex/contract';
import { startFlushLoop } from '../../../platform/realtime/flush-loop';
import type { SocketServer } from '../../../platform/realtime/socket-server';

/** Symbols one socket may follow at once (the contract's schema allows no more either). */
export const marketSubscribeSymbolsMax = 50;
/** The fixed flush tick: at most one snapshot per symbol (and per candle stream) this often. */
export const marketFlushIntervalMs = 100;

/** What the fan-out needs from the market service: its quote and candle streams. */
export type MarketUpdates = {
  onQuotes(listener: (quotes: Quote[]) => void): () => void;
  onCandle(listener: (symbol: string, period: CandlePeriod, candle: Candle) => void): () => void;
};

export type MarketRealtimeOptions = {
  /** The flush tick; 0 turns the timer off and leaves flushing to `flush()` (benchmarks, tests). */
  readonly flushIntervalMs?: number;
};

export type MarketRealtime = {
  /** Emits every pending change now: one frame per room with changes. */
  flush(): void;
  /** Stops the tick and detaches from the market service; idempotent. */
  stop(): void;
};

type CandleUpdate = { symbol: string; period: CandlePeriod; candle: Candle };

const quotesRoomPrefix = 'quotes:';
const candlesRoomPrefix = 'candles:';

export function normaliseSymbol(symbol: string): string {
  return symbol.trim().toUpperCase();
}

/** The room of one symbol's ticker snapshots. */
export function quotesRoom(symbol: string): string {
  return `${quotesRoomPrefix}${normaliseSymbol(symbol)}`;
}

/** The room of one symbol's open candle in one period. */
export function candlesRoom(symbol: string, period: CandlePeriod): string {
  return `${candlesRoomPrefix}${normaliseSymbol(symbol)}:${period}`;
}

/** The market rooms a subscription asks for; null when the payload is not a valid subscription. */
export function marketRoomsOf(payload: unknown): Set<string> | null {
  const parsed = marketSubscribeSchema.safeParse(payload);
  if (!parsed.success) return null;
  const rooms = new Set<string>();
  for (const symbol of parsed.data.symbols) {
    if (normaliseSymbol(symbol) === '') continue;
    rooms.add(quotesRoom(symbol));
    if (rooms.size >= marketSubscribeSymbolsMax) break;
  }
  const candles = parsed.data.candles;
  if (candles && normaliseSymbol(candles.symbol) !== '')
    rooms.add(candlesRoom(candles.symbol, candles.period));
  return rooms;
}

function isMarketRoom(room: string): boolean {
  return room.startsWith(quotesRoomPrefix) || room.startsWith(candlesRoomPrefix);
}

/**
 * Market fan-out over Socket.IO (conventions rule 6, performance.md target 6). A socket's
 * `market:subscribe` replaces its rooms: one per symbol, one for its candle stream. Quotes and
 * candles from the market service are coalesced (latest wins) and flushed on a fixed tick, one
 * frame per room with changes, each frame built once for all receivers.
 */
export function installMarketRealtime(
  io: SocketServer,
  market: MarketUpdates,
  options: MarketRealtimeOptions = {},
): MarketRealtime {
  const pendingQuotes = new Map<string, Quote>();
  const pendingCandles = new Map<string, CandleUpdate>();

  io.on('connection', (socket) => {
    socket.on('market:subscribe', (payload: unknown) => {
      try {
        const wanted = marketRoomsOf(payload);
        if (!wanted) return;
        for (const room of socket.rooms) {
          if (isMarketRoom(room) && !wanted.has(room)) void socket.leave(room);
        }
        const joining = [...wanted].filter((room) => !socket.rooms.has(room));
        if (joining.length > 0) void socket.join(joining);
      } catch {
        // A subscription never takes the server down; the socket keeps its previous rooms.
      }
    });
  });

  const stopQuotes = market.onQuotes((quotes) => {
    for (const quote of quotes) pendingQuotes.set(normaliseSymbol(quote.symbol), quote);
  });
  const stopCandles = market.onCandle((symbol, period, candle) => {
    pendingCandles.set(candlesRoom(symbol, period), { symbol, period, candle });
  });

  const rooms = io.of('/').adapter.rooms;
  function flush(): void {
    for (const [symbol, quote] of pendingQuotes) {
      const room = quotesRoom(symbol);
      if (rooms.has(room)) io.to(room).emit('market:quotes', [quote]);
    }
    pendingQuotes.clear();
    for (const [room, update] of pendingCandles) {
      if (rooms.has(room)) io.to(room).emit('market:candle', update);
    }
    pendingCandles.clear();
  }

  return startFlushLoop(flush, options.flushIntervalMs ?? marketFlushIntervalMs, () => {
    stopQuotes();
    stopCandles();
    pendingQuotes.clear();
    pendingCandles.clear();
  });
}
