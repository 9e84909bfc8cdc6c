import { zodResolver } from '@hookform/resolvers/zod';
import { DownFill } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';
import { countdownKey } from '../../lib/countdown/countdown';
import { appRoutes } from '../../lib/navigation';
import { startSession } from '../../lib/session';
import { useAppStore } from '../../lib/stores/app-store';
import { showToast } from '../../lib/toast';
import { accountPaths } from './account-paths';
import { register as registerAccount, sendEmailCode, sendSmsCode } from './api/account-api';
import { useAreaStore } from './areas/area-store';
import { keepRegisterDraft, takeRegisterDraft } from './areas/register-draft';
import { AuthHero } from './components/auth-hero';
import { CodeField } from './components/code-field';
import { FormField, TextInput } from './components/form-field';
import { PasswordPairFields } from './components/password-pair-fields';
import {
  type RegisterFormInput,
  type RegistrationTab,
  registerAccountError,
  registerFormSchema,
} from './forms/account-forms';
import { localisedIssues } from './forms/form-errors';
import './account.css';

/** The invitation code from an invite link (`#/pages/common/register?code=...`). */
function inviteCodeFrom(params: URLSearchParams): string {
  return (params.get('code') ?? '').trim().slice(0, 16);
}

/** /pages/common/register: by e-mail or phone, with a one-time code and an optional invitation code. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const siteName = useAppStore((state) => state.site_name);
  const area = useAreaStore((state) => state.area);
  const [submitting, setSubmitting] = useState(false);
  const [initial] = useState<RegisterFormInput>(() => {
    const invite = inviteCodeFrom(searchParams);
    const draft = takeRegisterDraft();
    const base: RegisterFormInput = draft ?? {
      type: 'email',
      user_string: '',
      area_code: area.dialCode,
      code: '',
      password: '',
      re_password: '',
      extension_code: '',
    };
    return { ...base, area_code: area.dialCode, extension_code: invite || base.extension_code };
  });
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerFormSchema, localisedIssues),
    defaultValues: initial,
  });
  const type = watch('type') ?? 'email';
  const account = watch('user_string');

  useEffect(() => {
    setValue('area_code', area.dialCode);
  }, [area.dialCode, setValue]);

  const switchTab = (next: RegistrationTab) => {
    if (next === type) return;
    setValue('type', next);
    setValue('user_string', '');
    setValue('code', '');
    clearErrors(['user_string', 'code', 'area_code']);
  };

  const sendCode = async () => {
    const problem = registerAccountError(type, account);
    if (problem) {
      setError('user_string', { message: problem }, { shouldFocus: true });
      return false;
    }
    clearErrors('user_string');
    return type === 'email'
      ? sendEmailCode(account.trim(), 'register')
      : sendSmsCode(area.dialCode, account.trim(), 'register');
  };

  const pickArea = () => {
    keepRegisterDraft(getValues());
    navigate(accountPaths.area);
  };

  const onSubmit = handleSubmit(async (values) => {
    setSubmitting(true);
    try {
      const token = await registerAccount({
        ...values,
        extension_code: values.extension_code || undefined,
        area_code: values.type === 'mobile' ? values.area_code : undefined,
      });
      if (token === null) return;
      await startSession(token).catch(() => undefined);
      if (useAppStore.getState().token === null) return;
      showToast(t('account:register.success'));
      navigate(appRoutes.home, { replace: true });
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSubmitting(false);
    }
  });

  const codeTarget = type === 'email' ? account : `${area.dialCode}${account}`;
  return (
    <div className="account-page">
      <PageHeader title={t('account:register.header')} back />
      <div className="account-body">
        <AuthHero
          title={t('account:register.title')}
          subtitle={t('account:register.subtitle', { site: siteName })}
        />
        <SegmentedTabs
          className="auth-method-tabs"
          value={type}
          label={t('account:register.method')}
          onChange={switchTab}
          options={[
            { value: 'email', label: t('account:register.tabEmail'), testId: 'register-tab-email' },
            { value: 'mobile', label: t('account:register.tabMobile'), testId: 'register-tab-mobile' },
          ]}
        />
        <form className="account-form" onSubmit={onSubmit} noValidate>
          <FormField
            label={type === 'email' ? t('account:fields.email') : t('account:fields.mobile')}
            htmlFor="register-account"
            error={errors.user_string?.message ?? errors.area_code?.message}
            prefix={
              type === 'mobile' && (
                <button
                  type="button"
                  className="fx-area-button"
                  onClick={pickArea}
                  data-testid="register-area"
                  aria-label={t('account:area.choose', { code: area.dialCode })}
                >
                  +{area.dialCode}
                  <DownFill fontSize={10} />
                </button>
              )
            }
          >
            <TextInput
              id="register-account"
              testId="register-account"
              type={type === 'email' ? 'email' : 'tel'}
              inputMode={type === 'email' ? 'email' : 'numeric'}
              autoComplete={type === 'email' ? 'email' : 'tel-national'}
              autoCapitalize="off"
              spellCheck={false}
              placeholder={
                type === 'email'
                  ? t('account:fields.emailPlaceholder')
                  : t('account:fields.mobilePlaceholder')
              }
              invalid={Boolean(errors.user_string)}
              {...register('user_string')}
            />
          </FormField>
          <CodeField
            id="register-code"
            sendTestId="register-send-code"
            countdownKey={countdownKey(`register-${type}`, codeTarget)}
            onSend={sendCode}
            error={errors.code?.message}
            field={register('code')}
          />
          <PasswordPairFields
            register={register}
            errors={errors}
            names={['password', 're_password']}
            ids={['register-password', 'register-repassword']}
            label={t('account:fields.password')}
          />
          <FormField
            label={t('account:fields.inviteCode')}
            htmlFor="register-invite"
            error={errors.extension_code?.message}
          >
            <TextInput
              id="register-invite"
              testId="register-invite"
              autoCapitalize="off"
              spellCheck={false}
              placeholder={t('account:fields.inviteCodePlaceholder')}
              invalid={Boolean(errors.extension_code)}
              {...register('extension_code')}
            />
          </FormField>
          <p className="account-agreement">
            <Trans
              i18nKey="account:register.agreement"
              values={{ site: siteName }}
              components={{ terms: <Link className="account-link" to={appRoutes.compliance} /> }}
            />
          </p>
          <button
            type="submit"
            className="fx-button is-block account-submit"
            disabled={submitting}
            data-testid="register-submit"
          >
            {submitting ? t('account:register.submitting') : t('account:register.submit')}
          </button>
        </form>
        <p className="account-switch">
          {t('account:register.haveAccount')}{' '}
          <Link className="account-link is-strong" to={accountPaths.login} replace>
            {t('account:register.login')}
          </Link>
        </p>
      </div>
    </div>
  );
}
