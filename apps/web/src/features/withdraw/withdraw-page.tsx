import type { UserInfo, WithdrawCurrency, WithdrawInfo } from '@fairex/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileOutline, InformationCircleOutline } from 'antd-mobile-icons';
import { useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormField, PasswordField, TextInput } from '../../components/ui/form-field';
import { PageHeader } from '../../components/ui/page-header';
import { ApiError } from '../../lib/api-client';
import { countdownKey } from '../../lib/countdown/countdown';
import { useRequireSession } from '../../lib/require-session';
import { userQueryRoot } from '../../lib/session';
import { useAppStore } from '../../lib/stores/app-store';
import { showToast } from '../../lib/toast';
import {
  bankCardsQuery,
  savedAddressesQuery,
  sendWithdrawCode,
  submitWithdrawal,
  withdrawInfoQuery,
} from './api/withdraw-api';
import { CodeField } from './components/code-field';
import { CurrencyPicker } from './components/currency-picker';
import { DestinationPicker } from './components/destination-picker';
import {
  type DestinationKind,
  defaultChain,
  displayAmount,
  maxReceivable,
  newIdempotencyKey,
  readCurrencyParam,
  recordsPath,
  sameAttempt,
  type WithdrawAttempt,
  type WithdrawFormValues,
  withdrawalFigures,
  withdrawFormSchema,
  withdrawPaths,
} from './withdraw-rules';
import './withdraw.css';
import { LoginFirst } from '../../components/ui/login-first';
import { runtimeKey } from '../../lib/translation-key';

/** /pages/fund/withdraw: a withdrawal to a saved address or the bank card. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const allowed = useRequireSession();
  return (
    <div className="wd-page">
      <PageHeader
        back
        title={t('withdraw:title')}
        right={
          <Link
            className="icon-button"
            to={recordsPath('withdraw')}
            aria-label={t('withdraw:recordsLink')}
            data-testid="withdraw-records-link"
          >
            <FileOutline fontSize={20} />
          </Link>
        }
      />
      {allowed ? <WithdrawContent /> : <LoginFirst />}
    </div>
  );
}

function WithdrawContent() {
  const { t } = useTranslation();
  const info = useQuery(withdrawInfoQuery());
  const user = useAppStore((state) => state.user);
  if (info.isPending) {
    return (
      <div className="wd-body" aria-busy="true">
        <div className="skeleton wd-skeleton is-tall" />
        <div className="skeleton wd-skeleton" />
        <div className="skeleton wd-skeleton is-tall" />
        <div className="skeleton wd-skeleton" />
      </div>
    );
  }
  if (info.isError || !info.data || info.data.currencies.length === 0) {
    return (
      <div className="wd-body">
        <div className="wd-empty" data-testid="withdraw-load-error">
          <p className="wd-empty-title">{t('withdraw:loadError')}</p>
          <button type="button" className="fx-button is-secondary" onClick={() => info.refetch()}>
            {t('withdraw:retry')}
          </button>
        </div>
      </div>
    );
  }
  return <WithdrawForm info={info.data} user={user} />;
}

/** "ad***@example.com" or "+86 139****0000": where the code goes, without showing all of it. */
function codeTarget(user: UserInfo | null): string | null {
  if (user?.email) {
    const [name = '', domain = ''] = user.email.split('@');
    return `${name.slice(0, 2)}***@${domain}`;
  }
  if (user?.mobile && user.area_code) {
    return `+${user.area_code} ${user.mobile.slice(0, 3)}****${user.mobile.slice(-4)}`;
  }
  return null;
}

function WithdrawForm({ info, user }: { info: WithdrawInfo; user: UserInfo | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [currencyId, setCurrencyId] = useState(() => {
    const wanted = readCurrencyParam(searchParams);
    return info.currencies.find((currency) => currency.id === wanted)?.id ?? info.currencies[0]?.id ?? 0;
  });
  const currency = info.currencies.find((candidate) => candidate.id === currencyId) ?? info.currencies[0];
  /** The network the user picked; null: the default for the coin. */
  const [chainChoice, setChainChoice] = useState<string | null>(null);
  const [kind, setKind] = useState<DestinationKind>('address');
  const [submitting, setSubmitting] = useState(false);
  const lastAttempt = useRef<{ attempt: WithdrawAttempt; key: string } | null>(null);
  const addresses = useQuery(savedAddressesQuery());
  const cards = useQuery(bankCardsQuery());

  // The resolver reads the current coin at validation time: the rules follow the coin picked.
  const currencyRef = useRef<WithdrawCurrency | undefined>(currency);
  currencyRef.current = currency;
  const resolver = useMemo<Resolver<WithdrawFormValues>>(
    () => (values, context, options) => {
      const current = currencyRef.current;
      if (!current) return { values: {}, errors: {} };
      return zodResolver(withdrawFormSchema(current))(values, context, options) as ReturnType<
        Resolver<WithdrawFormValues>
      >;
    },
    [],
  );
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<WithdrawFormValues>({
    resolver,
    defaultValues: { number: '', destinationId: '', payPassword: '', code: '' },
  });

  if (!currency) return null;
  const chain = chainChoice ?? defaultChain(currency, addresses.data ?? []);
  const multiChain = currency.chains.length > 1;
  const shownAddresses = (addresses.data ?? []).filter(
    (address) =>
      address.currency_id === currency.id && (!multiChain || chain === null || address.chain === chain),
  );
  const shownCards = cards.data ?? [];
  const destinationValue = watch('destinationId');
  const selectedId = destinationValue === '' ? null : Number(destinationValue);
  const amountText = watch('number');
  const figures = withdrawalFigures(currency, amountText);
  const messageValues = {
    code: currency.code,
    min: displayAmount(currency.withdraw_min),
    scale: currency.scale,
  };
  const translated = (key: string | undefined) => (key ? t(runtimeKey(key), messageValues) : undefined);

  const chooseDestination = (id: number | null) =>
    setValue('destinationId', id === null ? '' : String(id), { shouldValidate: isSubmitted });
  const chooseCurrency = (id: number) => {
    setCurrencyId(id);
    setChainChoice(null);
    chooseDestination(null);
  };
  const chooseChain = (next: string) => {
    setChainChoice(next);
    if (kind === 'address') chooseDestination(null);
  };
  const chooseKind = (next: DestinationKind) => {
    setKind(next);
    chooseDestination(null);
  };

  const onSubmit = handleSubmit(async (values) => {
    const destinationId = Number(values.destinationId);
    const address =
      kind === 'address' ? shownAddresses.find((entry) => entry.id === destinationId) : undefined;
    const attempt: WithdrawAttempt = {
      currency: currency.id,
      number: values.number.trim(),
      chain: kind === 'address' ? (address?.chain ?? chain) : null,
      kind,
      destinationId,
    };
    // A retry of the very same request after a lost reply keeps its key: it is booked once.
    const key =
      lastAttempt.current && sameAttempt(lastAttempt.current.attempt, attempt)
        ? lastAttempt.current.key
        : newIdempotencyKey();
    lastAttempt.current = { attempt, key };
    setSubmitting(true);
    try {
      await submitWithdrawal(attempt, { payPassword: values.payPassword, code: values.code.trim() }, key);
      lastAttempt.current = null;
      showToast(t('withdraw:success'));
      await queryClient.invalidateQueries({ queryKey: [userQueryRoot] });
      navigate(recordsPath('withdraw'), { replace: true });
    } catch (error) {
      // The client has shown the message. Only a lost reply may be retried with the same key.
      if (!(error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network'))) {
        lastAttempt.current = null;
      }
    } finally {
      setSubmitting(false);
    }
  });

  const unverified = info.level < 1;
  return (
    <form className="wd-body" onSubmit={onSubmit} noValidate data-testid="withdraw-form">
      {unverified && (
        <div className="wd-banner" data-testid="withdraw-verify-banner">
          <InformationCircleOutline fontSize={20} className="wd-banner-icon" />
          <div>
            <p className="wd-banner-title">{t('withdraw:verify.title')}</p>
            <p className="wd-banner-body">{t('withdraw:verify.body')}</p>
            <Link className="wd-banner-action" to={withdrawPaths.verify}>
              {t('withdraw:verify.action')}
            </Link>
          </div>
        </div>
      )}

      <section className="wd-card">
        <span className="fx-field-label">{t('withdraw:coin')}</span>
        <CurrencyPicker currencies={info.currencies} selected={currency} onSelect={chooseCurrency} />
        {multiChain && kind === 'address' && (
          <div className="wd-chains">
            <span className="wd-chains-label">{t('withdraw:network')}</span>
            {currency.chains.map((name) => (
              <button
                key={name}
                type="button"
                aria-pressed={chain === name}
                className={`fx-chip is-sunken${chain === name ? ' is-selected' : ''}`}
                onClick={() => chooseChain(name)}
                data-testid={`withdraw-chain-${name}`}
              >
                {name}
              </button>
            ))}
          </div>
        )}
      </section>

      <section className="wd-card">
        <DestinationPicker
          kind={kind}
          onKind={chooseKind}
          code={currency.code}
          chain={multiChain ? chain : null}
          addresses={shownAddresses}
          cards={shownCards}
          loading={kind === 'address' ? addresses.isPending : cards.isPending}
          selectedId={selectedId}
          onSelect={(id) => chooseDestination(id)}
          error={translated(errors.destinationId?.message)}
        />
      </section>

      <section className="wd-card">
        <FormField
          label={t('withdraw:amount.label')}
          htmlFor="withdraw-amount"
          sunken
          error={translated(errors.number?.message)}
          errorTestId="withdraw-amount-error"
          hint={
            <span className="wd-hint-row">
              <span>
                {t('withdraw:amount.available', {
                  amount: displayAmount(currency.available),
                  code: currency.code,
                })}
              </span>
              <span>
                {t('withdraw:amount.minimum', {
                  amount: displayAmount(currency.withdraw_min),
                  code: currency.code,
                })}
              </span>
            </span>
          }
          suffix={
            <>
              <span className="fx-field-unit">{currency.code}</span>
              <button
                type="button"
                className="fx-field-action"
                onClick={() => setValue('number', maxReceivable(currency), { shouldValidate: true })}
                data-testid="withdraw-all"
              >
                {t('withdraw:amount.all')}
              </button>
            </>
          }
        >
          <TextInput
            id="withdraw-amount"
            testId="withdraw-amount"
            className="wd-amount-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('withdraw:amount.placeholder', { min: displayAmount(currency.withdraw_min) })}
            invalid={Boolean(errors.number)}
            {...register('number')}
          />
        </FormField>
        <dl className="fx-figures is-panel is-sunken wd-summary" data-testid="withdraw-summary">
          <div>
            <dt>{t('withdraw:summary.fee')}</dt>
            <dd>
              {displayAmount(currency.withdraw_fee)} {currency.code}
            </dd>
          </div>
          <div>
            <dt>{t('withdraw:summary.receive')}</dt>
            <dd className="is-strong" data-testid="withdraw-receive">
              {figures ? displayAmount(figures.receive) : '--'} {currency.code}
            </dd>
          </div>
          <div>
            <dt>{t('withdraw:summary.total')}</dt>
            <dd data-testid="withdraw-total">
              {figures ? displayAmount(figures.total) : '--'} {currency.code}
            </dd>
          </div>
          <div>
            <dt>{t('withdraw:summary.limit')}</dt>
            <dd>
              {t('withdraw:summary.limitValue', {
                remaining: displayAmount(info.remaining_btc),
                limit: displayAmount(info.limit_btc),
              })}
            </dd>
          </div>
        </dl>
      </section>

      <section className="wd-card">
        <PasswordField
          label={t('withdraw:payPassword.label')}
          htmlFor="withdraw-pay-password"
          sunken
          error={translated(errors.payPassword?.message)}
          hint={
            user &&
            !user.has_pay_password && (
              <>
                {t('withdraw:payPassword.notSet')}{' '}
                <Link to={withdrawPaths.payPassword}>{t('withdraw:payPassword.set')}</Link>
              </>
            )
          }
          input={{
            id: 'withdraw-pay-password',
            testId: 'withdraw-pay-password',
            autoComplete: 'off',
            placeholder: t('withdraw:payPassword.placeholder'),
            ...register('payPassword'),
          }}
        />
        <CodeField
          field={register('code')}
          error={translated(errors.code?.message)}
          target={codeTarget(user)}
          countdownKey={countdownKey('withdraw', user?.email ?? user?.mobile ?? '')}
          onSend={() => (user ? sendWithdrawCode(user) : Promise.resolve(false))}
        />
      </section>

      <button
        type="submit"
        className="fx-button is-block wd-submit"
        disabled={submitting}
        data-testid="withdraw-submit"
      >
        {submitting ? t('withdraw:submitting') : t('withdraw:submit')}
      </button>

      <section className="wd-notes">
        <h2>{t('withdraw:notes.title')}</h2>
        <ul>
          <li>{t('withdraw:notes.review')}</li>
          <li>{t('withdraw:notes.cancel')}</li>
          <li>{t('withdraw:notes.check')}</li>
          <li>{t('withdraw:summary.limitNote')}</li>
        </ul>
      </section>
    </form>
  );
}
