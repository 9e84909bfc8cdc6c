import {
  type Candle,
  type CandlePeriod,
  type CandleRequestPeriod,
  candlePeriods,
  type Instrument,
  type Quote,
  type Tick,
} from '@fairex/contract';
import { fromScaledBigint, parseDecimal, toScaledBigint } from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import {
  aggregateMonths,
  type CandleValue,
  candleOpenTime,
  extendCandle,
  monthOpenTime,
  openCandle,
} from './candles.domain';
import type { FeedTick, MarketFeed } from './feeds/market-feed';
import { SimulatedFeed, type SimulatedInstrument, simulatedTick, tickerFor } from './feeds/simulated-feed';
import { historyMinutes, historyRange, historyRows } from './market.backfill';
import { marketError } from './market.errors';
import type { InstrumentRow } from './market.repository';
import * as repository from './market.repository';
import { seedInstruments } from './market.seed';

/** Most candles one GET /currency/new_timeshar returns; a wider range keeps the newest. */
export const candlesPerRequestMax = 1000;
const dayMs = 86_400_000;
const bigintMax = 2n ** 63n - 1n;
/** The log says how far the history has come every this many instruments. */
const historyProgressEvery = 10;
/** Candle rows per statement while preparing history. */
const historyInsertBatchRows = 400;

/** Lets requests and ticks waiting in the event loop run before the next piece of work. */
function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function minOf(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export type MarketLogger = {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
};

export type MarketOptions = {
  /** Seed of the simulated paths: the same seed gives the same prices at the same seconds. */
  readonly seed: number;
  /** Days of candle history generated for an instrument without candles. */
  readonly backfillDays: number;
  /** "simulated", or the ccxt exchange id whose feed main.ts attaches for spot and perpetuals. */
  readonly cryptoFeed: string;
};

export type LastTick = {
  readonly id: string;
  readonly instrumentId: number;
  readonly price: string;
  readonly source: string;
  readonly time: number;
};
export type ReferencePrice = { readonly price: string; readonly tickId: string; readonly time: number };
export type QuotesListener = (quotes: Quote[]) => void;
/** A staff change of instruments: one was added, or one's status or display fields changed. */
export type InstrumentChange = { readonly created: number } | { readonly changed: number };
export type InstrumentsListener = (change: InstrumentChange) => void | Promise<void>;
export type CandleListener = (symbol: string, period: CandlePeriod, candle: Candle) => void;

/** The market module's service: instruments, ticks, candles, quotes and favourites. */
export interface MarketService {
  /** Seeds instruments, loads the last ticks and open candles, records first ticks. Idempotent. */
  init(logger?: MarketLogger): Promise<void>;
  /**
   * Generates the candle history of instruments that have none (a fresh install: 30 days), in
   * the background after the server answers; quotes and charts fill in as it goes.
   */
  prepareHistory(): Promise<void>;
  /** How far prepareHistory has come: instruments to prepare and prepared so far. */
  historyStatus(): { readonly instruments: number; readonly prepared: number };
  /** Starts the live feeds (main.ts only; tests step the simulated feed instead). */
  start(): void;
  stop(): void;
  /** Publishes the simulated ticks of the second holding `now` and records them; for tests. */
  step(now: Date): Promise<void>;
  /** Plugs another feed in (e.g. ccxt); its ticks are recorded like the simulated ones. */
  attachFeed(feed: MarketFeed): () => void;
  /** Called once per recorded batch (about once per second) with the quotes that changed. */
  onQuotes(listener: QuotesListener): () => void;
  /** Called for every candle a batch changed, of every period. */
  onCandle(listener: CandleListener): () => void;
  lastTick(instrumentId: number): LastTick | null;
  /** The price later features (trading, settlement) use, with the tick id they cite. */
  referencePrice(symbol: string): ReferencePrice | null;
  instruments(): Instrument[];
  /**
   * Re-reads the instruments after a staff change (status, display fields, a new one): lists,
   * quotes and the simulated feed follow at once; prices and history in memory are kept.
   */
  refreshInstruments(change?: InstrumentChange): Promise<void>;
  /** Told after each staff change of instruments, once the market has re-read them. */
  onInstrumentsChanged(listener: InstrumentsListener): () => void;
  instrumentBySymbol(symbol: string): Instrument | null;
  quotes(): Quote[];
  /** Candles of a period; `1mon` are calendar months (UTC) made from the daily candles. */
  candles(params: {
    symbol: string;
    period: CandleRequestPeriod;
    from: number;
    to: number;
  }): Promise<Candle[]>;
  tick(id: string): Promise<Tick>;
  /**
   * An instrument's recorded ticks after `afterId`, oldest first, at most `limit`; prices at the
   * instrument's scale as decimal strings (what a restart evaluates triggers on).
   */
  ticksAfter(
    instrumentId: number,
    afterId: bigint,
    limit: number,
  ): Promise<{ readonly id: bigint; readonly price: string; readonly time: number }[]>;
  /**
   * Recorded ticks of one instrument from `from` to `to` (inclusive), oldest first, at most
   * `limit`: the inputs settlements and receipts recompute outcomes from. `tx`: read within the
   * caller's transaction (a settlement's).
   */
  ticksBetween(
    params: { instrumentId: number; from: Date; to: Date; limit: number },
    tx?: Database,
  ): Promise<{ id: string; price: string; time: number; hash: string | null }[]>;
  /** The head of each instrument's tick chain: its newest tick's id, time and hash (published). */
  tickChainHeads(): { symbol: string; id: string; time: number; hash: string }[];
  favourites(userId: number): Promise<{ id: number; currency_id: number; symbol: string }[]>;
  addFavourite(userId: number, instrumentId: number): Promise<void>;
  removeFavourite(userId: number, instrumentId: number): Promise<void>;
}

type State = {
  row: InstrumentRow;
  priceScale: number;
  volumeScale: number;
  last: { id: string; price: bigint; source: string; time: number } | null;
  open: Map<CandlePeriod, CandleValue>;
  /** 1m candles of the last 24 h and a little more, oldest first: the 24 h statistics. */
  minutes: CandleValue[];
};

function scaleOf(text: string): number {
  const parsed = parseDecimal(text);
  if (!parsed.ok) throw new Error(`not a decimal: ${text}`);
  let { digits, scale } = parsed.value;
  while (scale > 0 && digits % 10n === 0n) {
    digits /= 10n;
    scale -= 1;
  }
  return scale;
}

function units(text: string, scale: number): bigint {
  // Stored numerics carry 18 decimals; anything beyond the instrument's scale is zeros.
  const parsed = toScaledBigint(text, scale);
  if (!parsed.ok) throw new Error(`${text} is not on scale ${scale}`);
  return parsed.value;
}

function toSimulated(row: InstrumentRow): SimulatedInstrument {
  return {
    id: row.id,
    pathKey: row.base,
    tickSize: row.tickSize,
    lotSize: row.lotSize,
    referencePrice: row.referencePrice,
    annualVolatility: row.annualVolatility,
    tradingHours: row.tradingHours,
  };
}

function toInstrument(row: InstrumentRow): Instrument {
  const priceScale = scaleOf(row.tickSize);
  const lotScale = scaleOf(row.lotSize);
  return {
    id: row.id,
    symbol: row.symbol,
    kind: row.kind,
    base: row.base,
    quote: row.quote,
    tick_size: fromScaledBigint(units(row.tickSize, priceScale), priceScale),
    lot_size: fromScaledBigint(units(row.lotSize, lotScale), lotScale),
    price_decimals: row.priceDecimals,
    status: row.status,
    trading_hours: row.tradingHours,
    feed: row.feed,
  };
}

/** Signed percent with two decimals, rounded half away from zero. */
export function changePercent(open: bigint, last: bigint): string {
  if (open === 0n) return '0.00';
  const numerator = (last - open) * 10_000n;
  const magnitude = ((numerator < 0n ? -numerator : numerator) * 2n + open) / (2n * open);
  return fromScaledBigint(numerator < 0n ? -magnitude : magnitude, 2);
}

export function createMarketService(deps: {
  db: Database;
  clock: Clock;
  options: MarketOptions;
  logger?: MarketLogger;
}): MarketService {
  const { db, clock, options } = deps;
  const states = new Map<number, State>();
  /** Each instrument's tick chain head (ticks.chain.ts), advanced by every recorded batch. */
  const chainHeads = new Map<number, string>();
  const bySymbol = new Map<string, State>();
  const quoteListeners = new Set<QuotesListener>();
  const candleListeners = new Set<CandleListener>();
  const feed = new SimulatedFeed({ seed: options.seed, clock });
  const instrumentListeners = new Set<InstrumentsListener>();
  let logger: MarketLogger | undefined = deps.logger;
  let initialised: Promise<void> | undefined;
  /** When init finished: history is generated up to this minute, live ticks from it. */
  let startedAt: number | undefined;
  /** The instruments without candles at start: their history is prepared after the server answers. */
  let historyPending: State[] = [];
  let historyDone = 0;
  let historyStarted = false;
  let backfillStopped = false;
  let queue: Promise<void> = Promise.resolve();
  let quoteCache: { second: number; quotes: Quote[] } | undefined;

  function toCandle(state: State, candle: CandleValue): Candle {
    return {
      time: Math.floor(candle.openTime / 1000),
      open: fromScaledBigint(candle.open, state.priceScale),
      high: fromScaledBigint(candle.high, state.priceScale),
      low: fromScaledBigint(candle.low, state.priceScale),
      close: fromScaledBigint(candle.close, state.priceScale),
      volume: fromScaledBigint(candle.volume, state.volumeScale),
    };
  }

  function quoteOf(state: State, now: number): Quote | null {
    const last = state.last;
    if (!last) return null;
    const since = candleOpenTime(now - dayMs, '1m');
    let open: bigint | undefined;
    let high = last.price;
    let low = last.price;
    let volume = 0n;
    for (const minute of state.minutes) {
      if (minute.openTime < since) continue;
      open ??= minute.open;
      if (minute.high > high) high = minute.high;
      if (minute.low < low) low = minute.low;
      volume += minute.volume;
    }
    const openPrice = open ?? last.price;
    return {
      symbol: state.row.symbol,
      kind: state.row.kind,
      last: fromScaledBigint(last.price, state.priceScale),
      change_percent: changePercent(openPrice, last.price),
      open: fromScaledBigint(openPrice, state.priceScale),
      high: fromScaledBigint(high, state.priceScale),
      low: fromScaledBigint(low, state.priceScale),
      volume: fromScaledBigint(volume, state.volumeScale),
      tick_id: last.id,
      time: last.time,
    };
  }

  function trading(): State[] {
    return [...states.values()].filter((state) => state.row.status === 'trading');
  }

  async function loadState(): Promise<void> {
    const now = clock.now().getTime();
    const rows = await repository.listInstruments(db);
    states.clear();
    bySymbol.clear();
    for (const row of rows) {
      const state: State = {
        row,
        priceScale: scaleOf(row.tickSize),
        volumeScale: scaleOf(row.lotSize),
        last: null,
        open: new Map(),
        minutes: [],
      };
      states.set(row.id, state);
      bySymbol.set(row.symbol.toUpperCase(), state);
    }
    for (const tick of await repository.latestTicks(db)) {
      if (tick.hash !== null) chainHeads.set(tick.instrumentId, tick.hash);
      const state = states.get(tick.instrumentId);
      if (!state) continue;
      state.last = {
        id: tick.id.toString(),
        price: units(tick.price, state.priceScale),
        source: tick.source,
        time: tick.recordedAt.getTime(),
      };
    }
    const candleValue = (state: State, row: repository.CandleRow): CandleValue => ({
      openTime: row.openTime.getTime(),
      open: units(row.open, state.priceScale),
      high: units(row.high, state.priceScale),
      low: units(row.low, state.priceScale),
      close: units(row.close, state.priceScale),
      volume: units(row.volume, state.volumeScale),
    });
    for (const row of await repository.latestCandles(db)) {
      const state = states.get(row.instrumentId);
      if (state) state.open.set(row.period as CandlePeriod, candleValue(state, row));
    }
    for (const row of await repository.candlesSince(db, '1m', new Date(now - dayMs - 60_000))) {
      const state = states.get(row.instrumentId);
      if (state) state.minutes.push(candleValue(state, row));
    }
  }

  /**
   * Generates the history of every simulated instrument without candles, up to the minute the
   * service started, one instrument at a time. Each instrument's rows are written behind the
   * ticks being recorded (never between a batch's statements); the partial candle of each
   * period that live ticks opened since start is merged with the history's part of it.
   */
  /** Simulated instruments that have no candles yet (none when no history is wanted). */
  async function instrumentsWithoutHistory(): Promise<State[]> {
    if (options.backfillDays <= 0) return [];
    const filled = await repository.instrumentIdsWithCandles(db);
    return [...states.values()].filter(
      (state) => !filled.has(state.row.id) && state.row.feed === 'simulated',
    );
  }

  async function backfill(): Promise<void> {
    if (historyStarted || historyPending.length === 0) return;
    historyStarted = true;
    const until = startedAt ?? clock.now().getTime();
    const total = historyPending.length;
    const started = performance.now();
    let candleCount = 0;
    logger?.info(
      { instruments: total, days: options.backfillDays },
      `preparing ${options.backfillDays} days of market history for ${total} instruments; charts fill in as it goes`,
    );
    // Spot and perpetual on one base share a path: generate its minutes once.
    const minutesByPath = new Map<string, CandleValue[]>();
    for (const state of historyPending) {
      if (backfillStopped) return;
      const instrument = {
        ...toSimulated(state.row),
        priceScale: state.priceScale,
        volumeScale: state.volumeScale,
      };
      const pathKey = `${instrument.pathKey}|${instrument.tickSize}|${instrument.lotSize}|${instrument.tradingHours}`;
      let minutes = minutesByPath.get(pathKey);
      if (!minutes) {
        minutes = historyMinutes(instrument, options.seed, historyRange(until, options.backfillDays));
        minutesByPath.set(pathKey, minutes);
      }
      const rows = historyRows(instrument, options.seed, { now: until, days: options.backfillDays, minutes });
      candleCount += rows.length;
      // Small statements with a pause between: requests and ticks get the database in between
      // (PGlite runs in this thread, so one large statement would hold every request up).
      for (let start = 0; start < rows.length; start += historyInsertBatchRows) {
        const batch = rows.slice(start, start + historyInsertBatchRows);
        await serialised(() => repository.insertCandles(db, batch));
        await yieldToRequests();
      }
      await serialised(() => foldHistory(state, rows));
      historyDone += 1;
      if (historyDone % historyProgressEvery === 0 && historyDone < total) {
        logger?.info(
          { prepared: historyDone, instruments: total },
          `market history: ${historyDone} of ${total} instruments`,
        );
      }
      await yieldToRequests();
    }
    const ms = Math.round(performance.now() - started);
    logger?.info(
      { instruments: total, candles: candleCount, ms },
      `market history prepared: ${options.backfillDays} days for ${total} instruments in ${ms} ms`,
    );
  }

  /** A period's candles with open time in [from, to] (unix s), the open one from memory. */
  async function storedCandles(
    state: State,
    period: CandlePeriod,
    from: number,
    to: number,
  ): Promise<CandleValue[]> {
    const rows = await repository.candlesInRange(db, {
      instrumentId: state.row.id,
      period,
      from: new Date(from * 1000),
      to: new Date(to * 1000),
      limit: candlesPerRequestMax,
    });
    const result: CandleValue[] = rows.map((row) => ({
      openTime: row.openTime.getTime(),
      open: units(row.open, state.priceScale),
      high: units(row.high, state.priceScale),
      low: units(row.low, state.priceScale),
      close: units(row.close, state.priceScale),
      volume: units(row.volume, state.volumeScale),
    }));
    // The open candle from memory: the stored one may be up to a second behind.
    const open = state.open.get(period);
    if (open && open.openTime >= from * 1000 && open.openTime <= to * 1000) {
      const last = result[result.length - 1];
      if (last?.openTime === open.openTime) result[result.length - 1] = open;
      else if (!last || last.openTime < open.openTime) {
        result.push(open);
        if (result.length > candlesPerRequestMax) result.shift();
      }
    }
    return result;
  }

  /** Folds one instrument's stored history into the candles live ticks opened meanwhile. */
  async function foldHistory(state: State, rows: readonly repository.CandleRow[]): Promise<void> {
    const merged: repository.CandleRow[] = [];
    for (const period of candlePeriods) {
      const live = state.open.get(period);
      if (!live) continue;
      const history = rows.findLast(
        (row) => row.period === period && row.openTime.getTime() === live.openTime,
      );
      if (!history) continue;
      const candle: CandleValue = {
        openTime: live.openTime,
        open: units(history.open, state.priceScale),
        high: maxOf(units(history.high, state.priceScale), live.high),
        low: minOf(units(history.low, state.priceScale), live.low),
        close: live.close,
        volume: units(history.volume, state.volumeScale) + live.volume,
      };
      state.open.set(period, candle);
      merged.push(candleRowOf(state, period, candle));
    }
    await repository.upsertCandles(db, merged);
    const since = new Date(clock.now().getTime() - dayMs - 60_000);
    const minutes = await repository.candlesSinceOf(db, { instrumentId: state.row.id, period: '1m', since });
    state.minutes = minutes.map((row) => ({
      openTime: row.openTime.getTime(),
      open: units(row.open, state.priceScale),
      high: units(row.high, state.priceScale),
      low: units(row.low, state.priceScale),
      close: units(row.close, state.priceScale),
      volume: units(row.volume, state.volumeScale),
    }));
    const open = state.open.get('1m');
    const lastMinute = state.minutes[state.minutes.length - 1];
    if (open && lastMinute?.openTime === open.openTime) state.minutes[state.minutes.length - 1] = open;
    quoteCache = undefined;
  }

  function candleRowOf(state: State, period: CandlePeriod, candle: CandleValue): repository.CandleRow {
    return {
      instrumentId: state.row.id,
      period,
      openTime: new Date(candle.openTime),
      open: fromScaledBigint(candle.open, state.priceScale),
      high: fromScaledBigint(candle.high, state.priceScale),
      low: fromScaledBigint(candle.low, state.priceScale),
      close: fromScaledBigint(candle.close, state.priceScale),
      volume: fromScaledBigint(candle.volume, state.volumeScale),
    };
  }

  /**
   * Every trading simulated instrument gets a first tick, so every quote cites a real tick; an
   * instrument on a staff-set reference (feed "reference", an IEO listing) gets its reference
   * recorded as its tick (source "reference"), once, restarts included.
   */
  async function firstTicks(): Promise<void> {
    const now = clock.now().getTime();
    const second = Math.floor(now / 1000);
    const ticks: FeedTick[] = [];
    for (const state of trading()) {
      if (state.last) continue;
      if (state.row.feed === repository.referenceFeed) {
        ticks.push({
          instrumentId: state.row.id,
          price: fromScaledBigint(units(state.row.referencePrice, state.priceScale), state.priceScale),
          volume: '0',
          source: repository.referenceFeed,
          time: now,
        });
        continue;
      }
      if (state.row.feed !== 'simulated') continue;
      const tick = simulatedTick(tickerFor(toSimulated(state.row), options.seed), options.seed, second, true);
      if (tick) ticks.push(tick);
    }
    const ids = await repository.insertTicks(db, ticks, chainHeads);
    ticks.forEach((tick, index) => {
      const state = states.get(tick.instrumentId);
      const id = ids[index];
      if (state && id) {
        state.last = {
          id: id.id.toString(),
          price: units(tick.price, state.priceScale),
          source: tick.source,
          time: tick.time,
        };
      }
    });
  }

  /** Records a batch: one INSERT for the ticks, one upsert for the changed candles, then notifies. */
  async function record(ticks: readonly FeedTick[]): Promise<void> {
    const fresh = ticks.filter((tick) => {
      const state = states.get(tick.instrumentId);
      return state !== undefined && (!state.last || tick.time > state.last.time);
    });
    if (fresh.length === 0) return;
    const ids = await repository.insertTicks(db, fresh, chainHeads);
    const changed: { state: State; period: CandlePeriod; candle: CandleValue }[] = [];
    const touched = new Set<State>();
    fresh.forEach((tick, index) => {
      const state = states.get(tick.instrumentId) as State;
      const id = ids[index];
      if (!id || id.instrumentId !== tick.instrumentId) throw new Error('tick ids out of order');
      const price = units(tick.price, state.priceScale);
      const volume = units(tick.volume, state.volumeScale);
      state.last = { id: id.id.toString(), price, source: tick.source, time: tick.time };
      touched.add(state);
      const value = { time: tick.time, price, volume };
      for (const period of candlePeriods) {
        const current = state.open.get(period);
        const candle =
          current && current.openTime === candleOpenTime(tick.time, period)
            ? extendCandle(current, value)
            : openCandle(value, period);
        state.open.set(period, candle);
        changed.push({ state, period, candle });
        if (period === '1m') {
          const lastMinute = state.minutes[state.minutes.length - 1];
          if (lastMinute?.openTime === candle.openTime) state.minutes[state.minutes.length - 1] = candle;
          else state.minutes.push(candle);
          const since = candleOpenTime(tick.time - dayMs - 60_000, '1m');
          while ((state.minutes[0]?.openTime ?? since) < since) state.minutes.shift();
        }
      }
    });
    await repository.upsertCandles(
      db,
      changed.map(({ state, period, candle }) => candleRowOf(state, period, candle)),
    );
    quoteCache = undefined;
    const now = clock.now().getTime();
    const quotes = [...touched].flatMap((state) => quoteOf(state, now) ?? []);
    for (const listener of quoteListeners) listener(quotes);
    for (const { state, period, candle } of changed) {
      for (const listener of candleListeners) listener(state.row.symbol, period, toCandle(state, candle));
    }
  }

  function simulatedTrading(): SimulatedInstrument[] {
    return trading()
      .filter((state) => state.row.feed === 'simulated')
      .map((state) => toSimulated(state.row));
  }

  /** Updates each instrument's row in place and adds new ones; tick and lot never change here. */
  async function refreshRows(): Promise<void> {
    for (const row of await repository.listInstruments(db)) {
      const state = states.get(row.id);
      if (state) {
        state.row = row;
        continue;
      }
      const added: State = {
        row,
        priceScale: scaleOf(row.tickSize),
        volumeScale: scaleOf(row.lotSize),
        last: null,
        open: new Map(),
        minutes: [],
      };
      states.set(row.id, added);
      bySymbol.set(row.symbol.toUpperCase(), added);
    }
    quoteCache = undefined;
    await firstTicks();
    feed.setInstruments(simulatedTrading());
  }

  /** Runs `work` after every batch and history write queued before it, one at a time. */
  function serialised(work: () => Promise<void>, failure = 'could not record market ticks'): Promise<void> {
    const next = queue.then(work);
    queue = next.catch((error: unknown) => logger?.error({ err: error }, failure));
    return next;
  }

  function enqueue(ticks: readonly FeedTick[]): Promise<void> {
    return serialised(() => record(ticks));
  }

  feed.subscribe(enqueue);

  return {
    init(log) {
      logger ??= log;
      initialised ??= (async () => {
        await seedInstruments(db);
        await repository.assignCryptoFeed(db, options.cryptoFeed);
        await loadState();
        await firstTicks();
        feed.setInstruments(simulatedTrading());
        startedAt = clock.now().getTime();
        historyPending = await instrumentsWithoutHistory();
      })();
      return initialised;
    },
    async prepareHistory() {
      await initialised;
      await backfill();
    },
    historyStatus: () => ({
      instruments: historyPending.length,
      prepared: Math.min(historyDone, historyPending.length),
    }),
    start: () => feed.start(),
    stop: () => {
      backfillStopped = true;
      feed.stop();
    },
    async step(now) {
      await feed.step(now);
    },
    attachFeed: (other) => other.subscribe(enqueue),
    onQuotes(listener) {
      quoteListeners.add(listener);
      return () => quoteListeners.delete(listener);
    },
    onCandle(listener) {
      candleListeners.add(listener);
      return () => candleListeners.delete(listener);
    },
    lastTick(instrumentId) {
      const state = states.get(instrumentId);
      if (!state?.last) return null;
      return {
        id: state.last.id,
        instrumentId,
        price: fromScaledBigint(state.last.price, state.priceScale),
        source: state.last.source,
        time: state.last.time,
      };
    },
    referencePrice(symbol) {
      const state = bySymbol.get(symbol.toUpperCase());
      if (!state?.last) return null;
      return {
        price: fromScaledBigint(state.last.price, state.priceScale),
        tickId: state.last.id,
        time: state.last.time,
      };
    },
    instruments: () => [...states.values()].map((state) => toInstrument(state.row)),
    async refreshInstruments(change) {
      // Behind any batch being recorded, so a refresh never interleaves with one.
      await serialised(refreshRows, 'could not refresh instruments');
      if (change) for (const listener of instrumentListeners) await listener(change);
    },
    onInstrumentsChanged(listener) {
      instrumentListeners.add(listener);
      return () => instrumentListeners.delete(listener);
    },
    instrumentBySymbol(symbol) {
      const state = bySymbol.get(symbol.toUpperCase());
      return state ? toInstrument(state.row) : null;
    },
    quotes() {
      const now = clock.now().getTime();
      const second = Math.floor(now / 1000);
      if (quoteCache?.second !== second) {
        quoteCache = { second, quotes: trading().flatMap((state) => quoteOf(state, now) ?? []) };
      }
      return quoteCache.quotes;
    },
    async candles({ symbol, period, from, to }) {
      const state = bySymbol.get(symbol.toUpperCase());
      if (!state) throw marketError('instrument_not_found');
      if (from > to) throw marketError('invalid_time_range');
      if (period === '1mon') {
        // Months from the days they hold: the month of `from` from its first day on.
        const days = await storedCandles(state, '1d', monthOpenTime(from * 1000) / 1000, to);
        return aggregateMonths(days)
          .filter((month) => month.openTime >= monthOpenTime(from * 1000) && month.openTime <= to * 1000)
          .slice(-candlesPerRequestMax)
          .map((month) => toCandle(state, month));
      }
      return (await storedCandles(state, period, from, to)).map((candle) => toCandle(state, candle));
    },
    async ticksBetween(params, tx) {
      const state = states.get(params.instrumentId);
      if (!state) return [];
      const rows = await repository.ticksBetween(tx ?? db, params);
      return rows.map((row) => ({
        id: row.id.toString(),
        price: fromScaledBigint(units(row.price, state.priceScale), state.priceScale),
        time: row.recordedAt.getTime(),
        hash: row.hash,
      }));
    },

    tickChainHeads() {
      const heads: { symbol: string; id: string; time: number; hash: string }[] = [];
      for (const state of states.values()) {
        const hash = chainHeads.get(state.row.id);
        if (hash && state.last)
          heads.push({ symbol: state.row.symbol, id: state.last.id, time: state.last.time, hash });
      }
      return heads;
    },

    async tick(id) {
      const value = BigInt(id);
      if (value > bigintMax) throw marketError('tick_not_found');
      const row = await repository.findTick(db, value);
      const state = row ? states.get(row.instrumentId) : undefined;
      if (!row || !state) throw marketError('tick_not_found');
      return {
        id: row.id.toString(),
        symbol: state.row.symbol,
        price: fromScaledBigint(units(row.price, state.priceScale), state.priceScale),
        source: row.source,
        time: row.recordedAt.getTime(),
      };
    },
    async ticksAfter(instrumentId, afterId, limit) {
      const state = states.get(instrumentId);
      if (!state) return [];
      const rows = await repository.ticksAfter(db, instrumentId, afterId, limit);
      return rows.map((row) => ({
        id: row.id,
        price: fromScaledBigint(units(row.price, state.priceScale), state.priceScale),
        time: row.recordedAt.getTime(),
      }));
    },
    async favourites(userId) {
      const rows = await repository.listFavourites(db, userId);
      return rows.map((row) => ({ id: row.id, currency_id: row.instrumentId, symbol: row.symbol }));
    },
    async addFavourite(userId, instrumentId) {
      if (!states.has(instrumentId)) throw marketError('instrument_not_found');
      await repository.addFavourite(db, userId, instrumentId);
    },
    async removeFavourite(userId, instrumentId) {
      await repository.removeFavourite(db, userId, instrumentId);
    },
  };
}
