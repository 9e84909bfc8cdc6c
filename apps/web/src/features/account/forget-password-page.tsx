import { emailSchema } from '@fairex/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { countdownKey } from '../../lib/countdown/countdown';
import { showToast } from '../../lib/toast';
import { accountPaths } from './account-paths';
import { resetPassword, sendEmailCode } from './api/account-api';
import { AuthHero } from './components/auth-hero';
import { CodeField } from './components/code-field';
import { EmailField } from './components/form-field';
import { PasswordPairFields } from './components/password-pair-fields';
import { forgetFormSchema } from './forms/account-forms';
import { formErrorKeys, localisedIssues } from './forms/form-errors';
import './account.css';

/** /pages/common/forget: a code to the account's e-mail, then a new password; back to login. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(forgetFormSchema, localisedIssues),
    defaultValues: { account: '', code: '', password: '', repassword: '' },
  });
  const email = watch('account');

  const sendCode = async () => {
    if (email.trim() === '' || !emailSchema.safeParse(email).success) {
      const message = email.trim() === '' ? formErrorKeys.required : formErrorKeys.emailInvalid;
      setError('account', { message }, { shouldFocus: true });
      return false;
    }
    clearErrors('account');
    return sendEmailCode(email.trim(), 'forget');
  };

  const onSubmit = handleSubmit(async (values) => {
    setSubmitting(true);
    try {
      const done = await resetPassword(values);
      if (!done) return;
      showToast(t('account:forget.success'));
      const historyIndex = (window.history.state as { idx?: unknown } | null)?.idx;
      if (typeof historyIndex === 'number' && historyIndex > 0) {
        navigate(-1);
      } else {
        navigate(accountPaths.login, { replace: true });
      }
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <div className="account-page">
      <PageHeader title={t('account:forget.header')} back />
      <div className="account-body">
        <AuthHero title={t('account:forget.title')} subtitle={t('account:forget.subtitle')} />
        <form className="account-form" onSubmit={onSubmit} noValidate>
          <EmailField
            id="forget-email"
            testId="forget-email"
            error={errors.account?.message}
            input={register('account')}
          />
          <CodeField
            id="forget-code"
            sendTestId="forget-send-code"
            countdownKey={countdownKey('forget', email)}
            onSend={sendCode}
            error={errors.code?.message}
            field={register('code')}
          />
          <PasswordPairFields
            register={register}
            errors={errors}
            names={['password', 'repassword']}
            ids={['forget-password', 'forget-repassword']}
          />
          <button
            type="submit"
            className="fx-button is-block account-submit"
            disabled={submitting}
            data-testid="forget-submit"
          >
            {submitting ? t('account:forget.submitting') : t('account:forget.submit')}
          </button>
        </form>
      </div>
    </div>
  );
}
