import { useTranslation } from 'react-i18next';
import {
  type FormFieldProps,
  FormField as SharedFormField,
  PasswordField as SharedPasswordField,
  TextInput,
  type TextInputProps,
} from '../../../components/ui/form-field';
import { runtimeKey } from '../../../lib/translation-key';

export { TextInput };

/** Account forms' messages are locale keys (the contract's zod messages) or a server's text. */
type KeyedError = { error?: string | undefined };

/** The shared field, its message given as a locale key. */
export function FormField({ error, ...field }: Omit<FormFieldProps, 'error'> & KeyedError) {
  const { t } = useTranslation();
  return <SharedFormField {...field} error={error ? t(runtimeKey(error)) : undefined} />;
}

/** The shared password field, its message given as a locale key. */
export function PasswordField({
  error,
  ...field
}: Omit<FormFieldProps, 'children' | 'suffix' | 'error'> & KeyedError & { input: TextInputProps }) {
  const { t } = useTranslation();
  return <SharedPasswordField {...field} error={error ? t(runtimeKey(error)) : undefined} />;
}

/** An e-mail address field: the address keyboard, no capitals or spelling fixes, its own label. */
export function EmailField({
  id,
  testId,
  error,
  input,
}: KeyedError & { id: string; testId: string; input: Omit<TextInputProps, 'id' | 'testId'> }) {
  const { t } = useTranslation();
  return (
    <FormField label={t('account:fields.email')} htmlFor={id} error={error}>
      <TextInput
        id={id}
        testId={testId}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={t('account:fields.emailPlaceholder')}
        invalid={Boolean(error)}
        {...input}
      />
    </FormField>
  );
}
