import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** Every refusal the options module can report; the compiler demands a message key for each. */
export type OptionsErrorCode =
  | 'instrument_unavailable'
  | 'duration_unknown'
  | 'currency_not_payable'
  | 'amount_invalid'
  | 'stake_below_minimum'
  | 'stake_above_maximum'
  | 'price_unavailable'
  | 'order_not_found'
  | 'terms_invalid'
  | 'term_cap_reached';

export const optionsErrorKeys = {
  instrument_unavailable: 'options.errors.instrument_unavailable',
  duration_unknown: 'options.errors.duration_unknown',
  currency_not_payable: 'options.errors.currency_not_payable',
  amount_invalid: 'options.errors.amount_invalid',
  stake_below_minimum: 'options.errors.stake_below_minimum',
  stake_above_maximum: 'options.errors.stake_above_maximum',
  price_unavailable: 'options.errors.price_unavailable',
  order_not_found: 'options.errors.order_not_found',
  terms_invalid: 'options.errors.terms_invalid',
  term_cap_reached: 'options.errors.term_cap_reached',
} as const satisfies Record<OptionsErrorCode, MessageKey>;

export function optionsError(code: OptionsErrorCode): AppError {
  return new AppError(optionsErrorKeys[code]);
}
