import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useImageUpload } from '../../../lib/use-image-upload';
import { realStateQueryKey, submitLv2 } from '../api/verification-api';
import { photoUpload } from '../verification-rules';
import { PhotoPicker } from './photo-picker';

/** Lv2: photos of both sides of the document, uploaded first, then submitted by path. */
export function Lv2Form({ again }: { again: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const front = useImageUpload(photoUpload);
  const reverse = useImageUpload(photoUpload);
  const submit = useMutation({
    mutationFn: submitLv2,
    onSuccess: async () => {
      showToast(t('verification:submitted'));
      await queryClient.invalidateQueries({ queryKey: realStateQueryKey });
    },
  });
  const frontPath = front.image.status === 'done' ? front.image.path : null;
  const reversePath = reverse.image.status === 'done' ? reverse.image.path : null;
  const ready = frontPath !== null && reversePath !== null && !submit.isPending;

  return (
    <form
      className="real-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (frontPath !== null && reversePath !== null)
          submit.mutate({ front: frontPath, reverse: reversePath });
      }}
    >
      <p className="real-form-intro">{t('verification:lv2Form.intro')}</p>
      <div className="real-photos">
        <PhotoPicker
          label={t('verification:lv2Form.front')}
          photo={front.image}
          onChoose={(file) => void front.choose(file)}
          disabled={submit.isPending}
          testId="real-front"
        />
        <PhotoPicker
          label={t('verification:lv2Form.reverse')}
          photo={reverse.image}
          onChoose={(file) => void reverse.choose(file)}
          disabled={submit.isPending}
          testId="real-reverse"
        />
      </div>
      <p className="real-hint">{t('verification:lv2Form.hint')}</p>
      <button type="submit" className="fx-button is-block" disabled={!ready} data-testid="real-lv2-submit">
        {submit.isPending
          ? t('verification:submitting')
          : again
            ? t('verification:lv2Form.resubmit')
            : t('verification:lv2Form.submit')}
      </button>
    </form>
  );
}
