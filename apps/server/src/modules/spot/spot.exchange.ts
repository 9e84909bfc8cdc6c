/**
 * The quick exchange's rules, pure: which pair and side a from/to currency pair means, what the
 * book would give for an amount (the quote), the market order an exchange places, and what the
 * user is told afterwards. The service supplies the book's levels and the reference price.
 */
import type { ExchangeDirection, ExchangeQuote, ExchangeResult, SpotSide } from '@fairex/contract';
import { fromScaledBigint, type Lots, lots, parseAmount, type Ticks } from '@fairex/domain';
import {
  amountText,
  feeRatesOf,
  holdFor,
  lotBaseUnits,
  lotsForBudget,
  type PairRules,
  parseLots,
  proceedsForLots,
  quoteText,
  rateText,
  type WalkLevel,
} from './spot.domain';
import { spotError } from './spot.errors';
import type { MarketRow } from './spot.repository';
import type { OrderState, PairContext, PlaceRequest } from './spot.round';
import { orderView } from './spot.views';

/** A pair with its stored row (the currency names the exchange shows). */
export type ListedPair = PairContext & { readonly row: MarketRow };

/** Digits of an exchange rate. */
const rateDecimals = 12;

/** A ratio of two amounts as decimal text with `decimals` digits, rounded down. */
function ratioText(numerator: bigint, denominator: bigint, decimals: number): string | null {
  if (denominator <= 0n) return null;
  return fromScaledBigint((numerator * 10n ** BigInt(decimals)) / denominator, decimals);
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

function unitsOf(text: string, scale: number): bigint {
  const parsed = parseAmount(text, scale);
  if (!parsed.ok) throw spotError(amountError(parsed.error));
  return parsed.units;
}

function lotsOf(text: string, rules: PairRules): Lots {
  const parsed = parseLots(text, rules);
  if (!parsed.ok) throw spotError(parsed.error);
  return parsed.value;
}

/** From quote to base buys on the pair; from base to quote sells. */
export function exchangeDirection<P extends ListedPair>(
  pairs: Iterable<P>,
  fromCurrencyId: number,
  toCurrencyId: number,
): { pair: P; side: SpotSide } {
  for (const pair of pairs) {
    if (pair.quoteCurrencyId === fromCurrencyId && pair.baseCurrencyId === toCurrencyId)
      return { pair, side: 'buy' };
    if (pair.baseCurrencyId === fromCurrencyId && pair.quoteCurrencyId === toCurrencyId)
      return { pair, side: 'sell' };
  }
  throw spotError('exchange_direction_invalid');
}

/** Both directions of every trading pair, with what the user has available and the smallest amount. */
export function exchangeDirectionsOf(
  pairs: readonly { readonly pair: ListedPair; readonly band: { readonly high: Ticks } | null }[],
  availableOf: (currencyId: number) => bigint,
): ExchangeDirection[] {
  return pairs.flatMap(({ pair, band }) => [
    {
      from_currency_id: pair.quoteCurrencyId,
      from_currency: pair.row.quote,
      to_currency_id: pair.baseCurrencyId,
      to_currency: pair.row.base,
      symbol: pair.symbol,
      available: quoteText(availableOf(pair.quoteCurrencyId), pair.rules),
      min_number: band ? quoteText(holdFor('buy', band.high, lots(1), pair.rules), pair.rules) : '0',
    },
    {
      from_currency_id: pair.baseCurrencyId,
      from_currency: pair.row.base,
      to_currency_id: pair.quoteCurrencyId,
      to_currency: pair.row.quote,
      symbol: pair.symbol,
      available: fromScaledBigint(availableOf(pair.baseCurrencyId), pair.rules.baseScale),
      min_number: amountText(1, pair.rules),
    },
  ]);
}

/**
 * What exchanging `number` (or one unit, without it) would give against `levels`, the book's
 * opposite side within the band as this user would meet it.
 */
export function exchangeQuoteOf(params: {
  readonly pair: ListedPair;
  readonly side: SpotSide;
  readonly reference: { readonly price: string; readonly tickId: string } | null;
  /** Best first, read lazily; null without a reference price: nothing can be quoted. */
  readonly levels: Iterable<WalkLevel> | null;
  readonly number: string | undefined;
}): ExchangeQuote {
  const { pair, side, levels } = params;
  const { rules } = pair;
  const base: Omit<ExchangeQuote, 'rate' | 'fee' | 'receive' | 'fillable'> = {
    symbol: pair.symbol,
    side,
    fee_rate: rateText(rules.takerRate),
    fee_currency: pair.row.quote,
    reference_price: params.reference?.price ?? null,
    tick_id: params.reference?.tickId ?? null,
  };
  const nothing = { ...base, rate: null, fee: null, receive: null, fillable: false };
  if (levels === null) return nothing;
  const oneLot = lotBaseUnits(rules);
  if (params.number === undefined) {
    const best = levels[Symbol.iterator]().next().value;
    if (!best) return nothing;
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
    const walk = lotsForBudget(levels, unitsOf(params.number, rules.quoteScale), rules.takerRate, rules);
    const receive = BigInt(walk.lots) * oneLot;
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
      fillable: walk.lots > 0 && !walk.bookTaken,
    };
  }
  const selling = lotsOf(params.number, rules);
  const walk = proceedsForLots(levels, selling, rules.takerRate, rules);
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
    fillable: walk.lots === selling,
  };
}

/**
 * The market order an exchange places: a buy spends a quote budget (sized by the actor against
 * the book as it is then), a sell sells base lots; both limited by the band's far edge.
 */
export function exchangeRequestOf(params: {
  readonly pair: ListedPair;
  readonly side: SpotSide;
  readonly band: { readonly low: Ticks; readonly high: Ticks };
  readonly tickId: string;
  readonly userId: number;
  readonly number: string;
  readonly minReceive: string | undefined;
  readonly allowPartial: boolean;
  readonly idempotencyKey: string | undefined;
}): { request: PlaceRequest; askedUnits: bigint } {
  const { pair, side, band } = params;
  const { rules } = pair;
  const common = {
    userId: params.userId,
    side,
    kind: 'market',
    timeInForce: 'ioc',
    rates: feeRatesOf(rules),
    idempotencyKey: params.idempotencyKey ?? null,
    tickId: params.tickId,
  } as const;
  if (side === 'buy') {
    const budget = unitsOf(params.number, rules.quoteScale);
    const minReceive = params.minReceive === undefined ? null : unitsOf(params.minReceive, rules.baseScale);
    return {
      askedUnits: budget,
      request: {
        ...common,
        priceTicks: band.high,
        lots: lots(0),
        holdAmount: 0n,
        exchange: { kind: 'budget', budget, minReceive, allowPartial: params.allowPartial },
      },
    };
  }
  const selling = lotsOf(params.number, rules);
  const minReceive = params.minReceive === undefined ? null : unitsOf(params.minReceive, rules.quoteScale);
  return {
    askedUnits: BigInt(selling) * lotBaseUnits(rules),
    request: {
      ...common,
      priceTicks: band.low,
      lots: selling,
      holdAmount: holdFor('sell', band.low, selling, rules),
      exchange: { kind: 'sell', minReceive, allowPartial: params.allowPartial },
    },
  };
}

/** What the user is told after an exchange: spent, received, fee, and whether it was partial. */
export function exchangeResultOf(
  state: OrderState,
  pair: ListedPair,
  side: SpotSide,
  askedUnits: bigint,
): ExchangeResult {
  const { rules } = pair;
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
}
