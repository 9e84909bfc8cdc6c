/**
 * The spot matching engine's vocabulary. Prices are integer ticks and quantities integer lots
 * (safe integers, never fractions): the server converts to and from decimal strings with the
 * pair's tick and lot sizes. Money itself never passes through here.
 */

export type MatchSide = 'buy' | 'sell';

declare const unit: unique symbol;
/**
 * The book's three kinds of integer, branded so that one cannot be passed where another is meant
 * (the sink's fill takes six in a row). Zero cost at run time: each is a plain number.
 */
export type Ticks = number & { readonly [unit]: 'ticks' };
export type Lots = number & { readonly [unit]: 'lots' };
export type OrderId = number & { readonly [unit]: 'order id' };

/** A price in integer ticks of the pair's tick size. */
export const ticks = (value: number): Ticks => value as Ticks;
/** A quantity in integer lots of the pair's lot size. */
export const lots = (value: number): Lots => value as Lots;
/** An order's id (the server's order id). */
export const orderId = (value: number): OrderId => value as OrderId;

/**
 * - gtc: rests until filled or cancelled.
 * - ioc: fills what it can at once, the rest expires.
 * - post_only: rests only; if it would take liquidity it is refused whole ('would_take').
 * A market order (price null) is always immediate-or-cancel.
 */
export type TimeInForce = 'gtc' | 'ioc' | 'post_only';

export type PlaceCommand = {
  /** Unique positive safe integer (the server's order id). */
  readonly id: OrderId;
  /** Who owns it: an incoming order never trades with a resting order of the same owner. */
  readonly owner: number;
  readonly side: MatchSide;
  /** Limit price in ticks (> 0), or null for a market order. */
  readonly price: Ticks | null;
  /** Lots (> 0). */
  readonly quantity: Lots;
  readonly timeInForce: TimeInForce;
};

/** Why an order left the book (or never entered it) with `remaining` lots unfilled. */
export type DoneReason =
  | 'filled'
  | 'cancelled'
  /** ioc or market: the unfilled rest expired. */
  | 'expired'
  /** post_only that would have taken liquidity: refused whole, nothing filled. */
  | 'would_take'
  /** A resting order removed because its owner's incoming order reached it (self-trade prevention). */
  | 'self_trade';

/** A command the book refuses changes nothing and emits nothing. */
export type RejectReason = 'duplicate_id' | 'unknown_order' | 'invalid_command';

/**
 * Receives what a command did, in order, synchronously. Primitive arguments so the hot path
 * allocates nothing per event.
 */
export interface MatchSink {
  /** A trade at the maker's price; `makerRemaining`/`takerRemaining` are after this fill. */
  fill(
    makerId: OrderId,
    takerId: OrderId,
    price: Ticks,
    quantity: Lots,
    makerRemaining: Lots,
    takerRemaining: Lots,
  ): void;
  /** The incoming (or amended) order now rests at `price` with `remaining` lots. */
  rest(id: OrderId, price: Ticks, remaining: Lots): void;
  /** The order is finished; it is no longer in the book. Not called for an order that rests. */
  done(id: OrderId, reason: DoneReason, remaining: Lots): void;
}

/** A resting order as the book sees it. */
export type RestingOrder = {
  readonly id: OrderId;
  readonly owner: number;
  readonly side: MatchSide;
  readonly price: Ticks;
  readonly remaining: Lots;
};

/** One price level of a depth snapshot. */
export type DepthLevel = { readonly price: Ticks; readonly quantity: Lots; readonly orders: number };

/** What every book implementation offers (the engine, and the tests' reference book). */
export interface OrderBookApi {
  /** Matches, then rests (gtc, post_only) or expires (ioc, market) the rest. */
  place(command: PlaceCommand, sink: MatchSink): RejectReason | null;
  /** Removes a resting order: sink.done(id, 'cancelled', remaining). */
  cancel(id: OrderId, sink: MatchSink): RejectReason | null;
  /**
   * Changes a resting order's price and/or remaining quantity. Lowering the quantity at the same
   * price keeps its place in the queue; any other change moves it to the back of its (new) level
   * and, if the new price crosses, it matches first like an incoming order (its time in force
   * stays gtc). A quantity of 0 cancels it.
   */
  amend(id: OrderId, price: Ticks, quantity: Lots, sink: MatchSink): RejectReason | null;
  get(id: OrderId): RestingOrder | null;
  bestBid(): Ticks | null;
  bestAsk(): Ticks | null;
  /** Best first: bids high to low, asks low to high; at most `maxLevels`. */
  depth(side: MatchSide, maxLevels: number): DepthLevel[];
  /** Resting orders in priority order per side (bids first), for rebuild checks and tests. */
  orders(): RestingOrder[];
  readonly size: number;
}
