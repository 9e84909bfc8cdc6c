import { assertNever } from '@fairex/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { effectsOf } from '../../lib/api-outcome';
import { appRoutes, navigateTo, redirectDelayMs } from '../../lib/navigation';
import { useAppStore } from '../../lib/stores/app-store';
import { showToast } from '../../lib/toast';
import { uploadVoucher } from './api/deposit-api';
import { checkVoucherFile } from './deposit-rules';

export type VoucherState =
  | { status: 'empty' }
  | { status: 'uploading'; previewUrl: string }
  | { status: 'done'; previewUrl: string; path: string }
  | { status: 'error'; previewUrl: string | null; message: string };

/**
 * The payment voucher: checked, previewed from the device (the stored copy turns private once
 * submitted) and uploaded via POST /upload with the messages of spec section 7.
 */
export function useVoucherUpload(): {
  voucher: VoucherState;
  choose: (file: File) => Promise<void>;
  reset: () => void;
} {
  const { t } = useTranslation();
  const [voucher, setVoucher] = useState<VoucherState>({ status: 'empty' });
  const previewRef = useRef<string | null>(null);
  const pickRef = useRef(0);

  const forgetPreview = useCallback(() => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = null;
  }, []);

  useEffect(() => forgetPreview, [forgetPreview]);

  const choose = useCallback(
    async (file: File) => {
      const problem = checkVoucherFile(file);
      if (problem !== null) {
        const message = t(problem);
        showToast(message);
        setVoucher((current) => ({
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
      setVoucher({ status: 'uploading', previewUrl });

      const outcome = await uploadVoucher(file);
      if (pick !== pickRef.current) return; // another image was chosen meanwhile
      const fail = (message: string) => {
        showToast(message);
        setVoucher({ status: 'error', previewUrl, message });
      };
      switch (outcome.kind) {
        case 'ok':
          setVoucher({ status: 'done', previewUrl, path: outcome.path });
          return;
        case 'failed':
          fail(outcome.text ?? t('deposit:voucher.failed'));
          return;
        case 'format-error':
          fail(t('deposit:voucher.format'));
          return;
        case 'network':
          fail(t('deposit:voucher.network'));
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
    [t, forgetPreview],
  );

  const reset = useCallback(() => {
    pickRef.current += 1;
    forgetPreview();
    setVoucher({ status: 'empty' });
  }, [forgetPreview]);

  return { voucher, choose, reset };
}
