/**
 * The Finance tab's figures, all from the shared mining rules (packages/domain mining.domain.ts):
 * the buy preview (per day, in total, the penalty table), the redemption quote, and an order's
 * receipt recomputed on the device from its stored terms and compared with what the server booked.
 */
import type { MiningOrder, MiningProduct } from '@fairex/contract';
import {
  fromScaledBigint,
  type MiningCategory,
  type MiningTerms,
  miningDailyDividend,
  miningEarlyRedemption,
  miningRatePpm,
  miningReceipt,
  miningReserveObligation,
  parseAmount,
  toScaledBigint,
} from '@fairex/domain';

export const financeTabs = ['lock', 'cloud', 'defi', 'dual', 'orders'] as const;
export type FinanceTab = (typeof financeTabs)[number];

export function isFinanceTab(value: string | null): value is FinanceTab {
  return financeTabs.some((tab) => tab === value);
}

/** The product's name in `language`, else English, else any. */
export function productName(names: Record<string, string>, language: string): string {
  return names[language] ?? names.en ?? Object.values(names)[0] ?? '';
}

/** "0.004" -> "0.4%" (exact: rates have at most 6 decimals). */
export function percentText(rate: string): string {
  const ppm = miningRatePpm(rate) ?? 0n;
  return `${fromScaledBigint(ppm, 4).replace(/\.?0+$/, '')}%`;
}

/** "HH:MM UTC" of a dividend minute. */
export function dividendTime(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')} UTC`;
}

const units = (text: string, scale: number): bigint => {
  const parsed = toScaledBigint(text, scale);
  return parsed.ok ? parsed.value : 0n;
};

export type AmountProblem = 'invalid' | 'below_minimum' | 'above_room';

export type BuyPreview = {
  readonly problem: AmountProblem | null;
  readonly perDay: string;
  readonly total: string;
  /** Remaining days -> penalty if redeemed with that many days left. */
  readonly penalties: readonly { readonly remainingDays: number; readonly penalty: string }[];
};

/** What the buy page shows for `amountText` of `product` before confirming. */
export function buyPreview(product: MiningProduct, amountText: string, nowMs: number): BuyPreview {
  const parsed = parseAmount(amountText, product.scale);
  const amount = parsed.ok ? parsed.units : 0n;
  const problem: AmountProblem | null = !parsed.ok
    ? 'invalid'
    : amount < units(product.min_amount, product.scale)
      ? 'below_minimum'
      : amount > units(product.room, product.scale)
        ? 'above_room'
        : null;
  const terms: MiningTerms = {
    amount,
    dailyRatePpm: miningRatePpm(product.daily_rate) ?? 0n,
    days: product.days,
    penaltyRatePpm: miningRatePpm(product.penalty_rate) ?? 0n,
    subscribedAtMs: nowMs,
    dividendMinute: product.dividend_minute,
  };
  const text = (value: bigint) => fromScaledBigint(value, product.scale);
  const shownDays = Math.min(product.days, 5);
  return {
    problem,
    perDay: text(miningDailyDividend(terms)),
    total: text(miningReserveObligation(terms)),
    penalties: Array.from({ length: shownDays }, (_, index) => {
      const remainingDays = product.days - index;
      return { remainingDays, penalty: text(miningEarlyRedemption(terms, index).penalty) };
    }),
  };
}

export function orderTerms(order: MiningOrder): MiningTerms {
  return {
    amount: units(order.amount, order.scale),
    dailyRatePpm: miningRatePpm(order.daily_rate) ?? 0n,
    days: order.days,
    penaltyRatePpm: miningRatePpm(order.penalty_rate) ?? 0n,
    subscribedAtMs: order.subscribed_at,
    dividendMinute: order.dividend_minute,
  };
}

/** The redemption the confirm dialog quotes: the same rule the server books. */
export function redemptionQuote(order: MiningOrder) {
  const redemption = miningEarlyRedemption(orderTerms(order), order.dividends.length);
  return {
    remainingDays: redemption.remainingDays,
    penalty: fromScaledBigint(redemption.penalty, order.scale),
    returned: fromScaledBigint(redemption.returned, order.scale),
  };
}

/** The order's receipt recomputed here; `verified` when it matches every figure the server booked. */
export function orderReceipt(order: MiningOrder) {
  const receipt = miningReceipt(orderTerms(order), {
    paidDays: order.dividends.length,
    redeemedEarly: order.early,
  });
  const text = (value: bigint | null) => (value === null ? null : fromScaledBigint(value, order.scale));
  const verified =
    receipt.state === order.state &&
    order.dividends.every((dividend) => units(dividend.amount, order.scale) === receipt.dailyDividend) &&
    text(receipt.penalty) === order.penalty &&
    text(receipt.principalReturned) === order.returned;
  return {
    verified,
    totalDividends: text(receipt.totalDividends) ?? '0',
    penalty: text(receipt.penalty),
    returned: text(receipt.principalReturned),
  };
}

export function categoryOf(tab: FinanceTab): MiningCategory | null {
  return tab === 'orders' || tab === 'dual' ? null : tab;
}
