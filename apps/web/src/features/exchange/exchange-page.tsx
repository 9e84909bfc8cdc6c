import type { ExchangeDirection, ExchangeResult } from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { CheckCircleFill, DownOutline, ExclamationCircleOutline, FileOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OptionSheet } from '../../components/ui/option-sheet';
import { PageHeader } from '../../components/ui/page-header';
import { ApiError } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { balanceQueryKeys, spotQueryKeys } from '../../lib/market/spot-query-keys';
import { useRequireSession } from '../../lib/require-session';
import { useAppStore } from '../../lib/stores/app-store';
import { directionsQuery, quoteQuery, submitExchange } from './api/exchange-api';
import {
  amountProblem,
  type Currency,
  directionAfterFrom,
  exchangeRoutes,
  figure,
  fromCurrencies,
  isZeroRate,
  percentText,
  quoteDebounceMs,
  swapped,
  toCurrencies,
} from './exchange-rules';
import './exchange.css';
import { LoginFirst } from '../../components/ui/login-first';

/** /pages/fund/exchange: quick exchange between currencies, a market order through the book. */
export function ExchangePage() {
  const { t } = useTranslation();
  const allowed = useRequireSession();
  return (
    <div className="ex-page">
      <PageHeader
        back
        title={t('trade:exchange.title')}
        right={
          <Link
            className="icon-button"
            to={exchangeRoutes.bill}
            aria-label={t('trade:exchange.billLink')}
            data-testid="exchange-bill-link"
          >
            <FileOutline fontSize={20} />
          </Link>
        }
      />
      {allowed ? <ExchangeContent /> : <LoginFirst />}
    </div>
  );
}

function ExchangeContent() {
  const { t } = useTranslation();
  const directions = useQuery(directionsQuery);
  const [result, setResult] = useState<ExchangeResult | null>(null);
  if (directions.isPending) {
    return (
      <div className="ex-body" aria-busy="true">
        <div className="skeleton ex-skeleton" />
        <div className="skeleton ex-skeleton" />
      </div>
    );
  }
  const list = directions.data ?? [];
  if (directions.isError || list.length === 0) {
    return (
      <div className="ex-body">
        <div className="ex-empty" data-testid="exchange-load-error">
          <p>{t('trade:loadError')}</p>
          <button type="button" className="fx-button is-secondary" onClick={() => directions.refetch()}>
            {t('trade:retry')}
          </button>
        </div>
      </div>
    );
  }
  if (result) return <ExchangeDone result={result} onAgain={() => setResult(null)} />;
  return <ExchangeForm directions={list} onDone={setResult} />;
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

const problemKeys = {
  invalid: 'trade:exchange.errors.invalid',
  belowMin: 'trade:exchange.errors.belowMin',
  aboveAvailable: 'trade:exchange.errors.aboveAvailable',
} as const;

function CurrencyButton({
  currency,
  onClick,
  testId,
}: {
  currency: Currency;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button type="button" className="ex-currency" onClick={onClick} data-testid={testId}>
      <img
        className="ex-coin"
        src={`/coins/${currency.code.toLowerCase()}.svg`}
        alt=""
        width={26}
        height={26}
        onError={(event) => {
          event.currentTarget.style.visibility = 'hidden';
        }}
      />
      <span>{currency.code}</span>
      <DownOutline fontSize={12} />
    </button>
  );
}

function ExchangeForm({
  directions,
  onDone,
}: {
  directions: readonly ExchangeDirection[];
  onDone: (result: ExchangeResult) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const demo = useAppStore((state) => state.demo);
  const [direction, setDirection] = useState<ExchangeDirection>(() => directions[0] as ExchangeDirection);
  const [amount, setAmount] = useState('');
  const [sheet, setSheet] = useState<'from' | 'to' | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const lastAttempt = useRef<{ signature: string; key: string } | null>(null);
  // The list refreshes after each exchange: keep the same direction with its new balance.
  const current =
    directions.find(
      (entry) =>
        entry.from_currency_id === direction.from_currency_id &&
        entry.to_currency_id === direction.to_currency_id,
    ) ?? direction;
  const problem = amountProblem(amount, current);
  const settledAmount = useDebounced(problem === null ? amount.trim() : '', quoteDebounceMs);
  const quote = useQuery(
    quoteQuery({ from: current.from_currency_id, to: current.to_currency_id, number: settledAmount }),
  );
  const quoted = quote.data && settledAmount === amount.trim() && settledAmount !== '' ? quote.data : null;
  // The rate for the typed amount when there is one, else the best level's.
  const rate = quoted?.rate ?? quote.data?.rate ?? null;

  const fromList = fromCurrencies(directions);
  const toList = toCurrencies(directions, current.from_currency_id);
  const chooseFrom = (id: number) => {
    const next = directionAfterFrom(directions, id, current.to_currency_id);
    if (next) setDirection(next);
    setAmount('');
  };
  const chooseTo = (id: number) => {
    const next = directions.find(
      (entry) => entry.from_currency_id === current.from_currency_id && entry.to_currency_id === id,
    );
    if (next) setDirection(next);
  };
  const swap = () => {
    const next = swapped(directions, current);
    if (next) {
      setDirection(next);
      setAmount('');
    }
  };

  const confirm = async () => {
    if (!quoted || problem !== null) return;
    const confirmed = await Dialog.confirm({
      title: t('trade:exchange.confirmTitle'),
      content: (
        <dl className="fx-figures ex-dialog-figures" data-testid="exchange-confirm">
          <div>
            <dt>{t('trade:exchange.pay')}</dt>
            <dd>
              {figure(amount.trim())} {current.from_currency}
            </dd>
          </div>
          <div>
            <dt>{t('trade:exchange.receiveAbout')}</dt>
            <dd>
              {figure(quoted.receive)} {current.to_currency}
            </dd>
          </div>
          <div>
            <dt>{t('trade:exchange.fee')}</dt>
            <dd>
              {figure(quoted.fee)} {quoted.fee_currency}
            </dd>
          </div>
          <p className="ex-dialog-note">{t('trade:exchange.confirmNote')}</p>
        </dl>
      ),
      confirmText: t('trade:exchange.confirm'),
      cancelText: t('trade:exchange.cancel'),
    });
    if (!confirmed) return;
    const params = {
      from: current.from_currency_id,
      to: current.to_currency_id,
      number: amount.trim(),
      minReceive: null,
    };
    const signature = JSON.stringify(params);
    const key = lastAttempt.current?.signature === signature ? lastAttempt.current.key : newIdempotencyKey();
    lastAttempt.current = { signature, key };
    setSubmitting(true);
    try {
      const done = await submitExchange(params, key);
      lastAttempt.current = null;
      if (done) onDone(done);
    } catch (error) {
      if (!(error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network'))) {
        lastAttempt.current = null;
      }
    } finally {
      setSubmitting(false);
      void queryClient.invalidateQueries({ queryKey: spotQueryKeys.orders });
      for (const queryKey of balanceQueryKeys) void queryClient.invalidateQueries({ queryKey });
    }
  };

  const canConfirm = quoted?.fillable === true && problem === null && !submitting;
  return (
    <div className="ex-body" data-testid="exchange-form">
      {demo && (
        <p className="ex-demo" role="note">
          <ExclamationCircleOutline fontSize={14} />
          <span>{t('trade:demo')}</span>
        </p>
      )}
      <section className="ex-card">
        <div className="ex-card-head">
          <span className="ex-label">{t('trade:exchange.from')}</span>
          <span className="ex-available" data-testid="exchange-available">
            {t('trade:exchange.available', {
              amount: figure(current.available),
              code: current.from_currency,
            })}
          </span>
        </div>
        <div className="ex-row">
          <CurrencyButton
            currency={{ id: current.from_currency_id, code: current.from_currency }}
            onClick={() => setSheet('from')}
            testId="exchange-from"
          />
          <input
            className="ex-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('trade:exchange.amountPlaceholder', { min: figure(current.min_number) })}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-label={t('trade:exchange.amount')}
            aria-invalid={problem ? true : undefined}
            data-testid="exchange-amount"
          />
          <button
            type="button"
            className="fx-field-action ex-all"
            onClick={() => setAmount(current.available)}
            data-testid="exchange-all"
          >
            {t('trade:exchange.all')}
          </button>
        </div>
        {problem && (
          <p className="ex-error" role="alert" data-testid="exchange-amount-error">
            {t(problemKeys[problem], {
              min: figure(current.min_number),
              code: current.from_currency,
            })}
          </p>
        )}
      </section>
      <button
        type="button"
        className="ex-swap"
        onClick={swap}
        aria-label={t('trade:exchange.swap')}
        data-testid="exchange-swap"
      >
        <span aria-hidden="true">⇅</span>
      </button>
      <section className="ex-card">
        <div className="ex-card-head">
          <span className="ex-label">{t('trade:exchange.to')}</span>
        </div>
        <div className="ex-row">
          <CurrencyButton
            currency={{ id: current.to_currency_id, code: current.to_currency }}
            onClick={() => setSheet('to')}
            testId="exchange-to"
          />
          <span className="ex-receive" data-testid="exchange-receive">
            {quoted ? `≈ ${figure(quoted.receive)}` : '--'}
          </span>
        </div>
      </section>
      <dl className="fx-figures is-panel" data-testid="exchange-quote">
        <div>
          <dt>{t('trade:exchange.rate')}</dt>
          <dd data-testid="exchange-rate">
            {rate ? `1 ${current.from_currency} ≈ ${figure(rate)} ${current.to_currency}` : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('trade:exchange.feeRate')}</dt>
          <dd>
            {quote.data && isZeroRate(quote.data.fee_rate) ? (
              <span className="ex-zero-fee" data-testid="exchange-zero-fees">
                {t('trade:form.zeroFees')}
              </span>
            ) : quote.data ? (
              percentText(quote.data.fee_rate)
            ) : (
              '--'
            )}
          </dd>
        </div>
        <div>
          <dt>{t('trade:exchange.fee')}</dt>
          <dd data-testid="exchange-fee">{quoted ? `${figure(quoted.fee)} ${quoted.fee_currency}` : '--'}</dd>
        </div>
        <div>
          <dt>{t('trade:exchange.reference')}</dt>
          <dd>
            {quote.data?.reference_price
              ? `${figure(quote.data.reference_price)}${quote.data.tick_id ? ` · #${quote.data.tick_id}` : ''}`
              : '--'}
          </dd>
        </div>
      </dl>
      {quoted && !quoted.fillable && (
        <p className="ex-error" role="alert" data-testid="exchange-not-fillable">
          {t('trade:exchange.notFillable')}
        </p>
      )}
      <button
        type="button"
        className="fx-button is-block ex-submit"
        disabled={!canConfirm}
        onClick={confirm}
        data-testid="exchange-submit"
      >
        {submitting ? t('trade:exchange.submitting') : t('trade:exchange.submit')}
      </button>
      <ul className="ex-notes">
        <li>{t('trade:exchange.noteMarket')}</li>
        <li>{t('trade:exchange.noteBand')}</li>
      </ul>
      <OptionSheet
        visible={sheet === 'from'}
        title={t('trade:exchange.from')}
        options={fromList.map((entry) => ({
          value: String(entry.id),
          label: entry.code,
          testId: `exchange-from-${entry.code}`,
        }))}
        selected={String(current.from_currency_id)}
        onSelect={(value) => {
          setSheet(null);
          chooseFrom(Number(value));
        }}
        onClose={() => setSheet(null)}
      />
      <OptionSheet
        visible={sheet === 'to'}
        title={t('trade:exchange.to')}
        options={toList.map((entry) => ({
          value: String(entry.id),
          label: entry.code,
          testId: `exchange-to-${entry.code}`,
        }))}
        selected={String(current.to_currency_id)}
        onSelect={(value) => {
          setSheet(null);
          chooseTo(Number(value));
        }}
        onClose={() => setSheet(null)}
      />
    </div>
  );
}

function ExchangeDone({ result, onAgain }: { result: ExchangeResult; onAgain: () => void }) {
  const { t } = useTranslation();
  const [base = '', quote = ''] = result.order.symbol.split('/');
  const spentCode = result.order.side === 'buy' ? quote : base;
  const receivedCode = result.order.side === 'buy' ? base : quote;
  return (
    <div className="ex-body" data-testid="exchange-result">
      <div className="ex-done">
        <CheckCircleFill fontSize={48} className="ex-done-icon" />
        <p className="ex-done-title">{t('trade:exchange.doneTitle')}</p>
      </div>
      <dl className="fx-figures is-panel">
        <div>
          <dt>{t('trade:exchange.spent')}</dt>
          <dd data-testid="exchange-spent">
            {figure(result.spent)} {spentCode}
          </dd>
        </div>
        <div>
          <dt>{t('trade:exchange.received')}</dt>
          <dd className="is-strong" data-testid="exchange-received">
            {figure(result.received)} {receivedCode}
          </dd>
        </div>
        <div>
          <dt>{t('trade:exchange.fee')}</dt>
          <dd>
            {figure(result.fee)} {result.fee_currency}
          </dd>
        </div>
        <div>
          <dt>{t('trade:exchange.average')}</dt>
          <dd>
            {figure(result.average_price)} {quote}
          </dd>
        </div>
      </dl>
      <Link className="fx-button is-block" to={exchangeRoutes.bill} data-testid="exchange-bill">
        {t('trade:exchange.viewBill')}
      </Link>
      <button type="button" className="fx-button is-secondary is-block" onClick={onAgain}>
        {t('trade:exchange.again')}
      </button>
    </div>
  );
}
