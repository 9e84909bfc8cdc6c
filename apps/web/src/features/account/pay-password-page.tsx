import type { UserInfo } from '@fairex/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { SignedInOnly } from '../../components/ui/signed-in-only';
import { countdownKey } from '../../lib/countdown/countdown';
import { refreshUser } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { useGoBack } from '../../lib/use-go-back';
import { formatMobile, maskEmail } from './account-format';
import { accountPaths } from './account-paths';
import { sendEmailCode, sendSmsCode, setPayPassword } from './api/account-api';
import { CodeField } from './components/code-field';
import { PasswordPairFields } from './components/password-pair-fields';
import { payPasswordFormSchema } from './forms/account-forms';
import { localisedIssues } from './forms/form-errors';
import './account.css';

/** Where the security code goes: the bound e-mail first, else the bound phone. */
type CodeChannel =
  | { kind: 'email'; email: string }
  | { kind: 'mobile'; mobile: string; areaCode: string }
  | { kind: 'none' };

export function securityCodeChannel(user: UserInfo): CodeChannel {
  if (user.email) return { kind: 'email', email: user.email };
  if (user.mobile && user.area_code) return { kind: 'mobile', mobile: user.mobile, areaCode: user.area_code };
  return { kind: 'none' };
}

function PayPasswordContent({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const goBack = useGoBack(accountPaths.security);
  const [submitting, setSubmitting] = useState(false);
  const channel = securityCodeChannel(user);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(payPasswordFormSchema, localisedIssues),
    defaultValues: { code: '', password: '', re_password: '' },
  });
  const sendCode = async () => {
    if (channel.kind === 'email') return sendEmailCode(channel.email, 'security');
    if (channel.kind === 'mobile') return sendSmsCode(channel.areaCode, channel.mobile, 'security');
    return false;
  };
  const onSubmit = handleSubmit(async (values) => {
    setSubmitting(true);
    try {
      if (!(await setPayPassword(values))) return;
      await refreshUser().catch(() => undefined);
      showToast(t('account:payPassword.success'));
      goBack();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSubmitting(false);
    }
  });
  if (channel.kind === 'none') {
    return (
      <div className="account-body">
        <p className="account-notice" data-testid="paypass-bind-first">
          {t('account:payPassword.bindFirst')}{' '}
          <Link className="account-link is-strong" to={accountPaths.security} replace>
            {t('account:security.header')}
          </Link>
        </p>
      </div>
    );
  }
  const target =
    channel.kind === 'email'
      ? maskEmail(channel.email)
      : formatMobile(channel.mobile, channel.areaCode, true);
  return (
    <div className="account-body">
      <p className="account-lead">
        {user.has_pay_password ? t('account:payPassword.leadChange') : t('account:payPassword.leadSet')}
      </p>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <CodeField
          id="paypass-code"
          sendTestId="paypass-send-code"
          countdownKey={countdownKey('security', channel.kind === 'email' ? channel.email : channel.mobile)}
          onSend={sendCode}
          error={errors.code?.message}
          field={register('code')}
          hint={t('account:payPassword.codeTarget', { target })}
        />
        <PasswordPairFields
          register={register}
          errors={errors}
          names={['password', 're_password']}
          ids={['paypass-password', 'paypass-repassword']}
          label={t('account:payPassword.password')}
          placeholder={t('account:payPassword.passwordPlaceholder')}
        />
        <button
          type="submit"
          className="fx-button is-block account-submit"
          disabled={submitting}
          data-testid="paypass-submit"
        >
          {user.has_pay_password ? t('account:payPassword.submitChange') : t('account:payPassword.submitSet')}
        </button>
      </form>
    </div>
  );
}

/** /pages/setting/payPassword: set or change the payment password with a security code. */
export function PayPasswordPage() {
  const { t } = useTranslation();
  return (
    <div className="account-page">
      <PageHeader title={t('account:payPassword.header')} back />
      <SignedInOnly>{(user) => <PayPasswordContent user={user} />}</SignedInOnly>
    </div>
  );
}
