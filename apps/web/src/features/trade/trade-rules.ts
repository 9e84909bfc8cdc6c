/**
 * Pure rules of the trade screens: which pair to show, the amount a slider share buys or sells,
 * the order's total, depth rows with their bars, and how a live order updates the lists. Money
 * stays decimal text and bigints (conventions rule 1); numbers only for bar widths.
 */
import type {
  coinTradeRoute,
  RouteInput,
  SpotDepth,
  SpotMarket,
  SpotOrder,
  SpotSide,
} from '@fairex/contract';
import { formatAmount, fromScaledBigint, parseDecimal, toScaledBigint } from '@fairex/domain';

export const tradeRoutes = {
  tab: '/pages/transaction/index',
  currency: '/pages/transaction/currency',
  orders: '/pages/transaction/currency_order',
  contract: '/pages/transaction/contract',
  seconds: '/pages/transaction/seconds',
  chart: '/pages/market/detail',
  login: '/pages/common/login',
  bill: '/pages/setting/bill',
  deposit: '/pages/fund/select',
  transfer: '/pages/fund/transfer',
} as const;

export const defaultSymbol = 'BTC/USDT';
/** Shares of the available balance the slider stops at, in percent. */
export const sliderShares = [0, 25, 50, 75, 100] as const;
/** Book levels shown on each side. */
export const bookLevelsShown = 8;

export function chartPath(symbol: string): string {
  return `${tradeRoutes.chart}?symbol=${encodeURIComponent(symbol)}`;
}

/** "ETH/USDT", "eth_usdt" or "ETH-USDT" -> "ETH/USDT"; anything else null. */
export function normaliseSymbol(text: string | null): string | null {
  if (!text) return null;
  const match = /^([A-Za-z0-9]{1,12})[/_-]([A-Za-z0-9]{1,12})$/.exec(text.trim());
  return match?.[1] && match[2] ? `${match[1].toUpperCase()}/${match[2].toUpperCase()}` : null;
}

/** The pair to show: the ?symbol= one, else the last one used, else BTC/USDT, else the first listed. */
export function choosePair(
  markets: readonly SpotMarket[],
  wanted: string | null,
  remembered: string | null,
): SpotMarket | undefined {
  const find = (symbol: string | null) => markets.find((market) => market.symbol === normaliseSymbol(symbol));
  return find(wanted) ?? find(remembered) ?? find(defaultSymbol) ?? markets[0];
}

/** A last trade older than this shows its age beside it (it may sit still while the reference moves). */
export const staleTradeMs = 60_000;

/**
 * The spot screen's headline: the pair's last trade (never invented: null before any), whether it
 * is old enough to show its age, and the moving reference price labelled beside it — the live
 * quote Markets and the coin page show, so the figure is the same everywhere.
 */
export function priceHeadline(params: {
  lastTrade: { readonly price: string; readonly time: number } | undefined;
  reference: string | null;
  nowMs: number;
}): { last: string | null; tradeTime: number | null; stale: boolean; reference: string | null } {
  const { lastTrade, reference, nowMs } = params;
  return {
    last: lastTrade?.price ?? null,
    tradeTime: lastTrade?.time ?? null,
    stale: lastTrade !== undefined && nowMs - lastTrade.time >= staleTradeMs,
    reference,
  };
}

/** The side a link asked for (?side=sell from a coin page's Sell); Buy otherwise. */
export function sideParam(value: string | null): 'buy' | 'sell' {
  return value === 'sell' ? 'sell' : 'buy';
}

/** "BTC/USDT" -> "BTC-USDT", for data-testid values. */
export function symbolTestId(symbol: string): string {
  return symbol.replace(/\//g, '-');
}

function scaled(text: string, scale: number): bigint | null {
  const parsed = toScaledBigint(text.trim(), scale);
  return parsed.ok ? parsed.value : null;
}

/** Decimal text cut (never rounded up) to `decimals`: "1.239" at 2 -> "1.23". */
export function truncateDecimals(text: string, decimals: number): string | null {
  const parsed = parseDecimal(text.trim());
  if (!parsed.ok) return null;
  const { digits, scale, negative } = parsed.value;
  const cut =
    scale > decimals ? digits / 10n ** BigInt(scale - decimals) : digits * 10n ** BigInt(decimals - scale);
  return fromScaledBigint(negative ? -cut : cut, decimals);
}

/** The fraction text "0.001" as parts per 10^18 (exact enough for any fee rate). */
const rateScale = 18;

export type SliderInput = {
  side: SpotSide;
  /** Percent of the available balance, 0-100. */
  share: number;
  /** Available on the spot account: quote currency for a buy, base for a sell. */
  available: string;
  /** The price a buy is sized at (limit price, or the best ask for a market buy). */
  price: string | null;
  /** The fee rate a buy must leave room for (taker's, the larger). */
  feeRate: string;
  market: Pick<SpotMarket, 'amount_decimals' | 'lot_size'>;
};

/**
 * The amount a slider share stands for, cut down to a whole number of lots: a sell uses the share
 * of the base available; a buy spends the share of the quote available on price x amount + fee.
 * Null when it cannot be worked out (no price, bad figures).
 */
export function sliderAmount(input: SliderInput): string | null {
  const decimals = input.market.amount_decimals;
  const lot = scaled(input.market.lot_size, decimals);
  const available = scaled(truncateDecimals(input.available, 18) ?? '', 18);
  if (lot === null || lot <= 0n || available === null) return null;
  const share = BigInt(Math.max(0, Math.min(100, Math.round(input.share))));
  const budget = (available * share) / 100n; // at scale 18
  let amount: bigint; // at `decimals`
  if (input.side === 'sell') {
    amount = budget / 10n ** BigInt(18 - decimals);
  } else {
    const price = input.price === null ? null : scaled(truncateDecimals(input.price, 18) ?? '', 18);
    const rate = scaled(truncateDecimals(input.feeRate, rateScale) ?? '0', rateScale) ?? 0n;
    if (price === null || price <= 0n) return null;
    // amount = budget / (price x (1 + rate)), all at scale 18, floored.
    const onePlusRate = 10n ** BigInt(rateScale) + rate;
    const costPerUnit = (price * onePlusRate) / 10n ** BigInt(rateScale); // scale 18
    amount = (budget * 10n ** BigInt(decimals)) / costPerUnit;
  }
  const lots = amount / lot;
  return fromScaledBigint(lots * lot, decimals);
}

/** price x amount, exact text; null when either is not a number. */
export function orderTotal(price: string, amount: string): string | null {
  const a = parseDecimal(price.trim());
  const b = parseDecimal(amount.trim());
  if (!a.ok || !b.ok) return null;
  const digits = a.value.digits * b.value.digits;
  return fromScaledBigint(digits, a.value.scale + b.value.scale);
}

/** Whether a fee rate text is zero ("0", "0.000"). */
export function isZeroRate(rate: string): boolean {
  const parsed = parseDecimal(rate);
  return parsed.ok && parsed.value.digits === 0n;
}

/** "0.001" -> "0.1%"; "0" -> "0%". */
export function percentText(rate: string): string {
  const parsed = parseDecimal(rate);
  if (!parsed.ok) return '--';
  const { digits, scale } = parsed.value;
  // x100: two fewer decimals.
  const text =
    scale >= 2 ? fromScaledBigint(digits, scale - 2) : fromScaledBigint(digits * 10n ** BigInt(2 - scale), 0);
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return `${trimmed}%`;
}

/** A figure for the screen: thousands grouped, at `decimals`. */
export function shown(value: string | null | undefined, decimals: number): string {
  if (value === null || value === undefined || value === '') return '--';
  return formatAmount(value, { decimals, thousandsSeparator: ',' });
}

export type DepthRow = {
  price: string;
  amount: string;
  /** Running total from the best level, base units. */
  cumulative: string;
  /** Width of the depth bar, 0-1 of the side's deepest cumulative. */
  share: number;
};

/**
 * The first `count` levels of one side with running totals and bar widths (the last level's
 * cumulative is the full bar). Levels arrive best first.
 */
export function depthRows(levels: SpotDepth['bids'], count: number, amountDecimals: number): DepthRow[] {
  const rows: DepthRow[] = [];
  let running = 0n;
  const scale = Math.max(amountDecimals, 8);
  for (const [price, amount] of levels.slice(0, count)) {
    const units = scaled(truncateDecimals(amount, scale) ?? '0', scale) ?? 0n;
    running += units;
    rows.push({ price, amount, cumulative: fromScaledBigint(running, scale), share: 0 });
  }
  const deepest = running;
  for (const row of rows) {
    const units = scaled(row.cumulative, scale) ?? 0n;
    row.share = deepest > 0n ? Number((units * 1000n) / deepest) / 1000 : 0;
  }
  return rows;
}

/** The newer of two depth snapshots of the same pair (a late HTTP snapshot never replaces a push). */
export function newerDepth(held: SpotDepth | null, incoming: SpotDepth): SpotDepth {
  if (held === null || held.symbol !== incoming.symbol) return incoming;
  return incoming.seq >= held.seq ? incoming : held;
}

/** The mid of best bid and ask, or the one there is. */
export function bestPrices(depth: SpotDepth | null): { bid: string | null; ask: string | null } {
  return { bid: depth?.bids[0]?.[0] ?? null, ask: depth?.asks[0]?.[0] ?? null };
}

/** Open orders with a live change applied: an open order is put in (newest first), a finished one leaves. */
export function applyOrderUpdate(list: readonly SpotOrder[], order: SpotOrder): SpotOrder[] {
  const rest = list.filter((item) => item.id !== order.id);
  if (order.status !== 'open') return rest;
  const held = list.find((item) => item.id === order.id);
  if (held && held.updated_at > order.updated_at) return [...list];
  return [order, ...rest].sort((a, b) => b.created_at - a.created_at || b.id - a.id);
}

export type OrderDraft = {
  side: SpotSide;
  kind: 'limit' | 'market';
  price: string;
  amount: string;
};

export type DraftProblem = 'price' | 'amount' | 'priceDecimals' | 'amountDecimals' | null;

/** The first thing wrong with a draft before it is sent (the server checks band, tick and lot). */
export function draftProblem(draft: OrderDraft, market: SpotMarket): DraftProblem {
  if (draft.kind === 'limit') {
    const price = parseDecimal(draft.price.trim());
    if (!price.ok || price.value.negative || price.value.digits === 0n) return 'price';
    if (scaled(draft.price, market.price_decimals) === null) return 'priceDecimals';
  }
  const amount = parseDecimal(draft.amount.trim());
  if (!amount.ok || amount.value.negative || amount.value.digits === 0n) return 'amount';
  if (scaled(draft.amount, market.amount_decimals) === null) return 'amountDecimals';
  return null;
}

/** The fields of POST /coin/trade for a draft. */
export function tradeParams(draft: OrderDraft, market: SpotMarket): RouteInput<typeof coinTradeRoute> {
  return {
    amount: draft.amount.trim(),
    target_price: draft.kind === 'limit' ? draft.price.trim() : '',
    currency_id: market.currency_id,
    legal_id: market.legal_id,
    type: draft.side === 'buy' ? 1 : 2,
  } as const;
}
