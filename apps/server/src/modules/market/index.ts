/**
 * The market module's public surface: instruments, recorded ticks, candles and quotes. The
 * composition root builds one MarketService with createMarketModule; spot, wallet, deposits and
 * withdrawals receive it for reference prices, and the realtime layer listens to it.
 */

import type { AppModule, BackgroundJob, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { CcxtFeed, type CcxtFeedOptions, createCcxtExchange } from './feeds/ccxt-feed';
import { createInstrumentCommands } from './market.instruments.service';
import { marketHttpRoutes } from './market.routes';
import {
  createMarketService,
  type MarketLogger,
  type MarketOptions,
  type MarketService,
} from './market.service';
import { marketStaffRoutes } from './market.staff.routes';
import { installMarketRealtime } from './realtime';

/** @public */
export type { FeedTick, MarketFeed, TicksListener } from './feeds/market-feed';
export { backfillDaysDefault } from './market.backfill';
/** Staff instrument commands (add, pause, ...); an IEO listing adds its pair through them. @public */
export { createInstrumentCommands, type InstrumentCommands } from './market.instruments.service';
export { referenceFeed } from './market.repository';
/** @public */
export type {
  CandleListener,
  InstrumentChange,
  LastTick,
  MarketOptions,
  MarketService,
  QuotesListener,
  ReferencePrice,
} from './market.service';
export { usdtReferenceSymbol } from './market.symbols';
/** @public */
export { type TickChainResult, tickHash, verifyTickChains } from './ticks.chain';

/** A live exchange feed (MARKET_FEED=ccxt) for the instruments assigned to it. */
export type LiveFeedSettings = Omit<CcxtFeedOptions, 'instruments' | 'exchange' | 'clock' | 'logger'> & {
  readonly exchangeId: string;
};

export type MarketModuleDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly logger: MarketLogger & { warn(object: object, message: string): void };
  readonly options: MarketOptions;
  /** MARKET_FEED=ccxt: live tickers for spot and perpetuals; stocks stay simulated. */
  readonly liveFeed?: LiveFeedSettings | undefined;
};

/**
 * Seeds and loads the market (instruments, last ticks, open candles) before the server answers;
 * the feeds and the history of a fresh install run as jobs once it does.
 */
export const marketManifest = {
  name: 'market',
  localeNamespace: 'market',
} as const satisfies ModuleManifest;

export async function createMarketModule(
  deps: MarketModuleDeps,
): Promise<{ readonly market: MarketService; readonly module: AppModule }> {
  const market = createMarketService({
    db: deps.db,
    clock: deps.clock,
    options: deps.options,
    logger: deps.logger,
  });
  await market.init();
  const instruments = createInstrumentCommands({ db: deps.db, clock: deps.clock, market });

  const jobs: BackgroundJob[] = [
    { name: 'market history', start: () => void market.prepareHistory(), stop: () => undefined },
    { name: 'simulated prices', start: () => market.start(), stop: () => market.stop() },
  ];
  const live = deps.liveFeed;
  if (live) {
    const feed = new CcxtFeed({
      ...live,
      exchange: createCcxtExchange(live.exchangeId),
      clock: deps.clock,
      logger: deps.logger,
      instruments: market
        .instruments()
        .filter((instrument) => instrument.feed === live.exchangeId)
        .map(({ id, symbol }) => ({ id, symbol })),
    });
    market.attachFeed(feed);
    jobs.push({
      name: `live prices (${live.exchangeId})`,
      start: () => feed.start(),
      stop: () => feed.stop(),
    });
  }

  return {
    market,
    module: {
      ...marketManifest,
      routes: async (app) => {
        await app.register(marketHttpRoutes(market));
        await app.register(marketStaffRoutes(instruments));
      },
      // Quotes and candles fan out over Socket.IO on a fixed flush tick (conventions rule 6).
      realtime: (io) => installMarketRealtime(io, market),
      jobs,
      close: async () => market.stop(),
    },
  };
}
