import type { ReactNode } from 'react';
import { type FieldErrors, type FieldValues, get, type Path, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './form-field';

type PasswordPairFieldsProps<T extends FieldValues> = {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** The form fields: the new password, then its confirmation. */
  names: readonly [password: Path<T>, confirmation: Path<T>];
  /** Input ids (also their data-testid): the new password, then its confirmation. */
  ids: readonly [password: string, confirmation: string];
  /** The new password's label; "New password" unless told. */
  label?: ReactNode;
  /** The new password's placeholder; the new-password one unless told. */
  placeholder?: string;
};

function errorMessage<T extends FieldValues>(errors: FieldErrors<T>, name: Path<T>): string | undefined {
  return (get(errors, name) as { message?: string } | undefined)?.message;
}

/**
 * A new password (with the password rule underneath) and its confirmation, each with show/hide;
 * spread into a react-hook-form form.
 */
export function PasswordPairFields<T extends FieldValues>({
  register,
  errors,
  names: [passwordName, confirmationName],
  ids: [passwordId, confirmationId],
  label,
  placeholder,
}: PasswordPairFieldsProps<T>) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label ?? t('account:fields.newPassword')}
        htmlFor={passwordId}
        error={errorMessage(errors, passwordName)}
        hint={t('account:fields.passwordRule')}
        input={{
          id: passwordId,
          testId: passwordId,
          autoComplete: 'new-password',
          placeholder: placeholder ?? t('account:fields.newPasswordPlaceholder'),
          ...register(passwordName),
        }}
      />
      <PasswordField
        label={t('account:fields.confirmPassword')}
        htmlFor={confirmationId}
        error={errorMessage(errors, confirmationName)}
        input={{
          id: confirmationId,
          testId: confirmationId,
          autoComplete: 'new-password',
          placeholder: t('account:fields.confirmPasswordPlaceholder'),
          ...register(confirmationName),
        }}
      />
    </>
  );
}
