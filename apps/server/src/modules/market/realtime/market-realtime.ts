import type { Candle, CandlePeriod, Quote } from '@fairex/contract';
import { marketSubscribeSchema } from '@fairex/contract';
import type { SocketServer } from '../../../platform/realtime/socket-server';
import { startThrottledPublisher } from '../../../platform/realtime/throttled-publisher';

/** Symbols one socket may follow at once (the contract's schema allows no more either). */
export const marketSubscribeSymbolsMax = 50;
/** At most one snapshot per symbol (and per candle stream) this often; a quiet symbol's tick goes at once. */
export const marketFlushIntervalMs = 100;

/** What the fan-out needs from the market service: its quote and candle streams. */
export type MarketUpdates = {
  onQuotes(listener: (quotes: Quote[]) => void): () => void;
  onCandle(listener: (symbol: string, period: CandlePeriod, candle: Candle) => void): () => void;
};

export type MarketRealtimeOptions = {
  /** The per-room rate limit; 0 turns the timer off and leaves sending to `flush()` (tests). */
  readonly flushIntervalMs?: number;
};

export type MarketRealtime = {
  /** Emits every pending change now: one frame per room with changes. */
  flush(): void;
  /** Stops the tick and detaches from the market service; idempotent. */
  stop(): void;
};

type CandleUpdate = { symbol: string; period: CandlePeriod; candle: Candle };
type RoomFrame =
  | { readonly event: 'market:quotes'; readonly payload: Quote[] }
  | { readonly event: 'market:candle'; readonly payload: CandleUpdate };

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
 * candles from the market service are coalesced per room (latest wins) and sent at most once per
 * `marketFlushIntervalMs` per room, at once when the room sent nothing in that interval
 * (platform/realtime/throttled-publisher.ts); each frame is built once for all receivers.
 */
export function installMarketRealtime(
  io: SocketServer,
  market: MarketUpdates,
  options: MarketRealtimeOptions = {},
): MarketRealtime {
  const rooms = io.of('/').adapter.rooms;
  const publisher = startThrottledPublisher<RoomFrame>((room, frame) => {
    if (!rooms.has(room)) return;
    if (frame.event === 'market:quotes') io.to(room).emit('market:quotes', frame.payload);
    else io.to(room).emit('market:candle', frame.payload);
  }, options.flushIntervalMs ?? marketFlushIntervalMs);

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
    for (const quote of quotes) {
      publisher.set(quotesRoom(quote.symbol), { event: 'market:quotes', payload: [quote] });
    }
  });
  const stopCandles = market.onCandle((symbol, period, candle) => {
    publisher.set(candlesRoom(symbol, period), {
      event: 'market:candle',
      payload: { symbol, period, candle },
    });
  });

  let stopped = false;
  return {
    flush: () => publisher.flush(),
    stop() {
      if (stopped) return;
      stopped = true;
      stopQuotes();
      stopCandles();
      publisher.stop();
    },
  };
}
