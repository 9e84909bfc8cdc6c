import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { effectsOf } from '../../lib/api-outcome';
import { appRoutes, navigateTo, redirectDelayMs } from '../../lib/navigation';
import { useAppStore } from '../../lib/stores/app-store';
import { showToast } from '../../lib/toast';
import { uploadQrImage } from './api/payout-api';
import { checkImageFile } from './payout-rules';

export type QrState =
  | { status: 'empty' }
  | { status: 'uploading'; previewUrl: string }
  | { status: 'done'; previewUrl: string; path: string }
  | { status: 'error'; previewUrl: string | null; message: string };

/**
 * The address's QR code image: checked, previewed from the device (the stored copy turns private
 * once the address is saved) and uploaded via POST /upload; `onUploaded` receives the path.
 */
export function useQrUpload(onUploaded: (path: string) => void): {
  qr: QrState;
  choose: (file: File) => Promise<void>;
} {
  const { t } = useTranslation();
  const [qr, setQr] = useState<QrState>({ status: 'empty' });
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
        setQr((current) => ({
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
      setQr({ status: 'uploading', previewUrl });
      onUploaded('');

      const result = await uploadQrImage(file);
      if (pick !== pickRef.current) return; // another image was chosen meanwhile
      const fail = (message: string) => {
        showToast(message);
        setQr({ status: 'error', previewUrl, message });
      };
      if (result.kind === 'ok') {
        setQr({ status: 'done', previewUrl, path: result.path });
        onUploaded(result.path);
      } else if (result.kind === 'network') {
        fail(t('payout:upload.network'));
      } else if (result.kind === 'failed') {
        fail(result.text ?? t('payout:upload.failed'));
      } else {
        const effects = effectsOf(
          { kind: result.kind, message: result.text },
          { login: appRoutes.login, realMark: appRoutes.realMark },
        );
        fail('key' in effects.toast ? t(effects.toast.key) : effects.toast.text);
        if (effects.clearSession) useAppStore.getState().clearSession();
        const target = effects.redirectTo;
        if (target !== null) setTimeout(() => navigateTo(target), redirectDelayMs);
      }
    },
    [t, onUploaded],
  );

  return { qr, choose };
}
