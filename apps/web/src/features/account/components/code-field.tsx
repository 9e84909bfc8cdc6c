import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from '../../../components/ui/send-code-button';
import { FormField, TextInput } from './form-field';

type CodeFieldProps = {
  /** react-hook-form's register() for the code field. */
  field: UseFormRegisterReturn;
  /** A locale key (client validation) or a message. */
  error?: string | undefined;
  /** The input's id, also its data-testid. */
  id: string;
  /** The "Send code" button's data-testid. */
  sendTestId: string;
  /** Countdown key (countdownKey(purpose, address)). */
  countdownKey: string;
  /** Validates and sends; resolves true when a code went out. */
  onSend: () => Promise<boolean>;
  hint?: ReactNode;
};

/** The six-digit one-time code, with its "Send code" button and countdown. */
export function CodeField({ field, error, id, sendTestId, countdownKey, onSend, hint }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField
      label={t('account:fields.code')}
      htmlFor={id}
      error={error}
      hint={hint}
      suffix={<SendCodeButton countdownKey={countdownKey} onSend={onSend} testId={sendTestId} />}
    >
      <TextInput
        id={id}
        testId={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('account:fields.codePlaceholder')}
        invalid={Boolean(error)}
        {...field}
      />
    </FormField>
  );
}
