import { mobileSchema } from '@fairex/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { countdownKey } from '../../../lib/countdown/countdown';
import { refreshUser } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { bindMobile, sendSmsCode } from '../api/account-api';
import { type Area, defaultArea } from '../areas/area-codes';
import { bindMobileFormSchema } from '../forms/account-forms';
import { formErrorKeys, localisedIssues } from '../forms/form-errors';
import { AccountSheet } from './account-sheet';
import { AreaList } from './area-list';
import { CodeField } from './code-field';
import { FormField, TextInput } from './form-field';

function BindMobileFormBody({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const [area, setArea] = useState<Area>(defaultArea);
  const [picking, setPicking] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(bindMobileFormSchema, localisedIssues),
    defaultValues: { area_code: defaultArea.dialCode, mobile: '', code: '' },
  });
  const mobile = watch('mobile');
  const sendCode = async () => {
    if (!mobileSchema.safeParse(mobile).success) {
      setError('mobile', {
        message: mobile.trim() === '' ? formErrorKeys.required : formErrorKeys.mobileInvalid,
      });
      return false;
    }
    clearErrors('mobile');
    return sendSmsCode(area.dialCode, mobile.trim(), 'bind');
  };
  const onSubmit = handleSubmit(async (values) => {
    setSubmitting(true);
    try {
      if (!(await bindMobile({ ...values, area_code: values.area_code ?? area.dialCode }))) return;
      await refreshUser();
      showToast(t('account:security.mobileBound'));
      onDone();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSubmitting(false);
    }
  });
  return (
    <>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <FormField
          label={t('account:fields.mobile')}
          htmlFor="bind-mobile"
          error={errors.mobile?.message ?? errors.area_code?.message}
          prefix={
            <button
              type="button"
              className="fx-area-button"
              onClick={() => setPicking(true)}
              data-testid="bind-mobile-area"
              aria-label={t('account:area.choose', { code: area.dialCode })}
            >
              +{area.dialCode}
              <DownFill fontSize={10} />
            </button>
          }
        >
          <TextInput
            id="bind-mobile"
            testId="bind-mobile"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={t('account:fields.mobilePlaceholder')}
            invalid={Boolean(errors.mobile)}
            {...register('mobile')}
          />
        </FormField>
        <CodeField
          id="bind-mobile-code"
          sendTestId="bind-mobile-send-code"
          countdownKey={countdownKey('bind', `${area.dialCode}${mobile}`)}
          onSend={sendCode}
          error={errors.code?.message}
          field={register('code')}
        />
        <button
          type="submit"
          className="fx-button is-block account-submit"
          disabled={submitting}
          data-testid="bind-mobile-submit"
        >
          {t('account:security.bind')}
        </button>
      </form>
      <BottomSheet
        visible={picking}
        title={t('account:area.title')}
        onClose={() => setPicking(false)}
        className="account-sheet is-tall"
      >
        <AreaList
          selected={area}
          onSelect={(next) => {
            setArea(next);
            setValue('area_code', next.dialCode);
            setPicking(false);
          }}
        />
      </BottomSheet>
    </>
  );
}

/** Bind a phone number: area code, number, an SMS `bind` code, then POST /safe/mobile. */
export function BindMobileSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AccountSheet
      visible={visible}
      title={t('account:security.bindMobile')}
      onClose={onClose}
      testId="bind-mobile-sheet"
    >
      <BindMobileFormBody onDone={onClose} />
    </AccountSheet>
  );
}
