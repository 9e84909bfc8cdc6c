import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';
import type { AmountErrorCode } from './deposits.domain';

/** Every failure deposits can report; the compiler demands a message key for each. */
export type DepositsErrorCode =
  | AmountErrorCode
  | 'currency_unavailable'
  | 'chain_unsupported'
  | 'address_invalid'
  | 'memo_invalid'
  | 'voucher_required'
  | 'voucher_invalid'
  | 'too_many_pending'
  | 'request_not_found'
  | 'already_decided'
  | 'reason_required';

export const depositsErrorKeys = {
  amount_invalid: 'deposits.errors.amount_invalid',
  amount_not_positive: 'deposits.errors.amount_not_positive',
  amount_too_many_decimals: 'deposits.errors.amount_too_many_decimals',
  amount_too_large: 'deposits.errors.amount_too_large',
  currency_unavailable: 'deposits.errors.currency_unavailable',
  chain_unsupported: 'deposits.errors.chain_unsupported',
  address_invalid: 'deposits.errors.address_invalid',
  memo_invalid: 'deposits.errors.memo_invalid',
  voucher_required: 'deposits.errors.voucher_required',
  voucher_invalid: 'deposits.errors.voucher_invalid',
  too_many_pending: 'deposits.errors.too_many_pending',
  request_not_found: 'deposits.errors.request_not_found',
  already_decided: 'deposits.errors.already_decided',
  reason_required: 'deposits.errors.reason_required',
} as const satisfies Record<DepositsErrorCode, MessageKey>;

export function depositsError(code: DepositsErrorCode): AppError {
  return new AppError(depositsErrorKeys[code]);
}
