import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';
import type { SiweFieldFailure } from './wallet-auth.domain';

/** Every failure wallet sign-in can report; the compiler demands a message key for each. */
export type WalletAuthErrorCode = SiweFieldFailure | 'bad_signature' | 'nonce_invalid' | 'account_frozen';

export const walletAuthErrorKeys = {
  invalid_message: 'walletAuth.errors.invalid_message',
  wrong_domain: 'walletAuth.errors.wrong_domain',
  wrong_uri: 'walletAuth.errors.wrong_uri',
  wrong_chain: 'walletAuth.errors.wrong_chain',
  address_mismatch: 'walletAuth.errors.address_mismatch',
  expired: 'walletAuth.errors.expired',
  not_yet_valid: 'walletAuth.errors.not_yet_valid',
  bad_signature: 'walletAuth.errors.bad_signature',
  nonce_invalid: 'walletAuth.errors.nonce_invalid',
  account_frozen: 'walletAuth.errors.account_frozen',
} as const satisfies Record<WalletAuthErrorCode, MessageKey>;

export function walletAuthError(code: WalletAuthErrorCode): AppError {
  return new AppError(walletAuthErrorKeys[code]);
}
