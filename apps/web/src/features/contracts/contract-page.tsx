import type { ContractInstrument } from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { DownOutline, FileOutline, HistogramOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { OptionSheet } from '../../components/ui/option-sheet';
import { PageHeader } from '../../components/ui/page-header';
import { ApiError } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { useAppStore } from '../../lib/stores/app-store';
import { showToast } from '../../lib/toast';
import { useDateTime } from '../../lib/use-date-time';
import {
  closeAll,
  contractKeys,
  dealQuery,
  instrumentsQuery,
  poolQuery,
  submitPosition,
} from './api/contracts-api';
import { PositionCard } from './components/position-card';
import { contractRoutes, previewOpen, shown } from './contract-rules';
import './contracts.css';

/**
 * The contract screen (/pages/transaction/contract?id=<instrument>): perpetuals and stocks, long
 * or short with margin and a multiple, market or limit; what the order costs and where it would be
 * liquidated before confirming; open positions and pending orders with live profit and loss.
 */
export function ContractPage() {
  const { t } = useTranslation();
  const instruments = useQuery(instrumentsQuery);
  const [searchParams, setSearchParams] = useSearchParams();
  const [sheetOpen, setSheetOpen] = useState(false);
  const list = instruments.data ?? [];
  const wanted = Number(searchParams.get('id'));
  const symbolParam = searchParams.get('symbol');
  const instrument =
    list.find((entry) => entry.currency_id === wanted) ??
    list.find((entry) => entry.symbol === symbolParam) ??
    list[0] ??
    null;
  return (
    <div className="ct-page">
      <PageHeader
        back
        title={t('contracts:title')}
        right={
          <Link
            className="icon-button"
            to={contractRoutes.orders}
            aria-label={t('contracts:orders.title')}
            data-testid="contract-orders-link"
          >
            <FileOutline fontSize={20} />
          </Link>
        }
      />
      <nav className="ct-switch" aria-label={t('contracts:switch.label')}>
        <Link className="ct-switch-item" to={contractRoutes.spot} replace>
          {t('contracts:switch.spot')}
        </Link>
        <span className="ct-switch-item is-active" aria-current="page">
          {t('contracts:switch.contract')}
        </span>
        <Link
          className="ct-switch-item"
          to={contractRoutes.seconds}
          replace
          data-testid="contract-seconds-link"
        >
          {t('contracts:switch.seconds')}
        </Link>
      </nav>
      {instruments.isPending ? (
        <div className="ct-body" aria-busy="true">
          <div className="skeleton ct-skeleton" />
          <div className="skeleton ct-skeleton is-tall" />
        </div>
      ) : instrument ? (
        <>
          <InstrumentScreen
            key={instrument.currency_id}
            instrument={instrument}
            onSwitch={() => setSheetOpen(true)}
          />
          <OptionSheet
            visible={sheetOpen}
            title={t('contracts:instrument')}
            selected={String(instrument.currency_id)}
            options={list.map((entry) => ({
              value: String(entry.currency_id),
              label: entry.symbol,
              detail: t(entry.kind === 'stock' ? 'contracts:kinds.stock' : 'contracts:kinds.perpetual'),
              testId: `contract-option-${entry.symbol}`,
            }))}
            onSelect={(value) => {
              setSheetOpen(false);
              setSearchParams({ id: value }, { replace: true });
            }}
            onClose={() => setSheetOpen(false)}
          />
        </>
      ) : (
        <div className="ct-empty" data-testid="contract-load-error">
          <p>{t('contracts:loadError')}</p>
          <button type="button" className="fx-button is-secondary" onClick={() => instruments.refetch()}>
            {t('contracts:retry')}
          </button>
        </div>
      )}
    </div>
  );
}

function InstrumentScreen({
  instrument,
  onSwitch,
}: {
  instrument: ContractInstrument;
  onSwitch: () => void;
}) {
  const { t } = useTranslation();
  const token = useAppStore((state) => state.token);
  const deal = useQuery(dealQuery(instrument.currency_id, Boolean(token)));
  const pool = useQuery(poolQuery);
  const dateTime = useDateTime();
  const live = deal.data?.instrument ?? instrument;
  const positions = deal.data?.positions ?? [];
  const open = positions.filter((position) => position.status === 'open');
  const pending = positions.filter((position) => position.status === 'pending');
  return (
    <div className="ct-body">
      <div className="ct-bar">
        <button
          type="button"
          className="ct-instrument"
          onClick={onSwitch}
          aria-haspopup="listbox"
          data-testid="contract-switcher"
        >
          <span className="ct-symbol" data-testid="contract-symbol">
            {live.symbol}
          </span>
          <DownOutline fontSize={12} />
        </button>
        <span className="ct-kind">
          {t(live.kind === 'stock' ? 'contracts:kinds.stock' : 'contracts:kinds.perpetual')}
        </span>
        <Link
          className="ct-chart-link"
          to={`/pages/market/detail?symbol=${encodeURIComponent(live.symbol)}`}
          data-testid="contract-chart-link"
        >
          <HistogramOutline fontSize={18} />
          <span>{t('contracts:chart')}</span>
        </Link>
      </div>
      <div className="ct-price-line">
        <span className="ct-price" data-testid="contract-price">
          {shown(live.reference?.price, 4)}
        </span>
        <span className="ct-muted">
          {live.reference ? t('contracts:tick', { id: live.reference.tick_id }) : t('contracts:noPrice')}
        </span>
      </div>
      {!live.session.open && (
        <p className="ct-note" role="note" data-testid="contract-session-closed">
          {live.session.next_open
            ? t('contracts:session.closedUntil', { time: dateTime(live.session.next_open) })
            : t('contracts:session.closed')}
        </p>
      )}
      {token ? (
        <OrderPanel instrument={live} available={deal.data?.account?.available ?? null} />
      ) : (
        <Link className="fx-button" to="/pages/common/login" data-testid="contract-login">
          {t('contracts:login')}
        </Link>
      )}
      <dl className="fx-figures is-compact ct-pool" data-testid="contract-pool">
        <div>
          <dt>{t('contracts:pool.balance')}</dt>
          <dd>{shown(pool.data?.pool_balance, 2)} USDT</dd>
        </div>
        <div>
          <dt>{t('contracts:pool.long')}</dt>
          <dd>
            {shown(live.long.used, 2)} / {shown(live.long.cap, 2)}
          </dd>
        </div>
        <div>
          <dt>{t('contracts:pool.short')}</dt>
          <dd>
            {shown(live.short.used, 2)} / {shown(live.short.cap, 2)}
          </dd>
        </div>
      </dl>
      {token && (
        <section className="ct-positions" aria-label={t('contracts:positions.title')}>
          <div className="ct-section-head">
            <h2>
              {t('contracts:positions.title')} ({open.length})
            </h2>
            {open.length > 0 && <CloseAllButton />}
          </div>
          {deal.data?.account?.risk_rate && (
            <p className="ct-muted" data-testid="contract-account-risk">
              {t('contracts:positions.accountRisk', {
                rate: shown(deal.data.account.risk_rate, 2),
                pnl: shown(deal.data.account.unrealised, 2),
              })}
            </p>
          )}
          {open.length === 0 && pending.length === 0 && (
            <p className="ct-muted">{t('contracts:positions.empty')}</p>
          )}
          {[...open, ...pending].map((position) => (
            <PositionCard key={position.id} position={position} />
          ))}
        </section>
      )}
    </div>
  );
}

function OrderPanel({ instrument, available }: { instrument: ContractInstrument; available: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [side, setSide] = useState<'long' | 'short'>('long');
  const [kind, setKind] = useState<'market' | 'limit'>('market');
  const [lots, setLots] = useState('1');
  const [multiple, setMultiple] = useState(
    instrument.multiples.includes(10) ? 10 : (instrument.multiples[0] ?? 1),
  );
  const [limitPrice, setLimitPrice] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const lastAttempt = useRef<{ signature: string; key: string } | null>(null);
  const preview = previewOpen({
    instrument,
    side,
    lots,
    multiple,
    limitPrice: kind === 'limit' ? limitPrice || null : null,
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!preview) {
      showToast(t('contracts:form.incomplete'));
      return;
    }
    const confirmed = await Dialog.confirm({
      title: t(side === 'long' ? 'contracts:form.confirmLong' : 'contracts:form.confirmShort', {
        symbol: instrument.symbol,
      }),
      content: t('contracts:form.confirmBody', {
        lots,
        multiple,
        margin: shown(preview.margin, 4),
        fee: shown(preview.fee, 4),
        liquidation: shown(preview.liquidationPrice, 4),
      }),
      confirmText: t('contracts:form.confirm'),
      cancelText: t('contracts:form.cancel'),
    });
    if (!confirmed) return;
    const params = {
      currency_id: instrument.currency_id,
      legal_id: instrument.legal_id,
      share: lots,
      multiple,
      type: side === 'long' ? 1 : 2,
      status: kind === 'limit' ? 1 : 0,
      ...(kind === 'limit' ? { target_price: limitPrice } : {}),
      ...(takeProfit.trim() ? { target_profit_price: takeProfit.trim() } : {}),
      ...(stopLoss.trim() ? { stop_loss_price: stopLoss.trim() } : {}),
    };
    const signature = JSON.stringify(params);
    const key = lastAttempt.current?.signature === signature ? lastAttempt.current.key : newIdempotencyKey();
    lastAttempt.current = { signature, key };
    setSubmitting(true);
    try {
      const position = await submitPosition(params, key);
      lastAttempt.current = null;
      showToast(position.status === 'open' ? t('contracts:form.opened') : t('contracts:form.placed'));
      setTakeProfit('');
      setStopLoss('');
    } catch (error) {
      if (!(error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network'))) {
        lastAttempt.current = null;
      }
    } finally {
      setSubmitting(false);
      void queryClient.invalidateQueries({ queryKey: contractKeys.all });
    }
  };

  const buying = side === 'long';
  return (
    <form className={`ct-form is-${side}`} onSubmit={submit} noValidate data-testid="contract-form">
      <div className="ct-sides" role="tablist">
        {(['long', 'short'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={side === name}
            className={`ct-side is-${name}${side === name ? ' is-active' : ''}`}
            onClick={() => setSide(name)}
            data-testid={`contract-side-${name}`}
          >
            {t(`contracts:form.${name}`)}
          </button>
        ))}
      </div>
      <div className="ct-kinds" role="tablist">
        {(['market', 'limit'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={kind === name}
            className={`ct-kind${kind === name ? ' is-active' : ''}`}
            onClick={() => setKind(name)}
            data-testid={`contract-kind-${name}`}
          >
            {t(`contracts:form.${name}`)}
          </button>
        ))}
      </div>
      {kind === 'limit' && (
        <label className="ct-box">
          <span className="ct-box-label">{t('contracts:form.limitPrice')}</span>
          <input
            className="ct-input"
            inputMode="decimal"
            autoComplete="off"
            value={limitPrice}
            onChange={(event) => setLimitPrice(event.target.value)}
            data-testid="contract-limit-price"
          />
        </label>
      )}
      <label className="ct-box">
        <span className="ct-box-label">{t('contracts:form.lots')}</span>
        <input
          className="ct-input"
          inputMode="numeric"
          autoComplete="off"
          value={lots}
          onChange={(event) => setLots(event.target.value.trim())}
          data-testid="contract-lots"
        />
        <span className="ct-unit">{t('contracts:form.lotSize', { size: instrument.lever_share_num })}</span>
      </label>
      <span className="ct-muted">{t('contracts:form.multiple')}</span>
      <div className="ct-multiples">
        {instrument.multiples.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={multiple === value}
            className={`fx-chip ct-multiple${multiple === value ? ' is-selected' : ''}`}
            onClick={() => setMultiple(value)}
            data-testid={`contract-multiple-${value}`}
          >
            {value}x
          </button>
        ))}
      </div>
      <div className="ct-stops">
        <label className="ct-box">
          <span className="ct-box-label">{t('contracts:form.takeProfit')}</span>
          <input
            className="ct-input"
            inputMode="decimal"
            autoComplete="off"
            value={takeProfit}
            onChange={(event) => setTakeProfit(event.target.value)}
            data-testid="contract-take-profit"
          />
        </label>
        <label className="ct-box">
          <span className="ct-box-label">{t('contracts:form.stopLoss')}</span>
          <input
            className="ct-input"
            inputMode="decimal"
            autoComplete="off"
            value={stopLoss}
            onChange={(event) => setStopLoss(event.target.value)}
            data-testid="contract-stop-loss"
          />
        </label>
      </div>
      <dl className="fx-figures is-compact" data-testid="contract-preview">
        <div>
          <dt>{t('contracts:form.margin')}</dt>
          <dd data-testid="contract-preview-margin">{shown(preview?.margin, 4)} USDT</dd>
        </div>
        <div>
          <dt>{t('contracts:form.fee')}</dt>
          <dd>{shown(preview?.fee, 4)} USDT</dd>
        </div>
        <div>
          <dt>{t('contracts:form.liquidation')}</dt>
          <dd data-testid="contract-preview-liquidation">{shown(preview?.liquidationPrice, 4)}</dd>
        </div>
        <div>
          <dt>{t('contracts:form.available')}</dt>
          <dd data-testid="contract-available">{shown(available, 4)} USDT</dd>
        </div>
      </dl>
      {available !== null && Number(available) === 0 && (
        <Link className="ct-transfer-link" to="/pages/fund/transfer" data-testid="contract-transfer-link">
          {t('contracts:form.transfer')}
        </Link>
      )}
      <button
        type="submit"
        className={`ct-submit is-${buying ? 'long' : 'short'}`}
        disabled={submitting || (kind === 'market' && !instrument.session.open)}
        data-testid="contract-submit"
      >
        {t(buying ? 'contracts:form.openLong' : 'contracts:form.openShort')}
      </button>
    </form>
  );
}

function CloseAllButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const closeEvery = async () => {
    const confirmed = await Dialog.confirm({
      title: t('contracts:positions.closeAllTitle'),
      content: t('contracts:positions.closeAllBody'),
      confirmText: t('contracts:positions.closeAll'),
      cancelText: t('contracts:form.cancel'),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      const result = await closeAll(0, newIdempotencyKey());
      showToast(t('contracts:positions.closedCount', { count: result.closed }));
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: contractKeys.all });
    }
  };
  return (
    <button
      type="button"
      className="ct-link-button"
      onClick={closeEvery}
      disabled={busy}
      data-testid="contract-close-all"
    >
      {t('contracts:positions.closeAll')}
    </button>
  );
}
