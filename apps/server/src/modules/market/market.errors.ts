import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** Every failure the market module can report; the compiler demands a message key for each. */
export type MarketErrorCode =
  | 'instrument_not_found'
  | 'tick_not_found'
  | 'invalid_time_range'
  | 'instrument_id_unknown'
  | 'instrument_symbol_taken'
  | 'instrument_rules_invalid';

export const marketErrorKeys = {
  instrument_not_found: 'market.errors.instrument_not_found',
  tick_not_found: 'market.errors.tick_not_found',
  invalid_time_range: 'market.errors.invalid_time_range',
  instrument_id_unknown: 'market.errors.instrument_id_unknown',
  instrument_symbol_taken: 'market.errors.instrument_symbol_taken',
  instrument_rules_invalid: 'market.errors.instrument_rules_invalid',
} as const satisfies Record<MarketErrorCode, MessageKey>;

export function marketError(code: MarketErrorCode): AppError {
  return new AppError(marketErrorKeys[code]);
}
