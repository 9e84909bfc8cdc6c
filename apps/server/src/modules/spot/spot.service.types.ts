/**
 * What the spot exchange offers the rest of the server: the routes, the market maker and the
 * realtime fan-out use only this. Every method that changes state resolves after its commit.
 */
import type { SpotDepth, SpotOrder, SpotPublicTrade, SpotSide, SpotTimeInForce } from '@fairex/contract';

export type PlaceOrderInput = {
  readonly userId: number;
  readonly symbol: string;
  readonly side: SpotSide;
  /** Decimal text; null for a market order. Validated (tick, band, positive) by the service. */
  readonly price: string | null;
  /** Decimal text in the base currency. Validated (lot, positive). */
  readonly amount: string;
  readonly timeInForce: SpotTimeInForce;
  readonly idempotencyKey?: string | undefined;
};

/** What happened in one committed batch of a pair, for the fan-out and the market maker. */
export type SpotBatchCommitted = {
  readonly symbol: string;
  /** Orders whose state changed, as their owners see them. */
  readonly orders: readonly (SpotOrder & { readonly user_id: number })[];
  readonly trades: readonly SpotPublicTrade[];
  /** Users whose balances changed, with the currency ids. */
  readonly balanceChanges: ReadonlyMap<number, readonly number[]>;
};

export type SpotMarketInfo = {
  readonly symbol: string;
  readonly instrumentId: number;
  readonly baseCurrencyId: number;
  readonly quoteCurrencyId: number;
  readonly tickSize: string;
  readonly lotSize: string;
  readonly status: 'trading' | 'paused';
};

export interface SpotService {
  /** Loads the pairs and rebuilds every book from the open orders. Idempotent. */
  init(): Promise<void>;
  markets(): readonly SpotMarketInfo[];
  /** Throws the module's AppErrors (localised) on bad input or insufficient balance. */
  place(input: PlaceOrderInput): Promise<SpotOrder>;
  /** Cancels an open order of `userId`; 404-style error for another user's or unknown id. */
  cancel(userId: number, orderId: number): Promise<SpotOrder>;
  /** The current book, best first (levels per side). */
  depth(symbol: string, levels: number): SpotDepth;
  /** The user's open orders of a pair (the market maker uses this for its own). */
  openOrders(userId: number, symbol: string): readonly SpotOrder[];
  /** Called after every committed batch. Returns an unsubscribe function. */
  onCommitted(listener: (batch: SpotBatchCommitted) => void): () => void;
  /** Waits for queued commands to finish; later `place` calls are refused. */
  stop(): Promise<void>;
}
