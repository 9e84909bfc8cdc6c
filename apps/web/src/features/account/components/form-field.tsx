import { useTranslation } from 'react-i18next';
import {
  type FormFieldProps,
  FormField as SharedFormField,
  PasswordField as SharedPasswordField,
  type TextInputProps,
} from '../../../components/ui/form-field';

export { TextInput } from '../../../components/ui/form-field';

/** Account forms' messages are locale keys (the contract's zod messages) or a server's text. */
type KeyedError = { error?: string | undefined };

/** The shared field, its message given as a locale key. */
export function FormField({ error, ...field }: Omit<FormFieldProps, 'error'> & KeyedError) {
  const { t } = useTranslation();
  return <SharedFormField {...field} error={error ? t(error) : undefined} />;
}

/** The shared password field, its message given as a locale key. */
export function PasswordField({
  error,
  ...field
}: Omit<FormFieldProps, 'children' | 'suffix' | 'error'> & KeyedError & { input: TextInputProps }) {
  const { t } = useTranslation();
  return <SharedPasswordField {...field} error={error ? t(error) : undefined} />;
}
