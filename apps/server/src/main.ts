import { buildApp } from './app';
import { ConfigError, loadConfig, simulatedMarketSeed } from './config';
import { createSessionResolver } from './modules/accounts';
import { seedDemoContent } from './modules/content';
import { createFiatRateSource } from './modules/fiat/fiat.http-source';
import { attachCcxtFeed, configureMarket, createCcxtExchange, marketServiceFor } from './modules/market';
import { spotServiceFor } from './modules/spot';
import { createMarketMaker } from './modules/spot/spot.market-maker';
import { withStaffSessions } from './modules/staff';
import { systemClock } from './platform/clock';
import { configuredDatabase, openDatabase } from './platform/db/database';
import { LocalFileStorage } from './platform/storage/local-file-storage';

/** The composition root: read config, build dependencies, listen, and stop gracefully. */

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(configuredDatabase(config));
  configureMarket(database, {
    seed: simulatedMarketSeed(config),
    ...(config.marketFeed === 'ccxt' ? { cryptoFeed: config.marketFeedExchange } : {}),
  });
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    // Staff tokens (fxs.) resolve to staff principals; everything else to user sessions.
    sessions: withStaffSessions(createSessionResolver({ db: database.db, clock: systemClock }), {
      db: database.db,
      clock: systemClock,
    }),
    storage: new LocalFileStorage(`${config.dataDir}/uploads`),
    fiatRateSource: config.fiatRatesUrl ? createFiatRateSource(config.fiatRatesUrl) : null,
  });

  if (database.kind === 'pglite' && !config.demo) {
    app.log.warn(
      '!!! PGlite is the embedded database for trying Fairex out. It has one connection and does not ' +
        'fsync: never hold real money on it. Set DATABASE_URL to a PostgreSQL server. !!!',
    );
  }
  if (config.demo) {
    await seedDemoContent(database.db, systemClock);
  }

  // buildApp has seeded and backfilled the market; the live feed runs only here, never in tests.
  const market = marketServiceFor({ database, clock: systemClock });
  market.start();
  const exchangeFeed =
    config.marketFeed === 'ccxt'
      ? attachCcxtFeed(market, {
          exchange: createCcxtExchange(config.marketFeedExchange),
          symbolMap: config.marketFeedSymbols,
          pollIntervalMs: config.marketFeedPollMs,
          clock: systemClock,
          logger: app.log,
        })
      : null;
  exchangeFeed?.start();
  // The house market maker quotes the spot pairs on every tick (SPOT_MARKET_MAKER; on in demo).
  const marketMaker = config.marketMaker.enabled
    ? createMarketMaker({
        spot: spotServiceFor({ database, clock: systemClock }),
        market,
        db: database.db,
        clock: systemClock,
        config: config.marketMaker,
        logger: app.log,
      })
    : null;
  await marketMaker?.start().catch((error: unknown) => {
    app.log.error({ err: error }, 'the market maker could not start; the books stay without it');
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    exchangeFeed?.stop();
    market.stop();
    await marketMaker?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const mode = config.demo ? 'demo mode: simulated prices, test funds' : 'live mode';
  const storeName = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(`\n  Fairex is running at ${config.publicUrl}  (${mode}; database: ${storeName})\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
