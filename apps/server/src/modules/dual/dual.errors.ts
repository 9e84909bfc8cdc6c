import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** Every failure the dual module can report; the compiler demands a message key for each. */
export type DualErrorCode =
  | 'product_not_found'
  | 'product_mismatch'
  | 'product_ended'
  | 'shares_invalid'
  | 'below_minimum'
  | 'above_maximum'
  | 'sold_out'
  | 'reserve_full'
  | 'amount_invalid'
  | 'currency_not_in_pair'
  | 'pair_unknown'
  | 'terms_invalid';

export const dualErrorKeys = {
  product_not_found: 'dual.errors.product_not_found',
  product_mismatch: 'dual.errors.product_mismatch',
  product_ended: 'dual.errors.product_ended',
  shares_invalid: 'dual.errors.shares_invalid',
  below_minimum: 'dual.errors.below_minimum',
  above_maximum: 'dual.errors.above_maximum',
  sold_out: 'dual.errors.sold_out',
  reserve_full: 'dual.errors.reserve_full',
  amount_invalid: 'dual.errors.amount_invalid',
  currency_not_in_pair: 'dual.errors.currency_not_in_pair',
  pair_unknown: 'dual.errors.pair_unknown',
  terms_invalid: 'dual.errors.terms_invalid',
} as const satisfies Record<DualErrorCode, MessageKey>;

export function dualError(code: DualErrorCode): AppError {
  return new AppError(dualErrorKeys[code]);
}
