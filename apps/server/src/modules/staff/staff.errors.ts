import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** Every failure the staff module can report; the compiler demands a message key for each. */
export type StaffErrorCode =
  | 'login_failed'
  | 'email_taken'
  | 'not_found'
  | 'self_demotion'
  | 'self_disable'
  | 'linked_user_not_found'
  | 'linked_user_taken';

export const staffErrorKeys = {
  login_failed: 'staff.errors.login_failed',
  email_taken: 'staff.errors.email_taken',
  not_found: 'staff.errors.not_found',
  self_demotion: 'staff.errors.self_demotion',
  self_disable: 'staff.errors.self_disable',
  linked_user_not_found: 'staff.errors.linked_user_not_found',
  linked_user_taken: 'staff.errors.linked_user_taken',
} as const satisfies Record<StaffErrorCode, MessageKey>;

export function staffError(code: StaffErrorCode): AppError {
  return new AppError(staffErrorKeys[code]);
}

/** What a successful call that only confirms tells the staff member. */
export type StaffConfirmation = 'logged_out';

export const staffConfirmationKeys = {
  logged_out: 'staff.messages.logged_out',
} as const satisfies Record<StaffConfirmation, MessageKey>;
