/**
 * Pure rules of the house market maker: the ladder it quotes around the reference price, the
 * "sweep" that takes resting orders priced through fair value, and which of its orders to keep.
 * No I/O: spot.market-maker.ts reads the book, the balances and the reference price, asks these
 * functions, and sends what they answer through the spot service like any participant.
 *
 * Units: prices are integer ticks, amounts integer lots (the engine's units); balances and the
 * reference price are smallest units of the currencies (the reference price in quote units per
 * one whole base). Fractions (spread, step, edge, skew, reserve) are parts per million.
 */
import { ceilDivide } from '@fairex/domain';

export const ppmOne = 1_000_000n;

export type MakerSide = 'buy' | 'sell';

export type MakerSettings = {
  /** Orders per side. */
  readonly levels: number;
  /** Distance of the first level from the (skewed) centre, e.g. 1_000n = 0.1 %. */
  readonly halfSpreadPpm: bigint;
  /** Extra distance of each further level. */
  readonly stepPpm: bigint;
  /** Size of each level in lots (the last one may be smaller when inventory runs out). */
  readonly levelLots: bigint;
  /** A resting order priced through the reference by at least this much gets swept. */
  readonly edgePpm: bigint;
  /** Largest shift of the centre when the inventory is all base or all quote (0 = no skew). */
  readonly skewPpm: bigint;
  /** Quote kept back from every buy for its fee hold and rounding. */
  readonly feeReservePpm: bigint;
};

/** How a pair's ticks and lots relate to the currencies' smallest units. */
export type PairUnits = {
  /** One tick of price, in quote smallest units (per one whole base). */
  readonly tickQuote: bigint;
  /** One lot, in base smallest units. */
  readonly lotBase: bigint;
  /** Decimals of the base currency (BTC 8). */
  readonly baseScale: number;
};

/** What the maker may spend, in smallest units. */
export type Inventory = { readonly base: bigint; readonly quote: bigint };

export type MakerOrder = { readonly side: MakerSide; readonly priceTicks: bigint; readonly lots: bigint };

export type BookLevel = { readonly priceTicks: bigint; readonly lots: bigint };
export type BookSides = { readonly bids: readonly BookLevel[]; readonly asks: readonly BookLevel[] };

/** One of the maker's own resting orders as it sees it after commit. */
export type OwnOrder = MakerOrder & { readonly id: number; readonly filledLots: bigint };

/** Problems with a settings combination, empty when it is usable. */
export function settingsProblems(settings: MakerSettings): string[] {
  const problems: string[] = [];
  if (!Number.isSafeInteger(settings.levels) || settings.levels < 0) problems.push('levels must be >= 0');
  if (settings.levelLots <= 0n) problems.push('the level size must be at least one lot');
  if (settings.halfSpreadPpm <= 0n) problems.push('the half spread must be positive');
  if (settings.stepPpm < 0n) problems.push('the step must not be negative');
  if (settings.edgePpm <= 0n || settings.edgePpm >= settings.halfSpreadPpm) {
    problems.push('the sweep edge must be positive and smaller than the half spread');
  }
  if (settings.skewPpm < 0n || settings.skewPpm >= settings.halfSpreadPpm) {
    problems.push('the skew must be >= 0 and smaller than the half spread');
  }
  if (settings.feeReservePpm < 0n || settings.feeReservePpm >= ppmOne) {
    problems.push('the fee reserve must be within [0, 1)');
  }
  const farthest =
    settings.halfSpreadPpm + settings.stepPpm * BigInt(Math.max(Math.floor(settings.levels) - 1, 0));
  if (farthest >= ppmOne) problems.push('the farthest level must stay within 100 % of the price');
  return problems;
}

const powerOfTen = (exponent: number) => 10n ** BigInt(exponent);

/** Math.min and Math.max take no bigints. */
function smaller(left: bigint, right: bigint): bigint {
  if (left < right) return left;
  return right;
}
function larger(left: bigint, right: bigint): bigint {
  if (left > right) return left;
  return right;
}

/** Quote smallest units a buy of `lots` at `priceTicks` costs, rounded up (as the buyer pays). */
export function buyCost(order: { priceTicks: bigint; lots: bigint }, units: PairUnits): bigint {
  return ceilDivide(
    order.priceTicks * units.tickQuote * order.lots * units.lotBase,
    powerOfTen(units.baseScale),
  );
}

/** The cost with the fee reserve on top, rounded up: what a buy may use of the inventory. */
export function buyBudget(order: { priceTicks: bigint; lots: bigint }, units: PairUnits, reservePpm: bigint) {
  return ceilDivide(buyCost(order, units) * (ppmOne + reservePpm), ppmOne);
}

/** The most lots a buy at `priceTicks` can have within `quote`, reserve included. */
export function affordableLots(
  priceTicks: bigint,
  quote: bigint,
  units: PairUnits,
  reservePpm: bigint,
): bigint {
  if (priceTicks <= 0n || quote <= 0n) return 0n;
  const perLot = priceTicks * units.tickQuote * units.lotBase * (ppmOne + reservePpm);
  let lots = (quote * powerOfTen(units.baseScale) * ppmOne) / perLot;
  // The estimate ignores the two round-ups; step down until the exact budget fits.
  while (lots > 0n && buyBudget({ priceTicks, lots }, units, reservePpm) > quote) lots -= 1n;
  return lots;
}

/** Lots of base that `base` smallest units cover. */
export function sellableLots(base: bigint, units: PairUnits): bigint {
  return base > 0n ? base / units.lotBase : 0n;
}

/**
 * The centre shift in ppm: negative (prices lower, so the maker sells) when the inventory's value
 * is mostly base, positive when mostly quote, proportional to the imbalance, at most `skewPpm`.
 */
export function skewShiftPpm(
  referencePrice: bigint,
  inventory: Inventory,
  units: PairUnits,
  skewPpm: bigint,
) {
  if (skewPpm === 0n) return 0n;
  const baseValue = (inventory.base * referencePrice) / powerOfTen(units.baseScale);
  const quoteValue = inventory.quote;
  const total = baseValue + quoteValue;
  if (total <= 0n) return 0n;
  return ((quoteValue - baseValue) * skewPpm) / total;
}

/**
 * The ladder: `levels` bids below and asks above the centre (the reference price, shifted by
 * the skew), the first at half spread, each further one `step` farther, bids rounded down and
 * asks up to a tick, never two on one tick. Sizes are `levelLots` until the inventory runs out:
 * asks are limited by the base, bids by the quote (fee reserve included).
 */
export function makerLadder(params: {
  readonly referencePrice: bigint;
  readonly units: PairUnits;
  readonly settings: MakerSettings;
  readonly inventory: Inventory;
}): MakerOrder[] {
  const { referencePrice, units, settings, inventory } = params;
  if (referencePrice <= 0n) return [];
  const shift = skewShiftPpm(referencePrice, inventory, units, settings.skewPpm);
  const centre = referencePrice * (ppmOne + shift); // quote units x 10^6
  const orders: MakerOrder[] = [];

  let baseLeft = sellableLots(inventory.base, units);
  let previousAsk = 0n;
  for (let level = 0; level < settings.levels && baseLeft > 0n; level += 1) {
    const offset = settings.halfSpreadPpm + settings.stepPpm * BigInt(level);
    let ticks = ceilDivide(centre * (ppmOne + offset), ppmOne * ppmOne * units.tickQuote);
    if (ticks <= previousAsk) ticks = previousAsk + 1n;
    const lots = smaller(baseLeft, settings.levelLots);
    orders.push({ side: 'sell', priceTicks: ticks, lots });
    baseLeft -= lots;
    previousAsk = ticks;
  }

  let quoteLeft = inventory.quote;
  let previousBid: bigint | null = null;
  for (let level = 0; level < settings.levels; level += 1) {
    const offset = settings.halfSpreadPpm + settings.stepPpm * BigInt(level);
    if (offset >= ppmOne) break;
    let ticks = (centre * (ppmOne - offset)) / (ppmOne * ppmOne * units.tickQuote);
    if (previousBid !== null && ticks >= previousBid) ticks = previousBid - 1n;
    if (ticks <= 0n) break;
    const affordable = affordableLots(ticks, quoteLeft, units, settings.feeReservePpm);
    const lots = smaller(affordable, settings.levelLots);
    if (lots <= 0n) break;
    orders.push({ side: 'buy', priceTicks: ticks, lots });
    quoteLeft -= buyBudget({ priceTicks: ticks, lots }, units, settings.feeReservePpm);
    previousBid = ticks;
  }
  return orders;
}

/** The book without the maker's own resting orders (what other participants offer). */
export function othersBook(book: BookSides, own: readonly OwnOrder[]): BookSides {
  const ownAt = new Map<string, bigint>();
  for (const order of own) {
    const key = `${order.side}:${order.priceTicks}`;
    ownAt.set(key, (ownAt.get(key) ?? 0n) + (order.lots - order.filledLots));
  }
  const without = (levels: readonly BookLevel[], side: MakerSide) =>
    levels
      .map((level) => ({
        priceTicks: level.priceTicks,
        lots: level.lots - (ownAt.get(`${side}:${level.priceTicks}`) ?? 0n),
      }))
      .filter((level) => level.lots > 0n);
  return { bids: without(book.bids, 'buy'), asks: without(book.asks, 'sell') };
}

/**
 * Immediate-or-cancel orders against other participants' resting orders priced through the
 * reference by at least the edge: bids >= ref x (1 + edge) are sold into, asks <= ref x
 * (1 - edge) bought, down (up) to the farthest such level, as far as the inventory allows.
 * Those orders then fill at their own prices, as makers.
 */
export function sweepOrders(params: {
  readonly referencePrice: bigint;
  readonly units: PairUnits;
  readonly settings: MakerSettings;
  /** The book without the maker's own orders (othersBook). */
  readonly others: BookSides;
  /** What the maker may spend now (balance minus holds). */
  readonly available: Inventory;
}): MakerOrder[] {
  const { referencePrice, units, settings, others, available } = params;
  if (referencePrice <= 0n) return [];
  const orders: MakerOrder[] = [];

  const bidFloor = ceilDivide(referencePrice * (ppmOne + settings.edgePpm), ppmOne * units.tickQuote);
  const richBids = others.bids.filter((level) => level.priceTicks >= bidFloor);
  if (richBids.length > 0) {
    const limit = richBids.map((level) => level.priceTicks).reduce(smaller);
    const wanted = richBids.reduce((sum, level) => sum + level.lots, 0n);
    const can = sellableLots(available.base, units);
    const lots = smaller(wanted, can);
    if (lots > 0n) orders.push({ side: 'sell', priceTicks: limit, lots });
  }

  const askCeiling = (referencePrice * (ppmOne - settings.edgePpm)) / (ppmOne * units.tickQuote);
  const cheapAsks = others.asks.filter((level) => level.priceTicks > 0n && level.priceTicks <= askCeiling);
  if (cheapAsks.length > 0) {
    const limit = cheapAsks.map((level) => level.priceTicks).reduce(larger);
    const wanted = cheapAsks.reduce((sum, level) => sum + level.lots, 0n);
    const can = affordableLots(limit, available.quote, units, settings.feeReservePpm);
    const lots = smaller(wanted, can);
    if (lots > 0n) orders.push({ side: 'buy', priceTicks: limit, lots });
  }
  return orders;
}

/**
 * Which resting orders to cancel and which ladder orders to place: an untouched order that is
 * exactly a wanted one (side, price, size) stays; everything else of the maker's goes.
 */
export function reconcileLadder(
  own: readonly OwnOrder[],
  wanted: readonly MakerOrder[],
): { cancel: number[]; place: MakerOrder[] } {
  const keyOf = (order: MakerOrder) => `${order.side}:${order.priceTicks}:${order.lots}`;
  const untouched = new Map<string, number[]>();
  const cancel: number[] = [];
  for (const order of own) {
    if (order.filledLots !== 0n) {
      cancel.push(order.id);
      continue;
    }
    const ids = untouched.get(keyOf(order)) ?? [];
    ids.push(order.id);
    untouched.set(keyOf(order), ids);
  }
  const place: MakerOrder[] = [];
  for (const order of wanted) {
    const ids = untouched.get(keyOf(order));
    if (ids && ids.length > 0) ids.shift();
    else place.push(order);
  }
  for (const ids of untouched.values()) cancel.push(...ids);
  return { cancel: cancel.sort((a, b) => a - b), place };
}

/** Lots per level worth about `levelValue` quote units at the reference price; at least one. */
export function levelLotsFor(levelValue: bigint, referencePrice: bigint, units: PairUnits): bigint {
  if (referencePrice <= 0n) return 1n;
  const lots = (levelValue * powerOfTen(units.baseScale)) / (referencePrice * units.lotBase);
  return lots > 0n ? lots : 1n;
}

/** A quiet pair is re-quoted at least this often, even when its reference barely moves. */
export const requoteIntervalMs = 10_000;

/**
 * Whether a market tick should re-quote a pair. Always when nothing was quoted yet, when the book
 * changed since (a user's order to sweep, a fill to replace), when the reference moved by a
 * quarter of the half spread or more (quotes then still sit on their side of the reference), or
 * after `requoteIntervalMs`. Otherwise the tick is skipped: with twenty pairs, re-placing every
 * ladder each second would cost a core for quotes a fraction of a tick apart.
 */
export function requoteDue(params: {
  readonly last: { readonly referencePrice: bigint; readonly seq: number; readonly at: number } | null;
  readonly referencePrice: bigint;
  readonly seq: number;
  readonly now: number;
  readonly halfSpreadPpm: bigint;
}): boolean {
  const { last, referencePrice, seq, now, halfSpreadPpm } = params;
  if (last === null || seq !== last.seq || now - last.at >= requoteIntervalMs) return true;
  const moved =
    referencePrice > last.referencePrice
      ? referencePrice - last.referencePrice
      : last.referencePrice - referencePrice;
  return moved * 4n * 1_000_000n >= last.referencePrice * halfSpreadPpm;
}
