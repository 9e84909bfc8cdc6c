import { AppError, platformErrors } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';
import { LedgerRefused } from './ledger.domain';

/** Refusals a user can cause and read; the rest mean a bug upstream and answer "internal". */
export type LedgerErrorCode = 'insufficient_balance' | 'already_processed' | 'pool_exhausted';

export const ledgerErrorKeys = {
  insufficient_balance: 'ledger.errors.insufficient_balance',
  already_processed: 'ledger.errors.already_processed',
  pool_exhausted: 'ledger.errors.pool_exhausted',
} as const satisfies Record<LedgerErrorCode, MessageKey>;

export function ledgerError(code: LedgerErrorCode): AppError {
  return new AppError(ledgerErrorKeys[code]);
}

/** Translates a ledger refusal for the user; anything else is rethrown unchanged. */
export function userFacingLedgerError(error: unknown): unknown {
  if (!(error instanceof LedgerRefused)) return error;
  switch (error.reason) {
    case 'insufficient_balance':
      return ledgerError('insufficient_balance');
    case 'pool_exhausted':
      return ledgerError('pool_exhausted');
    case 'duplicate_event':
    case 'hold_not_pending':
      return ledgerError('already_processed');
    case 'hold_exceeded':
    case 'unbalanced_entry':
    case 'invalid_amount':
    case 'currency_mismatch':
      return platformErrors.internal();
    default:
      return error.reason satisfies never;
  }
}
