/**
 * Contract trading (perpetuals and stocks, issue 17): the pure rules the server settles with and
 * the web shows. Every figure is a bigint: prices and contract sizes in 1e-8 units (`priceScale`),
 * money in the settlement currency's smallest units (USDT: 6 decimals), rates in parts per
 * million. Rounding always favours the counterparty that did not choose: margin and fees round up,
 * the user's profit and loss rounds down (toward minus infinity).
 */
import { ceilDivide } from '../decimal';
import { invariant } from '../invariant';

/** Prices and contract sizes carry 8 decimals. */
export const contractPriceScale = 8;
const priceOne = 10n ** BigInt(contractPriceScale);
const ppm = 1_000_000n;

function minOf(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** 1 long (buy), 2 short (sell), as /lever/submit's `type`. */
export type ContractSide = 'long' | 'short';

/** Per-instrument terms fixed on a position when it opens (staff changes reach new positions only). */
export type ContractTerms = {
  /** Underlying units per lot, 1e-8 units. */
  readonly contractSize: bigint;
  /** Added to the reference price when buying, taken off when selling, 1e-8 units. */
  readonly spread: bigint;
  readonly openFeePpm: bigint;
  readonly closeFeePpm: bigint;
  /** Charged per day on the notional. */
  readonly overnightPpm: bigint;
  /** Equity at or below this share of the notional liquidates the position. */
  readonly maintenancePpm: bigint;
  /** Taken from what is left of the margin on liquidation, to the insurance account. */
  readonly liquidationFeePpm: bigint;
  /** The worst move the pool reserves for: a position's profit never exceeds notional x this. */
  readonly maxMovePpm: bigint;
};

export type ContractSizing = {
  readonly price: bigint;
  readonly lots: bigint;
  readonly multiple: bigint;
  readonly terms: ContractTerms;
  /** 10^(16 - money scale): turns price x size units into money units. */
  readonly moneyDivisor: bigint;
};

/** 10^(2 x priceScale - moneyScale): the divisor from price x size to money units. */
export function contractMoneyDivisor(moneyScale: number): bigint {
  invariant(moneyScale >= 0 && moneyScale <= 2 * contractPriceScale, 'money scale in range');
  return 10n ** BigInt(2 * contractPriceScale - moneyScale);
}

/** Price x lots x contract size, in money units, rounded up. */
export function contractNotional(
  price: bigint,
  lots: bigint,
  contractSize: bigint,
  moneyDivisor: bigint,
): bigint {
  return ceilDivide(price * lots * contractSize, moneyDivisor);
}

/** The fill price at a reference price: buying pays the spread above it, selling below. */
export function fillPrice(reference: bigint, spread: bigint, buying: boolean): bigint {
  const price = buying ? reference + spread : reference - spread;
  return price > 0n ? price : 1n;
}

/** Opening a long buys, closing it sells; the reverse for a short. */
export function opensBuying(side: ContractSide): boolean {
  return side === 'long';
}

export type OpenQuote = {
  readonly openPrice: bigint;
  readonly notional: bigint;
  /** Notional / multiple, rounded up. */
  readonly margin: bigint;
  readonly openFee: bigint;
  /** Margin + open fee: what the user's contract account must have available. */
  readonly cost: bigint;
  /** What the pool reserves for this position: its largest possible payout. */
  readonly exposure: bigint;
  readonly maintenance: bigint;
  readonly liquidationPrice: bigint;
};

/** What opening `lots` at `price` (already the fill price) with `multiple` costs and risks. */
export function quoteOpen(sizing: ContractSizing & { readonly side: ContractSide }): OpenQuote {
  const { price, lots, multiple, terms, moneyDivisor, side } = sizing;
  invariant(lots > 0n && multiple > 0n && price > 0n, 'positive lots, multiple and price');
  const notional = contractNotional(price, lots, terms.contractSize, moneyDivisor);
  const margin = ceilDivide(notional, multiple);
  const openFee = ceilDivide(notional * terms.openFeePpm, ppm);
  const exposure = (notional * terms.maxMovePpm) / ppm;
  const maintenance = ceilDivide(notional * terms.maintenancePpm, ppm);
  return {
    openPrice: price,
    notional,
    margin,
    openFee,
    cost: margin + openFee,
    exposure,
    maintenance,
    liquidationPrice: liquidationPrice({
      side,
      openPrice: price,
      lots,
      margin,
      maintenance,
      terms,
      moneyDivisor,
    }),
  };
}

/** Signed profit and loss of closing at `closePrice`, money units, rounded toward minus infinity. */
export function contractPnl(params: {
  readonly side: ContractSide;
  readonly openPrice: bigint;
  readonly closePrice: bigint;
  readonly lots: bigint;
  readonly contractSize: bigint;
  readonly moneyDivisor: bigint;
}): bigint {
  const move =
    params.side === 'long' ? params.closePrice - params.openPrice : params.openPrice - params.closePrice;
  const raw = move * params.lots * params.contractSize;
  const quotient = raw / params.moneyDivisor;
  return quotient * params.moneyDivisor > raw ? quotient - 1n : quotient;
}

/**
 * The reference price at which equity (margin + profit and loss at the closing fill) falls to the
 * maintenance margin: the position liquidates on a tick at or beyond it.
 */
export function liquidationPrice(params: {
  readonly side: ContractSide;
  readonly openPrice: bigint;
  readonly lots: bigint;
  readonly margin: bigint;
  readonly maintenance: bigint;
  readonly terms: Pick<ContractTerms, 'contractSize' | 'spread'>;
  readonly moneyDivisor: bigint;
}): bigint {
  const { side, openPrice, lots, margin, maintenance, terms, moneyDivisor } = params;
  const cushion = margin - maintenance;
  const perPrice = lots * terms.contractSize;
  // The price move the cushion absorbs, in 1e-8 price units (rounded so the price is reached no later).
  const move = cushion <= 0n ? 0n : (cushion * moneyDivisor) / perPrice;
  if (side === 'long') {
    const closeFill = openPrice - move;
    return closeFill + terms.spread > 0n ? closeFill + terms.spread : 0n;
  }
  return openPrice + move - terms.spread;
}

/** Equity over margin in parts per million (1_000_000 = 100 %). */
export function riskRatePpm(margin: bigint, pnl: bigint): bigint {
  if (margin <= 0n) return 0n;
  return ((margin + pnl) * ppm) / margin;
}

/** Why a position closes. */
export type ContractCloseReason = 'close' | 'take_profit' | 'stop_loss' | 'liquidation' | 'max_profit';

/** Everything a close is computed from: stored on the position and the tick that closed it. */
export type SettlementInputs = {
  readonly side: ContractSide;
  readonly lots: bigint;
  readonly openPrice: bigint;
  /** The margin left on the position (overnight fees already taken from it). */
  readonly margin: bigint;
  /** The pool's reservation: the most the position can be paid. */
  readonly exposure: bigint;
  readonly referencePrice: bigint;
  readonly reason: ContractCloseReason;
  readonly terms: ContractTerms;
  readonly moneyDivisor: bigint;
};

/**
 * The outcome of a close: who pays whom. The user never pays more than the position's margin;
 * a loss beyond it is paid to the pool by the insurance account; a profit is at most the pool's
 * reservation.
 */
export type SettlementOutcome = {
  readonly closePrice: bigint;
  /** Profit and loss at the closing fill, before the cap and the margin limit. */
  readonly pnl: bigint;
  readonly closeFee: bigint;
  readonly liquidationFee: bigint;
  readonly poolToUser: bigint;
  readonly userToPool: bigint;
  readonly userToFees: bigint;
  readonly userToInsurance: bigint;
  readonly insuranceToPool: bigint;
  /** What the user's contract account ends with from this position: margin + net result. */
  readonly returned: bigint;
};

export function settleContract(inputs: SettlementInputs): SettlementOutcome {
  const { side, lots, openPrice, margin, exposure, referencePrice, reason, terms, moneyDivisor } = inputs;
  const closePrice = fillPrice(referencePrice, terms.spread, !opensBuying(side));
  const pnl = contractPnl({
    side,
    openPrice,
    closePrice,
    lots,
    contractSize: terms.contractSize,
    moneyDivisor,
  });
  const closeNotional = contractNotional(closePrice, lots, terms.contractSize, moneyDivisor);
  const wantedFee = ceilDivide(closeNotional * terms.closeFeePpm, ppm);
  const wantedLiquidationFee =
    reason === 'liquidation' ? ceilDivide(closeNotional * terms.liquidationFeePpm, ppm) : 0n;
  if (pnl >= 0n) {
    const poolToUser = minOf(pnl, exposure);
    const funds = margin + poolToUser;
    const closeFee = minOf(wantedFee, funds);
    const liquidationFee = minOf(wantedLiquidationFee, funds - closeFee);
    return {
      closePrice,
      pnl,
      closeFee,
      liquidationFee,
      poolToUser,
      userToPool: 0n,
      userToFees: closeFee,
      userToInsurance: liquidationFee,
      insuranceToPool: 0n,
      returned: funds - closeFee - liquidationFee,
    };
  }
  const loss = -pnl;
  const userToPool = minOf(loss, margin);
  const insuranceToPool = loss - userToPool;
  const left = margin - userToPool;
  const closeFee = minOf(wantedFee, left);
  const liquidationFee = minOf(wantedLiquidationFee, left - closeFee);
  return {
    closePrice,
    pnl,
    closeFee,
    liquidationFee,
    poolToUser: 0n,
    userToPool,
    userToFees: closeFee,
    userToInsurance: liquidationFee,
    insuranceToPool,
    returned: left - closeFee - liquidationFee,
  };
}

/** Equity at `referencePrice` is at or below the maintenance margin. */
export function isLiquidating(params: {
  readonly side: ContractSide;
  readonly lots: bigint;
  readonly openPrice: bigint;
  readonly margin: bigint;
  readonly maintenance: bigint;
  readonly referencePrice: bigint;
  readonly terms: ContractTerms;
  readonly moneyDivisor: bigint;
}): boolean {
  const closePrice = fillPrice(params.referencePrice, params.terms.spread, !opensBuying(params.side));
  const pnl = contractPnl({ ...params, closePrice, contractSize: params.terms.contractSize });
  return params.margin + pnl <= params.maintenance;
}

/** The overnight fee of one day: notional at open x the daily rate, at most the margin left. */
export function overnightFee(notional: bigint, overnightPpm: bigint, marginLeft: bigint): bigint {
  const fee = ceilDivide(notional * overnightPpm, ppm);
  return minOf(fee, marginLeft);
}

export type StopError = 'take_profit_wrong_side' | 'stop_loss_wrong_side' | 'stop_loss_beyond_liquidation';

/**
 * Take-profit above and stop-loss below the reference price for a long (the reverse for a short);
 * a stop-loss past the liquidation price could never fire first.
 */
export function checkStops(params: {
  readonly side: ContractSide;
  readonly referencePrice: bigint;
  readonly liquidationPrice: bigint;
  readonly takeProfit: bigint | null;
  readonly stopLoss: bigint | null;
}): StopError | null {
  const { side, referencePrice, takeProfit, stopLoss } = params;
  if (takeProfit !== null) {
    if (side === 'long' ? takeProfit <= referencePrice : takeProfit >= referencePrice)
      return 'take_profit_wrong_side';
  }
  if (stopLoss !== null) {
    if (side === 'long' ? stopLoss >= referencePrice : stopLoss <= referencePrice)
      return 'stop_loss_wrong_side';
    if (side === 'long' ? stopLoss <= params.liquidationPrice : stopLoss >= params.liquidationPrice) {
      return 'stop_loss_beyond_liquidation';
    }
  }
  return null;
}

/** The price at which a position has reached its largest payout (the pool's reservation). */
export function maxProfitPrice(params: {
  readonly side: ContractSide;
  readonly openPrice: bigint;
  readonly lots: bigint;
  readonly exposure: bigint;
  readonly terms: Pick<ContractTerms, 'contractSize' | 'spread'>;
  readonly moneyDivisor: bigint;
}): bigint {
  const move = ceilDivide(params.exposure * params.moneyDivisor, params.lots * params.terms.contractSize);
  return params.side === 'long'
    ? params.openPrice + move + params.terms.spread
    : params.openPrice - move - params.terms.spread;
}

/**
 * Open interest caps per instrument and side: the notional open on one side may reach
 * `capPpm` of the pool's balance.
 */
export function openInterestCap(poolBalance: bigint, capPpm: bigint): bigint {
  return poolBalance <= 0n ? 0n : (poolBalance * capPpm) / ppm;
}

export function fitsOpenInterest(params: {
  readonly openNotional: bigint;
  readonly addNotional: bigint;
  readonly cap: bigint;
}): boolean {
  return params.openNotional + params.addNotional <= params.cap;
}

/** The multiples offered, from a list such as "1,2,5,10,20,50,100"; sorted, distinct, positive. */
export function parseMultiples(text: string): readonly number[] {
  const values = text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((value) => Number.isSafeInteger(value) && value > 0);
  return [...new Set(values)].sort((a, b) => a - b);
}

/** Decimal text of a 1e-8 price. */
export function priceUnits(text: string): bigint | null {
  const match = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = BigInt(match[1] as string);
  const fraction = BigInt((match[2] ?? '').padEnd(contractPriceScale, '0'));
  return whole * priceOne + fraction;
}
