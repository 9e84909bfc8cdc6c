import type { AccountKindName, UserCurrency } from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ClockCircleOutline, DownOutline, RightOutline } from 'antd-mobile-icons';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CoinIcon } from '../../components/ui/coin-icon';
import { OptionSheet } from '../../components/ui/option-sheet';
import { PageHeader } from '../../components/ui/page-header';
import { ApiError } from '../../lib/api-client';
import { walletQueryRoot } from '../../lib/queries/wallet-queries';
import { useRequireSession } from '../../lib/require-session';
import { showToast } from '../../lib/toast';
import { submitTransfer, userCurrenciesQuery } from './api/wallet-api';
import { assetsPaths } from './assets-paths';
import {
  accountKinds,
  cleanAmountInput,
  defaultTarget,
  displayAmount,
  isAccountKind,
  newIdempotencyKey,
  sameAttempt,
  type TransferAttempt,
  transferAmountError,
} from './assets-rules';
import './assets.css';
import { LoginFirst } from '../../components/ui/login-first';

/** USDT, the quote currency, is what most transfers move. */
const defaultCurrencyId = 3;

/** /pages/fund/transfer and fundTransfer: move a currency between two of the user's accounts. */
export function TransferPage() {
  const { t } = useTranslation();
  const allowed = useRequireSession();
  return (
    <div className="fund-page">
      <PageHeader
        back
        title={t('assets:transfer.title')}
        right={
          <Link
            className="icon-button"
            to={assetsPaths.transferHistory}
            aria-label={t('assets:history.title')}
            data-testid="transfer-history-link"
          >
            <ClockCircleOutline fontSize={21} />
          </Link>
        }
      />
      {allowed ? <TransferForm /> : <LoginFirst />}
    </div>
  );
}

type Sheet = 'currency' | 'from' | 'to' | null;

function availableIn(currency: UserCurrency | undefined, kind: AccountKindName): string {
  return currency ? currency[kind] : '0';
}

function TransferForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const amountId = useId();
  const [params] = useSearchParams();
  const currencies = useQuery(userCurrenciesQuery());
  const requestedFrom = params.get('from');
  const initialFrom: AccountKindName = isAccountKind(requestedFrom) ? requestedFrom : 'change';
  const [currencyId, setCurrencyId] = useState<number>(Number(params.get('currency')) || defaultCurrencyId);
  const [from, setFrom] = useState<AccountKindName>(initialFrom);
  const [to, setTo] = useState<AccountKindName>(defaultTarget(initialFrom));
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [tried, setTried] = useState(false);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [submitting, setSubmitting] = useState(false);
  const [retryable, setRetryable] = useState(false);
  // The key of the last attempt: reused only to retry the very same transfer after a lost reply.
  const lastAttempt = useRef<{ attempt: TransferAttempt; key: string } | null>(null);

  const list = currencies.data ?? [];
  const currency = list.find((item) => item.id === currencyId) ?? list[0];
  const available = availableIn(currency, from);
  const error = currency ? transferAmountError(amount, currency.scale, available) : null;
  const showError = (touched || tried) && error !== null;

  const kindOptions = useMemo(
    () =>
      accountKinds.map((kind) => ({
        value: kind,
        label: t(`assets:kinds.${kind}`),
        detail: currency
          ? t('assets:transfer.availableShort', {
              value: displayAmount(availableIn(currency, kind)),
              code: currency.name,
            })
          : undefined,
        testId: `transfer-kind-${kind}`,
      })),
    [currency, t],
  );

  const chooseFrom = (kind: AccountKindName) => {
    if (kind === to) setTo(from);
    setFrom(kind);
    setSheet(null);
  };
  const chooseTo = (kind: AccountKindName) => {
    if (kind === from) setFrom(to);
    setTo(kind);
    setSheet(null);
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
  };

  const submit = async () => {
    setTried(true);
    if (!currency || error !== null || submitting) return;
    const attempt: TransferAttempt = { currencyId: currency.id, number: amount.trim(), from, to };
    const previous = lastAttempt.current;
    const key =
      previous && retryable && sameAttempt(previous.attempt, attempt) ? previous.key : newIdempotencyKey();
    lastAttempt.current = { attempt, key };
    setSubmitting(true);
    try {
      const reply = await submitTransfer(attempt, key);
      lastAttempt.current = null;
      setRetryable(false);
      setAmount('');
      setTouched(false);
      setTried(false);
      showToast(
        t('assets:transfer.done', {
          value: displayAmount(reply.number),
          code: reply.currency,
          from: t(`assets:kinds.${reply.from_field}`),
          to: t(`assets:kinds.${reply.to_field}`),
        }),
      );
      await queryClient.invalidateQueries({ queryKey: walletQueryRoot });
    } catch (failure) {
      // Lost replies may be retried with the same key; an answered refusal starts afresh.
      setRetryable(failure instanceof ApiError && (failure.kind === 'network' || failure.kind === 'timeout'));
    } finally {
      setSubmitting(false);
    }
  };

  if (currencies.isPending) {
    return (
      <div className="fund-body">
        <div className="skeleton fund-route-skeleton" />
      </div>
    );
  }
  if (!currency) {
    return (
      <div className="fund-body">
        <div className="fund-empty">
          <p className="fund-empty-title">{t('assets:error')}</p>
          <button type="button" className="fx-button is-secondary" onClick={() => currencies.refetch()}>
            {t('assets:retry')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="fund-body fund-transfer"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <section className="fund-route" aria-label={t('assets:transfer.route')}>
        <div className="fund-route-rail" aria-hidden="true">
          <span className="fund-route-dot is-from" />
          <span className="fund-route-line" />
          <span className="fund-route-dot is-to" />
        </div>
        <div className="fund-route-sides">
          <button
            type="button"
            className="fund-route-side"
            onClick={() => setSheet('from')}
            data-testid="transfer-from"
          >
            <span className="fund-route-label">{t('assets:transfer.from')}</span>
            <span className="fund-route-value">{t(`assets:kinds.${from}`)}</span>
            <DownOutline fontSize={12} />
          </button>
          <span className="fund-route-divider" />
          <button
            type="button"
            className="fund-route-side"
            onClick={() => setSheet('to')}
            data-testid="transfer-to"
          >
            <span className="fund-route-label">{t('assets:transfer.to')}</span>
            <span className="fund-route-value">{t(`assets:kinds.${to}`)}</span>
            <DownOutline fontSize={12} />
          </button>
        </div>
        <button
          type="button"
          className="fund-swap"
          onClick={swap}
          aria-label={t('assets:transfer.swap')}
          data-testid="transfer-swap"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M7 4v13m0 0-3-3m3 3 3-3M17 20V7m0 0-3 3m3-3 3 3"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </section>

      <div className="fund-field">
        <span className="fund-field-label">{t('assets:transfer.coin')}</span>
        <button
          type="button"
          className="fund-picker"
          onClick={() => setSheet('currency')}
          data-testid="transfer-currency"
        >
          <CoinIcon code={currency.name} image={currency.image} size={26} />
          <b>{currency.name}</b>
          <small>{currency.full_name}</small>
          <RightOutline fontSize={12} />
        </button>
      </div>

      <div className="fund-field">
        <label className="fund-field-label" htmlFor={amountId}>
          {t('assets:transfer.amount')}
        </label>
        <div className={`fund-amount${showError ? ' is-invalid' : ''}`}>
          <input
            id={amountId}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('assets:transfer.amountPlaceholder')}
            value={amount}
            aria-invalid={showError || undefined}
            aria-describedby={`${amountId}-hint`}
            data-testid="transfer-amount"
            onChange={(event) => {
              setAmount(cleanAmountInput(event.target.value));
              setRetryable(false);
            }}
            onBlur={() => setTouched(true)}
          />
          <span className="fund-amount-code">{currency.name}</span>
          <button
            type="button"
            className="fund-amount-all"
            onClick={() => {
              setAmount(available);
              setTouched(true);
            }}
            data-testid="transfer-all"
          >
            {t('assets:transfer.all')}
          </button>
        </div>
        <div className="fund-field-hint" id={`${amountId}-hint`}>
          {showError && error !== null ? (
            <span className="fund-field-error" role="alert" data-testid="transfer-error">
              {t(`assets:transfer.errors.${error}`, { scale: currency.scale })}
            </span>
          ) : (
            <span />
          )}
          <span data-testid="transfer-available">
            {t('assets:transfer.available', { value: displayAmount(available), code: currency.name })}
          </span>
        </div>
      </div>

      <button
        type="submit"
        className="fx-button is-block fund-submit"
        disabled={submitting}
        data-testid="transfer-submit"
      >
        {submitting
          ? t('assets:transfer.submitting')
          : retryable
            ? t('assets:transfer.retry')
            : t('assets:transfer.submit')}
      </button>
      <p className="fund-note">{t('assets:transfer.note')}</p>
      <Link className="fund-link" to={assetsPaths.transferHistory}>
        {t('assets:transfer.history')}
        <RightOutline fontSize={11} />
      </Link>

      <OptionSheet
        visible={sheet === 'currency'}
        title={t('assets:transfer.chooseCoin')}
        selected={String(currency.id)}
        options={list.map((item) => ({
          value: String(item.id),
          label: item.name,
          detail: t('assets:transfer.availableShort', {
            value: displayAmount(availableIn(item, from)),
            code: item.name,
          }),
          leading: <CoinIcon code={item.name} image={item.image} size={28} />,
          testId: `transfer-currency-${item.name}`,
        }))}
        onSelect={(value) => {
          setCurrencyId(Number(value));
          setSheet(null);
        }}
        onClose={() => setSheet(null)}
      />
      <OptionSheet
        visible={sheet === 'from'}
        title={t('assets:transfer.chooseFrom')}
        selected={from}
        options={kindOptions}
        onSelect={chooseFrom}
        onClose={() => setSheet(null)}
      />
      <OptionSheet
        visible={sheet === 'to'}
        title={t('assets:transfer.chooseTo')}
        selected={to}
        options={kindOptions}
        onSelect={chooseTo}
        onClose={() => setSheet(null)}
      />
    </form>
  );
}
