import type { Candle, CandlePeriod } from '@fairex/contract';
import ccxt, { type Exchange, Precise } from 'ccxt';
import type { Clock } from '../../../platform/clock';
import type { FeedTick, MarketFeed, TicksListener } from './market-feed';

/** The fastest we poll an exchange's tickers: public REST limits allow far more, we need no more. */
export const ccxtPollIntervalMsMin = 1000;
export const ccxtPollIntervalMsDefault = 2000;
export const ccxtPollIntervalMsMax = 60_000;
/** One REST call (tickers, markets, candles) gives up after this long. */
export const ccxtRequestTimeoutMs = 5000;
/** After failed polls the wait doubles from the poll interval up to this. */
export const ccxtErrorBackoffMsMax = 60_000;
/** Candles one backfill call asks for. */
export const ccxtCandlesLimitMax = 1000;
/** Instruments one feed polls. */
export const ccxtInstrumentsMax = 200;

/** The part of pino's logger the feed writes to (app.log fits). */
export type FeedLogger = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type CcxtInstrument = { readonly id: number; readonly symbol: string };

export type CcxtFeedOptions = {
  readonly exchange: Exchange;
  readonly instruments: readonly CcxtInstrument[];
  /** Instrument symbol -> the exchange's unified symbol (e.g. "BTC-PERP" -> "BTC/USDT:USDT"); default: the same. */
  readonly symbolMap?: Readonly<Record<string, string>>;
  readonly pollIntervalMs?: number;
  readonly clock: Clock;
  readonly logger: FeedLogger;
};

type FetchImplementation = (url: string, init: Record<string, unknown>) => Promise<Response>;

/**
 * A ccxt exchange by id, set up for our use: numbers as strings (exact decimals), a bounded
 * timeout, its own rate limiter on. Tests pass a `fetchImplementation` that serves fixtures.
 */
export function createCcxtExchange(
  exchangeId: string,
  options: { fetchImplementation?: FetchImplementation; timeoutMs?: number } = {},
): Exchange {
  if (!ccxt.exchanges.includes(exchangeId)) throw new Error(`Unknown ccxt exchange "${exchangeId}"`);
  const ExchangeClass = (ccxt as unknown as Record<string, new (config: object) => Exchange>)[exchangeId];
  if (!ExchangeClass) throw new Error(`Unknown ccxt exchange "${exchangeId}"`);
  const exchange = new ExchangeClass({
    enableRateLimit: true,
    timeout: options.timeoutMs ?? ccxtRequestTimeoutMs,
    ...(options.fetchImplementation ? { fetchImplementation: options.fetchImplementation } : {}),
  });
  // ccxt then hands every price and amount over as the exchange's own decimal string.
  exchange.number = String as unknown as typeof exchange.number;
  return exchange;
}

/** "64000.01000000" -> "64000.01"; null for anything that is not a plain non-negative decimal. */
export function exactDecimal(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'number' ? (Precise.stringAdd(String(value), '0') ?? '') : String(value);
  if (!/^\d{1,18}(\.\d+)?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > 12) return null;
  const wholeTrimmed = whole.replace(/^0+(?=\d)/, '');
  return trimmed === '' ? wholeTrimmed : `${wholeTrimmed}.${trimmed}`;
}

function clampInterval(ms: number | undefined): number {
  const wanted = ms ?? ccxtPollIntervalMsDefault;
  return Math.min(ccxtPollIntervalMsMax, Math.max(ccxtPollIntervalMsMin, wanted));
}

type Seen = { price: string; time: number; volume24h: string | null };

/**
 * Live prices from a real exchange through ccxt: polls fetchTickers on a bounded interval and
 * turns each changed ticker into a tick. A failed poll is logged and retried with backoff; it
 * never throws out of the feed.
 */
export class CcxtFeed implements MarketFeed {
  readonly #options: CcxtFeedOptions;
  readonly #intervalMs: number;
  readonly #listeners = new Set<TicksListener>();
  readonly #seen = new Map<number, Seen>();
  readonly #idByExchangeSymbol = new Map<string, number>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running = false;
  #failures = 0;
  #unknownSymbolsLogged = false;

  constructor(options: CcxtFeedOptions) {
    if (options.instruments.length > ccxtInstrumentsMax) {
      throw new Error(`A ccxt feed polls at most ${ccxtInstrumentsMax} instruments`);
    }
    this.#options = options;
    this.#intervalMs = clampInterval(options.pollIntervalMs);
    for (const instrument of options.instruments) {
      this.#idByExchangeSymbol.set(this.exchangeSymbolOf(instrument.symbol), instrument.id);
    }
  }

  get source(): string {
    return this.#options.exchange.id;
  }

  exchangeSymbolOf(instrumentSymbol: string): string {
    return this.#options.symbolMap?.[instrumentSymbol] ?? instrumentSymbol;
  }

  subscribe(onTicks: TicksListener): () => void {
    this.#listeners.add(onTicks);
    return () => {
      this.#listeners.delete(onTicks);
    };
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule(0);
  }

  stop(): void {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** The wait before the next poll: the interval, doubled per consecutive failure up to the cap. */
  nextDelayMs(): number {
    if (this.#failures === 0) return this.#intervalMs;
    return Math.min(ccxtErrorBackoffMsMax, this.#intervalMs * 2 ** Math.min(this.#failures, 16));
  }

  /** One poll: fetches tickers, publishes the ticks of changed instruments and returns them. */
  async pollOnce(): Promise<FeedTick[]> {
    let ticks: FeedTick[];
    try {
      ticks = await this.#fetchTicks();
      this.#failures = 0;
    } catch (error) {
      this.#failures += 1;
      this.#options.logger.error(
        { err: error, exchange: this.source, failures: this.#failures, retryInMs: this.nextDelayMs() },
        'market feed poll failed',
      );
      return [];
    }
    if (ticks.length > 0) this.#publish(ticks);
    return ticks;
  }

  #schedule(delayMs: number): void {
    this.#timer = setTimeout(async () => {
      if (!this.#running) return;
      await this.pollOnce();
      if (this.#running) this.#schedule(this.nextDelayMs());
    }, delayMs);
    this.#timer.unref?.();
  }

  #publish(ticks: FeedTick[]): void {
    for (const listener of this.#listeners) {
      const failed = (error: unknown) =>
        this.#options.logger.error({ err: error, exchange: this.source }, 'market feed listener failed');
      try {
        const result = listener(ticks);
        if (result instanceof Promise) result.catch(failed);
      } catch (error) {
        failed(error);
      }
    }
  }

  async #fetchTicks(): Promise<FeedTick[]> {
    const exchange = this.#options.exchange;
    await exchange.loadMarkets();
    const known = [...this.#idByExchangeSymbol.keys()].filter(
      (symbol) => exchange.markets?.[symbol] !== undefined,
    );
    if (known.length < this.#idByExchangeSymbol.size && !this.#unknownSymbolsLogged) {
      this.#unknownSymbolsLogged = true;
      const unknown = [...this.#idByExchangeSymbol.keys()].filter((symbol) => !known.includes(symbol));
      this.#options.logger.warn(
        { exchange: this.source, unknown },
        'market feed symbols unknown to the exchange',
      );
    }
    if (known.length === 0) return [];
    const tickers = await exchange.fetchTickers(known);
    const now = this.#options.clock.now().getTime();
    const ticks: FeedTick[] = [];
    for (const symbol of known) {
      const ticker = tickers[symbol];
      const instrumentId = this.#idByExchangeSymbol.get(symbol);
      if (!ticker || instrumentId === undefined) continue;
      const price = exactDecimal(ticker.last ?? ticker.close);
      if (price === null || Precise.stringLe(price, '0')) continue;
      const time = typeof ticker.timestamp === 'number' ? ticker.timestamp : now;
      const volume24h = exactDecimal(ticker.baseVolume);
      const previous = this.#seen.get(instrumentId);
      this.#seen.set(instrumentId, { price, time, volume24h });
      if (previous && previous.price === price && previous.time === time) continue;
      ticks.push({
        instrumentId,
        price,
        volume: volumeSince(previous?.volume24h ?? null, volume24h),
        source: this.source,
        time,
      });
    }
    return ticks;
  }
}

/** Base volume traded between two rolling 24 h figures; "0" when unknown or when the window shrank. */
function volumeSince(previous: string | null, current: string | null): string {
  if (previous === null || current === null) return '0';
  const delta = Precise.stringSub(current, previous);
  if (delta === undefined || Precise.stringLt(delta, '0')) return '0';
  return exactDecimal(delta) ?? '0';
}

/**
 * Candles for a backfill: up to `limit` candles of `period` from `fromSeconds`, oldest first,
 * with the exchange's exact decimals. Throws on a failed request (the caller decides).
 */
export async function fetchCcxtCandles(
  exchange: Exchange,
  request: { exchangeSymbol: string; period: CandlePeriod; fromSeconds: number; limit?: number },
): Promise<Candle[]> {
  const limit = Math.min(ccxtCandlesLimitMax, Math.max(1, request.limit ?? ccxtCandlesLimitMax));
  const rows = await exchange.fetchOHLCV(
    request.exchangeSymbol,
    request.period,
    request.fromSeconds * 1000,
    limit,
  );
  const candles: Candle[] = [];
  for (const row of rows) {
    const [timeMs, open, high, low, close, volume] = row as unknown[];
    const values = [open, high, low, close, volume].map(exactDecimal);
    if (typeof timeMs !== 'number' || values.some((value) => value === null)) continue;
    const [o, h, l, c, v] = values as string[];
    candles.push({
      time: Math.floor(timeMs / 1000),
      open: o as string,
      high: h as string,
      low: l as string,
      close: c as string,
      volume: v as string,
    });
  }
  return candles.sort((a, b) => a.time - b.time);
}
