import { type BankCard, type BankCardRegion, bankCardFormSchema } from '@fairex/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BankcardOutline, CheckCircleFill } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FormField, TextInput } from '../../components/ui/form-field';
import { PageHeader } from '../../components/ui/page-header';
import { LoadFailed, SignedInOnly } from '../../components/ui/signed-in-only';
import { formatDate } from '../../lib/format';
import { useAppStore } from '../../lib/stores/app-store';
import { showToast } from '../../lib/toast';
import { bankCardQuery, payoutQueryRoot, saveBankCard } from './api/payout-api';
import { PayPasswordField } from './components/pay-password-field';
import { PayPasswordNotice } from './components/pay-password-notice';
import {
  type BankCardField,
  type BankCardFormValues,
  cardFormValues,
  cardIssueKey,
  regionOfPath,
} from './payout-rules';
import './payout.css';
import { runtimeKey, type TranslationKey } from '../../lib/translation-key';

type FieldSpec = {
  name: BankCardField;
  inputMode?: 'numeric' | 'tel' | 'text';
  autoComplete?: string;
  upper?: boolean;
  mono?: boolean;
};

/** The form's two groups, in the order a person fills them in. */
const holderFields: readonly FieldSpec[] = [
  { name: 'real_name', autoComplete: 'name' },
  { name: 'phone', inputMode: 'tel', autoComplete: 'tel' },
  { name: 'wechat_account', autoComplete: 'street-address' },
];
const bankFields = (region: BankCardRegion): readonly FieldSpec[] => [
  { name: 'bank_name' },
  { name: 'bank_network' },
  { name: 'bank_dizhi' },
  { name: 'swift_code', upper: true, mono: true },
  { name: 'alipay_account', inputMode: region === 'domestic' ? 'numeric' : 'text', upper: true, mono: true },
  { name: 'bank_account', inputMode: region === 'domestic' ? 'numeric' : 'text', upper: true, mono: true },
];

/** Labels and placeholders that differ per region (ABA and card number rules differ). */
function fieldText(
  field: BankCardField,
  region: BankCardRegion,
): { label: TranslationKey; placeholder: TranslationKey } {
  const suffix = region === 'domestic' ? 'Domestic' : 'International';
  if (field === 'alipay_account' || field === 'bank_account') {
    return {
      label: `payout:bank.fields.${field}${suffix}`,
      placeholder: `payout:bank.placeholders.${field}${suffix}`,
    };
  }
  return { label: `payout:bank.fields.${field}`, placeholder: `payout:bank.placeholders.${field}` };
}

function BoundCard({ card }: { card: BankCard }) {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  return (
    <div className={`payout-bank-card is-${card.region}`} data-testid="payout-bound-card">
      <div className="payout-bank-card-top">
        <span className="payout-bank-card-bank">{card.bank_name}</span>
        <span className="payout-bank-card-badge">
          <CheckCircleFill /> {t('payout:bank.bound')}
        </span>
      </div>
      <span className="payout-bank-card-number" data-testid="payout-bound-number">
        {card.bank_account_masked.replaceAll('*', '•')}
      </span>
      <div className="payout-bank-card-bottom">
        <span>{card.real_name}</span>
        <span>{t('payout:bank.updatedAt', { date: formatDate(card.updated_at, lang) })}</span>
      </div>
    </div>
  );
}

function BankCardForm({
  region,
  card,
  hasPayPassword,
}: {
  region: BankCardRegion;
  card: BankCard | null;
  hasPayPassword: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const resolver = useMemo(
    () => zodResolver(bankCardFormSchema(region), { error: (issue) => cardIssueKey(region, issue) }),
    [region],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<BankCardFormValues>({ resolver, mode: 'onTouched', defaultValues: cardFormValues(card) });
  const save = useMutation({
    mutationFn: (values: BankCardFormValues) => saveBankCard(region, values),
    onSuccess: async (saved) => {
      if (!saved) return;
      showToast(t('payout:bank.saved'));
      reset(cardFormValues(saved));
      window.scrollTo({ top: 0, behavior: 'smooth' });
      await queryClient.invalidateQueries({ queryKey: payoutQueryRoot });
    },
  });

  const renderField = (spec: FieldSpec) => {
    const text = fieldText(spec.name, region);
    const id = `payout-bank-${spec.name}`;
    const error = errors[spec.name]?.message;
    return (
      <FormField
        key={spec.name}
        label={t(text.label)}
        htmlFor={id}
        error={error ? t(runtimeKey(error)) : null}
      >
        <TextInput
          id={id}
          className={spec.mono ? 'is-mono' : undefined}
          inputMode={spec.inputMode}
          autoComplete={spec.autoComplete ?? 'off'}
          autoCapitalize={spec.upper ? 'characters' : undefined}
          spellCheck={false}
          placeholder={t(text.placeholder)}
          invalid={Boolean(error)}
          testId={id}
          {...register(spec.name)}
        />
      </FormField>
    );
  };

  return (
    <form
      className="payout-form"
      noValidate
      onSubmit={handleSubmit((values) => save.mutate(values))}
      data-testid="payout-bank-form"
    >
      <section className="payout-group">
        <h2 className="payout-group-title">{t('payout:bank.holderSection')}</h2>
        {holderFields.map(renderField)}
      </section>
      <section className="payout-group">
        <h2 className="payout-group-title">{t('payout:bank.bankSection')}</h2>
        {bankFields(region).map(renderField)}
      </section>
      <section className="payout-group">
        {hasPayPassword ? (
          <PayPasswordField
            id="payout-bank-pay-password"
            error={errors.pay_password?.message ? t(runtimeKey(errors.pay_password.message)) : null}
            input={{ testId: 'payout-bank-pay-password', ...register('pay_password') }}
          />
        ) : (
          <PayPasswordNotice />
        )}
      </section>
      <button
        type="submit"
        className="fx-button is-block payout-submit"
        disabled={!hasPayPassword || save.isPending}
        data-testid="payout-save-card"
      >
        {card ? t('payout:bank.submitUpdate') : t('payout:bank.submitBind')}
      </button>
    </form>
  );
}

function BankCardContent({ region, hasPayPassword }: { region: BankCardRegion; hasPayPassword: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(bankCardQuery(region));
  if (query.isPending) {
    return (
      <div className="payout-list-skeleton" aria-busy="true">
        <div className="skeleton skeleton-block payout-skeleton-card" />
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="skeleton skeleton-bar payout-skeleton-field" />
        ))}
      </div>
    );
  }
  if (query.isError) return <LoadFailed onRetry={() => query.refetch()} />;
  const card = query.data;
  return (
    <div className="payout-body">
      {card ? (
        <BoundCard card={card} />
      ) : (
        <div className="payout-lead">
          <BankcardOutline className="payout-lead-icon" aria-hidden="true" />
          <p>{t(region === 'domestic' ? 'payout:bank.leadDomestic' : 'payout:bank.leadInternational')}</p>
        </div>
      )}
      <BankCardForm
        key={card?.updated_at ?? 'new'}
        region={region}
        card={card}
        hasPayPassword={hasPayPassword}
      />
    </div>
  );
}

/** /pages/setting/bank and /pages/setting/bank_international: bind or replace the card (all fields required). */
export function BankCardPage() {
  const { t } = useTranslation();
  const region = regionOfPath(useLocation().pathname);
  return (
    <div className="payout-page">
      <PageHeader
        title={t(region === 'domestic' ? 'payout:bank.titleDomestic' : 'payout:bank.titleInternational')}
        back
      />
      <SignedInOnly>
        {(user) => <BankCardContent region={region} hasPayPassword={user.has_pay_password} />}
      </SignedInOnly>
    </div>
  );
}
