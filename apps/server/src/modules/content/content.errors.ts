import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** Every failure the content module can report; the compiler demands a message key for each. */
export type ContentErrorCode = 'article_not_found' | 'page_not_found';

export const contentErrorKeys = {
  article_not_found: 'content.errors.article_not_found',
  page_not_found: 'content.errors.page_not_found',
} as const satisfies Record<ContentErrorCode, MessageKey>;

export function contentError(code: ContentErrorCode): AppError {
  return new AppError(contentErrorKeys[code]);
}
