import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** Every failure the timezone module can report; the compiler demands a message key for each. */
export type TimezoneErrorCode = 'unknown_zone';

export const timezoneErrorKeys = {
  unknown_zone: 'timezone.errors.unknown_zone',
} as const satisfies Record<TimezoneErrorCode, MessageKey>;

export function timezoneError(code: TimezoneErrorCode): AppError {
  return new AppError(timezoneErrorKeys[code]);
}

/** What a successful detect or set tells the user, by outcome. */
export type TimezoneOutcome = 'saved' | 'kept';

export const timezoneOutcomeKeys = {
  saved: 'timezone.messages.saved',
  kept: 'timezone.messages.kept',
} as const satisfies Record<TimezoneOutcome, MessageKey>;
