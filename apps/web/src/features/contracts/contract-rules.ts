/**
 * What the contract screen shows before a position opens (margin, fee, liquidation price) and
 * whether a receipt's outcome is what its inputs give: both from the pure rules the server settles
 * with (packages/domain), so the screen and the settlement cannot disagree.
 */
import type { ContractInstrument, ContractReceipt } from '@fairex/contract';
import {
  type ContractSide,
  contractMoneyDivisor,
  fillPrice,
  fromScaledBigintTrimmed,
  priceUnits,
  quoteOpen,
  recomputeContractReceipt,
} from '@fairex/domain';

export const contractRoutes = {
  screen: '/pages/transaction/contract',
  orders: '/pages/transaction/contract_order',
  spot: '/pages/transaction/index',
  seconds: '/pages/transaction/seconds',
} as const;

const moneyScale = 6;

function ppmOfPercent(text: string): bigint {
  return priceUnits(text) === null ? 0n : ((priceUnits(text) as bigint) * 10_000n) / 100_000_000n;
}

export type OpenPreview = {
  readonly openPrice: string;
  readonly notional: string;
  readonly margin: string;
  readonly fee: string;
  readonly liquidationPrice: string;
};

/** Margin, fee and liquidation price of an order as drafted; null while the draft is incomplete. */
export function previewOpen(params: {
  readonly instrument: ContractInstrument;
  readonly side: ContractSide;
  readonly lots: string;
  readonly multiple: number;
  readonly limitPrice: string | null;
}): OpenPreview | null {
  const { instrument, side } = params;
  if (!/^\d{1,6}$/.test(params.lots) || Number(params.lots) < 1) return null;
  const spread = priceUnits(instrument.spread) ?? 0n;
  const reference = instrument.reference ? priceUnits(instrument.reference.price) : null;
  const limit = params.limitPrice === null ? null : priceUnits(params.limitPrice);
  const price =
    params.limitPrice !== null
      ? limit
      : reference === null
        ? null
        : fillPrice(reference, spread, side === 'long');
  const contractSize = priceUnits(instrument.lever_share_num);
  if (price === null || price <= 0n || contractSize === null) return null;
  const quote = quoteOpen({
    side,
    price,
    lots: BigInt(params.lots),
    multiple: BigInt(params.multiple),
    terms: {
      contractSize,
      spread,
      openFeePpm: ppmOfPercent(instrument.lever_trade_fee),
      closeFeePpm: ppmOfPercent(instrument.close_fee),
      overnightPpm: ppmOfPercent(instrument.overnight_fee),
      maintenancePpm: ppmOfPercent(instrument.maintenance),
      liquidationFeePpm: ppmOfPercent(instrument.liquidation_fee),
      maxMovePpm: ppmOfPercent(instrument.max_profit),
    },
    moneyDivisor: contractMoneyDivisor(moneyScale),
  });
  const money = (value: bigint) => fromScaledBigintTrimmed(value, moneyScale);
  return {
    openPrice: fromScaledBigintTrimmed(price, 8),
    notional: money(quote.notional),
    margin: money(quote.margin),
    fee: money(quote.openFee),
    liquidationPrice: fromScaledBigintTrimmed(quote.liquidationPrice, 8),
  };
}

/** True when the receipt's outcome is exactly what its inputs give. */
export function receiptVerified(receipt: ContractReceipt): boolean {
  try {
    const recomputed = recomputeContractReceipt(receipt.kind, receipt.inputs);
    return Object.entries(recomputed).every(([key, value]) => receipt.outcome[key] === value);
  } catch {
    return false;
  }
}

/** A decimal shown with at most `decimals` places (no rounding up of money: cut). */
export function shown(text: string | null | undefined, decimals = 2): string {
  if (text === null || text === undefined || text === '') return '--';
  const [whole, fraction = ''] = text.split('.');
  const cut = fraction.slice(0, decimals).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : (whole ?? '0');
}

/** The tone of a signed amount: up, down or zero. */
export function tone(text: string | null | undefined): 'up' | 'down' | 'zero' {
  if (!text || /^-?0*(\.0*)?$/.test(text)) return 'zero';
  return text.startsWith('-') ? 'down' : 'up';
}
