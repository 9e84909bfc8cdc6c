import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

export type ApprovalsErrorCode = 'own_request' | 'already_approved_by_you';

export const approvalsErrorKeys = {
  own_request: 'approvals.errors.own_request',
  already_approved_by_you: 'approvals.errors.already_approved_by_you',
} as const satisfies Record<ApprovalsErrorCode, MessageKey>;

export function approvalsError(code: ApprovalsErrorCode): AppError {
  return new AppError(approvalsErrorKeys[code]);
}
