/** A source of prices: the simulated walk here, real exchanges through ccxt. */
export type FeedTick = {
  readonly instrumentId: number;
  /** Decimal text on the instrument's tick grid, always > 0. */
  readonly price: string;
  /** Traded base volume since the previous tick, decimal text. */
  readonly volume: string;
  /** "simulated" or the exchange id. */
  readonly source: string;
  /** Unix milliseconds. */
  readonly time: number;
};

export type TicksListener = (ticks: readonly FeedTick[]) => void | Promise<void>;

export interface MarketFeed {
  /** Adds a listener for each batch of ticks; returns the unsubscribe function. */
  subscribe(onTicks: TicksListener): () => void;
  start(): void;
  stop(): void;
}
