import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';
import type { AdjustmentAmountError } from './adjustments.domain';

/** Every failure adjustments can report; the compiler demands a message key for each. */
export type AdjustmentsErrorCode =
  | AdjustmentAmountError
  | 'user_not_found'
  | 'currency_not_found'
  | 'reason_required'
  | 'request_not_found'
  | 'already_decided'
  | 'idempotency_key_required'
  | 'idempotency_key_invalid'
  | 'idempotency_key_reused';

export const adjustmentsErrorKeys = {
  amount_invalid: 'adjustments.errors.amount_invalid',
  amount_zero: 'adjustments.errors.amount_zero',
  amount_too_many_decimals: 'adjustments.errors.amount_too_many_decimals',
  amount_too_large: 'adjustments.errors.amount_too_large',
  user_not_found: 'adjustments.errors.user_not_found',
  currency_not_found: 'adjustments.errors.currency_not_found',
  reason_required: 'adjustments.errors.reason_required',
  request_not_found: 'adjustments.errors.request_not_found',
  already_decided: 'adjustments.errors.already_decided',
  idempotency_key_required: 'adjustments.errors.idempotency_key_required',
  idempotency_key_invalid: 'errors.idempotency_key_invalid',
  idempotency_key_reused: 'errors.idempotency_key_reused',
} as const satisfies Record<AdjustmentsErrorCode, MessageKey>;

export function adjustmentsError(code: AdjustmentsErrorCode): AppError {
  return new AppError(adjustmentsErrorKeys[code]);
}
