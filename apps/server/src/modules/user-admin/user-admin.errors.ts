import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** Every failure the users admin can report; the compiler demands a message key for each. */
export type UserAdminErrorCode = 'user_not_found' | 'session_not_found' | 'already_frozen' | 'not_frozen';

export const userAdminErrorKeys = {
  user_not_found: 'user_admin.errors.user_not_found',
  session_not_found: 'user_admin.errors.session_not_found',
  already_frozen: 'user_admin.errors.already_frozen',
  not_frozen: 'user_admin.errors.not_frozen',
} as const satisfies Record<UserAdminErrorCode, MessageKey>;

export function userAdminError(code: UserAdminErrorCode): AppError {
  return new AppError(userAdminErrorKeys[code]);
}
