/**
 * Spot's pairs: one actor (and book) per pair, loaded from spot_markets, found by symbol, by
 * currency ids or by instrument, and the checks every command makes first (halted, paused,
 * stopping, a reference price to band the order).
 */
import type { Ticks } from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Halts } from '../halts';
import type { Ledger } from '../ledger';
import type { MarketService } from '../market';
import { bandTicks, type PairRules } from './spot.domain';
import { PairActor, type RoundCommitted } from './spot.engine';
import { spotError } from './spot.errors';
import type { ListedPair } from './spot.exchange';
import { loadMarkets, seedSpotMarkets } from './spot.repository';
import type { PairContext } from './spot.round';
import { rulesOf } from './spot.views';

/** One object shared with the pair's actor, so a fee change reaches both at once. */
export type Pair = ListedPair & { readonly actor: PairActor };

export type SpotPairsDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly market: Pick<MarketService, 'referencePrice' | 'instrumentBySymbol'>;
  readonly halts: Pick<Halts, 'assertOpen' | 'isHalted' | 'halt' | 'onResume'>;
  readonly report: (error: unknown, message: string) => void;
  /** Each committed round of a pair, for the service's listeners. */
  readonly onRound: (pair: Pair, round: RoundCommitted) => void;
};

/** The halts scope of a pair. */
export function haltScope(symbol: string): string {
  return `spot:${symbol}`;
}

export function createSpotPairs(deps: SpotPairsDeps) {
  const { db, clock, ledger, market } = deps;
  const pairs = new Map<string, Pair>();
  let stopped = false;

  // Staff resumed a halted pair: its book is rebuilt from the database before it trades again.
  deps.halts.onResume('spot', async (scope) => {
    const pair = pairs.get(scope.slice('spot:'.length).toUpperCase());
    await pair?.actor.resume();
  });

  function actorFor(context: PairContext, holder: { pair?: Pair }): PairActor {
    const { symbol } = context;
    return new PairActor(context, {
      db,
      clock,
      ledger,
      referenceTickId: () => market.referencePrice(symbol)?.tickId ?? null,
      onCommitted: (round) => {
        if (holder.pair) deps.onRound(holder.pair, round);
      },
      log: deps.report,
      onBroken: (error, context) => {
        const reason = error instanceof Error ? error.message : String(error);
        void deps.halts
          .halt(haltScope(symbol), reason, { symbol, ...context })
          .catch((haltError: unknown) => deps.report(haltError, `${symbol}: could not record the halt`));
      },
      // What an order on a halted pair is told: the halts module's message.
      haltedError: () =>
        deps.halts.isHalted(haltScope(symbol)) ? new AppError('halts.errors.halted') : null,
    });
  }

  return {
    /**
     * Reads the pairs: a pair not loaded yet gets its actor and book (at start, and for an
     * instrument staff added since); a loaded pair takes its current fee rates and band, which new
     * orders use (an order keeps the rates it was placed with).
     */
    async load(): Promise<void> {
      await seedSpotMarkets(db);
      for (const row of await loadMarkets(db)) {
        let rules: PairRules;
        try {
          rules = rulesOf(row);
        } catch (error) {
          // A pair whose grid cannot work (a lot finer than its currency) stays out; the rest trade.
          deps.report(error, `spot pair ${row.symbol} not loaded`);
          continue;
        }
        const loaded = pairs.get(row.symbol.toUpperCase());
        if (loaded) {
          loaded.rules = rules;
          continue;
        }
        const context: PairContext = {
          symbol: row.symbol,
          instrumentId: row.instrumentId,
          baseCurrencyId: row.baseCurrencyId,
          quoteCurrencyId: row.quoteCurrencyId,
          rules,
        };
        // The pair object is made after its actor, whose listener must name it: hence the holder.
        const holder: { pair?: Pair } = {};
        const pair: Pair = Object.assign(context, { row, actor: actorFor(context, holder) });
        holder.pair = pair;
        await pair.actor.rebuild();
        pairs.set(row.symbol.toUpperCase(), pair);
      }
    },

    all(): IterableIterator<Pair> {
      return pairs.values();
    },

    bySymbol(symbol: string): Pair {
      const pair = pairs.get(symbol.toUpperCase());
      if (!pair) throw spotError('market_not_found');
      return pair;
    },

    byCurrencies(baseCurrencyId: number, quoteCurrencyId: number): Pair {
      for (const pair of pairs.values())
        if (pair.baseCurrencyId === baseCurrencyId && pair.quoteCurrencyId === quoteCurrencyId) return pair;
      throw spotError('market_not_found');
    },

    byInstrument(instrumentId: number): Pair {
      for (const pair of pairs.values()) if (pair.instrumentId === instrumentId) return pair;
      throw spotError('market_not_found');
    },

    /** Paused in spot_markets at start, or its instrument paused by staff since (read live). */
    statusOf(pair: Pair): 'trading' | 'paused' {
      if (pair.row.status !== 'trading') return 'paused';
      return market.instrumentBySymbol(pair.symbol)?.status === 'paused' ? 'paused' : 'trading';
    },

    /** Refuses a command on a stopping exchange, a halted pair, or (for new orders) a paused one. */
    assertOpen(pair: Pair, options: { placing: boolean }): void {
      if (stopped) throw spotError('busy');
      deps.halts.assertOpen(haltScope(pair.symbol));
      if (options.placing && this.statusOf(pair) !== 'trading') throw spotError('market_paused');
    },

    /** The reference price now, and the band of ticks an order may use around it. */
    referenceBand(pair: Pair): { band: { low: Ticks; high: Ticks }; tickId: string; price: string } {
      const reference = market.referencePrice(pair.symbol);
      if (!reference) throw spotError('price_unavailable');
      const band = bandTicks(reference.price, pair.rules);
      if (!band) throw spotError('price_unavailable');
      return { band, tickId: reference.tickId, price: reference.price };
    },

    async stop(): Promise<void> {
      stopped = true;
      await Promise.all([...pairs.values()].map((pair) => pair.actor.stop()));
    },
  };
}
