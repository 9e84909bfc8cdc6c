import type { UserInfo } from '@fairex/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { SignedInOnly } from '../../components/ui/signed-in-only';
import { endSession, whileEndingSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { accountPaths } from './account-paths';
import { changePassword } from './api/account-api';
import { PasswordField } from './components/form-field';
import { PasswordPairFields } from './components/password-pair-fields';
import { changePasswordFormSchema } from './forms/account-forms';
import { localisedIssues } from './forms/form-errors';
import './account.css';

function PasswordContent({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema, localisedIssues),
    defaultValues: { old_password: '', password: '', re_password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setSubmitting(true);
    try {
      // The server ends every session, this one included: log in again, then back to security.
      if (!(await whileEndingSession(() => changePassword(values)))) return;
      endSession('expired');
      showToast(t('account:password.success'));
      navigate(accountPaths.login, { replace: true, state: { from: accountPaths.security } });
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSubmitting(false);
    }
  });
  return (
    <div className="account-body">
      <p className="account-lead">{t('account:password.lead')}</p>
      {!user.has_password && (
        <p className="account-notice" data-testid="password-not-set">
          {t('account:password.noPassword')}{' '}
          <Link className="account-link is-strong" to={accountPaths.forget}>
            {t('account:forget.header')}
          </Link>
        </p>
      )}
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('account:fields.oldPassword')}
          htmlFor="password-old"
          error={errors.old_password?.message}
          input={{
            id: 'password-old',
            testId: 'password-old',
            autoComplete: 'current-password',
            placeholder: t('account:fields.oldPasswordPlaceholder'),
            ...register('old_password'),
          }}
        />
        <PasswordPairFields
          register={register}
          errors={errors}
          names={['password', 're_password']}
          ids={['password-new', 'password-confirm']}
        />
        <button
          type="submit"
          className="fx-button is-block account-submit"
          disabled={submitting}
          data-testid="password-submit"
        >
          {t('account:password.submit')}
        </button>
      </form>
    </div>
  );
}

/** /pages/setting/password: change the login password (old, new, confirmation). */
export function PasswordPage() {
  const { t } = useTranslation();
  return (
    <div className="account-page">
      <PageHeader title={t('account:password.header')} back />
      <SignedInOnly>{(user) => <PasswordContent user={user} />}</SignedInOnly>
    </div>
  );
}
