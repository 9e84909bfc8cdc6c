import { assertNever } from '@fairex/domain';
import type { ParseKeys, TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { effectsOf } from './api-outcome';
import { appRoutes, navigateTo, redirectDelayMs } from './navigation';
import { useAppStore } from './stores/app-store';
import { showToast } from './toast';
import { type UploadResult, uploadImage } from './upload-image';

export type ImageUploadState =
  | { status: 'empty' }
  | { status: 'uploading'; previewUrl: string }
  | { status: 'done'; previewUrl: string; path: string }
  | { status: 'error'; previewUrl: string | null; message: string };

/** A feature's texts for a refused upload, an unreadable reply and a lost connection. */
type UploadMessages = { failed: ParseKeys; format: ParseKeys; network: ParseKeys };

/**
 * The text a failed upload shows: the server's own, or the feature's. A dead session is also
 * cleared, and the user sent to sign in or to verify, as after any call (spec section 8).
 */
export function failedUploadText(
  outcome: Exclude<UploadResult, { kind: 'ok' }>,
  messages: UploadMessages,
  t: TFunction,
): string {
  switch (outcome.kind) {
    case 'failed':
      return outcome.text ?? t(messages.failed);
    case 'format-error':
      return t(messages.format);
    case 'network':
      return t(messages.network);
    case 'session-invalid':
    case 'verification-required': {
      const effects = effectsOf(outcome, { login: appRoutes.login, realMark: appRoutes.realMark });
      if (effects.clearSession) useAppStore.getState().clearSession();
      const target = effects.redirectTo;
      if (target !== null) setTimeout(() => navigateTo(target), redirectDelayMs);
      return 'key' in effects.toast ? t(effects.toast.key) : effects.toast.text;
    }
    default:
      return assertNever(outcome);
  }
}

type ImageUploadOptions = {
  /** A file the server would refuse anyway, caught before it is sent: the message's key, or null. */
  check: (file: File) => ParseKeys | null;
  messages: UploadMessages;
  /** Told the stored path once it is known, and '' while a new image is on its way. */
  onPath?: (path: string) => void;
};

/**
 * One image chosen by the user (an ID photo, a deposit voucher, a QR code): checked, previewed
 * from the device (the stored copy may be private) and uploaded via POST /upload with the messages
 * of spec section 7. A later choice wins over an upload still in flight.
 */
export function useImageUpload(options: ImageUploadOptions): {
  image: ImageUploadState;
  choose: (file: File) => Promise<void>;
} {
  const { t } = useTranslation();
  const { check, messages, onPath } = options;
  const [image, setImage] = useState<ImageUploadState>({ status: 'empty' });
  const previewRef = useRef<string | null>(null);
  const pickRef = useRef(0);

  const forgetPreview = useCallback(() => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = null;
  }, []);

  useEffect(() => forgetPreview, [forgetPreview]);

  const choose = useCallback(
    async (file: File) => {
      const problem = check(file);
      if (problem !== null) {
        const message = t(problem);
        showToast(message);
        setImage((current) => ({
          status: 'error',
          previewUrl: current.status === 'empty' ? null : current.previewUrl,
          message,
        }));
        return;
      }
      forgetPreview();
      const previewUrl = URL.createObjectURL(file);
      previewRef.current = previewUrl;
      const pick = pickRef.current + 1;
      pickRef.current = pick;
      setImage({ status: 'uploading', previewUrl });
      onPath?.('');

      const outcome = await uploadImage(file);
      if (pick !== pickRef.current) return; // another image was chosen meanwhile
      if (outcome.kind === 'ok') {
        setImage({ status: 'done', previewUrl, path: outcome.path });
        onPath?.(outcome.path);
        return;
      }
      const message = failedUploadText(outcome, messages, t);
      showToast(message);
      setImage({ status: 'error', previewUrl, message });
    },
    [t, check, messages, onPath, forgetPreview],
  );

  return { image, choose };
}
