/**
 * Dual investment's figures on the device, all from the shared pure rule (packages/domain
 * dual.domain.ts): what each outcome pays for a number of shares before buying, and an order's
 * receipt recomputed from its frozen terms and the recorded tick, compared with what was paid.
 */
import type { DualOrder, DualProduct } from '@fairex/contract';
import {
  type DualTerms,
  dualAmount,
  dualOutcomes,
  dualReceipt,
  fromScaledBigint,
  fromScaledBigintTrimmed,
  miningRatePpm,
  toScaledBigint,
  trimDecimalText,
} from '@fairex/domain';

type Terms = Pick<
  DualProduct,
  'type' | 'linked_price' | 'annual_rate' | 'days' | 'base_scale' | 'quote_scale'
>;

function units(text: string, scale: number): bigint {
  const parsed = toScaledBigint(text, scale);
  return parsed.ok ? parsed.value : 0n;
}

function termsOf(source: Terms, amount: bigint): DualTerms {
  return {
    direction: source.type,
    amount,
    linkedPrice: units(source.linked_price, source.quote_scale),
    annualRatePpm: miningRatePpm(source.annual_rate) ?? 0n,
    days: source.days,
    baseScale: source.base_scale,
  };
}

export type PayoutText = { readonly amount: string; readonly code: string };

export type DualPreview = {
  readonly problem: 'shares_invalid' | 'below_minimum' | 'above_room' | null;
  readonly amount: string;
  readonly below: PayoutText;
  readonly atOrAbove: PayoutText;
};

/** What `sharesText` shares cost and pay in each outcome (zero figures while the input is not valid). */
export function dualPreview(product: DualProduct, sharesText: string): DualPreview {
  const unitPrice = units(product.unit_price, product.invest_scale);
  const amount = dualAmount(sharesText, unitPrice);
  const shares = amount === null ? 0 : Number(sharesText.trim());
  const problem =
    amount === null
      ? 'shares_invalid'
      : shares < product.min_shares
        ? 'below_minimum'
        : shares > product.room_shares
          ? 'above_room'
          : null;
  const outcomes = dualOutcomes(termsOf(product, amount ?? 0n));
  const text = (payout: { currency: 'base' | 'quote'; amount: bigint }): PayoutText =>
    payout.currency === 'base'
      ? {
          amount: fromScaledBigintTrimmed(payout.amount, product.base_scale),
          code: product.currency,
        }
      : {
          amount: fromScaledBigintTrimmed(payout.amount, product.quote_scale),
          code: product.quote_currency,
        };
  return {
    problem,
    amount: fromScaledBigintTrimmed(amount ?? 0n, product.invest_scale),
    below: text(outcomes.below),
    atOrAbove: text(outcomes.atOrAbove),
  };
}

export type DualOrderReceipt = {
  readonly outcome: 'below' | 'at_or_above';
  readonly payout: PayoutText;
  /** The recomputed payout equals what the server paid. */
  readonly verified: boolean;
};

/** The receipt of a settled order, recomputed from its terms and its recorded tick; null before. */
export function dualOrderReceipt(order: DualOrder): DualOrderReceipt | null {
  if (order.state !== 'success' || !order.settle_tick || !order.payout) return null;
  const investScale = order.type === 'call' ? order.base_scale : order.quote_scale;
  const receipt = dualReceipt(
    termsOf({ ...order }, units(order.amount, investScale)),
    order.settle_tick.price,
    order.quote_scale,
  );
  if (!receipt) return null;
  const scale = receipt.payout.currency === 'base' ? order.base_scale : order.quote_scale;
  const code = receipt.payout.currency === 'base' ? order.currency : order.quote_currency;
  const amount = fromScaledBigint(receipt.payout.amount, scale);
  return {
    outcome: receipt.outcome,
    payout: { amount: trimDecimalText(amount), code },
    verified: receipt.payout.currency === order.payout.side && amount === order.payout.amount,
  };
}

/** "0.12" -> "12%" (exact: rates have at most 6 decimals). */
export function annualPercent(rate: string): string {
  const ppm = miningRatePpm(rate) ?? 0n;
  return `${fromScaledBigintTrimmed(ppm, 4)}%`;
}
