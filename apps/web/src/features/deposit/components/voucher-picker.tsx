import { uploadImageTypes } from '@fairex/contract';
import { CheckCircleFill, ExclamationCircleFill, PictureOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageUploadState } from '../../../lib/use-image-upload';

type VoucherPickerProps = {
  voucher: ImageUploadState;
  onChoose: (file: File) => void;
  disabled: boolean;
  /** "Please upload the payment voucher" after a submit without one. */
  missing: boolean;
};

/** A tap target that opens the camera or gallery, then shows the voucher and its upload state. */
export function VoucherPicker({ voucher, onChoose, disabled, missing }: VoucherPickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const previewUrl = voucher.status === 'empty' ? null : voucher.previewUrl;
  const invalid = missing || voucher.status === 'error';
  return (
    <div className="fx-field">
      <span className="fx-field-label" id={`${inputId}-label`}>
        {t('deposit:form.voucher')}
      </span>
      <div
        className={`dep-voucher is-${voucher.status}${invalid ? ' is-invalid' : ''}`}
        data-status={voucher.status}
        data-testid="deposit-voucher-picker"
      >
        <label className="dep-voucher-target" htmlFor={inputId}>
          {previewUrl ? (
            <img className="dep-voucher-preview" src={previewUrl} alt={t('deposit:form.voucher')} />
          ) : (
            <span className="dep-voucher-empty">
              <PictureOutline fontSize={30} />
              <span>{t('deposit:voucher.choose')}</span>
              <span className="dep-voucher-types">{t('deposit:voucher.types')}</span>
            </span>
          )}
          {voucher.status === 'uploading' && (
            <span className="dep-voucher-overlay">{t('deposit:voucher.uploading')}</span>
          )}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={uploadImageTypes.join(',')}
          disabled={disabled || voucher.status === 'uploading'}
          aria-labelledby={`${inputId}-label`}
          data-testid="deposit-voucher"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) onChoose(file);
          }}
        />
        {voucher.status !== 'empty' && voucher.status !== 'uploading' && (
          <div className="dep-voucher-caption">
            {voucher.status === 'done' ? (
              <span className="dep-voucher-status is-done">
                <CheckCircleFill /> {t('deposit:voucher.uploaded')}
              </span>
            ) : (
              <span className="dep-voucher-status is-error">
                <ExclamationCircleFill /> {voucher.message}
              </span>
            )}
            <label className="dep-voucher-change" htmlFor={inputId}>
              {t('deposit:voucher.change')}
            </label>
          </div>
        )}
      </div>
      {missing && voucher.status === 'empty' ? (
        <p className="fx-field-error" role="alert" data-testid="deposit-voucher-error">
          {t('deposit:errors.voucherRequired')}
        </p>
      ) : (
        <p className="fx-field-hint">{t('deposit:voucher.hint')}</p>
      )}
    </div>
  );
}
