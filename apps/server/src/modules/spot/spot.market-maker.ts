/**
 * The house market maker: an ordinary user (login frozen) whose spot accounts the `house` system
 * account funds once, quoting a ladder around the reference price of every trading pair on each
 * market tick and taking resting orders priced through fair value (spot.market-maker.domain.ts).
 * It trades through SpotService like anyone else and sees only what the book publishes after
 * commit: its own open orders, the depth and its ledger balances.
 */
import { randomBytes } from 'node:crypto';
import type { SpotOrder } from '@fairex/contract';
import { fromScaledBigintTrimmed, parseDecimal, toScaledBigint } from '@fairex/domain';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { ensureDemoUser } from '../accounts';
import {
  type Currency,
  type Ledger,
  LedgerRefused,
  listCurrencies,
  userAccountBalances,
  userAccountKinds,
} from '../ledger';
import { type MarketService, referenceFeed, usdtReferenceSymbol } from '../market';
import {
  type BookLevel,
  type Inventory,
  levelLotsFor,
  type MakerOrder,
  type MakerSettings,
  makerLadder,
  type OwnOrder,
  othersBook,
  type PairUnits,
  reconcileLadder,
  requoteDue,
  sweepOrders,
} from './spot.market-maker.domain';
import type { SpotMarketInfo, SpotService } from './spot.service.types';

export const marketMakerEmail = 'market-maker@fairex.internal';
export const marketMakerFundingReference = (currencyCode: string) => `market-maker:funding:${currencyCode}`;
/** Quote kept back from every buy for its fee hold (pair fees are at most 0.1 %) and rounding. */
const feeReservePpm = 5_000n;
/** Decimals USDT amounts and prices are read at (level value, quote currencies' USDT prices). */
const usdtScale = 8;
/** Depth levels read for the sweep: enough to see every order priced through fair value. */
const sweepDepthLevels = 100;

/**
 * The maker's user (created on first use): nobody can log in as it, its password random and
 * thrown away, its login frozen. An IEO listing funds its inventory of the new token here.
 */
export async function ensureMarketMakerUser(db: Database, clock: Clock): Promise<number> {
  const userId = await ensureDemoUser(db, {
    email: marketMakerEmail,
    password: randomBytes(32).toString('base64url'),
    clock,
  });
  await db.execute(sql`update users set login_frozen = true where id = ${userId} and not login_frozen`);
  return userId;
}

export type MarketMakerConfig = {
  readonly settings: Omit<MakerSettings, 'levelLots' | 'feeReservePpm'>;
  /** Quote value of one level, decimal text. */
  readonly levelValue: string;
  /** Currency code to the decimal amount the house funds once. */
  readonly funding: Readonly<Record<string, string>>;
};

export type MarketMakerLogger = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
};

export type MarketMaker = {
  /** Creates and funds the maker if needed, then refreshes every pair on each market tick. */
  start(): Promise<void>;
  /** Stops listening and waits for running refreshes; its orders stay in the book. */
  stop(): Promise<void>;
  /** Refreshes every trading pair (or one) now; waits for a refresh already running. */
  refresh(symbol?: string): Promise<void>;
  /** The maker's user id (after start or the first refresh). */
  userId(): Promise<number>;
};

type Pair = {
  readonly info: SpotMarketInfo;
  readonly units: PairUnits;
  readonly base: Currency;
  readonly quote: Currency;
};

/** Smallest units of a decimal text, cut (not rounded) at `scale`; null when it is no number. */
function unitsDown(text: string, scale: number): bigint | null {
  const exact = toScaledBigint(text, scale);
  if (exact.ok) return exact.value;
  const parsed = parseDecimal(text);
  if (!parsed.ok) return null;
  const { negative, digits, scale: textScale } = parsed.value;
  const cut = digits / 10n ** BigInt(textScale - scale);
  return negative ? -cut : cut;
}

export function createMarketMaker(deps: {
  readonly spot: SpotService;
  readonly market: Pick<MarketService, 'onQuotes' | 'referencePrice'> &
    Partial<Pick<MarketService, 'instruments'>>;
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly config: MarketMakerConfig;
  readonly logger: MarketMakerLogger;
}): MarketMaker {
  const { spot, market, db, clock, ledger, config, logger } = deps;
  const running = new Map<string, Promise<void>>();
  let prepared: Promise<number> | null = null;
  let pairs: Map<string, Pair> | null = null;
  let unsubscribe: (() => void) | null = null;
  let stopped = false;
  let adopting: Promise<void> | null = null;
  /** Per pair: the reference, book sequence and time of its last refresh (see requoteDue). */
  const lastQuoted = new Map<string, { referencePrice: bigint; seq: number; at: number }>();

  const ensureUser = () => ensureMarketMakerUser(db, clock);

  async function loadPairs(): Promise<Map<string, Pair>> {
    const currencies = new Map((await listCurrencies(db)).map((currency) => [currency.id, currency]));
    const loaded = new Map<string, Pair>();
    for (const info of spot.markets()) {
      const base = currencies.get(info.baseCurrencyId);
      const quote = currencies.get(info.quoteCurrencyId);
      if (!base || !quote) continue;
      const tickQuote = unitsDown(info.tickSize, quote.scale);
      const lotBase = unitsDown(info.lotSize, base.scale);
      if (!tickQuote || tickQuote <= 0n || !lotBase || lotBase <= 0n) {
        logger.warn(
          { symbol: info.symbol },
          'market maker: tick or lot finer than the currency, pair skipped',
        );
        continue;
      }
      loaded.set(info.symbol, { info, base, quote, units: { tickQuote, lotBase, baseScale: base.scale } });
    }
    return loaded;
  }

  /** The currencies a set of pairs trades, each once. */
  function currenciesOf(of: Iterable<Pair>): Currency[] {
    const used = new Map<number, Currency>();
    for (const pair of of) {
      used.set(pair.base.id, pair.base);
      used.set(pair.quote.id, pair.quote);
    }
    return [...used.values()];
  }

  /** One recorded transfer from `house` per currency; its unique reference makes it happen once. */
  async function fund(userId: number, currencies: readonly Currency[]): Promise<void> {
    for (const currency of currencies) {
      const amount = config.funding[currency.code];
      if (amount === undefined) continue;
      const units = unitsDown(amount, currency.scale);
      if (units === null || units <= 0n) continue;
      try {
        await db.transaction(async (tx) => {
          await ledger.apply(
            tx as unknown as Database,
            [
              {
                type: 'transfer',
                entry: {
                  kind: 'transfer',
                  userId,
                  reference: marketMakerFundingReference(currency.code),
                  memo: { purpose: 'market maker funding' },
                  legs: [
                    { account: { system: 'house', currencyId: currency.id }, amount: -units },
                    {
                      account: { userId, currencyId: currency.id, kind: userAccountKinds.change },
                      amount: units,
                    },
                  ],
                },
              },
            ],
            clock.now(),
          );
        });
        logger.info({ currency: currency.code, amount }, 'market maker funded from the house account');
      } catch (error) {
        if (error instanceof LedgerRefused && error.reason === 'duplicate_event') continue;
        throw error;
      }
    }
  }

  function prepare(): Promise<number> {
    prepared ??= (async () => {
      const userId = await ensureUser();
      pairs = await loadPairs();
      await fund(userId, currenciesOf(pairs.values()));
      return userId;
    })();
    prepared.catch(() => {
      prepared = null;
    });
    return prepared;
  }

  /**
   * What the pair may use: `available`, and `total` = available plus what this pair's own open
   * orders hold. Not the account balance: a currency two pairs share (ETH in ETH/USDT and ETH/BTC)
   * is partly held by the other pair's quotes, which this pair cannot count on.
   */
  async function balancesOf(userId: number, pair: Pair): Promise<{ total: Inventory; available: Inventory }> {
    const rows = (await userAccountBalances(db, userId)).filter(
      (row) => row.kind === userAccountKinds.change,
    );
    const availableOf = (currencyId: number) => {
      const row = rows.find((each) => each.currencyId === currencyId);
      return row ? row.balance - row.held : 0n;
    };
    const heldHere = { base: 0n, quote: 0n };
    for (const order of spot.openOrders(userId, pair.info.symbol)) {
      if (order.side === 'sell') heldHere.base += unitsDown(order.held, pair.base.scale) ?? 0n;
      else heldHere.quote += unitsDown(order.held, pair.quote.scale) ?? 0n;
    }
    const available = { base: availableOf(pair.base.id), quote: availableOf(pair.quote.id) };
    return {
      total: { base: available.base + heldHere.base, quote: available.quote + heldHere.quote },
      available,
    };
  }

  /**
   * One level's value in the pair's quote currency: `levelValue` is in USDT, so a pair quoted in
   * another currency (ETH/BTC) converts it at that currency's USDT reference price; null when
   * there is none yet.
   */
  function levelValueIn(pair: Pair): bigint | null {
    const usdtValue = unitsDown(config.levelValue, usdtScale);
    if (usdtValue === null) return null;
    const viaSymbol = usdtReferenceSymbol(pair.quote.code);
    if (viaSymbol === null) return unitsDown(config.levelValue, pair.quote.scale);
    const reference = market.referencePrice(viaSymbol);
    const price = reference ? unitsDown(reference.price, usdtScale) : null;
    if (price === null || price <= 0n) return null;
    return (usdtValue * 10n ** BigInt(pair.quote.scale)) / price;
  }

  function ownOrders(userId: number, pair: Pair): OwnOrder[] {
    return spot.openOrders(userId, pair.info.symbol).flatMap((order: SpotOrder) => {
      const price = unitsDown(order.price, pair.quote.scale);
      const amount = unitsDown(order.amount, pair.base.scale);
      const filled = unitsDown(order.filled, pair.base.scale);
      if (price === null || amount === null || filled === null) return [];
      return [
        {
          id: order.id,
          side: order.side,
          priceTicks: price / pair.units.tickQuote,
          lots: amount / pair.units.lotBase,
          filledLots: filled / pair.units.lotBase,
        },
      ];
    });
  }

  function bookOf(pair: Pair): { bids: BookLevel[]; asks: BookLevel[] } {
    const depth = spot.depth(pair.info.symbol, sweepDepthLevels);
    const levels = (rows: readonly (readonly [string, string])[]) =>
      rows.flatMap(([price, amount]) => {
        const priceUnits = unitsDown(price, pair.quote.scale);
        const amountUnits = unitsDown(amount, pair.base.scale);
        if (priceUnits === null || amountUnits === null) return [];
        return [{ priceTicks: priceUnits / pair.units.tickQuote, lots: amountUnits / pair.units.lotBase }];
      });
    return { bids: levels(depth.bids), asks: levels(depth.asks) };
  }

  async function cancelAll(userId: number, ids: readonly number[]): Promise<void> {
    const results = await Promise.allSettled(ids.map((id) => spot.cancel(userId, id)));
    // An order filled or cancelled in the meantime is no longer open: nothing to do.
    const failed = results.filter((result) => result.status === 'rejected').length;
    if (failed > 0) logger.info({ failed }, 'market maker: some cancels found the order already closed');
  }

  async function placeAll(
    userId: number,
    pair: Pair,
    orders: readonly MakerOrder[],
    timeInForce: 'gtc' | 'ioc',
  ): Promise<void> {
    // Sent together so the pair's actor can commit them in one batch.
    const results = await Promise.allSettled(
      orders.map((order) =>
        spot.place({
          userId,
          symbol: pair.info.symbol,
          side: order.side,
          price: fromScaledBigintTrimmed(order.priceTicks * pair.units.tickQuote, pair.quote.scale),
          amount: fromScaledBigintTrimmed(order.lots * pair.units.lotBase, pair.base.scale),
          timeInForce,
        }),
      ),
    );
    for (const result of results) {
      if (result.status === 'rejected') {
        logger.warn(
          { symbol: pair.info.symbol, err: result.reason as unknown, timeInForce },
          'market maker: an order was refused',
        );
      }
    }
  }

  async function refreshPair(userId: number, pair: Pair): Promise<void> {
    const current = spot.markets().find((info) => info.symbol === pair.info.symbol);
    if (current?.status !== 'trading') return;
    const reference = market.referencePrice(pair.info.symbol);
    const referencePrice = reference ? unitsDown(reference.price, pair.quote.scale) : null;
    if (referencePrice === null || referencePrice <= 0n) return;
    const levelValue = levelValueIn(pair);
    if (levelValue === null) return;
    const settings: MakerSettings = {
      ...config.settings,
      levelLots: levelLotsFor(levelValue, referencePrice, pair.units),
      feeReservePpm,
    };
    const ladderFor = (inventory: Inventory) =>
      makerLadder({ referencePrice, units: pair.units, settings, inventory });

    const sweepsWithin = (inventory: Inventory) =>
      sweepOrders({
        referencePrice,
        units: pair.units,
        settings,
        others: othersBook(bookOf(pair), ownOrders(userId, pair)),
        available: inventory,
      });

    // 1. Withdraw what the new ladder does not keep, so stale quotes neither trade nor get swept,
    //    and free the side that pays for a sweep (its funds may all sit in resting quotes).
    let balances = await balancesOf(userId, pair);
    const own = ownOrders(userId, pair);
    const sweepSides = new Set(sweepsWithin(balances.total).map((order) => order.side));
    const stale = reconcileLadder(own, ladderFor(balances.total)).cancel;
    const freed = own.filter((order) => sweepSides.has(order.side)).map((order) => order.id);
    await cancelAll(userId, [...new Set([...stale, ...freed])]);

    // 2. Take other participants' orders priced through fair value by the edge or more.
    if (sweepSides.size > 0) {
      balances = await balancesOf(userId, pair);
      const sweeps = sweepsWithin(balances.available);
      if (sweeps.length > 0) await placeAll(userId, pair, sweeps, 'ioc');
      balances = await balancesOf(userId, pair);
    }

    // 3. Quote the ladder on what the maker holds now.
    const plan = reconcileLadder(ownOrders(userId, pair), ladderFor(balances.total));
    await cancelAll(userId, plan.cancel);
    await placeAll(userId, pair, plan.place, 'gtc');
  }

  /** Runs one refresh of a pair at a time; `skipIfBusy` drops a tick that finds one running. */
  function schedule(symbol: string, skipIfBusy: boolean): Promise<void> {
    const busy = running.get(symbol);
    if (busy && skipIfBusy) return busy;
    const next = (busy ?? Promise.resolve())
      .then(async () => {
        if (stopped && skipIfBusy) return;
        const userId = await prepare();
        const pair = pairs?.get(symbol);
        if (!pair) return;
        const reference = market.referencePrice(symbol);
        const referencePrice = reference ? unitsDown(reference.price, pair.quote.scale) : null;
        const due =
          !skipIfBusy ||
          referencePrice === null ||
          requoteDue({
            last: lastQuoted.get(symbol) ?? null,
            referencePrice,
            seq: spot.depth(symbol, 1).seq,
            now: clock.now().getTime(),
            halfSpreadPpm: config.settings.halfSpreadPpm,
          });
        if (!due) return;
        await refreshPair(userId, pair);
        if (referencePrice !== null) {
          lastQuoted.set(symbol, {
            referencePrice,
            seq: spot.depth(symbol, 1).seq,
            at: clock.now().getTime(),
          });
        }
      })
      .catch((error: unknown) => {
        logger.warn({ symbol, err: error }, 'market maker: refresh failed, next tick tries again');
      })
      .finally(() => {
        if (running.get(symbol) === next) running.delete(symbol);
      });
    running.set(symbol, next);
    return next;
  }

  /**
   * Takes up pairs staff added since the start (the spot service trades them at once): funds
   * their currencies (once, as at the start) and quotes them from the next tick on.
   */
  function adoptNewPairs(): Promise<void> {
    adopting ??= (async () => {
      const userId = await prepare();
      const added = [...(await loadPairs()).values()].filter((pair) => !pairs?.has(pair.info.symbol));
      if (added.length === 0) return;
      await fund(userId, currenciesOf(added));
      for (const pair of added) pairs?.set(pair.info.symbol, pair);
      logger.info({ symbols: added.map((pair) => pair.info.symbol) }, 'market maker: quoting new pairs');
    })()
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'market maker: new pairs not taken up, next tick tries again');
      })
      .finally(() => {
        adopting = null;
      });
    return adopting;
  }

  return {
    async start() {
      stopped = false;
      await prepare();
      unsubscribe ??= market.onQuotes((quotes) => {
        if (stopped || !pairs) return;
        const unknown: string[] = [];
        const ticked = new Set<string>();
        for (const quote of quotes) {
          ticked.add(quote.symbol);
          if (pairs.has(quote.symbol)) void schedule(quote.symbol, true);
          else unknown.push(quote.symbol);
        }
        // A pair on a staff-set reference (an IEO listing) has no feed ticking it: every batch
        // offers it a re-quote (requoteDue: after a fill, or every requoteIntervalMs).
        const referenced = (market.instruments?.() ?? [])
          .filter((instrument) => instrument.feed === referenceFeed && !ticked.has(instrument.symbol))
          .map((instrument) => instrument.symbol);
        for (const symbol of referenced) {
          if (pairs.has(symbol)) void schedule(symbol, true);
          else unknown.push(symbol);
        }
        if (unknown.length === 0) return;
        const spotSymbols = new Set(spot.markets().map((info) => info.symbol));
        if (unknown.some((symbol) => spotSymbols.has(symbol))) {
          // Adopted pairs are quoted at once: a reference pair may see no tick of its own.
          void adoptNewPairs().then(() => {
            for (const symbol of unknown) if (pairs?.has(symbol)) void schedule(symbol, true);
          });
        }
      });
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      unsubscribe = null;
      await Promise.allSettled([...running.values()]);
    },
    async refresh(symbol) {
      await prepare();
      if (symbol === undefined || !pairs?.has(symbol)) await adoptNewPairs();
      const symbols = symbol ? [symbol] : [...(pairs?.keys() ?? [])];
      await Promise.all(symbols.map((each) => schedule(each, false)));
    },
    userId: () => prepare(),
  };
}
