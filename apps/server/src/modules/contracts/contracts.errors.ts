import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** Every failure the contract screens can report; each has a message in ten locales. */
export type ContractsErrorCode =
  | 'instrument_not_found'
  | 'lots_invalid'
  | 'multiple_not_offered'
  | 'price_invalid'
  | 'price_unavailable'
  | 'session_closed'
  | 'take_profit_wrong_side'
  | 'stop_loss_wrong_side'
  | 'stop_loss_beyond_liquidation'
  | 'position_not_found'
  | 'position_not_open'
  | 'order_not_pending'
  | 'open_interest_cap'
  | 'terms_invalid';

export const contractsErrorKeys = {
  instrument_not_found: 'contracts.errors.instrument_not_found',
  lots_invalid: 'contracts.errors.lots_invalid',
  multiple_not_offered: 'contracts.errors.multiple_not_offered',
  price_invalid: 'contracts.errors.price_invalid',
  price_unavailable: 'contracts.errors.price_unavailable',
  session_closed: 'contracts.errors.session_closed',
  take_profit_wrong_side: 'contracts.errors.take_profit_wrong_side',
  stop_loss_wrong_side: 'contracts.errors.stop_loss_wrong_side',
  stop_loss_beyond_liquidation: 'contracts.errors.stop_loss_beyond_liquidation',
  position_not_found: 'contracts.errors.position_not_found',
  position_not_open: 'contracts.errors.position_not_open',
  order_not_pending: 'contracts.errors.order_not_pending',
  open_interest_cap: 'contracts.errors.open_interest_cap',
  terms_invalid: 'contracts.errors.terms_invalid',
} as const satisfies Record<ContractsErrorCode, MessageKey>;

export function contractsError(code: ContractsErrorCode): AppError {
  return new AppError(contractsErrorKeys[code]);
}
