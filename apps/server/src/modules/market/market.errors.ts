import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** Every failure the market module can report; the compiler demands a message key for each. */
export type MarketErrorCode = 'instrument_not_found' | 'tick_not_found' | 'invalid_time_range';

export const marketErrorKeys = {
  instrument_not_found: 'market.errors.instrument_not_found',
  tick_not_found: 'market.errors.tick_not_found',
  invalid_time_range: 'market.errors.invalid_time_range',
} as const satisfies Record<MarketErrorCode, MessageKey>;

export function marketError(code: MarketErrorCode): AppError {
  return new AppError(marketErrorKeys[code]);
}
