import { uploadImageTypes, uploadMaxBytes } from '@fairex/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshUser } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { uploadImage } from '../../../lib/upload-image';
import { failedUploadText } from '../../../lib/use-image-upload';
import { setHeadPortrait } from '../api/account-api';

const acceptedTypes: readonly string[] = uploadImageTypes;

const avatarUploadMessages = {
  failed: 'account:upload.failed',
  format: 'account:upload.badFormat',
  network: 'account:upload.network',
} as const;

/**
 * Picks, uploads and applies a new avatar: POST /upload (multipart), then
 * POST /user/uploadHeadPortrait with the stored path, then the profile is reloaded.
 * Failures toast as spec section 8 says for uploads.
 */
export function useAvatarUpload(): { uploading: boolean; upload: (file: File) => Promise<void> } {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File) => {
    if (!acceptedTypes.includes(file.type)) {
      showToast(t('account:upload.wrongType'));
      return;
    }
    if (file.size > uploadMaxBytes) {
      showToast(t('account:upload.tooLarge', { size: Math.round(uploadMaxBytes / 1024 / 1024) }));
      return;
    }
    setUploading(true);
    try {
      const result = await uploadImage(file);
      if (result.kind !== 'ok') {
        showToast(failedUploadText(result, avatarUploadMessages, t));
        return;
      }
      if (await setHeadPortrait(result.path)) {
        await refreshUser();
        showToast(t('account:userInfo.avatarSaved'));
      }
    } catch {
      // The API client has shown the server's message.
    } finally {
      setUploading(false);
    }
  };
  return { uploading, upload };
}
