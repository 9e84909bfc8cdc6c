/**
 * Pure helpers of the seconds options screens: the receipt check recomputes the outcome in the
 * browser from the ticks the server returned, with the same settleOption the server settled with.
 */
import type { OptionOrder, OptionReceipt, OptionTermView } from '@fairex/contract';
import { fromScaledBigint, settleOption, toScaledBigint } from '@fairex/domain';

const rateDecimals = 6;

function units(text: string, scale: number): bigint {
  const value = toScaledBigint(text, scale);
  if (!value.ok) throw new Error(`not an amount: ${text}`);
  return value.value;
}

/** Decimals of an amount string as the server sent it ("10.000000" -> 6). */
function scaleOf(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/** What a win pays back in total for `stake` at `term`'s rate, at the stake's decimals. */
export function winPayout(stake: string, term: OptionTermView): string | null {
  const stakeUnits = toScaledBigint(stake, 8);
  if (!stakeUnits.ok || stakeUnits.value <= 0n) return null;
  const rate = units(term.profit_rate, rateDecimals);
  return fromScaledBigint(stakeUnits.value + (stakeUnits.value * rate) / 1_000_000n, 8).replace(/\.?0+$/, '');
}

/** "0.85" -> "85%". */
export function percent(rate: string): string {
  const value = units(rate, rateDecimals);
  return `${fromScaledBigint(value, 4).replace(/\.?0+$/, '')}%`;
}

export type ReceiptCheck = 'verified' | 'pending' | 'mismatch';

/** Recomputes a settled order's outcome and payout from the receipt's ticks. */
export function checkReceipt(receipt: OptionReceipt): ReceiptCheck {
  const order: OptionOrder = receipt.order;
  if (order.status !== 3 || order.result === null || order.payout === null || order.settled_at === null) {
    return 'pending';
  }
  const scale = scaleOf(order.number);
  const settled = settleOption(
    {
      direction: order.type === 1 ? 'up' : 'down',
      stake: units(order.number, scale),
      rate: units(order.profit_rate, rateDecimals),
      acceptedAtMs: order.accepted_at,
      seconds: order.seconds,
      openTick: order.open_tick,
    },
    receipt.ticks,
    order.settled_at,
    order.tolerance_ms,
  );
  if (!settled || settled.result !== order.result) return 'mismatch';
  if (settled.payout !== units(order.payout, scale)) return 'mismatch';
  const closeId = settled.result === 'refund' ? null : settled.closeTick.id;
  return closeId === (order.close_tick?.id ?? null) ? 'verified' : 'mismatch';
}
