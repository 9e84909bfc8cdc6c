/**
 * Pure rules of the spot exchange: decimal text <-> engine ticks and lots, the price band, what
 * an order holds, and the rounding of every fill. Exact throughout: a price x amount is an integer
 * count of (tick x lot) ("tl"), and one tl is tickUnits x lotUnits x 10^quoteScale / 10^(priceScale +
 * lotScale) quote smallest units, a rational the rules below round only where the contract says:
 * the buyer's cost up, the seller's proceeds down, fees up, each on the ORDER's cumulative total, so
 * the sum of the per-fill charges is the rounded whole and never exceeds the hold.
 */
import {
  fromScaledBigint,
  type Lots,
  lots,
  parseAmount,
  parseDecimal,
  type Ticks,
  ticks,
  toScaledBigint,
} from '@fairex/domain';

/** Fee rates and the band are kept as parts of 10^8 (0.001 = 100 000). */
export const rateScale = 8;
export const rateDenominator = 10n ** BigInt(rateScale);
/** No order may exceed these (the engine's integers stay far from 2^53 even summed per level). */
export const maxOrderLots = 1_000_000_000_000;
export const maxPriceTicks = 1_000_000_000_000;

export type SpotSide = 'buy' | 'sell';

/** A pair's trading rules in integers. */
export type PairRules = {
  readonly symbol: string;
  /** tick_size = tickUnits / 10^priceScale. */
  readonly tickUnits: bigint;
  readonly priceScale: number;
  /** lot_size = lotUnits / 10^lotScale. */
  readonly lotUnits: bigint;
  readonly lotScale: number;
  readonly baseScale: number;
  readonly quoteScale: number;
  /** Parts of 10^8. */
  readonly makerRate: bigint;
  readonly takerRate: bigint;
  readonly band: bigint;
};

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** "0.010" -> 1n at scale 2: the shortest exact scaled form of a positive decimal. */
export function minimalScaled(text: string): { units: bigint; scale: number } {
  const parsed = parseDecimal(text);
  if (!parsed.ok || parsed.value.negative) throw new Error(`not a positive decimal: ${text}`);
  let { digits, scale } = parsed.value;
  while (scale > 0 && digits % 10n === 0n) {
    digits /= 10n;
    scale -= 1;
  }
  if (digits <= 0n) throw new Error(`not a positive decimal: ${text}`);
  return { units: digits, scale };
}

/** A rate ("0.001") as parts of 10^8; throws on anything else (rates come from the database). */
export function rateUnits(text: string): bigint {
  const scaled = toScaledBigint(text, rateScale);
  if (!scaled.ok || scaled.value < 0n) throw new Error(`not a rate with at most 8 decimals: ${text}`);
  return scaled.value;
}

/** Builds the rules of a pair from its configuration; throws on a configuration that cannot work. */
export function pairRules(config: {
  readonly symbol: string;
  readonly tickSize: string;
  readonly lotSize: string;
  readonly baseScale: number;
  readonly quoteScale: number;
  readonly makerFeeRate: string;
  readonly takerFeeRate: string;
  readonly priceBand: string;
}): PairRules {
  const tick = minimalScaled(config.tickSize);
  const lot = minimalScaled(config.lotSize);
  if (lot.scale > config.baseScale) throw new Error(`${config.symbol}: lot finer than the base currency`);
  const rules: PairRules = {
    symbol: config.symbol,
    tickUnits: tick.units,
    priceScale: tick.scale,
    lotUnits: lot.units,
    lotScale: lot.scale,
    baseScale: config.baseScale,
    quoteScale: config.quoteScale,
    makerRate: rateUnits(config.makerFeeRate),
    takerRate: rateUnits(config.takerFeeRate),
    band: rateUnits(config.priceBand),
  };
  // Below half, a seller's fee share never exceeds a fill's proceeds (see fillOrder).
  if (rules.makerRate * 2n >= rateDenominator || rules.takerRate * 2n >= rateDenominator)
    throw new Error(`${config.symbol}: fee rates must be below 0.5`);
  if (rules.band <= 0n || rules.band >= rateDenominator)
    throw new Error(`${config.symbol}: the price band must be between 0 and 1`);
  return rules;
}

export type PriceError = 'price_invalid' | 'price_not_positive' | 'price_off_tick' | 'price_too_large';
export type AmountError = 'amount_invalid' | 'amount_not_positive' | 'amount_off_lot' | 'amount_too_large';
export type Parsed<T, E> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

/** A price typed by a user, in ticks: positive, on tick, never rounded. */
export function parsePriceTicks(text: string, rules: PairRules): Parsed<Ticks, PriceError> {
  const parsed = parseAmount(text, rules.priceScale);
  if (!parsed.ok) {
    const error = {
      invalid: 'price_invalid',
      not_positive: 'price_not_positive',
      too_many_decimals: 'price_off_tick',
      too_large: 'price_too_large',
    } as const;
    return { ok: false, error: error[parsed.error] };
  }
  if (parsed.units % rules.tickUnits !== 0n) return { ok: false, error: 'price_off_tick' };
  const onGrid = parsed.units / rules.tickUnits;
  if (onGrid > BigInt(maxPriceTicks)) return { ok: false, error: 'price_too_large' };
  return { ok: true, value: ticks(Number(onGrid)) };
}

/** An amount of the base currency typed by a user, in lots: positive, on lot, never rounded. */
export function parseLots(text: string, rules: PairRules): Parsed<Lots, AmountError> {
  const parsed = parseAmount(text, rules.lotScale);
  if (!parsed.ok) {
    const error = {
      invalid: 'amount_invalid',
      not_positive: 'amount_not_positive',
      too_many_decimals: 'amount_off_lot',
      too_large: 'amount_too_large',
    } as const;
    return { ok: false, error: error[parsed.error] };
  }
  if (parsed.units % rules.lotUnits !== 0n) return { ok: false, error: 'amount_off_lot' };
  const onGrid = parsed.units / rules.lotUnits;
  if (onGrid > BigInt(maxOrderLots)) return { ok: false, error: 'amount_too_large' };
  return { ok: true, value: lots(Number(onGrid)) };
}

/** Ticks as decimal text with the pair's price decimals ("95000.00"). */
export function priceText(ticks: number | bigint, rules: PairRules): string {
  return fromScaledBigint(BigInt(ticks) * rules.tickUnits, rules.priceScale);
}

/** Lots as decimal text with the pair's amount decimals ("0.01000"). */
export function amountText(lots: number | bigint, rules: PairRules): string {
  return fromScaledBigint(BigInt(lots) * rules.lotUnits, rules.lotScale);
}

/** Quote smallest units as decimal text. */
export function quoteText(units: bigint, rules: PairRules): string {
  return fromScaledBigint(units, rules.quoteScale);
}

/** Base smallest units of one lot. */
export function lotBaseUnits(rules: PairRules): bigint {
  return rules.lotUnits * pow10(rules.baseScale - rules.lotScale);
}

/** Quote smallest units of `tl` (tick x lot counts) as the fraction num/den. */
function notionalFraction(tl: bigint, rules: PairRules): { num: bigint; den: bigint } {
  return {
    num: tl * rules.tickUnits * rules.lotUnits * pow10(rules.quoteScale),
    den: pow10(rules.priceScale + rules.lotScale),
  };
}

const ceilDiv = (num: bigint, den: bigint): bigint => (num <= 0n ? -(-num / den) : (num + den - 1n) / den);
const floorDiv = (num: bigint, den: bigint): bigint => (num >= 0n ? num / den : -((-num + den - 1n) / den));

/** The quote value of `tl`, rounded up (what a buyer pays). */
export function notionalCeil(tl: bigint, rules: PairRules): bigint {
  const { num, den } = notionalFraction(tl, rules);
  return ceilDiv(num, den);
}

/** The quote value of `tl`, rounded down (what a seller gets). */
export function notionalFloor(tl: bigint, rules: PairRules): bigint {
  const { num, den } = notionalFraction(tl, rules);
  return floorDiv(num, den);
}

/** A fee on `feeExact` (sum of tl x rate parts), rounded up. */
export function feeCeil(feeExact: bigint, rules: PairRules): bigint {
  const { num, den } = notionalFraction(feeExact, rules);
  return ceilDiv(num, den * rateDenominator);
}

/** The quote value of `tl` as exact decimal text (scale priceScale + lotScale). */
export function notionalText(tl: bigint, rules: PairRules): string {
  return fromScaledBigint(tl * rules.tickUnits * rules.lotUnits, rules.priceScale + rules.lotScale);
}

/** A rate in parts of 10^8 as the shortest decimal text ("0.001", "0"). */
export function rateText(rate: bigint): string {
  return fromScaledBigint(rate, rateScale).replace(/\.?0+$/, '') || '0';
}

/** The fee rates an order pays, fixed when its hold is sized. */
export type FeeRates = { readonly makerRate: bigint; readonly takerRate: bigint };

/** The rates of a pair now, as a new order takes them. */
export function feeRatesOf(rules: PairRules): FeeRates {
  return { makerRate: rules.makerRate, takerRate: rules.takerRate };
}

/** The larger of the rates: what a buy must hold for, not knowing its role in advance. */
export function holdRate(rates: FeeRates): bigint {
  if (rates.makerRate > rates.takerRate) return rates.makerRate;
  return rates.takerRate;
}

/** Fee rates staff may set: each at least 0 and below 0.5 (see fillOrder), at most 8 decimals. */
export function parseFeeRate(text: string): bigint | null {
  const scaled = toScaledBigint(text, rateScale);
  if (!scaled.ok || scaled.value < 0n || scaled.value * 2n >= rateDenominator) return null;
  return scaled.value;
}

/**
 * What an order sets aside: a buy ceil(price x amount) + ceil(price x amount x rate) in quote
 * (at its limit, or a market order's protection limit), a sell the base amount.
 */
export function holdFor(side: SpotSide, priceTicks: number, lots: number, rules: PairRules): bigint {
  if (side === 'sell') return BigInt(lots) * lotBaseUnits(rules);
  const tl = BigInt(priceTicks) * BigInt(lots);
  return notionalCeil(tl, rules) + feeCeil(tl * holdRate(rules), rules);
}

/** Ticks within reference x (1 +- band), rounded inward to the tick grid. Null without a reference. */
export function bandTicks(referencePrice: string, rules: PairRules): { low: Ticks; high: Ticks } | null {
  const parsed = parseDecimal(referencePrice);
  if (!parsed.ok || parsed.value.negative || parsed.value.digits === 0n) return null;
  const { digits, scale } = parsed.value;
  // ref = digits / 10^scale; one tick = tickUnits / 10^priceScale.
  // ref x (1 +- band) / tick = digits x (D +- band) x 10^priceScale / (10^scale x D x tickUnits).
  const den = pow10(scale) * rateDenominator * rules.tickUnits;
  const high = floorDiv(digits * (rateDenominator + rules.band) * pow10(rules.priceScale), den);
  let low = ceilDiv(digits * (rateDenominator - rules.band) * pow10(rules.priceScale), den);
  if (low < 1n) low = 1n;
  const cap = BigInt(maxPriceTicks);
  if (high < low || low > cap) return null;
  return { low: ticks(Number(low)), high: ticks(Number(high > cap ? cap : high)) };
}

/** A market order's protection limit: the band edge on the far side. */
export function marketLimitTicks(side: SpotSide, band: { low: Ticks; high: Ticks }): Ticks {
  return side === 'buy' ? band.high : band.low;
}

/** What an order has been charged (buy) or credited (sell) so far, exact and as booked. */
export type OrderMoney = {
  /** Sum of price_ticks x lots of its fills. */
  readonly notionalExact: bigint;
  /** Sum of price_ticks x lots x rate parts. */
  readonly feeExact: bigint;
  /** Booked: a buy's cost (rounded up) or a sell's proceeds before fee (rounded down). */
  readonly turnover: bigint;
  readonly fee: bigint;
};

export const noMoney: OrderMoney = { notionalExact: 0n, feeExact: 0n, turnover: 0n, fee: 0n };

/**
 * One fill of one order: the order's new cumulative figures and this fill's parts. A buy's
 * turnover and fee are ceil of the cumulative exact values; a sell's turnover is the floor and its
 * fee the ceil, except that a fill never charges a seller more fee than it brings in proceeds (the
 * share waits for the next fill; with rates below 0.5 and a fill worth a unit or more it never has to).
 */
export function fillOrder(
  side: SpotSide,
  money: OrderMoney,
  fill: { readonly priceTicks: number; readonly lots: number; readonly rate: bigint },
  rules: PairRules,
): { money: OrderMoney; turnover: bigint; fee: bigint } {
  const tl = BigInt(fill.priceTicks) * BigInt(fill.lots);
  const notionalExact = money.notionalExact + tl;
  const feeExact = money.feeExact + tl * fill.rate;
  const turnover = side === 'buy' ? notionalCeil(notionalExact, rules) : notionalFloor(notionalExact, rules);
  let fee = feeCeil(feeExact, rules);
  if (side === 'sell') {
    const proceeds = turnover - money.turnover;
    if (fee - money.fee > proceeds) fee = money.fee + proceeds;
  }
  return {
    money: { notionalExact, feeExact, turnover, fee },
    turnover: turnover - money.turnover,
    fee: fee - money.fee,
  };
}

/** The quote legs of one trade: the buyer pays cost + fee, the seller gets proceeds - fee. */
export function tradeQuoteParts(
  buyer: { turnover: bigint; fee: bigint },
  seller: { turnover: bigint; fee: bigint },
): { buyerPays: bigint; sellerGets: bigint; fees: bigint; rounding: bigint } {
  return {
    buyerPays: buyer.turnover + buyer.fee,
    sellerGets: seller.turnover - seller.fee,
    fees: buyer.fee + seller.fee,
    rounding: buyer.turnover - seller.turnover,
  };
}

/** What a buy order still keeps on hold: its hold less what it has paid. */
export function buyHoldRemaining(holdAmount: bigint, money: OrderMoney): bigint {
  return holdAmount - money.turnover - money.fee;
}

/** A price level as the exchange walk sees it (lots available to this taker at this price). */
export type WalkLevel = { readonly priceTicks: Ticks; readonly lots: Lots };

/**
 * How many lots a quote budget buys walking the asks best first (taker fee included, rounded as
 * a single order would be): the lots, the worst price reached and the exact cost and fee.
 */
export function lotsForBudget(
  asks: Iterable<WalkLevel>,
  budget: bigint,
  rate: bigint,
  rules: PairRules,
): {
  lots: Lots;
  worstTicks: Ticks | null;
  cost: bigint;
  fee: bigint;
  bookShort: boolean;
  bookTaken: boolean;
} {
  let taken = 0;
  let tl = 0n;
  let worstTicks: Ticks | null = null;
  let budgetStopped = false;
  const spend = (extraTl: bigint) => {
    const total = tl + extraTl;
    return notionalCeil(total, rules) + feeCeil(total * rate, rules);
  };
  for (const level of asks) {
    const price = BigInt(level.priceTicks);
    if (spend(price * BigInt(level.lots)) <= budget) {
      taken += level.lots;
      tl += price * BigInt(level.lots);
      worstTicks = level.priceTicks;
      continue;
    }
    // Part of this level: the most lots that still fit (spend grows with lots).
    let low = 0;
    let high: number = level.lots;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (spend(price * BigInt(middle)) <= budget) low = middle;
      else high = middle - 1;
    }
    if (low > 0) {
      taken += low;
      tl += price * BigInt(low);
      worstTicks = level.priceTicks;
    }
    budgetStopped = true;
    break;
  }
  // Short of book: every level was taken and the budget would still buy a lot at the last price.
  const bookShort = !budgetStopped && worstTicks !== null && spend(BigInt(worstTicks)) <= budget;
  return {
    lots: lots(taken),
    worstTicks,
    cost: notionalCeil(tl, rules),
    fee: feeCeil(tl * rate, rules),
    bookShort,
    // Every level offered was taken whole: nothing is left beyond this walk.
    bookTaken: !budgetStopped,
  };
}

/** What selling `lots` into the bids would bring (before and after the taker fee). */
export function proceedsForLots(
  bids: Iterable<WalkLevel>,
  selling: Lots,
  rate: bigint,
  rules: PairRules,
): { lots: Lots; worstTicks: Ticks | null; proceeds: bigint; fee: bigint } {
  let left: number = selling;
  let tl = 0n;
  let worstTicks: Ticks | null = null;
  for (const level of bids) {
    if (left === 0) break;
    const take = Math.min(left, level.lots);
    left -= take;
    tl += BigInt(level.priceTicks) * BigInt(take);
    worstTicks = level.priceTicks;
  }
  const proceeds = notionalFloor(tl, rules);
  const fee = feeCeil(tl * rate, rules);
  // The fee never exceeds the proceeds (rates are below 0.5).
  // biome-ignore lint/complexity/useMathMinMax: Math.min takes no bigints
  const charged = fee > proceeds ? proceeds : fee;
  return { lots: lots(selling - left), worstTicks, proceeds, fee: charged };
}

/** Ledger references: one hold per order, two entries per trade, each booked once. */
export const orderHoldReference = (orderId: number): string => `spot-order:${orderId}`;
export const tradeReference = (tradeId: number, leg: 'base' | 'quote'): string =>
  `spot-trade:${tradeId}:${leg}`;

/** The volume-weighted average price of the fills as decimal text, or null before any. */
export function averagePriceText(notionalExact: bigint, lots: bigint, rules: PairRules): string | null {
  if (lots === 0n) return null;
  // notional / lots ticks, shown with the pair's price decimals, rounded half up.
  const num = notionalExact * rules.tickUnits * 2n;
  const den = lots * 2n;
  return fromScaledBigint((num + lots) / den, rules.priceScale);
}
