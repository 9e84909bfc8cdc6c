import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** The upload module's closed catalogue: each refusal a user can read, mapped to its message key. */
export type UploadErrorCode = 'unsupportedType' | 'fileTooLarge' | 'tooManyPixels' | 'unreadableImage';

export const uploadErrorKeys: Record<UploadErrorCode, MessageKey> = {
  unsupportedType: 'upload.errors.unsupported_type',
  fileTooLarge: 'upload.errors.file_too_large',
  tooManyPixels: 'upload.errors.too_many_pixels',
  unreadableImage: 'upload.errors.unreadable_image',
};

export function uploadError(code: UploadErrorCode): AppError {
  return new AppError(uploadErrorKeys[code]);
}
