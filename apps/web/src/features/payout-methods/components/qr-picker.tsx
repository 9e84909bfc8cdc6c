import { uploadImageTypes } from '@fairex/contract';
import { CheckCircleFill, ScanCodeOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageUploadState } from '../../../lib/use-image-upload';

type QrPickerProps = {
  qr: ImageUploadState;
  onChoose: (file: File) => void;
  /** A validation message for the field (already translated), e.g. "Please upload the QR code". */
  error?: string | null | undefined;
  disabled?: boolean;
};

/** The address's QR code: a tap target that opens the gallery, then the preview and its upload state. */
export function QrPicker({ qr, onChoose, error, disabled = false }: QrPickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const previewUrl = qr.status === 'empty' ? null : qr.previewUrl;
  const message = qr.status === 'error' ? qr.message : error;
  return (
    <div className="fx-field">
      <div className="fx-field-head">
        <label className="fx-field-label" htmlFor={inputId}>
          {t('payout:add.qrcode')}
        </label>
      </div>
      <div className={`payout-qr is-${qr.status}${error ? ' is-invalid' : ''}`} data-status={qr.status}>
        <label className="payout-qr-target" htmlFor={inputId}>
          {previewUrl ? (
            <img className="payout-qr-preview" src={previewUrl} alt={t('payout:add.qrcode')} />
          ) : (
            <span className="payout-qr-empty">
              <ScanCodeOutline fontSize={28} />
            </span>
          )}
          {qr.status === 'uploading' && (
            <span className="payout-qr-overlay">{t('payout:add.uploading')}</span>
          )}
        </label>
        <div className="payout-qr-text">
          {qr.status === 'done' ? (
            <span className="payout-qr-status is-done">
              <CheckCircleFill /> {t('payout:add.uploaded')}
            </span>
          ) : (
            <span className="payout-qr-hint">{t('payout:add.qrcodeHint')}</span>
          )}
          <label className="payout-qr-button" htmlFor={inputId}>
            {qr.status === 'empty' ? t('payout:add.choose') : t('payout:add.change')}
          </label>
        </div>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={uploadImageTypes.join(',')}
          disabled={disabled || qr.status === 'uploading'}
          data-testid="payout-qr-input"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) onChoose(file);
          }}
        />
      </div>
      {message && (
        <p className="fx-field-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
