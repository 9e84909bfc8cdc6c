import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** Every failure the content module can report; the compiler demands a message key for each. */
export type ContentErrorCode =
  | 'article_not_found'
  | 'page_not_found'
  | 'banner_image_required'
  | 'faq_not_found'
  | 'faq_order_mismatch'
  | 'menu_item_not_found'
  | 'menu_order_mismatch';

export const contentErrorKeys = {
  article_not_found: 'content.errors.article_not_found',
  page_not_found: 'content.errors.page_not_found',
  banner_image_required: 'content.errors.banner_image_required',
  faq_not_found: 'content.errors.faq_not_found',
  faq_order_mismatch: 'content.errors.faq_order_mismatch',
  menu_item_not_found: 'content.errors.menu_item_not_found',
  menu_order_mismatch: 'content.errors.menu_order_mismatch',
} as const satisfies Record<ContentErrorCode, MessageKey>;

export function contentError(code: ContentErrorCode): AppError {
  return new AppError(contentErrorKeys[code]);
}
