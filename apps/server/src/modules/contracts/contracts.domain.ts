/**
 * Contract rules particular to the server (issue 17): default terms per instrument kind, the
 * triggers a position or pending order puts on its instrument's book, and which reason wins when
 * one tick reaches several of a position's triggers. The money arithmetic is packages/domain's
 * (settleContract, quoteOpen): the web recomputes receipts with the same code.
 */
import {
  type ContractCloseReason,
  type ContractSide,
  type ContractTerms,
  fillPrice,
  liquidationPrice,
  maxProfitPrice,
  type Trigger,
} from '@fairex/domain';

export {
  type ContractCloseReason,
  type ContractSide,
  type ContractTerms,
  checkStops,
  closeReceiptInputs,
  contractMoneyDivisor,
  contractPnl,
  contractPriceScale,
  fitsOpenInterest,
  openInterestCap,
  overnightFee,
  overnightReceiptInputs,
  parseMultiples,
  parseSessionHours,
  priceUnits,
  quoteOpen,
  recomputeContractReceipt,
  riskRatePpm,
  sessionState,
  settleContract,
  TriggerBook,
} from '@fairex/domain';

/** The settlement currency of every contract (USDT) and the pool it trades against. */
export const settlementCurrencyId = 3;
export const contractsPool = 'pool:contracts' as const;
/** What the pool is first funded with from `house` (USDT smallest units): 2,000,000 USDT. */
export const poolSeedUnits = 2_000_000_000_000n;
/** All positions together may reserve at most this share of the pool (ppm). */
export const poolReserveCapPpm = 900_000n;
/** A market order needs a tick at most this old. */
export const tickFreshnessMs = 30_000;
/** The overnight fee is charged once a day at this UTC time. */
export const overnightUtc = { hour: 0, minute: 0 } as const;
export const overnightTimeText = '00:00';

export type TermsSeed = {
  readonly contractSize: string;
  readonly multiples: string;
  /** Spread as a fraction of the price (ppm) at seeding, rounded to the instrument's tick. */
  readonly spreadPpm: bigint;
  readonly openFeePpm: number;
  readonly closeFeePpm: number;
  readonly overnightPpm: number;
  readonly maintenancePpm: number;
  readonly liquidationFeePpm: number;
  readonly maxMovePpm: number;
  readonly sideCapPpm: number;
};

/** Crypto perpetuals: 1-100x; stocks: 1-10x, one share per lot. */
export function defaultTerms(kind: string, referencePrice: bigint | null): TermsSeed {
  const crypto = kind !== 'stock';
  // About 100 USDT of underlying per lot for crypto.
  let contractSize = '1';
  if (crypto && referencePrice !== null && referencePrice > 0n) {
    const perLot = (100n * 100_000_000n * 100_000_000n) / referencePrice;
    let size = 1n;
    while (size * 10n <= perLot) size *= 10n;
    contractSize = (Number(size) / 1e8).toFixed(8).replace(/\.?0+$/, '');
  }
  return {
    contractSize,
    multiples: crypto ? '1,2,5,10,20,50,100' : '1,2,5,10',
    spreadPpm: crypto ? 100n : 200n,
    openFeePpm: 500,
    closeFeePpm: 500,
    overnightPpm: crypto ? 300 : 200,
    maintenancePpm: crypto ? 5_000 : 20_000,
    liquidationFeePpm: 2_000,
    maxMovePpm: crypto ? 1_000_000 : 500_000,
    sideCapPpm: 200_000,
  };
}

export type TriggerKind = 'take_profit' | 'stop_loss' | 'liquidation' | 'max_profit' | 'limit';
export type TriggerPayload = { readonly positionId: bigint; readonly kind: TriggerKind };

export type OpenPositionView = {
  readonly id: bigint;
  readonly side: ContractSide;
  readonly lots: bigint;
  readonly openPrice: bigint;
  readonly margin: bigint;
  readonly maintenance: bigint;
  readonly exposure: bigint;
  readonly takeProfit: bigint | null;
  readonly stopLoss: bigint | null;
  readonly terms: ContractTerms;
};

/** The triggers of an open position: liquidation and maximum profit always, TP and SL when set. */
export function positionTriggers(
  position: OpenPositionView,
  moneyDivisor: bigint,
): Trigger<TriggerPayload>[] {
  const long = position.side === 'long';
  const id = position.id.toString();
  const triggers: Trigger<TriggerPayload>[] = [
    {
      id: `${id}:liquidation`,
      price: liquidationPrice({ ...position, terms: position.terms, moneyDivisor }),
      direction: long ? 'down' : 'up',
      payload: { positionId: position.id, kind: 'liquidation' },
    },
    {
      id: `${id}:max_profit`,
      price: maxProfitPrice({ ...position, terms: position.terms, moneyDivisor }),
      direction: long ? 'up' : 'down',
      payload: { positionId: position.id, kind: 'max_profit' },
    },
  ];
  // Take-profit and stop-loss are prices the position closes at: a long sells at reference -
  // spread, so it fires when the reference reaches the price + spread (a short: - spread).
  const spread = position.terms.spread;
  const onReference = (price: bigint) => (long ? price + spread : price - spread);
  if (position.takeProfit !== null) {
    triggers.push({
      id: `${id}:take_profit`,
      price: onReference(position.takeProfit),
      direction: long ? 'up' : 'down',
      payload: { positionId: position.id, kind: 'take_profit' },
    });
  }
  if (position.stopLoss !== null) {
    triggers.push({
      id: `${id}:stop_loss`,
      price: onReference(position.stopLoss),
      direction: long ? 'down' : 'up',
      payload: { positionId: position.id, kind: 'stop_loss' },
    });
  }
  return triggers;
}

/**
 * A pending limit opens when the opening fill reaches the limit: a long when reference + spread
 * is at or below it, a short when reference - spread is at or above it.
 */
export function limitTrigger(order: {
  readonly id: bigint;
  readonly side: ContractSide;
  readonly limitPrice: bigint;
  readonly spread: bigint;
}): Trigger<TriggerPayload> {
  return order.side === 'long'
    ? {
        id: `${order.id}:limit`,
        price: order.limitPrice - order.spread,
        direction: 'down',
        payload: { positionId: order.id, kind: 'limit' },
      }
    : {
        id: `${order.id}:limit`,
        price: order.limitPrice + order.spread,
        direction: 'up',
        payload: { positionId: order.id, kind: 'limit' },
      };
}

const reasonOrder = ['liquidation', 'stop_loss', 'take_profit', 'max_profit'] as const satisfies readonly (
  | ContractCloseReason
  | TriggerKind
)[];

/** When one tick reaches several triggers of a position: liquidation, then stop-loss, take-profit, maximum profit. */
export function winningReason(kinds: readonly TriggerKind[]): ContractCloseReason | null {
  return reasonOrder.find((reason) => kinds.includes(reason)) ?? null;
}

/** The UTC day (YYYY-MM-DD) of an overnight charge due at `dueAt`. */
export function overnightDay(dueAt: Date): string {
  return dueAt.toISOString().slice(0, 10);
}

/** The next overnight charge time strictly after `after`. */
export function nextOvernightAt(after: Date): Date {
  const next = new Date(
    Date.UTC(
      after.getUTCFullYear(),
      after.getUTCMonth(),
      after.getUTCDate(),
      overnightUtc.hour,
      overnightUtc.minute,
    ),
  );
  while (next.getTime() <= after.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** The fill of a market order at a reference price. */
export function marketFill(side: ContractSide, opening: boolean, reference: bigint, spread: bigint): bigint {
  return fillPrice(reference, spread, opening === (side === 'long'));
}
