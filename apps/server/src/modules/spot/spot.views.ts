/**
 * How spot's orders, fills and trades look on the wire: pure functions of an order's state (or a
 * stored row) and its pair's grid, shared by the orders, the queries and the realtime fan-out.
 */
import type { SpotFill, SpotOrder, SpotPublicTrade, SpotSide } from '@fairex/contract';
import { fromScaledBigint, toScaledBigint } from '@fairex/domain';
import {
  amountText,
  averagePriceText,
  type PairRules,
  pairRules,
  parseLots,
  parsePriceTicks,
  priceText,
  quoteText,
} from './spot.domain';
import type { MarketRow, TradeRow } from './spot.repository';
import type { OrderState, PairContext } from './spot.round';

/** A pair's rules from its stored row (throws for a grid that cannot work). */
export function rulesOf(row: MarketRow): PairRules {
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

/** What the order's hold still keeps: quote for a buy, base for a sell. */
function heldText(state: OrderState, pair: PairContext): string {
  return state.side === 'buy'
    ? quoteText(state.holdRemaining, pair.rules)
    : fromScaledBigint(state.holdRemaining, pair.rules.baseScale);
}

export function orderView(state: OrderState, pair: PairContext): SpotOrder {
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

export function publicTrade(
  trade: {
    readonly id: number;
    readonly priceTicks: number;
    readonly lots: number;
    readonly side: SpotSide;
    readonly tickId: string | null;
    readonly time: Date;
  },
  rules: PairRules,
): SpotPublicTrade {
  return {
    id: trade.id,
    price: priceText(trade.priceTicks, rules),
    amount: amountText(trade.lots, rules),
    side: trade.side,
    tick_id: trade.tickId,
    time: trade.time.getTime(),
  };
}

/** A stored trade as the public tape shows it. */
export function publicTradeOfRow(row: TradeRow, rules: PairRules): SpotPublicTrade {
  return publicTrade(
    {
      id: row.id,
      priceTicks: onGrid(parsePriceTicks(row.price, rules)),
      lots: onGrid(parseLots(row.amount, rules)),
      side: row.takerSide,
      tickId: row.tickId === null ? null : String(row.tickId),
      time: row.createdAt,
    },
    rules,
  );
}

/** One fill of an order as its owner sees it: maker or taker, and the fee that side paid. */
export function fillView(trade: TradeRow, orderId: number, rules: PairRules): SpotFill {
  const maker = trade.makerOrderId === orderId;
  const turnover = toScaledBigint(trade.turnover, rules.priceScale + rules.lotScale);
  return {
    trade_id: trade.id,
    price: priceText(onGrid(parsePriceTicks(trade.price, rules)), rules),
    amount: amountText(onGrid(parseLots(trade.amount, rules)), rules),
    turnover: turnover.ok
      ? fromScaledBigint(turnover.value, rules.priceScale + rules.lotScale)
      : trade.turnover,
    fee: quoteText(BigInt(maker ? trade.makerFee : trade.takerFee), rules),
    role: maker ? 'maker' : 'taker',
    tick_id: trade.tickId === null ? null : String(trade.tickId),
    time: trade.createdAt.getTime(),
  };
}

/** Depth levels as [price, amount] text pairs. */
export function depthSide(
  levels: readonly { readonly price: number; readonly quantity: number }[],
  rules: PairRules,
): [string, string][] {
  return levels.map((level) => [priceText(level.price, rules), amountText(level.quantity, rules)]);
}

/** A figure read back from a row is on its pair's grid; anything else is a broken row. */
function onGrid(parsed: { ok: true; value: number } | { ok: false; error: string }): number {
  if (!parsed.ok) throw new Error(`a stored spot figure is off its grid: ${parsed.error}`);
  return parsed.value;
}
