/**
 * The market module's public surface: its routes, and the one MarketService per database that
 * main.ts starts (live feed) and the realtime layer listens to (onQuotes, onCandle).
 */
import { invariant } from '@fairex/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { DatabaseHandle } from '../../platform/db/database';
import { CcxtFeed, type CcxtFeedOptions } from './feeds/ccxt-feed';
import { backfillDaysDefault } from './market.backfill';
import { marketHttpRoutes } from './market.routes';
import { createMarketService, type MarketOptions, type MarketService } from './market.service';

/** @public */
export type { FeedTick, MarketFeed, TicksListener } from './feeds/market-feed';
/** Staff changes to instruments (the operator console); then MarketService.refreshInstruments(). */
export {
  findInstrumentRow,
  type InstrumentRow,
  insertInstrumentRow,
  instrumentGridFits,
  instrumentSymbolTaken,
  listInstrumentRows,
  priceDecimalsFit,
  setInstrumentStatus,
  updateInstrumentDisplay,
} from './market.admin';
/** @public */
export type {
  CandleListener,
  LastTick,
  MarketOptions,
  MarketService,
  QuotesListener,
  ReferencePrice,
} from './market.service';
export { usdtReferenceSymbol } from './market.symbols';

/** What the market module needs from the app; AppDeps satisfies it. */
export type MarketModuleDeps = { readonly database: DatabaseHandle; readonly clock: Clock };

const services = new WeakMap<DatabaseHandle, MarketService>();
const optionsByDatabase = new WeakMap<DatabaseHandle, Partial<MarketOptions>>();

/** Sets the seed (config's simulatedMarketSeed), feed or backfill depth before the service is made. */
export function configureMarket(database: DatabaseHandle, options: Partial<MarketOptions>): void {
  optionsByDatabase.set(database, { ...optionsByDatabase.get(database), ...options });
}

/** Like configureMarket, but only for options nobody has set yet (test defaults). */
export function configureMarketDefaults(database: DatabaseHandle, defaults: Partial<MarketOptions>): void {
  optionsByDatabase.set(database, { ...defaults, ...optionsByDatabase.get(database) });
}

/** The market service of this database, made on first use; nothing runs until init()/start(). */
export function marketServiceFor(deps: MarketModuleDeps): MarketService {
  let service = services.get(deps.database);
  if (!service) {
    const { seed, ...options } = optionsByDatabase.get(deps.database) ?? {};
    // No public default: a known seed lets anyone compute future prices (config.ts).
    invariant(seed !== undefined, 'the simulated market needs its seed (configureMarket, from config)');
    service = createMarketService({
      db: deps.database.db,
      clock: deps.clock,
      options: { backfillDays: backfillDaysDefault, cryptoFeed: 'simulated', ...options, seed },
    });
    services.set(deps.database, service);
  }
  return service;
}

/** Seeds, backfills and loads the market (the feed stays stopped: main.ts starts it). */
export function marketRoutes(deps: MarketModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const market = marketServiceFor(deps);
    await market.init(app.log);
    app.addHook('onClose', async () => market.stop());
    await app.register(marketHttpRoutes(market));
  };
}

/** @public */
export { createCcxtExchange } from './feeds/ccxt-feed';

/**
 * Plugs a ccxt feed into the market for the instruments assigned to its exchange (the
 * `cryptoFeed` option); its ticks are recorded and published like the simulated ones.
 */
export function attachCcxtFeed(
  market: MarketService,
  options: Omit<CcxtFeedOptions, 'instruments'>,
): CcxtFeed {
  const instruments = market
    .instruments()
    .filter((instrument) => instrument.feed === options.exchange.id)
    .map(({ id, symbol }) => ({ id, symbol }));
  const feed = new CcxtFeed({ ...options, instruments });
  market.attachFeed(feed);
  return feed;
}
