import type { CodePurpose } from '@fairex/contract';
import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** Every failure the accounts module can report; the compiler demands a message key for each. */
export type AccountsErrorCode =
  | 'passwords_inconsistent'
  | 'password_too_short'
  | 'password_too_long'
  | 'code_format'
  | 'code_invalid'
  | 'code_too_frequent'
  | 'code_daily_limit'
  | 'code_client_limit'
  | 'invalid_email'
  | 'invalid_mobile'
  | 'invitation_code_unknown'
  | 'account_exists'
  | 'login_failed'
  | 'login_locked'
  | 'account_frozen'
  | 'old_password_wrong'
  | 'email_taken'
  | 'mobile_taken'
  | 'email_already_bound'
  | 'mobile_already_bound'
  | 'address_not_bound'
  | 'contact_not_bound'
  | 'pay_password_not_set'
  | 'pay_password_wrong'
  | 'pay_password_locked'
  | 'avatar_not_found'
  | 'nickname_too_long'
  | 'nickname_too_short'
  | 'signature_too_long'
  | 'signature_too_short'
  | 'special_characters';

export const accountsErrorKeys = {
  passwords_inconsistent: 'accounts.errors.passwords_inconsistent',
  password_too_short: 'accounts.errors.password_too_short',
  password_too_long: 'accounts.errors.password_too_long',
  code_format: 'accounts.errors.code_format',
  code_invalid: 'accounts.errors.code_invalid',
  code_too_frequent: 'accounts.errors.code_too_frequent',
  code_daily_limit: 'accounts.errors.code_daily_limit',
  code_client_limit: 'accounts.errors.code_client_limit',
  invalid_email: 'accounts.errors.invalid_email',
  invalid_mobile: 'accounts.errors.invalid_mobile',
  invitation_code_unknown: 'accounts.errors.invitation_code_unknown',
  account_exists: 'accounts.errors.account_exists',
  login_failed: 'accounts.errors.login_failed',
  login_locked: 'accounts.errors.login_locked',
  account_frozen: 'accounts.errors.account_frozen',
  old_password_wrong: 'accounts.errors.old_password_wrong',
  email_taken: 'accounts.errors.email_taken',
  mobile_taken: 'accounts.errors.mobile_taken',
  email_already_bound: 'accounts.errors.email_already_bound',
  mobile_already_bound: 'accounts.errors.mobile_already_bound',
  address_not_bound: 'accounts.errors.address_not_bound',
  contact_not_bound: 'accounts.errors.contact_not_bound',
  pay_password_not_set: 'accounts.errors.pay_password_not_set',
  pay_password_wrong: 'accounts.errors.pay_password_wrong',
  pay_password_locked: 'accounts.errors.pay_password_locked',
  avatar_not_found: 'accounts.errors.avatar_not_found',
  nickname_too_long: 'accounts.errors.nickname_too_long',
  nickname_too_short: 'accounts.errors.nickname_too_short',
  signature_too_long: 'accounts.errors.signature_too_long',
  signature_too_short: 'accounts.errors.signature_too_short',
  special_characters: 'accounts.errors.special_characters',
} as const satisfies Record<AccountsErrorCode, MessageKey>;

export function accountsError(code: AccountsErrorCode): AppError {
  return new AppError(accountsErrorKeys[code]);
}

/** What a successful call that only confirms tells the user. */
export type AccountsConfirmation =
  | 'code_sent'
  | 'code_valid'
  | 'logged_out'
  | 'password_changed'
  | 'password_reset'
  | 'pay_password_saved'
  | 'email_bound'
  | 'mobile_bound'
  | 'avatar_saved'
  | 'profile_saved';

export const accountsConfirmationKeys = {
  code_sent: 'accounts.messages.code_sent',
  code_valid: 'accounts.messages.code_valid',
  logged_out: 'accounts.messages.logged_out',
  password_changed: 'accounts.messages.password_changed',
  password_reset: 'accounts.messages.password_reset',
  pay_password_saved: 'accounts.messages.pay_password_saved',
  email_bound: 'accounts.messages.email_bound',
  mobile_bound: 'accounts.messages.mobile_bound',
  avatar_saved: 'accounts.messages.avatar_saved',
  profile_saved: 'accounts.messages.profile_saved',
} as const satisfies Record<AccountsConfirmation, MessageKey>;

/** The texts of code e-mails and SMS. */
export const codePurposeKeys = {
  register: 'accounts.mail.purpose_register',
  forget: 'accounts.mail.purpose_forget',
  bind: 'accounts.mail.purpose_bind',
  withdraw: 'accounts.mail.purpose_withdraw',
  security: 'accounts.mail.purpose_security',
} as const satisfies Record<CodePurpose, MessageKey>;

export const codeMessageKeys = {
  subject: 'accounts.mail.subject',
  body: 'accounts.mail.body',
} as const satisfies Record<string, MessageKey>;
