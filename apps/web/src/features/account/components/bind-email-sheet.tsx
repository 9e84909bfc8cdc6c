import { emailSchema } from '@fairex/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countdownKey } from '../../../lib/countdown/countdown';
import { refreshUser } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { bindEmail, sendEmailCode } from '../api/account-api';
import { bindEmailFormSchema } from '../forms/account-forms';
import { formErrorKeys, localisedIssues } from '../forms/form-errors';
import { AccountSheet } from './account-sheet';
import { CodeField } from './code-field';
import { EmailField } from './form-field';

function BindEmailFormBody({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(bindEmailFormSchema, localisedIssues),
    defaultValues: { email: '', code: '' },
  });
  const email = watch('email');
  const sendCode = async () => {
    if (!emailSchema.safeParse(email).success) {
      setError('email', {
        message: email.trim() === '' ? formErrorKeys.required : formErrorKeys.emailInvalid,
      });
      return false;
    }
    clearErrors('email');
    return sendEmailCode(email.trim(), 'bind');
  };
  const onSubmit = handleSubmit(async (values) => {
    setSubmitting(true);
    try {
      if (!(await bindEmail(values))) return;
      await refreshUser();
      showToast(t('account:security.emailBound'));
      onDone();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSubmitting(false);
    }
  });
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      <EmailField
        id="bind-email"
        testId="bind-email"
        error={errors.email?.message}
        input={register('email')}
      />
      <CodeField
        id="bind-email-code"
        sendTestId="bind-email-send-code"
        countdownKey={countdownKey('bind', email)}
        onSend={sendCode}
        error={errors.code?.message}
        field={register('code')}
      />
      <button
        type="submit"
        className="fx-button is-block account-submit"
        disabled={submitting}
        data-testid="bind-email-submit"
      >
        {t('account:security.bind')}
      </button>
    </form>
  );
}

/** Bind an e-mail address: a `bind` code to it, then POST /safe/email. */
export function BindEmailSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AccountSheet
      visible={visible}
      title={t('account:security.bindEmail')}
      onClose={onClose}
      testId="bind-email-sheet"
    >
      <BindEmailFormBody onDone={onClose} />
    </AccountSheet>
  );
}
