import type { MiningSubscriptionRefusal } from '@fairex/domain';
import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** Every failure the mining module can report; the compiler demands a message key for each. */
export type MiningErrorCode =
  | MiningSubscriptionRefusal
  | 'reserve_full'
  | 'product_not_found'
  | 'product_closed'
  | 'amount_invalid'
  | 'order_not_found'
  | 'order_not_active'
  | 'terms_invalid';

export const miningErrorKeys = {
  below_minimum: 'mining.errors.below_minimum',
  above_maximum: 'mining.errors.above_maximum',
  capacity_full: 'mining.errors.capacity_full',
  reserve_full: 'mining.errors.reserve_full',
  product_not_found: 'mining.errors.product_not_found',
  product_closed: 'mining.errors.product_closed',
  amount_invalid: 'mining.errors.amount_invalid',
  order_not_found: 'mining.errors.order_not_found',
  order_not_active: 'mining.errors.order_not_active',
  terms_invalid: 'mining.errors.terms_invalid',
} as const satisfies Record<MiningErrorCode, MessageKey>;

export function miningError(code: MiningErrorCode): AppError {
  return new AppError(miningErrorKeys[code]);
}
