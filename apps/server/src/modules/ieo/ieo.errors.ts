import type { IeoSubscriptionRefusal } from '@fairex/domain';
import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** Every failure the IEO module can report; the compiler demands a message key for each. */
export type IeoErrorCode =
  | IeoSubscriptionRefusal
  | 'project_not_found'
  | 'amount_invalid'
  | 'amount_too_many_decimals'
  | 'amount_too_large'
  | 'already_allocated'
  | 'symbol_taken'
  | 'terms_invalid'
  | 'listing_not_yet'
  | 'already_listed'
  | 'listing_reference_invalid'
  | 'listing_inventory_too_large'
  | 'listing_no_market_maker';

export const ieoErrorKeys = {
  not_started: 'ieo.errors.not_started',
  ended: 'ieo.errors.ended',
  below_minimum: 'ieo.errors.below_minimum',
  above_maximum: 'ieo.errors.above_maximum',
  price_changed: 'ieo.errors.price_changed',
  currency_not_payable: 'ieo.errors.currency_not_payable',
  project_not_found: 'ieo.errors.project_not_found',
  amount_invalid: 'ieo.errors.amount_invalid',
  amount_too_many_decimals: 'ieo.errors.amount_too_many_decimals',
  amount_too_large: 'ieo.errors.amount_too_large',
  already_allocated: 'ieo.errors.already_allocated',
  symbol_taken: 'ieo.errors.symbol_taken',
  terms_invalid: 'ieo.errors.terms_invalid',
  listing_not_yet: 'ieo.errors.listing_not_yet',
  already_listed: 'ieo.errors.already_listed',
  listing_reference_invalid: 'ieo.errors.listing_reference_invalid',
  listing_inventory_too_large: 'ieo.errors.listing_inventory_too_large',
  listing_no_market_maker: 'ieo.errors.listing_no_market_maker',
} as const satisfies Record<IeoErrorCode, MessageKey>;

export function ieoError(code: IeoErrorCode): AppError {
  return new AppError(ieoErrorKeys[code]);
}
