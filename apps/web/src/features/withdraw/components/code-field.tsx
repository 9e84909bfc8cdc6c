import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, TextInput } from '../../../components/ui/form-field';
import { SendCodeButton } from '../../../components/ui/send-code-button';

type CodeFieldProps = {
  field: UseFormRegisterReturn;
  /** A translated message, or undefined. */
  error: string | undefined;
  /** Where the code goes, e.g. a masked e-mail; null when the user has nowhere to receive one. */
  target: string | null;
  /** Countdown key (countdownKey(purpose, address)). */
  countdownKey: string;
  onSend: () => Promise<boolean>;
};

/** The six-digit code with its "Send code" button and countdown, on the withdrawal card. */
export function CodeField({ field, error, target, countdownKey, onSend }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField
      label={t('withdraw:code.label')}
      htmlFor="withdraw-code"
      sunken
      error={error}
      hint={target === null ? t('withdraw:code.noContact') : t('withdraw:code.target', { target })}
      suffix={
        <SendCodeButton
          countdownKey={countdownKey}
          onSend={onSend}
          testId="withdraw-send-code"
          disabled={target === null}
        />
      }
    >
      <TextInput
        id="withdraw-code"
        testId="withdraw-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('withdraw:code.placeholder')}
        invalid={Boolean(error)}
        {...field}
      />
    </FormField>
  );
}
