import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';
import type { AmountErrorCode } from './wallet.domain';

/**
 * Every failure the wallet can report; the compiler demands a message key for each. Insufficient
 * balance is the ledger's own message (ledger.errors.insufficient_balance).
 */
export type WalletErrorCode =
  | AmountErrorCode
  | 'currency_unknown'
  | 'account_unknown'
  | 'same_account'
  | 'account_unavailable'
  | 'demo_funds_claimed';

export const walletErrorKeys = {
  amount_required: 'wallet.errors.amount_required',
  amount_invalid: 'wallet.errors.amount_invalid',
  amount_not_positive: 'wallet.errors.amount_not_positive',
  amount_too_many_decimals: 'wallet.errors.amount_too_many_decimals',
  amount_too_large: 'wallet.errors.amount_too_large',
  currency_unknown: 'wallet.errors.currency_unknown',
  account_unknown: 'wallet.errors.account_unknown',
  same_account: 'wallet.errors.same_account',
  account_unavailable: 'wallet.errors.account_unavailable',
  demo_funds_claimed: 'wallet.errors.demo_funds_claimed',
} as const satisfies Record<WalletErrorCode, MessageKey>;

export function walletError(code: WalletErrorCode): AppError {
  return new AppError(walletErrorKeys[code]);
}
