import { useTranslation } from 'react-i18next';
import { PasswordField, type TextInputProps } from '../../../components/ui/form-field';

/** The payment password, with a show/hide toggle (reliability case 13: asked on every change). */
export function PayPasswordField({
  id,
  error,
  input,
}: {
  id: string;
  error?: string | null | undefined;
  input: Omit<TextInputProps, 'id' | 'type'>;
}) {
  const { t } = useTranslation();
  return (
    <PasswordField
      label={t('payout:payPassword.label')}
      htmlFor={id}
      error={error}
      input={{
        id,
        autoComplete: 'off',
        placeholder: t('payout:payPassword.placeholder'),
        ...input,
      }}
    />
  );
}
