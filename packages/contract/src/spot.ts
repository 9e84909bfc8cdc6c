/**
 * Spot exchange: one order book per pair (base/quote, e.g. BTC/USDT = currency_id 1 / legal_id 3),
 * trading from the user's spot ("change") account. Prices and amounts are decimal strings; times
 * are milliseconds since the epoch. Orders, fills and trades cite the reference price tick of the
 * moment (GET /market/tick?id=...), so anyone can check them.
 *
 * Decisions (not fixed by the spec):
 * - `type` is the side: 1 buy, 2 sell ("buy"/"sell" accepted too).
 * - `target_price` given: a limit order; absent or "": a market order. A market order is
 *   immediate-or-cancel with a protection limit at the edge of the pair's price band
 *   (reference price x (1 +- band)); a market buy holds that limit x amount + fee.
 * - `time_in_force` (ours, optional): gtc (default), ioc, post_only. Market orders are always ioc.
 * - Fees are charged in the quote currency: the buyer pays price x amount + fee, the seller
 *   receives price x amount - fee. Maker and taker rates are per pair; BTC pairs have none.
 * - Rounding at the quote's scale: the buyer's cost rounds up, the seller's proceeds down, fees
 *   up, each on the order's cumulative total; the difference is booked to the `rounding` account.
 */
import { z } from 'zod';
import { noParamsSchema, positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';

export const spotSides = ['buy', 'sell'] as const;
export type SpotSide = (typeof spotSides)[number];
export const spotTimesInForce = ['gtc', 'ioc', 'post_only'] as const;
export type SpotTimeInForce = (typeof spotTimesInForce)[number];
export const spotOrderKinds = ['limit', 'market'] as const;
export type SpotOrderKind = (typeof spotOrderKinds)[number];
/**
 * open: in the book (possibly partly filled). filled: complete. cancelled: by its owner (or
 * self-trade prevention), the rest returned. expired: ioc or market rest returned. rejected:
 * post_only that would have taken liquidity (nothing filled).
 */
export const spotOrderStatuses = ['open', 'filled', 'cancelled', 'expired', 'rejected'] as const;
export type SpotOrderStatus = (typeof spotOrderStatuses)[number];

export const spotPageSize = 10;
export const spotPageSizeMax = 50;
export const spotPageMax = 10_000;
export const spotDepthLevelsDefault = 20;
export const spotDepthLevelsMax = 100;
export const spotRecentTradesDefault = 30;
export const spotRecentTradesMax = 100;
/** Longest amount or price text accepted; the server's parseAmount decides the rest. */
export const spotNumberTextLengthMax = 64;

const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);
const numberText = z.union([
  z.string().trim().max(spotNumberTextLengthMax),
  z
    .number()
    .finite()
    .transform((value) => String(value)),
]);
const sideParam = z.union([
  z.literal(1).transform(() => 'buy' as const),
  z.literal(2).transform(() => 'sell' as const),
  z.literal('1').transform(() => 'buy' as const),
  z.literal('2').transform(() => 'sell' as const),
  z.enum(spotSides),
]);
const symbolParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,12}[/_-][A-Za-z0-9]{1,12}$/)
  .transform((symbol) => symbol.toUpperCase().replace(/[_-]/, '/'));
const pageParam = positiveIntParam.pipe(z.number().max(spotPageMax));

/** A pair as GET /coin/markets lists it. Rates are fractions ("0.001" = 0.1 %). */
export const spotMarketSchema = z.object({
  symbol: z.string(),
  /** The base currency's id (BTC 1, ETH 2). */
  currency_id: z.number().int(),
  /** The quote currency's id (USDT 3). */
  legal_id: z.number().int(),
  base: z.string(),
  quote: z.string(),
  tick_size: z.string(),
  lot_size: z.string(),
  price_decimals: z.number().int(),
  amount_decimals: z.number().int(),
  maker_fee_rate: z.string(),
  taker_fee_rate: z.string(),
  /** Orders must be priced within reference x (1 +- price_band). */
  price_band: z.string(),
  status: z.enum(['trading', 'paused']),
  /** The reference price now and its tick id (null before the first tick). */
  reference_price: z.string().nullable(),
  reference_tick_id: z.string().nullable(),
});
export type SpotMarket = z.infer<typeof spotMarketSchema>;
export const spotMarketsReplySchema = z.array(spotMarketSchema);

/** POST /coin/trade (money-moving: honours Idempotency-Key). */
export const spotTradeBodySchema = z.strictObject({
  amount: numberText,
  target_price: z.preprocess(blankAsAbsent, numberText.optional()),
  currency_id: positiveIntParam,
  legal_id: positiveIntParam,
  type: sideParam,
  time_in_force: z.preprocess(blankAsAbsent, z.enum(spotTimesInForce).optional()),
});
export type SpotTradeBody = z.input<typeof spotTradeBodySchema>;

/** An order as its owner sees it. */
export const spotOrderSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  side: z.enum(spotSides),
  /** 1 buy, 2 sell, as sent. */
  type: z.union([z.literal(1), z.literal(2)]),
  kind: z.enum(spotOrderKinds),
  time_in_force: z.enum(spotTimesInForce),
  /** The limit price; for a market order its protection limit. */
  price: z.string(),
  amount: z.string(),
  filled: z.string(),
  /** Volume-weighted price of the fills so far, null before any. */
  average_price: z.string().nullable(),
  /** Quote paid (buy, fee excluded) or received (sell, before fee) so far. */
  turnover: z.string(),
  /** Fees charged so far, in the quote currency. */
  fee: z.string(),
  /** What is still set aside for this order (quote for a buy, base for a sell). */
  held: z.string(),
  status: z.enum(spotOrderStatuses),
  /** The reference tick at placement. */
  tick_id: z.string().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type SpotOrder = z.infer<typeof spotOrderSchema>;

/** POST /coin/cancel (ours, money-moving): an open order of the caller's; the rest comes back. */
export const spotCancelBodySchema = z.strictObject({ id: positiveIntParam });

/** GET /coin/list: doing = open orders, newest first; complete = the rest, newest first. */
export const spotOrderListQuerySchema = z.strictObject({
  status: z.preprocess(blankAsAbsent, z.enum(['doing', 'complete']).default('doing')),
  page: z.preprocess(blankAsAbsent, pageParam.optional()),
  limit: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(spotPageSizeMax)).optional()),
  currency_id: z.preprocess(blankAsAbsent, positiveIntParam.optional()),
  legal_id: z.preprocess(blankAsAbsent, positiveIntParam.optional()),
});
export const spotOrderListReplySchema = z.object({
  list: z.array(spotOrderSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type SpotOrderList = z.infer<typeof spotOrderListReplySchema>;

/** One fill of an order, as its owner sees it. */
export const spotFillSchema = z.object({
  trade_id: z.number().int(),
  price: z.string(),
  amount: z.string(),
  /** Quote amount of this fill before fees. */
  turnover: z.string(),
  fee: z.string(),
  role: z.enum(['maker', 'taker']),
  tick_id: z.string().nullable(),
  time: z.number().int(),
});
export type SpotFill = z.infer<typeof spotFillSchema>;

/** GET /coin/order?id=: one of the caller's orders with its fills. */
export const spotOrderQuerySchema = z.strictObject({ id: positiveIntParam });
export const spotOrderDetailReplySchema = z.object({
  order: spotOrderSchema,
  fills: z.array(spotFillSchema),
});
export type SpotOrderDetail = z.infer<typeof spotOrderDetailReplySchema>;

/** [price, amount] per level, best first. */
export const spotDepthLevelSchema = z.tuple([z.string(), z.string()]);
/** GET /coin/depth and the `spot:depth` event. `seq` grows with every change of the book. */
export const spotDepthSchema = z.object({
  symbol: z.string(),
  seq: z.number().int(),
  bids: z.array(spotDepthLevelSchema),
  asks: z.array(spotDepthLevelSchema),
  time: z.number().int(),
});
export type SpotDepth = z.infer<typeof spotDepthSchema>;
export const spotDepthQuerySchema = z.strictObject({
  symbol: symbolParam,
  limit: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(spotDepthLevelsMax)).optional()),
});

/** A public trade: no owners. `side` is the taker's. */
export const spotPublicTradeSchema = z.object({
  id: z.number().int(),
  price: z.string(),
  amount: z.string(),
  side: z.enum(spotSides),
  tick_id: z.string().nullable(),
  time: z.number().int(),
});
export type SpotPublicTrade = z.infer<typeof spotPublicTradeSchema>;
/** GET /coin/trades?symbol=: the most recent trades, newest first. */
export const spotTradesQuerySchema = z.strictObject({
  symbol: symbolParam,
  limit: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(spotRecentTradesMax)).optional()),
});
export const spotTradesReplySchema = z.array(spotPublicTradeSchema);

/**
 * Quick exchange (spot account to spot account): a market order through the book. Directions
 * with a book of their own (BTC<->USDT, ETH<->USDT); no routing through a third currency.
 */
export const exchangeDirectionSchema = z.object({
  from_currency_id: z.number().int(),
  from_currency: z.string(),
  to_currency_id: z.number().int(),
  to_currency: z.string(),
  symbol: z.string(),
  /** Available on the spot account in the from currency (0 for visitors). */
  available: z.string(),
  /** Smallest `number` accepted, in the from currency (one lot, or its quote value). */
  min_number: z.string(),
});
export type ExchangeDirection = z.infer<typeof exchangeDirectionSchema>;
/** POST /user/getTransferList. */
export const exchangeListBodySchema = z.strictObject({});
export const exchangeListReplySchema = z.array(exchangeDirectionSchema);

/** POST /user/getTransferFee: the quote before confirming; `number` (from currency) optional. */
export const exchangeQuoteBodySchema = z.strictObject({
  from_currency_id: positiveIntParam,
  to_currency_id: positiveIntParam,
  number: z.preprocess(blankAsAbsent, numberText.optional()),
});
export const exchangeQuoteReplySchema = z.object({
  symbol: z.string(),
  side: z.enum(spotSides),
  /** to per one from, at the current book (for `number`, or the best level without it). */
  rate: z.string().nullable(),
  /** The taker fee rate of the pair, a fraction. */
  fee_rate: z.string(),
  /** For `number`: the fee (quote currency) and what the user should receive (to currency). */
  fee: z.string().nullable(),
  fee_currency: z.string(),
  receive: z.string().nullable(),
  /** Whether the book holds enough within the price band to fill `number` whole. */
  fillable: z.boolean(),
  reference_price: z.string().nullable(),
  tick_id: z.string().nullable(),
});
export type ExchangeQuote = z.infer<typeof exchangeQuoteReplySchema>;

/**
 * POST /user/Transfer (money-moving): exchange `number` of the from currency now. `min_receive`
 * (ours, optional) refuses the exchange when less would arrive; without it the band protects.
 */
export const exchangeBodySchema = z.strictObject({
  number: numberText,
  from_currency_id: positiveIntParam,
  to_currency_id: positiveIntParam,
  min_receive: z.preprocess(blankAsAbsent, numberText.optional()),
  /** Ours, optional ("1"/true): exchange what the book holds when it cannot fill all of `number`. */
  allow_partial: z.preprocess(
    blankAsAbsent,
    z
      .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['1', '0', 'true', 'false'])])
      .transform((value) => value === true || value === 1 || value === '1' || value === 'true')
      .optional(),
  ),
});
export const exchangeReplySchema = z.object({
  order: spotOrderSchema,
  /** What left the from currency (fee included when from is the quote). */
  spent: z.string(),
  /** What arrived in the to currency (fee deducted when to is the quote). */
  received: z.string(),
  fee: z.string(),
  fee_currency: z.string(),
  average_price: z.string().nullable(),
  /**
   * True when the book filled only part of `number` (possible only with `allow_partial`); the rest,
   * `unfilled` (from currency), stayed in the account.
   */
  partial: z.boolean(),
  unfilled: z.string(),
});
export type ExchangeResult = z.infer<typeof exchangeReplySchema>;

/** Socket.IO: `spot:subscribe` replaces the socket's book subscription (null leaves it). */
export const spotSubscribeSchema = z.object({ symbol: symbolParam.nullable() });
export type SpotSubscribe = z.input<typeof spotSubscribeSchema>;
/** `spot:trades`: new public trades of the subscribed pair, oldest first. */
export type SpotTradesEvent = { symbol: string; trades: SpotPublicTrade[] };
/** `wallet:changed` (user room): balances of these currencies changed; refetch them. */
export type WalletChangedEvent = { currency_ids: number[] };

export const coinTradeRoute = postRoute('/coin/trade', {
  policy: 'user',
  body: spotTradeBodySchema,
  reply: spotOrderSchema,
  moneyMoving: true,
});

export const coinCancelRoute = postRoute('/coin/cancel', {
  policy: 'user',
  body: spotCancelBodySchema,
  reply: spotOrderSchema,
  moneyMoving: true,
});

export const coinListRoute = getRoute('/coin/list', {
  policy: 'user',
  query: spotOrderListQuerySchema,
  reply: spotOrderListReplySchema,
});

export const coinOrderRoute = getRoute('/coin/order', {
  policy: 'user',
  query: spotOrderQuerySchema,
  reply: spotOrderDetailReplySchema,
});

export const coinDepthRoute = getRoute('/coin/depth', {
  policy: 'public',
  query: spotDepthQuerySchema,
  reply: spotDepthSchema,
});

export const coinTradesRoute = getRoute('/coin/trades', {
  policy: 'public',
  query: spotTradesQuerySchema,
  reply: spotTradesReplySchema,
});

export const userGetTransferFeeRoute = postRoute('/user/getTransferFee', {
  policy: 'public',
  body: exchangeQuoteBodySchema,
  reply: exchangeQuoteReplySchema,
});

export const userTransferRoute = postRoute('/user/Transfer', {
  policy: 'user',
  body: exchangeBodySchema,
  reply: exchangeReplySchema,
  moneyMoving: true,
});

export const coinMarketsRoute = getRoute('/coin/markets', {
  policy: 'public',
  query: noParamsSchema,
  reply: spotMarketsReplySchema,
});
/** Quick exchange directions; the body may be left out. */
export const userGetTransferListRoute = postRoute('/user/getTransferList', {
  policy: 'public',
  body: exchangeListBodySchema.optional(),
  reply: exchangeListReplySchema,
});
