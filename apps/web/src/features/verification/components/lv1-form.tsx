import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { runtimeKey } from '../../../lib/translation-key';
import { realStateQueryKey, submitLv1 } from '../api/verification-api';
import {
  idTypeLabelKey,
  idTypeOptions,
  type Lv1FormValues,
  lv1FormSchema,
  lv1IssueKey,
} from '../verification-rules';

const resolver = zodResolver(lv1FormSchema, { error: (issue) => lv1IssueKey(issue) });

/** Lv1: document type, full name and document number (spec sections 3 and 5). */
export function Lv1Form({ again }: { again: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Lv1FormValues>({
    resolver,
    defaultValues: { id_type: 'id_card', name: '', card_id: '' },
    mode: 'onTouched',
  });
  const submit = useMutation({
    mutationFn: submitLv1,
    onSuccess: async () => {
      showToast(t('verification:submitted'));
      await queryClient.invalidateQueries({ queryKey: realStateQueryKey });
    },
  });
  const errorText = (message: string | undefined) => (message ? t(runtimeKey(message)) : null);

  return (
    <form className="real-form" noValidate onSubmit={handleSubmit((values) => submit.mutate(values))}>
      <label className="real-field">
        <span className="real-field-label">{t('verification:lv1Form.idType')}</span>
        <select className="real-input real-select" data-testid="real-id-type" {...register('id_type')}>
          {idTypeOptions.map((type) => (
            <option key={type} value={type}>
              {t(idTypeLabelKey(type))}
            </option>
          ))}
        </select>
        {errors.id_type && (
          <span className="real-field-error" role="alert">
            {errorText(errors.id_type.message)}
          </span>
        )}
      </label>
      <label className="real-field">
        <span className="real-field-label">{t('verification:lv1Form.name')}</span>
        <input
          className="real-input"
          autoComplete="name"
          placeholder={t('verification:lv1Form.namePlaceholder')}
          aria-invalid={errors.name ? true : undefined}
          data-testid="real-name"
          {...register('name')}
        />
        {errors.name && (
          <span className="real-field-error" role="alert" data-testid="real-name-error">
            {errorText(errors.name.message)}
          </span>
        )}
      </label>
      <label className="real-field">
        <span className="real-field-label">{t('verification:lv1Form.cardId')}</span>
        <input
          className="real-input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('verification:lv1Form.cardIdPlaceholder')}
          aria-invalid={errors.card_id ? true : undefined}
          data-testid="real-card-id"
          {...register('card_id')}
        />
        {errors.card_id && (
          <span className="real-field-error" role="alert" data-testid="real-card-id-error">
            {errorText(errors.card_id.message)}
          </span>
        )}
      </label>
      <button
        type="submit"
        className="fx-button is-block"
        disabled={submit.isPending}
        data-testid="real-lv1-submit"
      >
        {submit.isPending
          ? t('verification:submitting')
          : again
            ? t('verification:lv1Form.resubmit')
            : t('verification:lv1Form.submit')}
      </button>
    </form>
  );
}
