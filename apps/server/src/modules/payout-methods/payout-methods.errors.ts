import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** Every failure saved addresses and bank cards can report; the compiler demands a message key for each. */
export type PayoutMethodsErrorCode =
  | 'currency_invalid'
  | 'chain_required'
  | 'chain_invalid'
  | 'name_invalid'
  | 'address_invalid'
  | 'address_exists'
  | 'address_limit'
  | 'address_not_found'
  | 'qrcode_required'
  | 'qrcode_invalid'
  | 'qrcode_unreadable'
  | 'qrcode_mismatch'
  | 'pay_password_required'
  | 'aba_domestic_invalid'
  | 'aba_international_invalid'
  | 'real_name_invalid'
  | 'account_domestic_invalid'
  | 'account_international_invalid'
  | 'province_city_invalid'
  | 'bank_name_invalid'
  | 'branch_invalid'
  | 'swift_invalid'
  | 'swift_mismatch'
  | 'phone_invalid'
  | 'holder_address_invalid';

export const payoutMethodsErrorKeys = {
  currency_invalid: 'payoutMethods.errors.currency_invalid',
  chain_required: 'payoutMethods.errors.chain_required',
  chain_invalid: 'payoutMethods.errors.chain_invalid',
  name_invalid: 'payoutMethods.errors.name_invalid',
  address_invalid: 'payoutMethods.errors.address_invalid',
  address_exists: 'payoutMethods.errors.address_exists',
  address_limit: 'payoutMethods.errors.address_limit',
  address_not_found: 'payoutMethods.errors.address_not_found',
  qrcode_required: 'payoutMethods.errors.qrcode_required',
  qrcode_invalid: 'payoutMethods.errors.qrcode_invalid',
  qrcode_unreadable: 'payoutMethods.errors.qrcode_unreadable',
  qrcode_mismatch: 'payoutMethods.errors.qrcode_mismatch',
  pay_password_required: 'payoutMethods.errors.pay_password_required',
  aba_domestic_invalid: 'payoutMethods.errors.aba_domestic_invalid',
  aba_international_invalid: 'payoutMethods.errors.aba_international_invalid',
  real_name_invalid: 'payoutMethods.errors.real_name_invalid',
  account_domestic_invalid: 'payoutMethods.errors.account_domestic_invalid',
  account_international_invalid: 'payoutMethods.errors.account_international_invalid',
  province_city_invalid: 'payoutMethods.errors.province_city_invalid',
  bank_name_invalid: 'payoutMethods.errors.bank_name_invalid',
  branch_invalid: 'payoutMethods.errors.branch_invalid',
  swift_invalid: 'payoutMethods.errors.swift_invalid',
  swift_mismatch: 'payoutMethods.errors.swift_mismatch',
  phone_invalid: 'payoutMethods.errors.phone_invalid',
  holder_address_invalid: 'payoutMethods.errors.holder_address_invalid',
} as const satisfies Record<PayoutMethodsErrorCode, MessageKey>;

export function payoutMethodsError(code: PayoutMethodsErrorCode): AppError {
  return new AppError(payoutMethodsErrorKeys[code]);
}
