import { z } from 'zod';
import { noParamsSchema, positiveIntParam } from './envelope';
import { decimalString } from './fiat';
import { getRoute, postRoute } from './route';

/** Instrument kinds of the Markets tabs: coins (spot), futures (perpetuals on the same underlyings), stock. */
export const instrumentKinds = ['spot', 'perpetual', 'stock'] as const;
export type InstrumentKind = (typeof instrumentKinds)[number];

/** Candle periods of GET /currency/new_timeshar. */
export const candlePeriods = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type CandlePeriod = (typeof candlePeriods)[number];
export const candlePeriodSchema = z.enum(candlePeriods);

/**
 * Periods a chart may ask for: ours, calendar months (`1mon`), and the TradingView resolutions
 * existing clients of this API family send, each read as the period it names. Case matters:
 * `1m` is a minute, `1M` a month.
 */
export const candleRequestPeriods = [...candlePeriods, '1mon'] as const;
export type CandleRequestPeriod = (typeof candleRequestPeriods)[number];
export const candlePeriodAliases: Readonly<Record<string, CandleRequestPeriod>> = {
  '1min': '1m',
  '5min': '5m',
  '15min': '15m',
  '30min': '30m',
  '60min': '1h',
  '4hour': '4h',
  '1day': '1d',
  '1week': '1w',
  '1D': '1d',
  '1W': '1w',
  '1M': '1mon',
};
export const candleRequestPeriodSchema = z
  .string()
  .max(8)
  .transform((text, context) => {
    const period = (candleRequestPeriods as readonly string[]).includes(text)
      ? (text as CandleRequestPeriod)
      : candlePeriodAliases[text];
    if (period === undefined) {
      context.addIssue({ code: 'custom', message: `unknown candle period ${text}` });
      return z.NEVER;
    }
    return period;
  });

/** A tradable instrument; prices and sizes travel as decimal strings (conventions rule 1). */
export const instrumentSchema = z.object({
  id: z.number().int(),
  /** e.g. "BTC/USDT", "BTC-PERP", "AAPL". */
  symbol: z.string(),
  kind: z.enum(instrumentKinds),
  base: z.string(),
  quote: z.string(),
  tick_size: decimalString,
  lot_size: decimalString,
  price_decimals: z.number().int(),
  status: z.enum(['trading', 'paused']),
  /** Stocks only: trading hours in the exchange's zone, e.g. "09:30-16:00 America/New_York". */
  trading_hours: z.string().nullable(),
  /** Where prices come from: "simulated" or a real exchange id such as "binance". */
  feed: z.string(),
});
export type Instrument = z.infer<typeof instrumentSchema>;

/** 24-hour statistics and the last recorded tick, per instrument (GET /currency/quotation_new). */
export const quoteSchema = z.object({
  symbol: z.string(),
  kind: z.enum(instrumentKinds),
  last: decimalString,
  /** Signed percent with two decimals, e.g. "-1.25". */
  change_percent: z.string().regex(/^[+-]?\d+(\.\d+)?$/),
  open: decimalString,
  high: decimalString,
  low: decimalString,
  /** Base-unit volume over 24 h. */
  volume: decimalString,
  /** The id of the tick `last` comes from: anyone can look it up. */
  tick_id: z.string(),
  /** Unix milliseconds of that tick. */
  time: z.number().int(),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quotationReplySchema = z.array(quoteSchema);

/** GET /currency/new_timeshar {from, to (unix seconds), symbol, period} */
export const candlesQuerySchema = z.strictObject({
  symbol: z.string().min(1).max(32),
  period: candleRequestPeriodSchema,
  from: positiveIntParam,
  to: positiveIntParam,
});
export const candleSchema = z.object({
  /** Unix seconds of the candle's open. */
  time: z.number().int(),
  open: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
  volume: decimalString,
});
export type Candle = z.infer<typeof candleSchema>;
export const candlesReplySchema = z.array(candleSchema);

/** GET /market/tick {id}: a recorded price tick, the evidence fills and settlements cite. */
export const tickSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  price: decimalString,
  source: z.string(),
  /** Unix milliseconds. */
  time: z.number().int(),
});
export type Tick = z.infer<typeof tickSchema>;

/**
 * GET /market/tick_chain: the head of each instrument's hash-chained tick history (its newest
 * tick). Keep one: a later rewrite of any earlier tick cannot reach the same head.
 */
export const tickChainHeadSchema = z.object({
  symbol: z.string(),
  id: z.string(),
  time: z.number().int(),
  hash: z.string(),
});
export const tickChainRoute = getRoute('/market/tick_chain', {
  policy: 'public',
  query: z.strictObject({}),
  reply: z.array(tickChainHeadSchema),
});
export const tickQuerySchema = z.strictObject({ id: z.string().regex(/^\d{1,19}$/) });

/** Favourites: POST /optional/add {currency_id}, POST /optional/del {id}, GET /optional/list. */
export const favouriteAddBodySchema = z.strictObject({ currency_id: positiveIntParam });
export const favouriteDelBodySchema = z.strictObject({ id: positiveIntParam });
export const favouriteSchema = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  symbol: z.string(),
});
export const favouritesReplySchema = z.array(favouriteSchema);

/** Socket rooms: one per symbol for tickers, one per symbol and period for candles. */
export const marketSubscribeSchema = z.object({
  symbols: z.array(z.string().max(32)).max(50),
  candles: z
    .object({ symbol: z.string().max(32), period: candlePeriodSchema })
    .nullable()
    .optional(),
});
export type MarketSubscribe = z.infer<typeof marketSubscribeSchema>;

/** GET /market/instruments: every instrument in display order. */
export const instrumentsReplySchema = z.array(instrumentSchema);

/** How far the history of a fresh install has come: charts fill in as instruments are prepared. */
export const marketHistoryStatusSchema = z.object({
  /** Instruments whose history is being generated (0 once every one has its history). */
  instruments: z.number().int(),
  prepared: z.number().int(),
  ready: z.boolean(),
});
export type MarketHistoryStatus = z.infer<typeof marketHistoryStatusSchema>;

export const marketHistoryStatusRoute = getRoute('/market/history_status', {
  policy: 'public',
  query: noParamsSchema,
  reply: marketHistoryStatusSchema,
});

export const currencyQuotationNewRoute = getRoute('/currency/quotation_new', {
  policy: 'public',
  query: noParamsSchema,
  reply: quotationReplySchema,
});

export const currencyNewTimesharRoute = getRoute('/currency/new_timeshar', {
  policy: 'public',
  query: candlesQuerySchema,
  reply: candlesReplySchema,
});

export const marketInstrumentsRoute = getRoute('/market/instruments', {
  policy: 'public',
  query: noParamsSchema,
  reply: instrumentsReplySchema,
});

export const marketTickRoute = getRoute('/market/tick', {
  policy: 'public',
  query: tickQuerySchema,
  reply: tickSchema,
});

export const optionalAddRoute = postRoute('/optional/add', {
  policy: 'user',
  body: favouriteAddBodySchema,
  reply: favouritesReplySchema,
});

export const optionalDelRoute = postRoute('/optional/del', {
  policy: 'user',
  body: favouriteDelBodySchema,
  reply: favouritesReplySchema,
});

export const optionalListRoute = getRoute('/optional/list', {
  policy: 'user',
  query: noParamsSchema,
  reply: favouritesReplySchema,
});
