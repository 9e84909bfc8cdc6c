/**
 * The spot exchange service: the pairs, one actor per pair, and the reads (orders, fills, depth,
 * trades, the exchange quote). The composition root makes one, with the ledger and market.
 */
import type {
  ExchangeDirection,
  ExchangeQuote,
  ExchangeResult,
  SpotDepth,
  SpotFill,
  SpotMarket,
  SpotOrder,
  SpotOrderDetail,
  SpotOrderList,
  SpotPublicTrade,
  SpotSide,
  SpotTimeInForce,
} from '@fairex/contract';
import { spotPageSize } from '@fairex/contract';
import { fromScaledBigint, type Lots, lots, parseAmount, type Ticks, toScaledBigint } from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Halts } from '../halts';
import { type Ledger, userAccountBalances, userAccountKinds } from '../ledger';
import type { MarketService } from '../market';
import {
  amountText,
  averagePriceText,
  bandTicks,
  feeRatesOf,
  holdFor,
  lotBaseUnits,
  lotsForBudget,
  marketLimitTicks,
  type PairRules,
  pairRules,
  parseLots,
  parsePriceTicks,
  priceText,
  proceedsForLots,
  quoteText,
  rateText,
} from './spot.domain';
import { orderStateOf, PairActor, type RoundCommitted } from './spot.engine';
import { spotError } from './spot.errors';
import {
  findOrder,
  listUserOrders,
  loadMarkets,
  type MarketRow,
  type OrderRow,
  recentTradeRows,
  seedSpotMarkets,
  type TradeRow,
  tradesOfOrder,
} from './spot.repository';
import type { OrderState, PairContext } from './spot.round';
import type { PlaceOrderInput, SpotBatchCommitted, SpotMarketInfo, SpotService } from './spot.service.types';

export type SpotServiceDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly market: Pick<MarketService, 'referencePrice' | 'instrumentBySymbol'>;
  /** A pair whose round broke an invariant is halted here (scope `spot:<symbol>`) until resumed. */
  readonly halts: Pick<Halts, 'assertOpen' | 'isHalted' | 'halt' | 'onResume'>;
  /** Where failed rounds are reported (the app's logger; default the console). */
  readonly logger?: { error(object: object, message: string): void };
};

/** One object shared with the pair's actor, so a fee change reaches both at once. */
type Pair = PairContext & { readonly row: MarketRow; readonly actor: PairActor };

/** Everything the routes use; SpotService is the part shared with the market maker. */
export type SpotExchange = SpotService & {
  /**
   * Re-reads the pairs after staff changed them: new fee rates apply to orders placed from now
   * on; a spot instrument added since start gets its pair and book. Nothing before init().
   */
  reload(): Promise<void>;
  marketsView(): SpotMarket[];
  list(params: {
    userId: number;
    status: 'doing' | 'complete';
    page: number | undefined;
    limit: number | undefined;
    currencyId: number | undefined;
    legalId: number | undefined;
  }): Promise<SpotOrderList>;
  detail(userId: number, orderId: number): Promise<SpotOrderDetail>;
  recentTrades(symbol: string, limit: number): Promise<SpotPublicTrade[]>;
  /** The pair of base and quote currency ids (POST /coin/trade names the pair so). */
  symbolOf(baseCurrencyId: number, quoteCurrencyId: number): string;
  exchangeDirections(userId: number | null): Promise<ExchangeDirection[]>;
  exchangeQuote(params: {
    userId: number | null;
    fromCurrencyId: number;
    toCurrencyId: number;
    number: string | undefined;
  }): ExchangeQuote;
  exchange(params: {
    userId: number;
    fromCurrencyId: number;
    toCurrencyId: number;
    number: string;
    minReceive: string | undefined;
    /** Exchange what the book holds instead of refusing when it cannot fill all of `number`. */
    allowPartial: boolean;
    idempotencyKey: string | undefined;
  }): Promise<ExchangeResult>;
};

/** A ratio of two amounts as decimal text with `decimals` digits, rounded down. */
function ratioText(numerator: bigint, denominator: bigint, decimals: number): string | null {
  if (denominator <= 0n) return null;
  return fromScaledBigint((numerator * 10n ** BigInt(decimals)) / denominator, decimals);
}

const rateDecimals = 12;

/** The halts scope of a pair. */
function haltScope(symbol: string): string {
  return `spot:${symbol}`;
}

/** What an order on a halted pair is told: the halts module's message. */
function haltedError(): AppError {
  return new AppError('halts.errors.halted');
}

export function createSpotService(deps: SpotServiceDeps): SpotExchange {
  const { db, clock, ledger, market } = deps;
  const pairs = new Map<string, Pair>();
  const listeners = new Set<(batch: SpotBatchCommitted) => void>();
  let initialised: Promise<void> | null = null;
  /** Reloads run one at a time, so a pair never gets two actors. */
  let reloading: Promise<void> = Promise.resolve();
  let stopped = false;

  function pairOf(symbol: string): Pair {
    const pair = pairs.get(symbol.toUpperCase());
    if (!pair) throw spotError('market_not_found');
    return pair;
  }

  function pairByIds(baseCurrencyId: number, quoteCurrencyId: number): Pair {
    for (const pair of pairs.values())
      if (pair.baseCurrencyId === baseCurrencyId && pair.quoteCurrencyId === quoteCurrencyId) return pair;
    throw spotError('market_not_found');
  }

  function heldText(state: OrderState, pair: Pair): string {
    return state.side === 'buy'
      ? quoteText(state.holdRemaining, pair.rules)
      : fromScaledBigint(state.holdRemaining, pair.rules.baseScale);
  }

  function orderView(state: OrderState, pair: Pair): SpotOrder {
    const { rules } = pair;
    return {
      id: state.id,
      symbol: pair.symbol,
      currency_id: pair.baseCurrencyId,
      legal_id: pair.quoteCurrencyId,
      side: state.side,
      type: state.side === 'buy' ? 1 : 2,
      kind: state.kind,
      time_in_force: state.timeInForce,
      price: priceText(state.priceTicks, rules),
      amount: amountText(state.lots, rules),
      filled: amountText(state.filledLots, rules),
      average_price: averagePriceText(state.money.notionalExact, BigInt(state.filledLots), rules),
      turnover: quoteText(state.money.turnover, rules),
      fee: quoteText(state.money.fee, rules),
      held: heldText(state, pair),
      status: state.status,
      tick_id: state.tickId,
      created_at: state.createdAt.getTime(),
      updated_at: state.updatedAt.getTime(),
    };
  }

  function publicTrade(
    trade: {
      id: number;
      priceTicks: number;
      lots: number;
      side: SpotSide;
      tickId: string | null;
      time: Date;
    },
    pair: Pair,
  ): SpotPublicTrade {
    return {
      id: trade.id,
      price: priceText(trade.priceTicks, pair.rules),
      amount: amountText(trade.lots, pair.rules),
      side: trade.side,
      tick_id: trade.tickId,
      time: trade.time.getTime(),
    };
  }

  function publish(pair: Pair, round: RoundCommitted): void {
    const balanceChanges = new Map<number, number[]>();
    const currencies = [pair.baseCurrencyId, pair.quoteCurrencyId];
    for (const order of round.orders) balanceChanges.set(order.userId, currencies);
    const batch: SpotBatchCommitted = {
      symbol: pair.symbol,
      orders: round.orders.map((order) => ({ ...orderView(order, pair), user_id: order.userId })),
      trades: round.fills.map((fill) =>
        publicTrade(
          {
            id: fill.id,
            priceTicks: fill.priceTicks,
            lots: fill.lots,
            side: fill.taker.side,
            tickId: fill.tickId,
            time: fill.time,
          },
          pair,
        ),
      ),
      balanceChanges,
    };
    for (const listener of listeners) {
      try {
        listener(batch);
      } catch {
        // A listener's failure never reaches the trading path.
      }
    }
  }

  function report(error: unknown, message: string): void {
    if (deps.logger) deps.logger.error({ err: error }, message);
    else console.error(message, error);
  }

  function rulesOf(row: MarketRow): PairRules {
    return pairRules({
      symbol: row.symbol,
      tickSize: row.tickSize,
      lotSize: row.lotSize,
      baseScale: row.baseScale,
      quoteScale: row.quoteScale,
      makerFeeRate: row.makerFeeRate,
      takerFeeRate: row.takerFeeRate,
      priceBand: row.priceBand,
    });
  }

  /**
   * Reads the pairs: a pair not loaded yet gets its actor and book (at start, and for an
   * instrument staff added since); a loaded pair takes its current fee rates and band, which new
   * orders use (an order keeps the rates it was placed with).
   */
  async function load(): Promise<void> {
    await seedSpotMarkets(db);
    const rows = await loadMarkets(db);
    for (const row of rows) {
      let rules: PairRules;
      try {
        rules = rulesOf(row);
      } catch (error) {
        // A pair whose grid cannot work (a lot finer than its currency) stays out; the rest trade.
        report(error, `spot pair ${row.symbol} not loaded`);
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
      // The pair object is made before its actor so the actor's listener can name it.
      const holder: { pair?: Pair } = {};
      const actor = new PairActor(context, {
        db,
        clock,
        ledger,
        referenceTickId: () => market.referencePrice(row.symbol)?.tickId ?? null,
        onCommitted: (round) => {
          if (holder.pair) publish(holder.pair, round);
        },
        log: report,
        onBroken: (error, context) => {
          const reason = error instanceof Error ? error.message : String(error);
          void deps.halts
            .halt(haltScope(row.symbol), reason, { symbol: row.symbol, ...context })
            .catch((haltError: unknown) => report(haltError, `${row.symbol}: could not record the halt`));
        },
        haltedError: () => (deps.halts.isHalted(haltScope(row.symbol)) ? haltedError() : null),
      });
      const pair: Pair = Object.assign(context, { row, actor });
      holder.pair = pair;
      await actor.rebuild();
      pairs.set(row.symbol.toUpperCase(), pair);
    }
  }

  function referenceBand(pair: Pair): { band: { low: Ticks; high: Ticks }; tickId: string; price: string } {
    const reference = market.referencePrice(pair.symbol);
    if (!reference) throw spotError('price_unavailable');
    const band = bandTicks(reference.price, pair.rules);
    if (!band) throw spotError('price_unavailable');
    return { band, tickId: reference.tickId, price: reference.price };
  }

  /** Paused in spot_markets at start, or its instrument paused by staff since (read live). */
  function statusOf(pair: Pair): 'trading' | 'paused' {
    if (pair.row.status !== 'trading') return 'paused';
    return market.instrumentBySymbol(pair.symbol)?.status === 'paused' ? 'paused' : 'trading';
  }

  function tradable(pair: Pair): void {
    if (stopped) throw spotError('busy');
    deps.halts.assertOpen(haltScope(pair.symbol));
    if (statusOf(pair) !== 'trading') throw spotError('market_paused');
  }

  function lotsOf(text: string, rules: PairRules): Lots {
    const parsed = parseLots(text, rules);
    if (!parsed.ok) throw spotError(parsed.error);
    return parsed.value;
  }

  function direction(fromCurrencyId: number, toCurrencyId: number): { pair: Pair; side: SpotSide } {
    for (const pair of pairs.values()) {
      if (pair.quoteCurrencyId === fromCurrencyId && pair.baseCurrencyId === toCurrencyId)
        return { pair, side: 'buy' };
      if (pair.baseCurrencyId === fromCurrencyId && pair.quoteCurrencyId === toCurrencyId)
        return { pair, side: 'sell' };
    }
    throw spotError('exchange_direction_invalid');
  }

  function fillView(trade: TradeRow, orderId: number, pair: Pair): SpotFill {
    const maker = trade.makerOrderId === orderId;
    const turnover = toScaledBigint(trade.turnover, pair.rules.priceScale + pair.rules.lotScale);
    return {
      trade_id: trade.id,
      price: priceText(lotsOrTicks(parsePriceTicks(trade.price, pair.rules)), pair.rules),
      amount: amountText(lotsOrTicks(parseLots(trade.amount, pair.rules)), pair.rules),
      turnover: turnover.ok
        ? fromScaledBigint(turnover.value, pair.rules.priceScale + pair.rules.lotScale)
        : trade.turnover,
      fee: quoteText(BigInt(maker ? trade.makerFee : trade.takerFee), pair.rules),
      role: maker ? 'maker' : 'taker',
      tick_id: trade.tickId === null ? null : String(trade.tickId),
      time: trade.createdAt.getTime(),
    };
  }

  function pairOfInstrument(instrumentId: number): Pair {
    for (const pair of pairs.values()) if (pair.instrumentId === instrumentId) return pair;
    throw spotError('market_not_found');
  }

  // Staff resumed a halted pair: its book is rebuilt from the database before it trades again.
  deps.halts.onResume('spot', async (scope) => {
    const pair = pairs.get(scope.slice('spot:'.length).toUpperCase());
    await pair?.actor.resume();
  });

  const service: SpotExchange = {
    init() {
      initialised ??= load().catch((error: unknown) => {
        initialised = null;
        throw error;
      });
      return initialised;
    },

    async reload() {
      if (!initialised) return;
      await initialised;
      const next = reloading.then(load);
      reloading = next.catch(() => undefined);
      await next;
    },

    markets(): SpotMarketInfo[] {
      return [...pairs.values()].map((pair) => ({
        symbol: pair.symbol,
        instrumentId: pair.instrumentId,
        baseCurrencyId: pair.baseCurrencyId,
        quoteCurrencyId: pair.quoteCurrencyId,
        tickSize: priceText(1, pair.rules),
        lotSize: amountText(1, pair.rules),
        status: statusOf(pair),
      }));
    },

    marketsView(): SpotMarket[] {
      return [...pairs.values()].map((pair) => {
        const reference = market.referencePrice(pair.symbol);
        return {
          symbol: pair.symbol,
          currency_id: pair.baseCurrencyId,
          legal_id: pair.quoteCurrencyId,
          base: pair.row.base,
          quote: pair.row.quote,
          tick_size: priceText(1, pair.rules),
          lot_size: amountText(1, pair.rules),
          price_decimals: pair.rules.priceScale,
          amount_decimals: pair.rules.lotScale,
          maker_fee_rate: rateText(pair.rules.makerRate),
          taker_fee_rate: rateText(pair.rules.takerRate),
          price_band: rateText(pair.rules.band),
          status: statusOf(pair),
          reference_price: reference?.price ?? null,
          reference_tick_id: reference?.tickId ?? null,
        };
      });
    },

    symbolOf(baseCurrencyId, quoteCurrencyId) {
      return pairByIds(baseCurrencyId, quoteCurrencyId).symbol;
    },

    async place(input: PlaceOrderInput): Promise<SpotOrder> {
      const pair = pairOf(input.symbol);
      tradable(pair);
      // One reading of the rules: the hold and the rates the order will pay agree.
      const { rules } = pair;
      const lots = lotsOf(input.amount, rules);
      const price = input.price === null ? null : parsePriceTicks(input.price, rules);
      if (price && !price.ok) throw spotError(price.error);
      const reference = referenceBand(pair);
      const kind = price === null ? 'market' : 'limit';
      const ticks = price?.ok ? price.value : marketLimitTicks(input.side, reference.band);
      if (ticks < reference.band.low || ticks > reference.band.high) throw spotError('price_outside_band');
      const timeInForce: SpotTimeInForce = kind === 'market' ? 'ioc' : input.timeInForce;
      const state = await pair.actor.place({
        userId: input.userId,
        side: input.side,
        kind,
        timeInForce,
        priceTicks: ticks,
        lots,
        holdAmount: holdFor(input.side, ticks, lots, rules),
        rates: feeRatesOf(rules),
        idempotencyKey: input.idempotencyKey ?? null,
        tickId: reference.tickId,
      });
      return orderView(state, pair);
    },

    async cancel(userId, orderId) {
      const row = await findOrder(db, orderId);
      if (!row || row.userId !== userId) throw spotError('order_not_found');
      const pair = pairOfInstrument(row.instrumentId);
      if (stopped) throw spotError('busy');
      deps.halts.assertOpen(haltScope(pair.symbol));
      return orderView(await pair.actor.cancel(userId, orderId), pair);
    },

    depth(symbol, levels): SpotDepth {
      const pair = pairOf(symbol);
      const book = pair.actor.depth(levels);
      const side = (list: readonly { price: number; quantity: number }[]) =>
        list.map(
          (level) =>
            [priceText(level.price, pair.rules), amountText(level.quantity, pair.rules)] as [string, string],
        );
      return {
        symbol: pair.symbol,
        seq: pair.actor.depthSeq,
        bids: side(book.bids),
        asks: side(book.asks),
        time: clock.now().getTime(),
      };
    },

    openOrders(userId, symbol) {
      const pair = pairOf(symbol);
      return [...pair.actor.openOrders()]
        .filter((order) => order.userId === userId)
        .map((order) => orderView(order, pair));
    },

    onCommitted(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async stop() {
      stopped = true;
      await Promise.all([...pairs.values()].map((pair) => pair.actor.stop()));
    },

    async list(params) {
      const limit = params.limit ?? spotPageSize;
      const page = params.page ?? 1;
      let instrumentIds: number[] | null = null;
      if (params.currencyId !== undefined || params.legalId !== undefined) {
        instrumentIds = [...pairs.values()]
          .filter(
            (pair) =>
              (params.currencyId === undefined || pair.baseCurrencyId === params.currencyId) &&
              (params.legalId === undefined || pair.quoteCurrencyId === params.legalId),
          )
          .map((pair) => pair.instrumentId);
      }
      const { rows, total } = await listUserOrders(db, {
        userId: params.userId,
        status: params.status,
        instrumentIds,
        limit,
        offset: (page - 1) * limit,
      });
      const list = rows.map((row) => {
        const pair = pairOfInstrument(row.instrumentId);
        // Open orders are read from the actor, which is ahead of nothing: rows are written before acks.
        return orderView(orderStateFromRow(row, pair), pair);
      });
      return { list, page, limit, total };
    },

    async detail(userId, orderId) {
      const row = await findOrder(db, orderId);
      if (!row || row.userId !== userId) throw spotError('order_not_found');
      const pair = pairOfInstrument(row.instrumentId);
      const trades = await tradesOfOrder(db, orderId);
      return {
        order: orderView(orderStateFromRow(row, pair), pair),
        fills: trades.map((trade) => fillView(trade, orderId, pair)),
      };
    },

    async recentTrades(symbol, limit) {
      const pair = pairOf(symbol);
      const rows = await recentTradeRows(db, pair.instrumentId, limit);
      return rows.map((row) =>
        publicTrade(
          {
            id: row.id,
            priceTicks: lotsOrTicks(parsePriceTicks(row.price, pair.rules)),
            lots: lotsOrTicks(parseLots(row.amount, pair.rules)),
            side: row.takerSide,
            tickId: row.tickId === null ? null : String(row.tickId),
            time: row.createdAt,
          },
          pair,
        ),
      );
    },

    async exchangeDirections(userId) {
      const balances = userId === null ? [] : await userAccountBalances(db, userId);
      const availableOf = (currencyId: number) => {
        const account = balances.find(
          (balance) => balance.currencyId === currencyId && balance.kind === userAccountKinds.change,
        );
        return account ? account.balance - account.held : 0n;
      };
      const directions: ExchangeDirection[] = [];
      for (const pair of pairs.values()) {
        if (statusOf(pair) !== 'trading') continue;
        const reference = market.referencePrice(pair.symbol);
        const band = reference ? bandTicks(reference.price, pair.rules) : null;
        directions.push({
          from_currency_id: pair.quoteCurrencyId,
          from_currency: pair.row.quote,
          to_currency_id: pair.baseCurrencyId,
          to_currency: pair.row.base,
          symbol: pair.symbol,
          available: quoteText(availableOf(pair.quoteCurrencyId), pair.rules),
          min_number: band ? quoteText(holdFor('buy', band.high, 1, pair.rules), pair.rules) : '0',
        });
        directions.push({
          from_currency_id: pair.baseCurrencyId,
          from_currency: pair.row.base,
          to_currency_id: pair.quoteCurrencyId,
          to_currency: pair.row.quote,
          symbol: pair.symbol,
          available: fromScaledBigint(availableOf(pair.baseCurrencyId), pair.rules.baseScale),
          min_number: amountText(1, pair.rules),
        });
      }
      return directions;
    },

    exchangeQuote(params) {
      const { pair, side } = direction(params.fromCurrencyId, params.toCurrencyId);
      const { rules } = pair;
      const reference = market.referencePrice(pair.symbol);
      const band = reference ? bandTicks(reference.price, rules) : null;
      const base: Omit<ExchangeQuote, 'rate' | 'fee' | 'receive' | 'fillable'> = {
        symbol: pair.symbol,
        side,
        fee_rate: rateText(rules.takerRate),
        fee_currency: pair.row.quote,
        reference_price: reference?.price ?? null,
        tick_id: reference?.tickId ?? null,
      };
      if (!band) return { ...base, rate: null, fee: null, receive: null, fillable: false };
      const owner = params.userId ?? -1;
      const levels =
        side === 'buy'
          ? pair.actor.levelsFor('sell', owner, band.high)
          : pair.actor.levelsFor('buy', owner, band.low);
      const oneLot = lotBaseUnits(rules);
      if (params.number === undefined) {
        const best = levels[0];
        if (!best) return { ...base, rate: null, fee: null, receive: null, fillable: false };
        // To per one from at the best level: base per quote (1 / price) buying, the price selling.
        const priceNumerator = BigInt(best.priceTicks) * rules.tickUnits;
        const priceDenominator = 10n ** BigInt(rules.priceScale);
        const rate =
          side === 'buy'
            ? ratioText(priceDenominator, priceNumerator, rateDecimals)
            : ratioText(priceNumerator, priceDenominator, rateDecimals);
        return { ...base, rate, fee: null, receive: null, fillable: true };
      }
      if (side === 'buy') {
        const budget = parseAmount(params.number, rules.quoteScale);
        if (!budget.ok) throw spotError(amountError(budget.error));
        const walk = lotsForBudget(levels, budget.units, rules.takerRate, rules);
        const receive = BigInt(walk.lots) * oneLot;
        const total = levels.reduce((sum, level) => sum + level.lots, 0);
        return {
          ...base,
          // base per quote actually spent (fee included), both in whole units.
          rate: ratioText(
            receive * 10n ** BigInt(rules.quoteScale),
            (walk.cost + walk.fee) * 10n ** BigInt(rules.baseScale),
            rateDecimals,
          ),
          fee: quoteText(walk.fee, rules),
          receive: fromScaledBigint(receive, rules.baseScale),
          fillable: walk.lots > 0 && total > walk.lots,
        };
      }
      const lots = lotsOf(params.number, rules);
      const walk = proceedsForLots(levels, lots, rules.takerRate, rules);
      const receive = walk.proceeds - walk.fee;
      return {
        ...base,
        rate: ratioText(
          receive * 10n ** BigInt(rules.baseScale),
          BigInt(walk.lots) * oneLot * 10n ** BigInt(rules.quoteScale),
          rateDecimals,
        ),
        fee: quoteText(walk.fee, rules),
        receive: quoteText(receive, rules),
        fillable: walk.lots === lots,
      };
    },

    async exchange(params) {
      const { pair, side } = direction(params.fromCurrencyId, params.toCurrencyId);
      tradable(pair);
      const { rules } = pair;
      const reference = referenceBand(pair);
      let state: OrderState;
      /** What the caller asked to exchange, in the from currency's smallest units. */
      let askedUnits: bigint;
      if (side === 'buy') {
        const budget = parseAmount(params.number, rules.quoteScale);
        if (!budget.ok) throw spotError(amountError(budget.error));
        askedUnits = budget.units;
        const minReceive =
          params.minReceive === undefined ? null : parseMin(params.minReceive, rules.baseScale);
        state = await pair.actor.place({
          userId: params.userId,
          side,
          kind: 'market',
          timeInForce: 'ioc',
          priceTicks: reference.band.high,
          lots: lots(0),
          holdAmount: 0n,
          rates: feeRatesOf(rules),
          idempotencyKey: params.idempotencyKey ?? null,
          tickId: reference.tickId,
          exchange: { kind: 'budget', budget: budget.units, minReceive, allowPartial: params.allowPartial },
        });
      } else {
        const lots = lotsOf(params.number, rules);
        askedUnits = BigInt(lots) * lotBaseUnits(rules);
        const minReceive =
          params.minReceive === undefined ? null : parseMin(params.minReceive, rules.quoteScale);
        state = await pair.actor.place({
          userId: params.userId,
          side,
          kind: 'market',
          timeInForce: 'ioc',
          priceTicks: reference.band.low,
          lots,
          holdAmount: holdFor('sell', reference.band.low, lots, rules),
          rates: feeRatesOf(rules),
          idempotencyKey: params.idempotencyKey ?? null,
          tickId: reference.tickId,
          exchange: { kind: 'sell', minReceive, allowPartial: params.allowPartial },
        });
      }
      const order = orderView(state, pair);
      const filledBase = BigInt(state.filledLots) * lotBaseUnits(rules);
      const spentUnits = side === 'buy' ? state.money.turnover + state.money.fee : filledBase;
      const unfilled = askedUnits > spentUnits ? askedUnits - spentUnits : 0n;
      return {
        partial: state.exchangeShort === true || (side === 'sell' && state.filledLots < state.lots),
        unfilled: side === 'buy' ? quoteText(unfilled, rules) : fromScaledBigint(unfilled, rules.baseScale),
        order,
        spent:
          side === 'buy'
            ? quoteText(state.money.turnover + state.money.fee, rules)
            : fromScaledBigint(filledBase, rules.baseScale),
        received:
          side === 'buy'
            ? fromScaledBigint(filledBase, rules.baseScale)
            : quoteText(state.money.turnover - state.money.fee, rules),
        fee: quoteText(state.money.fee, rules),
        fee_currency: pair.row.quote,
        average_price: order.average_price,
      };
    },
  };
  return service;

  /** Open orders are read from the actor (current); the rest from their rows. */
  function orderStateFromRow(row: OrderRow, pair: Pair): OrderState {
    return pair.actor.openOrder(row.id) ?? orderStateOf(row, pair.rules);
  }
}

function lotsOrTicks(parsed: { ok: true; value: number } | { ok: false; error: string }): number {
  if (!parsed.ok) throw new Error(`a stored spot figure is off its grid: ${parsed.error}`);
  return parsed.value;
}

function amountError(error: 'invalid' | 'not_positive' | 'too_many_decimals' | 'too_large') {
  return (
    {
      invalid: 'amount_invalid',
      not_positive: 'amount_not_positive',
      too_many_decimals: 'amount_off_lot',
      too_large: 'amount_too_large',
    } as const
  )[error];
}

function parseMin(text: string, scale: number): bigint {
  const parsed = parseAmount(text, scale);
  if (!parsed.ok) throw spotError(amountError(parsed.error));
  return parsed.units;
}
