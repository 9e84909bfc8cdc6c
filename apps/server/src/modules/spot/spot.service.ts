/**
 * The spot exchange service: orders (place, cancel, the book), the queries (the user's orders and
 * fills, public trades, the markets) and the quick exchange, over the pairs of spot.pairs.ts.
 * The rules are pure and tested on their own: the round (spot.round.ts), the wire views
 * (spot.views.ts) and the exchange (spot.exchange.ts). The composition root makes one.
 */
import type {
  ExchangeDirection,
  ExchangeQuote,
  ExchangeResult,
  SpotDepth,
  SpotMarket,
  SpotOrder,
  SpotOrderDetail,
  SpotOrderList,
  SpotPublicTrade,
  SpotTimeInForce,
} from '@fairex/contract';
import { spotPageSize } from '@fairex/contract';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import type { Halts } from '../halts';
import { type Ledger, userAccountBalances, userAccountKinds } from '../ledger';
import type { MarketService } from '../market';
import {
  amountText,
  bandTicks,
  feeRatesOf,
  holdFor,
  marketLimitTicks,
  parseLots,
  parsePriceTicks,
  priceText,
  rateText,
} from './spot.domain';
import { orderStateOf, type RoundCommitted } from './spot.engine';
import { spotError } from './spot.errors';
import {
  exchangeDirection,
  exchangeDirectionsOf,
  exchangeQuoteOf,
  exchangeRequestOf,
  exchangeResultOf,
} from './spot.exchange';
import { createSpotPairs, type Pair } from './spot.pairs';
import { findOrder, listUserOrders, type OrderRow, recentTradeRows, tradesOfOrder } from './spot.repository';
import type { OrderState } from './spot.round';
import type { PlaceOrderInput, SpotBatchCommitted, SpotMarketInfo, SpotService } from './spot.service.types';
import { depthSide, fillView, orderView, publicTrade, publicTradeOfRow } from './spot.views';

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

export function createSpotService(deps: SpotServiceDeps): SpotExchange {
  const { db, clock, market } = deps;
  const listeners = new Set<(batch: SpotBatchCommitted) => void>();
  let initialised: Promise<void> | null = null;
  /** Reloads run one at a time, so a pair never gets two actors. */
  let reloading: Promise<void> = Promise.resolve();

  function report(error: unknown, message: string): void {
    if (deps.logger) deps.logger.error({ err: error }, message);
    else console.error(message, error);
  }

  /** Tells the listeners (realtime fan-out, market maker) what a committed round changed. */
  function publish(pair: Pair, round: RoundCommitted): void {
    const currencies = [pair.baseCurrencyId, pair.quoteCurrencyId];
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
          pair.rules,
        ),
      ),
      balanceChanges: new Map(round.orders.map((order) => [order.userId, currencies])),
    };
    for (const listener of listeners) {
      try {
        listener(batch);
      } catch {
        // A listener's failure never reaches the trading path.
      }
    }
  }

  const pairs = createSpotPairs({ ...deps, report, onRound: publish });

  /** Open orders are read from the actor (current); the rest from their rows. */
  function orderStateFromRow(row: OrderRow, pair: Pair): OrderState {
    return pair.actor.openOrder(row.id) ?? orderStateOf(row, pair.rules);
  }

  /** The pair whose actor holds `orderId` open for `userId`, if any. */
  function pairOfOpenOrder(userId: number, orderId: number): Pair | null {
    for (const pair of pairs.all()) {
      const state = pair.actor.openOrder(orderId);
      if (state) return state.userId === userId ? pair : null;
    }
    return null;
  }

  async function ownOrder(userId: number, orderId: number): Promise<{ row: OrderRow; pair: Pair }> {
    const row = await findOrder(db, orderId);
    if (!row || row.userId !== userId) throw spotError('order_not_found');
    return { row, pair: pairs.byInstrument(row.instrumentId) };
  }

  return {
    init() {
      initialised ??= pairs.load().catch((error: unknown) => {
        initialised = null;
        throw error;
      });
      return initialised;
    },

    async reload() {
      if (!initialised) return;
      await initialised;
      const next = reloading.then(() => pairs.load());
      reloading = next.catch(() => undefined);
      await next;
    },

    markets(): SpotMarketInfo[] {
      return [...pairs.all()].map((pair) => ({
        symbol: pair.symbol,
        instrumentId: pair.instrumentId,
        baseCurrencyId: pair.baseCurrencyId,
        quoteCurrencyId: pair.quoteCurrencyId,
        tickSize: priceText(1, pair.rules),
        lotSize: amountText(1, pair.rules),
        status: pairs.statusOf(pair),
      }));
    },

    marketsView(): SpotMarket[] {
      return [...pairs.all()].map((pair) => {
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
          status: pairs.statusOf(pair),
          reference_price: reference?.price ?? null,
          reference_tick_id: reference?.tickId ?? null,
        };
      });
    },

    symbolOf(baseCurrencyId, quoteCurrencyId) {
      return pairs.byCurrencies(baseCurrencyId, quoteCurrencyId).symbol;
    },

    async place(input: PlaceOrderInput): Promise<SpotOrder> {
      const pair = pairs.bySymbol(input.symbol);
      pairs.assertOpen(pair, { placing: true });
      // One reading of the rules: the hold and the rates the order will pay agree.
      const { rules } = pair;
      const amount = parseLots(input.amount, rules);
      if (!amount.ok) throw spotError(amount.error);
      const price = input.price === null ? null : parsePriceTicks(input.price, rules);
      if (price && !price.ok) throw spotError(price.error);
      const reference = pairs.referenceBand(pair);
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
        lots: amount.value,
        holdAmount: holdFor(input.side, ticks, amount.value, rules),
        rates: feeRatesOf(rules),
        idempotencyKey: input.idempotencyKey ?? null,
        tickId: reference.tickId,
      });
      return orderView(state, pair);
    },

    async cancel(userId, orderId) {
      // An open order is in its pair's actor: no database read (the market maker cancels dozens a
      // second). A finished or unknown one is read to answer with its state or "not found".
      const pair = pairOfOpenOrder(userId, orderId) ?? (await ownOrder(userId, orderId)).pair;
      pairs.assertOpen(pair, { placing: false });
      return orderView(await pair.actor.cancel(userId, orderId), pair);
    },

    depth(symbol, levels): SpotDepth {
      const pair = pairs.bySymbol(symbol);
      const book = pair.actor.depth(levels);
      return {
        symbol: pair.symbol,
        seq: pair.actor.depthSeq,
        bids: depthSide(book.bids, pair.rules),
        asks: depthSide(book.asks, pair.rules),
        time: clock.now().getTime(),
      };
    },

    openOrders(userId, symbol) {
      const pair = pairs.bySymbol(symbol);
      return [...pair.actor.openOrders()]
        .filter((order) => order.userId === userId)
        .map((order) => orderView(order, pair));
    },

    onCommitted(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    stop: () => pairs.stop(),

    async list(params): Promise<SpotOrderList> {
      const limit = params.limit ?? spotPageSize;
      const page = params.page ?? 1;
      const filtered = params.currencyId !== undefined || params.legalId !== undefined;
      const instrumentIds = filtered
        ? [...pairs.all()]
            .filter(
              (pair) =>
                (params.currencyId === undefined || pair.baseCurrencyId === params.currencyId) &&
                (params.legalId === undefined || pair.quoteCurrencyId === params.legalId),
            )
            .map((pair) => pair.instrumentId)
        : null;
      const { rows, total } = await listUserOrders(db, {
        userId: params.userId,
        status: params.status,
        instrumentIds,
        limit,
        offset: (page - 1) * limit,
      });
      const list = rows.map((row) => {
        const pair = pairs.byInstrument(row.instrumentId);
        return orderView(orderStateFromRow(row, pair), pair);
      });
      return { list, page, limit, total };
    },

    async detail(userId, orderId): Promise<SpotOrderDetail> {
      const { row, pair } = await ownOrder(userId, orderId);
      const trades = await tradesOfOrder(db, orderId);
      return {
        order: orderView(orderStateFromRow(row, pair), pair),
        fills: trades.map((trade) => fillView(trade, orderId, pair.rules)),
      };
    },

    async recentTrades(symbol, limit): Promise<SpotPublicTrade[]> {
      const pair = pairs.bySymbol(symbol);
      const rows = await recentTradeRows(db, pair.instrumentId, limit);
      return rows.map((row) => publicTradeOfRow(row, pair.rules));
    },

    async exchangeDirections(userId): Promise<ExchangeDirection[]> {
      const balances = userId === null ? [] : await userAccountBalances(db, userId);
      const availableOf = (currencyId: number) => {
        const account = balances.find(
          (balance) => balance.currencyId === currencyId && balance.kind === userAccountKinds.change,
        );
        return account ? account.balance - account.held : 0n;
      };
      const trading = [...pairs.all()]
        .filter((pair) => pairs.statusOf(pair) === 'trading')
        .map((pair) => {
          const reference = market.referencePrice(pair.symbol);
          return { pair, band: reference ? bandTicks(reference.price, pair.rules) : null };
        });
      return exchangeDirectionsOf(trading, availableOf);
    },

    exchangeQuote(params): ExchangeQuote {
      const { pair, side } = exchangeDirection(pairs.all(), params.fromCurrencyId, params.toCurrencyId);
      const reference = market.referencePrice(pair.symbol);
      const band = reference ? bandTicks(reference.price, pair.rules) : null;
      const owner = params.userId ?? -1;
      const levels =
        band === null
          ? null
          : side === 'buy'
            ? pair.actor.levelsFor('sell', owner, band.high)
            : pair.actor.levelsFor('buy', owner, band.low);
      return exchangeQuoteOf({ pair, side, reference, levels, number: params.number });
    },

    async exchange(params): Promise<ExchangeResult> {
      const { pair, side } = exchangeDirection(pairs.all(), params.fromCurrencyId, params.toCurrencyId);
      pairs.assertOpen(pair, { placing: true });
      const reference = pairs.referenceBand(pair);
      const { request, askedUnits } = exchangeRequestOf({
        pair,
        side,
        band: reference.band,
        tickId: reference.tickId,
        userId: params.userId,
        number: params.number,
        minReceive: params.minReceive,
        allowPartial: params.allowPartial,
        idempotencyKey: params.idempotencyKey,
      });
      return exchangeResultOf(await pair.actor.place(request), pair, side, askedUnits);
    },
  };
}
