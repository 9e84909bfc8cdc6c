import type { OptionOrder, OptionTermView } from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BottomSheet } from '../../components/ui/bottom-sheet';
import { LoginFirst } from '../../components/ui/login-first';
import { PageHeader } from '../../components/ui/page-header';
import { PageTabs } from '../../components/ui/page-tabs';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { useRequireSession } from '../../lib/require-session';
import { showToast } from '../../lib/toast';
import { useDateTime } from '../../lib/use-date-time';
import {
  optionsKeys,
  ordersQuery,
  payableQuery,
  poolQuery,
  receiptQuery,
  submitOption,
  termsQuery,
} from './options-api';
import { checkReceipt, percent, winPayout } from './options-rules';
import './options.css';

type Tab = 'holding' | 'history';
const tabs: readonly Tab[] = ['holding', 'history'];

/** /pages/transaction/seconds_order: the order panel, holdings and history, each with its receipt. */
export function SecondsOrderPage() {
  const { t } = useTranslation();
  const allowed = useRequireSession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'history' ? 'history' : 'holding';
  const [receiptId, setReceiptId] = useState<number | null>(null);
  return (
    <div className="op-page">
      <PageHeader back title={t('options:title')} />
      {allowed ? (
        <>
          <OrderPanel />
          <PageTabs
            tabs={tabs}
            active={tab}
            label={(name) => t(`options:tabs.${name}`)}
            onChange={(name) => setParams({ tab: name }, { replace: true })}
            testIdPrefix="options-tab-"
          />
          <OrderList key={tab} status={tab === 'holding' ? 1 : 3} onReceipt={setReceiptId} />
          <PoolLine />
        </>
      ) : (
        <LoginFirst />
      )}
      <BottomSheet
        visible={receiptId !== null}
        title={t('options:receipt.title')}
        onClose={() => setReceiptId(null)}
        className="is-tall"
        testId="options-receipt"
      >
        {receiptId !== null && <Receipt id={receiptId} />}
      </BottomSheet>
    </div>
  );
}

type OrderPanelProps = {
  /** The instrument shown, when a parent (the Seconds tab) follows it for its price and chart. */
  readonly matchId?: number | null;
  readonly onMatchId?: (id: number) => void;
  /** Asked before the confirmation (the Seconds tab's one-time risk disclosure). */
  readonly beforeConfirm?: () => Promise<boolean>;
  readonly onSubmitted?: (order: OptionOrder) => void;
};

/** Instrument, duration chips with their payout, amount, break-even, up and down with a confirmation. */
export function OrderPanel(props: OrderPanelProps = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const terms = useQuery(termsQuery);
  const payable = useQuery(payableQuery);
  const pairs = useMemo(() => {
    const seen = new Map<number, string>();
    for (const term of terms.data ?? []) seen.set(term.match_id, term.symbol);
    return [...seen.entries()];
  }, [terms.data]);
  const [ownMatchId, setOwnMatchId] = useState<number | null>(null);
  const matchId = props.matchId ?? ownMatchId;
  const setMatchId = (id: number) => {
    setOwnMatchId(id);
    props.onMatchId?.(id);
  };
  const [seconds, setSeconds] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const pair = matchId ?? pairs[0]?.[0] ?? null;
  const durations = (terms.data ?? []).filter((term) => term.match_id === pair);
  const term: OptionTermView | undefined =
    durations.find((candidate) => candidate.seconds === seconds) ?? durations[0];
  const currency = payable.data?.[0];

  async function confirm(type: 1 | 2) {
    if (!term || !currency || pair === null) return;
    if (props.beforeConfirm && !(await props.beforeConfirm())) return;
    const payout = winPayout(amount, term);
    if (payout === null) {
      showToast(t('options:order.amountRequired'));
      return;
    }
    const breakEven = percent(term.break_even);
    const accepted = await Dialog.confirm({
      title: t(type === 1 ? 'options:order.confirmUp' : 'options:order.confirmDown', { symbol: term.symbol }),
      content: (
        <dl className="fx-figures is-compact" data-testid="options-confirm">
          <div>
            <dt>{t('options:order.stake')}</dt>
            <dd>
              {amount} {currency.name}
            </dd>
          </div>
          <div>
            <dt>{t('options:order.duration')}</dt>
            <dd>{t('options:seconds', { count: term.seconds })}</dd>
          </div>
          <div>
            <dt>{t('options:order.payout')}</dt>
            <dd>
              {payout} {currency.name}
            </dd>
          </div>
          <div>
            <dt>{t('options:order.breakEven')}</dt>
            <dd>{breakEven}</dd>
          </div>
          <p className="op-note">{t('options:order.rule')}</p>
        </dl>
      ),
      confirmText: t('options:order.confirm'),
      cancelText: t('options:order.cancel'),
    });
    if (!accepted) return;
    setBusy(true);
    try {
      const order = await submitOption(
        { match_id: pair, currency_id: currency.id, type, seconds: term.seconds, number: amount },
        newIdempotencyKey(),
      );
      showToast(t('options:order.accepted'));
      setAmount('');
      if (order) props.onSubmitted?.(order);
      await queryClient.invalidateQueries({ queryKey: optionsKeys.root });
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  }

  if (terms.isPending) return <div className="skeleton op-panel-skeleton" />;
  if (!term) return <p className="op-note">{t('options:order.unavailable')}</p>;
  return (
    <section className="op-panel" data-testid="options-panel">
      <fieldset
        className="op-chips is-scroll"
        aria-label={t('options:order.pair')}
        data-testid="options-pairs"
      >
        {pairs.map(([id, symbol]) => (
          <button
            key={id}
            type="button"
            className={`op-chip${id === pair ? ' is-active' : ''}`}
            onClick={() => setMatchId(id)}
          >
            {symbol}
          </button>
        ))}
      </fieldset>
      <fieldset className="op-chips" aria-label={t('options:order.duration')}>
        {durations.map((candidate) => (
          <button
            key={candidate.seconds}
            type="button"
            data-testid={`options-duration-${candidate.seconds}`}
            className={`op-chip${candidate.seconds === term.seconds ? ' is-active' : ''}`}
            onClick={() => setSeconds(candidate.seconds)}
          >
            {t('options:seconds', { count: candidate.seconds })} · {percent(candidate.profit_rate)}
          </button>
        ))}
      </fieldset>
      <label className="op-amount">
        <span>
          {t('options:order.stake')} ({term.min_number}–{term.max_number} {currency?.name})
        </span>
        <input
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          data-testid="options-amount"
        />
        <small>
          {t('options:order.available', { amount: currency?.balance ?? '0', currency: currency?.name ?? '' })}
        </small>
      </label>
      <p className="op-note">{t('options:order.breakEvenNote', { rate: percent(term.break_even) })}</p>
      <div className="op-actions">
        <button
          type="button"
          className="fx-button op-up"
          disabled={busy}
          onClick={() => void confirm(1)}
          data-testid="options-up"
        >
          {t('options:order.up')}
        </button>
        <button
          type="button"
          className="fx-button op-down"
          disabled={busy}
          onClick={() => void confirm(2)}
          data-testid="options-down"
        >
          {t('options:order.down')}
        </button>
      </div>
    </section>
  );
}

function OrderList({ status, onReceipt }: { status: 1 | 3; onReceipt: (id: number) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(ordersQuery(status, page));
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / 5));
  if (query.isPending) return <div className="skeleton op-panel-skeleton" />;
  const list = query.data?.list ?? [];
  return (
    <div className="op-list" data-testid={`options-orders-${status}`}>
      {list.length === 0 && <p className="op-note">{t('options:empty')}</p>}
      <ul className="card-list">
        {list.map((order) => (
          <OrderItem key={order.id} order={order} onReceipt={onReceipt} />
        ))}
      </ul>
      {pages > 1 && (
        <div className="op-pager">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('options:previous')}
          </button>
          <span>
            {page} / {pages}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('options:next')}
          </button>
        </div>
      )}
    </div>
  );
}

function OrderItem({ order, onReceipt }: { order: OptionOrder; onReceipt: (id: number) => void }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const left = Math.max(0, Math.ceil((order.expires_at - Date.now()) / 1000));
  return (
    <li className="op-order" data-testid="options-order">
      <div className="op-order-head">
        <strong>{order.symbol}</strong>
        <span className={order.type === 1 ? 'op-up-text' : 'op-down-text'}>
          {t(order.type === 1 ? 'options:order.up' : 'options:order.down')}
        </span>
        <span>{t('options:seconds', { count: order.seconds })}</span>
      </div>
      <dl className="fx-figures is-compact">
        <div>
          <dt>{t('options:order.stake')}</dt>
          <dd>
            {order.number} {order.currency_name}
          </dd>
        </div>
        <div>
          <dt>{t('options:receipt.open')}</dt>
          <dd>{order.open_tick.price}</dd>
        </div>
        <div>
          <dt>{order.status === 1 ? t('options:countdown') : t('options:receipt.close')}</dt>
          <dd>
            {order.status === 1 ? t('options:seconds', { count: left }) : (order.close_tick?.price ?? '—')}
          </dd>
        </div>
        {order.result && (
          <div>
            <dt>{t('options:receipt.result')}</dt>
            <dd data-testid="options-result">
              {t(`options:results.${order.result}`)} · {order.payout} {order.currency_name}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('options:receipt.accepted')}</dt>
          <dd>{formatDateTime(order.accepted_at)}</dd>
        </div>
      </dl>
      <button type="button" className="fx-button is-secondary" onClick={() => onReceipt(order.id)}>
        {t('options:receipt.open_receipt')}
      </button>
    </li>
  );
}

export function Receipt({ id }: { id: number }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const query = useQuery(receiptQuery(id));
  if (!query.data) return <div className="skeleton op-panel-skeleton" />;
  const { order, ticks } = query.data;
  const check = checkReceipt(query.data);
  const hashOf = (tickId: string | undefined) => ticks.find((tick) => tick.id === tickId)?.hash ?? '—';
  const row = (label: string, value: string) => (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <div className="op-receipt">
      <p className={`op-check is-${check}`} data-testid="options-receipt-check">
        {t(`options:receipt.check.${check}`)}
      </p>
      <dl className="fx-figures is-compact">
        {row(t('options:receipt.instrument'), order.symbol)}
        {row(t('options:receipt.direction'), t(order.type === 1 ? 'options:order.up' : 'options:order.down'))}
        {row(t('options:order.stake'), `${order.number} ${order.currency_name}`)}
        {row(t('options:order.duration'), t('options:seconds', { count: order.seconds }))}
        {row(t('options:receipt.accepted'), `${formatDateTime(order.accepted_at)} (${order.accepted_at})`)}
        {row(t('options:receipt.expires'), `${formatDateTime(order.expires_at)} (${order.expires_at})`)}
        {row(
          t('options:receipt.open'),
          `#${order.open_tick.id} · ${order.open_tick.price} · ${order.open_tick.time}`,
        )}
        {row(t('options:receipt.hash'), hashOf(order.open_tick.id))}
        {order.close_tick &&
          row(
            t('options:receipt.close'),
            `#${order.close_tick.id} · ${order.close_tick.price} · ${order.close_tick.time}`,
          )}
        {order.close_tick && row(t('options:receipt.hash'), hashOf(order.close_tick.id))}
        {row(t('options:receipt.rule'), t('options:order.rule'))}
        {order.result && row(t('options:receipt.result'), t(`options:results.${order.result}`))}
        {order.payout !== null && row(t('options:receipt.paid'), `${order.payout} ${order.currency_name}`)}
        {row(t('options:receipt.ticks'), String(ticks.length))}
      </dl>
    </div>
  );
}

export function PoolLine() {
  const { t } = useTranslation();
  const pool = useQuery(poolQuery);
  const first = pool.data?.[0];
  if (!first) return null;
  return (
    <p className="op-note" data-testid="options-pool">
      {t('options:pool', { balance: first.balance, exposure: first.exposure, currency: first.currency_name })}
    </p>
  );
}
