import { uploadImageTypes } from '@fairex/contract';
import { CameraOutline, CheckCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageUploadState } from '../../../lib/use-image-upload';

type PhotoPickerProps = {
  label: string;
  photo: ImageUploadState;
  onChoose: (file: File) => void;
  disabled?: boolean;
  testId: string;
};

/** A tap target that opens the camera or gallery, then shows the photo and its upload state. */
export function PhotoPicker({ label, photo, onChoose, disabled = false, testId }: PhotoPickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const previewUrl = photo.status === 'empty' ? null : photo.previewUrl;
  return (
    <div
      className={`real-photo is-${photo.status}`}
      data-status={photo.status}
      data-testid={`${testId}-picker`}
    >
      <label className="real-photo-target" htmlFor={inputId}>
        {previewUrl ? (
          <img className="real-photo-preview" src={previewUrl} alt={label} />
        ) : (
          <span className="real-photo-empty">
            <CameraOutline fontSize={30} />
            <span>{t('verification:lv2Form.choose')}</span>
          </span>
        )}
        {photo.status === 'uploading' && (
          <span className="real-photo-overlay">{t('verification:lv2Form.uploading')}</span>
        )}
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept={uploadImageTypes.join(',')}
        disabled={disabled || photo.status === 'uploading'}
        data-testid={testId}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onChoose(file);
        }}
      />
      <div className="real-photo-caption">
        <span className="real-photo-label">{label}</span>
        {photo.status === 'done' && (
          <span className="real-photo-status is-done">
            <CheckCircleFill /> {t('verification:lv2Form.uploaded')}
          </span>
        )}
        {photo.status === 'error' && (
          <span className="real-photo-status is-error" role="alert">
            <ExclamationCircleFill /> {photo.message}
          </span>
        )}
        {photo.status !== 'empty' && photo.status !== 'uploading' && (
          <label className="real-photo-change" htmlFor={inputId}>
            {t('verification:lv2Form.change')}
          </label>
        )}
      </div>
    </div>
  );
}
