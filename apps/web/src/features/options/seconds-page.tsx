import type { OptionOrder } from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BottomSheet } from '../../components/ui/bottom-sheet';
import { LoginFirst } from '../../components/ui/login-first';
import { PageHeader } from '../../components/ui/page-header';
import { useLiveQuotes } from '../../lib/market/use-market-stream';
import { useRequireSession } from '../../lib/require-session';
import { optionsKeys, receiptQuery, termsQuery } from './options-api';
import { OrderPanel, PoolLine, Receipt } from './seconds-order-page';
import type { TickPoint } from './tick-chart';
import './options.css';
import type { TranslationKey } from '../../lib/translation-key';

const TickChart = lazy(() => import('./tick-chart').then((module) => ({ default: module.TickChart })));

export const secondsRoutes = {
  tab: '/pages/transaction/seconds',
  orders: '/pages/transaction/seconds_order',
  spot: '/pages/transaction/index',
  contract: '/pages/transaction/contract',
} as const;

const disclosureKey = 'fairex.options.riskAccepted';
const chartPointsMax = 600;

/**
 * The Trade tab's Seconds screen (/pages/transaction/seconds): instrument, live price and a small
 * live chart, the order panel of the options page, and after submitting the order's countdown with
 * its open and live price, then its result and the receipt the browser verifies.
 */
export function SecondsPage() {
  const { t } = useTranslation();
  const allowed = useRequireSession();
  const terms = useQuery(termsQuery);
  const [matchId, setMatchId] = useState<number | null>(null);
  const [active, setActive] = useState<OptionOrder | null>(null);
  const [receiptId, setReceiptId] = useState<number | null>(null);
  const pair = matchId ?? terms.data?.[0]?.match_id ?? null;
  const symbol = terms.data?.find((term) => term.match_id === pair)?.symbol ?? null;
  const watched = useMemo(
    () => [...new Set([symbol, active?.symbol].filter((value): value is string => !!value))],
    [symbol, active?.symbol],
  );
  const live = useLiveQuotes(watched);
  const quote = symbol ? live.get(symbol) : undefined;
  const [points, setPoints] = useState<TickPoint[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new instrument starts a new line
  useEffect(() => setPoints([]), [symbol]);
  useEffect(() => {
    if (!quote) return;
    setPoints((previous) => [
      ...previous.slice(-chartPointsMax + 1),
      { timeMs: Date.now(), price: quote.last },
    ]);
  }, [quote]);

  return (
    <div className="op-page">
      <PageHeader
        back
        title={t('options:title')}
        right={
          <Link
            className="icon-button"
            to={secondsRoutes.orders}
            aria-label={t('options:history')}
            data-testid="seconds-orders-link"
          >
            <FileOutline fontSize={20} />
          </Link>
        }
      />
      <nav className="op-switch" aria-label={t('contracts:switch.label')}>
        <Link className="op-switch-item" to={secondsRoutes.spot} replace>
          {t('contracts:switch.spot')}
        </Link>
        <Link className="op-switch-item" to={secondsRoutes.contract} replace>
          {t('contracts:switch.contract')}
        </Link>
        <span className="op-switch-item is-active" aria-current="page">
          {t('contracts:switch.seconds')}
        </span>
      </nav>
      {allowed ? (
        <>
          <section className="op-price" data-testid="seconds-price">
            <strong>{symbol ?? '—'}</strong>
            <span className="op-price-last" data-testid="seconds-live-price">
              {quote?.last ?? '—'}
            </span>
          </section>
          <Suspense fallback={<div className="op-chart skeleton" />}>
            <TickChart points={points} />
          </Suspense>
          {active ? (
            <ActiveOrder
              order={active}
              livePrice={live.get(active.symbol)?.last ?? null}
              onReceipt={setReceiptId}
              onDone={() => setActive(null)}
            />
          ) : (
            <OrderPanel
              matchId={pair}
              onMatchId={setMatchId}
              beforeConfirm={acceptRiskOnce(t)}
              onSubmitted={setActive}
            />
          )}
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

/** The risk disclosure shown before the first order; accepted once on this device. */
function acceptRiskOnce(t: (key: TranslationKey) => string) {
  return async (): Promise<boolean> => {
    if (localStorage.getItem(disclosureKey) === '1') return true;
    const accepted = await Dialog.confirm({
      title: t('options:risk.title'),
      content: (
        <div className="op-risk" data-testid="options-risk">
          <p>{t('options:risk.body')}</p>
          <p>{t('options:risk.fair')}</p>
        </div>
      ),
      confirmText: t('options:risk.accept'),
      cancelText: t('options:order.cancel'),
    });
    if (accepted) localStorage.setItem(disclosureKey, '1');
    return accepted;
  };
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** The order just submitted: a countdown with the open and the live price, then its result. */
function ActiveOrder({
  order,
  livePrice,
  onReceipt,
  onDone,
}: {
  order: OptionOrder;
  livePrice: string | null;
  onReceipt: (id: number) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const now = useNow(true);
  const expired = now >= order.expires_at;
  const receipt = useQuery({
    ...receiptQuery(order.id),
    queryKey: [...optionsKeys.root, 'active', order.id],
    enabled: expired,
    refetchInterval: (query) => (query.state.data?.order.status === 3 ? false : 1_000),
  });
  const settled = receipt.data?.order.status === 3 ? receipt.data.order : null;
  const queryClient = useQueryClient();
  const isSettled = settled !== null;
  useEffect(() => {
    // The balance, the pool's reservations and the lists changed with the settlement.
    if (isSettled) void queryClient.invalidateQueries({ queryKey: optionsKeys.root, exact: false });
  }, [isSettled, queryClient]);
  const left = Math.max(0, Math.ceil((order.expires_at - now) / 1000));
  const total = order.seconds * 1000;
  const progress = Math.min(100, Math.max(0, ((now - order.accepted_at) / total) * 100));
  return (
    <section className="op-active" data-testid="seconds-active">
      <div className="op-order-head">
        <strong>{order.symbol}</strong>
        <span className={order.type === 1 ? 'op-up-text' : 'op-down-text'}>
          {t(order.type === 1 ? 'options:order.up' : 'options:order.down')}
        </span>
        <span>
          {order.number} {order.currency_name}
        </span>
      </div>
      {settled ? (
        <p className={`op-result is-${settled.result}`} data-testid="seconds-result">
          {settled.result ? t(`options:results.${settled.result}`) : null} · {settled.payout}{' '}
          {settled.currency_name}
        </p>
      ) : (
        <>
          <p className="op-countdown" data-testid="seconds-countdown">
            {expired ? t('options:settling') : t('options:seconds', { count: left })}
          </p>
          <div className="op-progress">
            <span style={{ width: `${progress}%` }} />
          </div>
        </>
      )}
      <dl className="fx-figures is-compact">
        <div>
          <dt>{t('options:receipt.open')}</dt>
          <dd data-testid="seconds-open-price">{order.open_tick.price}</dd>
        </div>
        <div>
          <dt>{settled ? t('options:receipt.close') : t('options:livePrice')}</dt>
          <dd>{settled ? (settled.close_tick?.price ?? '—') : (livePrice ?? '—')}</dd>
        </div>
      </dl>
      {settled && (
        <div className="op-actions">
          <button
            type="button"
            className="fx-button is-secondary"
            onClick={() => onReceipt(order.id)}
            data-testid="seconds-receipt"
          >
            {t('options:receipt.open_receipt')}
          </button>
          <button type="button" className="fx-button" onClick={onDone} data-testid="seconds-again">
            {t('options:again')}
          </button>
        </div>
      )}
    </section>
  );
}
