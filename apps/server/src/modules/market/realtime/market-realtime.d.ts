import type { Candle, CandlePeriod, Quote } from '@fairex/contract';
import type { SocketServer } from '../../../platform/realtime/socket-server';
/** Symbols one socket may follow at once (the contract's schema allows no more either). */
export declare const marketSubscribeSymbolsMax = 50;
/** The fixed flush tick: at most one snapshot per symbol (and per candle stream) this often. */
export declare const marketFlushIntervalMs = 100;
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
export declare function normaliseSymbol(symbol: string): string;
/** The room of one symbol's ticker snapshots. */
export declare function quotesRoom(symbol: string): string;
/** The room of one symbol's open candle in one period. */
export declare function candlesRoom(symbol: string, period: CandlePeriod): string;
/** The market rooms a subscription asks for; null when the payload is not a valid subscription. */
export declare function marketRoomsOf(payload: unknown): Set<string> | null;
/**
 * Market fan-out over Socket.IO (conventions rule 6, performance.md target 6). A socket's
 * `market:subscribe` replaces its rooms: one per symbol, one for its candle stream. Quotes and
 * candles from the market service are coalesced (latest wins) and flushed on a fixed tick, one
 * frame per room with changes, each frame built once for all receivers.
 */
export declare function installMarketRealtime(
  io: SocketServer,
  market: MarketUpdates,
  options?: MarketRealtimeOptions,
): MarketRealtime;
