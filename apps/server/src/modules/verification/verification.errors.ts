import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';
import type { VerificationRefusal } from './verification.domain';

/** Every failure identity verification can report; the compiler demands a message key for each. */
export type VerificationErrorCode =
  | VerificationRefusal
  | 'picture_invalid'
  | 'pictures_identical'
  | 'request_not_found'
  | 'already_decided';

export const verificationErrorKeys = {
  contact_required: 'verification.errors.contact_required',
  already_verified: 'verification.errors.already_verified',
  already_pending: 'verification.errors.already_pending',
  basic_required: 'verification.errors.basic_required',
  picture_invalid: 'verification.errors.picture_invalid',
  pictures_identical: 'verification.errors.pictures_identical',
  request_not_found: 'verification.errors.request_not_found',
  already_decided: 'verification.errors.already_decided',
} as const satisfies Record<VerificationErrorCode, MessageKey>;

export function verificationError(code: VerificationErrorCode): AppError {
  return new AppError(verificationErrorKeys[code]);
}
