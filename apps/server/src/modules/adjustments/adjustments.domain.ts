/**
 * Pure rules of balance adjustments: the signed amount staff type (checked at the currency's
 * scale, never rounded), the reason the user reads, the ledger reference, and the text a retried
 * request is compared by.
 */
import type { AdjustmentAccountKind } from '@fairex/contract';
import { parseAmount } from '@fairex/domain';

export type AdjustmentAmountError =
  | 'amount_invalid'
  | 'amount_zero'
  | 'amount_too_many_decimals'
  | 'amount_too_large';

export type SignedAmountResult =
  | { readonly ok: true; readonly units: bigint }
  | { readonly ok: false; readonly error: AdjustmentAmountError };

/** "-1.5" debits, "2" or "+2" credits; the magnitude obeys the same rules as any typed amount. */
export function parseSignedAmount(text: string, scale: number): SignedAmountResult {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const magnitude = negative || trimmed.startsWith('+') ? trimmed.slice(1) : trimmed;
  if (magnitude !== magnitude.trim()) return { ok: false, error: 'amount_invalid' };
  const parsed = parseAmount(magnitude, scale);
  if (parsed.ok) return { ok: true, units: negative ? -parsed.units : parsed.units };
  switch (parsed.error) {
    case 'invalid':
      return { ok: false, error: 'amount_invalid' };
    case 'not_positive':
      return { ok: false, error: 'amount_zero' };
    case 'too_many_decimals':
      return { ok: false, error: 'amount_too_many_decimals' };
    case 'too_large':
      return { ok: false, error: 'amount_too_large' };
    default:
      return parsed.error satisfies never;
  }
}

export const reasonLengthMin = 2;
export const reasonLengthMax = 200;

/** The reason as stored (trimmed, inner whitespace runs collapsed), or null when unusable. */
export function normalizedReason(text: string | undefined): string | null {
  const reason = (text ?? '').replace(/\s+/g, ' ').trim();
  return reason.length >= reasonLengthMin && reason.length <= reasonLengthMax ? reason : null;
}

/** The ledger entry's reference: an adjustment is booked at most once. */
export function adjustmentReference(id: number): string {
  return `adjustment:${id}`;
}

export type AdjustmentRequest = {
  readonly userId: number;
  readonly currencyId: number;
  readonly accountKind: AdjustmentAccountKind;
  readonly units: bigint;
  readonly reason: string;
};

/** What a retry with the same Idempotency-Key must repeat exactly (hashed by the service). */
export function requestFingerprint(request: AdjustmentRequest): string {
  return JSON.stringify([
    request.userId,
    request.currencyId,
    request.accountKind,
    request.units.toString(),
    request.reason,
  ]);
}

/** Adjustments are listed 20 a page, newest first. */
export const adjustmentPageSize = 20;
