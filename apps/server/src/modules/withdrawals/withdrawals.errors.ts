import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';
import type { AmountErrorCode, ChainRefusal } from './withdrawals.domain';

/** Every failure withdrawals can report; the compiler demands a message key for each. */
export type WithdrawalsErrorCode =
  | AmountErrorCode
  | ChainRefusal
  | 'currency_not_found'
  | 'amount_below_minimum'
  | 'destination_required'
  | 'destination_ambiguous'
  | 'destination_not_found'
  | 'destination_currency_mismatch'
  | 'limit_exceeded'
  | 'price_unavailable'
  | 'withdrawal_not_found'
  | 'already_decided'
  | 'reason_required'
  | 'currency_unknown'
  | 'terms_too_precise'
  | 'terms_invalid';

export const withdrawalsErrorKeys = {
  amount_invalid: 'withdrawals.errors.amount_invalid',
  amount_too_many_decimals: 'withdrawals.errors.amount_too_many_decimals',
  amount_too_large: 'withdrawals.errors.amount_too_large',
  amount_below_minimum: 'withdrawals.errors.amount_below_minimum',
  chain_required: 'withdrawals.errors.chain_required',
  chain_invalid: 'withdrawals.errors.chain_invalid',
  currency_not_found: 'withdrawals.errors.currency_not_found',
  destination_required: 'withdrawals.errors.destination_required',
  destination_ambiguous: 'withdrawals.errors.destination_ambiguous',
  destination_not_found: 'withdrawals.errors.destination_not_found',
  destination_currency_mismatch: 'withdrawals.errors.destination_currency_mismatch',
  limit_exceeded: 'withdrawals.errors.limit_exceeded',
  price_unavailable: 'withdrawals.errors.price_unavailable',
  withdrawal_not_found: 'withdrawals.errors.withdrawal_not_found',
  already_decided: 'withdrawals.errors.already_decided',
  reason_required: 'withdrawals.errors.reason_required',
  currency_unknown: 'withdrawals.errors.currency_unknown',
  terms_too_precise: 'withdrawals.errors.terms_too_precise',
  terms_invalid: 'withdrawals.errors.terms_invalid',
} as const satisfies Record<WithdrawalsErrorCode, MessageKey>;

export function withdrawalsError(code: WithdrawalsErrorCode): AppError {
  return new AppError(withdrawalsErrorKeys[code]);
}
