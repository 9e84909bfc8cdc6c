import { zodResolver } from '@hookform/resolvers/zod';
import { LinkOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { startSession } from '../../lib/session';
import { useAppStore } from '../../lib/stores/app-store';
import { showToast } from '../../lib/toast';
import { accountPaths } from './account-paths';
import { login } from './api/account-api';
import { AuthHero } from './components/auth-hero';
import { FormField, PasswordField, TextInput } from './components/form-field';
import { ToggleSwitch } from './components/toggle-switch';
import { loginFormSchema } from './forms/account-forms';
import { localisedIssues } from './forms/form-errors';
import { useLeaveAuth } from './hooks/use-leave-auth';
import './account.css';

/** The account demo mode seeds with test funds (server: modules/wallet/wallet.demo.ts). */
const demoAccount = { user_string: 'demo@fairex.test', password: 'fairex-demo' } as const;

/** /pages/common/login: account, e-mail or phone with a password, or a crypto wallet. */
export function LoginPage() {
  const { t } = useTranslation();
  const siteName = useAppStore((state) => state.site_name);
  const demo = useAppStore((state) => state.demo);
  const leave = useLeaveAuth();
  const [submitting, setSubmitting] = useState(false);
  const [stay, setStay] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginFormSchema, localisedIssues),
    defaultValues: { user_string: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSubmitting(true);
    try {
      const token = await login({ ...values, stay });
      if (token === null) return;
      await startSession(token).catch(() => undefined);
      if (useAppStore.getState().token === null) return;
      showToast(t('account:login.success'));
      leave();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <div className="account-page">
      <PageHeader title={t('account:login.header')} back />
      <div className="account-body">
        <AuthHero
          title={t('account:login.title')}
          subtitle={t('account:login.subtitle', { site: siteName })}
        />
        {demo && (
          <div className="account-note-card login-demo-card" data-testid="login-demo" role="note">
            <p className="account-note-title">{t('account:login.demoTitle')}</p>
            <p className="account-note-body">{t('account:login.demoBody', demoAccount)}</p>
            <p className="account-note-body" data-testid="login-demo-shared">
              {t('account:login.demoShared')}
            </p>
            <button
              type="button"
              className="fx-button"
              data-testid="login-demo-fill"
              onClick={() => {
                setValue('user_string', demoAccount.user_string, { shouldValidate: true });
                setValue('password', demoAccount.password, { shouldValidate: true });
              }}
            >
              {t('account:login.demoFill')}
            </button>
          </div>
        )}
        <form className="account-form" onSubmit={onSubmit} noValidate>
          <FormField
            label={t('account:fields.account')}
            htmlFor="login-account"
            error={errors.user_string?.message}
          >
            <TextInput
              id="login-account"
              testId="login-account"
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              placeholder={t('account:fields.accountPlaceholder')}
              invalid={Boolean(errors.user_string)}
              {...register('user_string')}
            />
          </FormField>
          <PasswordField
            label={t('account:fields.password')}
            htmlFor="login-password"
            error={errors.password?.message}
            input={{
              id: 'login-password',
              testId: 'login-password',
              autoComplete: 'current-password',
              placeholder: t('account:fields.passwordPlaceholder'),
              ...register('password'),
            }}
          />
          <div className="login-options">
            <label className="login-stay" htmlFor="login-stay">
              <ToggleSwitch
                id="login-stay"
                testId="login-stay"
                checked={stay}
                onChange={setStay}
                label={t('account:login.stay')}
              />
              <span>
                <span className="login-stay-label">{t('account:login.stay')}</span>
                <span className="login-stay-hint">{t('account:login.stayHint')}</span>
              </span>
            </label>
            <Link className="account-link" to={accountPaths.forget} data-testid="login-forget-link">
              {t('account:login.forgot')}
            </Link>
          </div>
          <button
            type="submit"
            className="fx-button is-block account-submit"
            disabled={submitting}
            data-testid="login-submit"
          >
            {submitting ? t('account:login.submitting') : t('account:login.submit')}
          </button>
        </form>

        <div className="account-divider">
          <span>{t('account:login.or')}</span>
        </div>
        <Link
          className="fx-button is-block wallet-button"
          to={accountPaths.walletSelect}
          data-testid="login-wallet"
        >
          <LinkOutline fontSize={20} />
          {t('account:login.wallet')}
        </Link>
        <p className="account-wallet-hint">{t('account:login.walletHint')}</p>

        <p className="account-switch">
          {t('account:login.noAccount')}{' '}
          <Link
            className="account-link is-strong"
            to={accountPaths.register}
            data-testid="login-register-link"
          >
            {t('account:login.register')}
          </Link>
        </p>
      </div>
    </div>
  );
}
