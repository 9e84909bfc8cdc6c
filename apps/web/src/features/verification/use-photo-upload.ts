import { assertNever } from '@fairex/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { effectsOf } from '../../lib/api-outcome';
import { appRoutes, navigateTo, redirectDelayMs } from '../../lib/navigation';
import { useAppStore } from '../../lib/stores/app-store';
import { showToast } from '../../lib/toast';
import { uploadImage } from './api/verification-api';
import { checkImageFile } from './verification-rules';

export type PhotoState =
  | { status: 'empty' }
  | { status: 'uploading'; previewUrl: string }
  | { status: 'done'; previewUrl: string; path: string }
  | { status: 'error'; previewUrl: string | null; message: string };

/**
 * One ID photo: checked, previewed from the device (the stored copy is private) and uploaded via
 * POST /upload with the messages of spec section 7.
 */
export function usePhotoUpload(): { photo: PhotoState; choose: (file: File) => Promise<void> } {
  const { t } = useTranslation();
  const [photo, setPhoto] = useState<PhotoState>({ status: 'empty' });
  const previewRef = useRef<string | null>(null);
  const pickRef = useRef(0);

  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const choose = useCallback(
    async (file: File) => {
      const problem = checkImageFile(file);
      if (problem !== null) {
        const message = t(problem);
        showToast(message);
        setPhoto((current) => ({
          status: 'error',
          previewUrl: current.status === 'empty' ? null : current.previewUrl,
          message,
        }));
        return;
      }
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
      const previewUrl = URL.createObjectURL(file);
      previewRef.current = previewUrl;
      const pick = pickRef.current + 1;
      pickRef.current = pick;
      setPhoto({ status: 'uploading', previewUrl });

      const outcome = await uploadImage(file);
      if (pick !== pickRef.current) return; // another photo was chosen meanwhile
      const fail = (message: string) => {
        showToast(message);
        setPhoto({ status: 'error', previewUrl, message });
      };
      switch (outcome.kind) {
        case 'ok':
          setPhoto({ status: 'done', previewUrl, path: outcome.path });
          return;
        case 'failed':
          fail(outcome.text ?? t('verification:upload.failed'));
          return;
        case 'format-error':
          fail(t('verification:upload.format'));
          return;
        case 'network':
          fail(t('verification:upload.network'));
          return;
        case 'session-invalid':
        case 'verification-required': {
          const effects = effectsOf(outcome, { login: appRoutes.login, realMark: appRoutes.realMark });
          fail('key' in effects.toast ? t(effects.toast.key) : effects.toast.text);
          if (effects.clearSession) useAppStore.getState().clearSession();
          const target = effects.redirectTo;
          if (target !== null) setTimeout(() => navigateTo(target), redirectDelayMs);
          return;
        }
        default:
          assertNever(outcome);
      }
    },
    [t],
  );

  return { photo, choose };
}
