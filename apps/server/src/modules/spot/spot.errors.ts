import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';
import type { AmountError, PriceError } from './spot.domain';

/** Every failure the spot exchange can report; the compiler demands a message key for each. */
export type SpotErrorCode =
  | PriceError
  | AmountError
  | 'price_outside_band'
  | 'price_unavailable'
  | 'market_not_found'
  | 'market_paused'
  | 'order_not_found'
  | 'would_take'
  | 'exchange_direction_invalid'
  | 'exchange_not_fillable'
  | 'exchange_below_min_receive'
  | 'exchange_partial'
  | 'exchange_too_small'
  | 'busy'
  | 'pair_not_found'
  | 'fee_rates_invalid';

export const spotErrorKeys = {
  price_invalid: 'spot.errors.price_invalid',
  price_not_positive: 'spot.errors.price_not_positive',
  price_off_tick: 'spot.errors.price_off_tick',
  price_too_large: 'spot.errors.price_too_large',
  amount_invalid: 'spot.errors.amount_invalid',
  amount_not_positive: 'spot.errors.amount_not_positive',
  amount_off_lot: 'spot.errors.amount_off_lot',
  amount_too_large: 'spot.errors.amount_too_large',
  price_outside_band: 'spot.errors.price_outside_band',
  price_unavailable: 'spot.errors.price_unavailable',
  market_not_found: 'spot.errors.market_not_found',
  market_paused: 'spot.errors.market_paused',
  order_not_found: 'spot.errors.order_not_found',
  would_take: 'spot.errors.would_take',
  exchange_direction_invalid: 'spot.errors.exchange_direction_invalid',
  exchange_not_fillable: 'spot.errors.exchange_not_fillable',
  exchange_below_min_receive: 'spot.errors.exchange_below_min_receive',
  exchange_partial: 'spot.errors.exchange_partial',
  exchange_too_small: 'spot.errors.exchange_too_small',
  busy: 'spot.errors.busy',
  pair_not_found: 'spot.errors.pair_not_found',
  fee_rates_invalid: 'spot.errors.fee_rates_invalid',
} as const satisfies Record<SpotErrorCode, MessageKey>;

export function spotError(code: SpotErrorCode): AppError {
  return new AppError(spotErrorKeys[code]);
}
