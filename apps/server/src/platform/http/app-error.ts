import type { MessageKey } from '../i18n/messages';

export type ErrorReplyType = 'error' | 999 | 998;

/**
 * A failure the client may read. Only catalogue keys travel: the message is localised at the
 * edge, so no internal text or stack trace can reach a reply.
 */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly replyType: ErrorReplyType = 'error',
    readonly httpStatus = 200,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

/** The platform's own catalogue; modules keep theirs in `<feature>.errors.ts`. */
export const platformErrors = {
  parameterError: () => new AppError('errors.parameter_error'),
  controlCharacters: () => new AppError('errors.control_characters'),
  sessionInvalid: () => new AppError('errors.session_invalid', 999),
  verificationRequired: () => new AppError('errors.verification_required', 998),
  forbidden: () => new AppError('errors.forbidden', 'error', 403),
  notFound: () => new AppError('errors.not_found'),
  requestTooLarge: () => new AppError('errors.request_too_large'),
  tooManyRequests: () => new AppError('errors.too_many_requests'),
  internal: () => new AppError('errors.internal'),
} satisfies Record<string, () => AppError>;
