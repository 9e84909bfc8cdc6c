import { fromScaledBigint, parseDecimal, stripTrailingZeros } from '@fairex/domain';
import type { Clock } from '../../../platform/clock';
import type { FeedTick, MarketFeed, TicksListener } from './market-feed';
import {
  isTradingTime,
  parseTradingHours,
  priceUnits,
  SimulatedPath,
  type TradingHours,
  volumeLots,
} from './simulated-path.domain';

/** What the simulated feed needs to know of an instrument. */
export type SimulatedInstrument = {
  readonly id: number;
  /** Spot and perpetual on the same base share a path. */
  readonly pathKey: string;
  readonly tickSize: string;
  readonly lotSize: string;
  readonly referencePrice: string;
  readonly annualVolatility: string;
  readonly tradingHours: string | null;
};

/** Simulated notional traded per second and instrument, in quote units (volume generation only). */
const notionalPerSecond = 2_000;
const tickIntervalMs = 1_000;

type Ticker = {
  readonly instrument: SimulatedInstrument;
  readonly path: SimulatedPath;
  readonly tickUnits: bigint;
  readonly priceScale: number;
  readonly lotScale: number;
  readonly lotUnits: bigint;
  readonly averageLots: number;
  readonly hours: TradingHours | null;
};

function scaled(text: string): { units: bigint; scale: number } {
  const parsed = parseDecimal(text);
  if (!parsed.ok || parsed.value.negative) throw new Error(`not a positive decimal: ${text}`);
  const value = stripTrailingZeros(parsed.value);
  return { units: value.digits, scale: value.scale };
}

export function tickerFor(instrument: SimulatedInstrument, seed: number): Ticker {
  const tick = scaled(instrument.tickSize);
  const lot = scaled(instrument.lotSize);
  const referencePrice = Number(instrument.referencePrice);
  return {
    instrument,
    path: new SimulatedPath({
      seed,
      key: instrument.pathKey,
      referencePrice,
      annualVolatility: Number(instrument.annualVolatility),
    }),
    tickUnits: tick.units,
    priceScale: tick.scale,
    lotScale: lot.scale,
    lotUnits: lot.units,
    averageLots: Math.max(1, notionalPerSecond / (referencePrice * Number(instrument.lotSize))),
    hours: instrument.tradingHours ? parseTradingHours(instrument.tradingHours) : null,
  };
}

/** The tick of one instrument at one second (null while its market is closed). */
export function simulatedTick(ticker: Ticker, seed: number, second: number, force = false): FeedTick | null {
  const time = second * 1000;
  if (!force && ticker.hours && !isTradingTime(ticker.hours, time)) return null;
  const units = priceUnits(ticker.path.priceAt(second), ticker.tickUnits, ticker.priceScale);
  const lots = volumeLots(seed, ticker.instrument.pathKey, second, ticker.averageLots);
  return {
    instrumentId: ticker.instrument.id,
    price: fromScaledBigint(units, ticker.priceScale),
    volume: fromScaledBigint(lots * ticker.lotUnits, ticker.lotScale),
    source: 'simulated',
    time,
  };
}

/**
 * One tick per second per instrument from the seeded path. `step(now)` publishes the ticks of
 * that second and waits for the listeners, so tests drive it with a fixed clock; `start()` calls
 * it on a timer (at most one step in flight: a slow second is skipped, never queued).
 */
export class SimulatedFeed implements MarketFeed {
  private readonly listeners = new Set<TicksListener>();
  private tickers: Ticker[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private lastSecond = -1;

  constructor(
    private readonly params: { seed: number; clock: Clock; onError?: (error: unknown) => void },
    instruments: readonly SimulatedInstrument[] = [],
  ) {
    this.setInstruments(instruments);
  }

  setInstruments(instruments: readonly SimulatedInstrument[]): void {
    this.tickers = instruments.map((instrument) => tickerFor(instrument, this.params.seed));
  }

  subscribe(onTicks: TicksListener): () => void {
    this.listeners.add(onTicks);
    return () => this.listeners.delete(onTicks);
  }

  /** The ticks of the second holding `now`; a second already published is not repeated. */
  async step(now: Date): Promise<readonly FeedTick[]> {
    const second = Math.floor(now.getTime() / tickIntervalMs);
    if (second <= this.lastSecond) return [];
    this.lastSecond = second;
    const ticks: FeedTick[] = [];
    for (const ticker of this.tickers) {
      const tick = simulatedTick(ticker, this.params.seed, second);
      if (tick) ticks.push(tick);
    }
    if (ticks.length > 0) {
      for (const listener of this.listeners) await listener(ticks);
    }
    return ticks;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = true;
      this.step(this.params.clock.now())
        .catch((error: unknown) => this.params.onError?.(error))
        .finally(() => {
          this.running = false;
        });
    }, tickIntervalMs / 4);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
