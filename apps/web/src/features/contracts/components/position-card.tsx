import type { ContractPosition } from '@fairex/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { showToast } from '../../../lib/toast';
import { useDateTime } from '../../../lib/use-date-time';
import { cancelOrder, closePosition, contractKeys, setStops } from '../api/contracts-api';
import { shown, tone } from '../contract-rules';

/** An open position (live profit and loss, risk rate, TP/SL, close) or a pending limit (cancel). */
export function PositionCard({ position }: { position: ContractPosition }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dateTime = useDateTime();
  const [stopsOpen, setStopsOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const closeKey = useRef<string | null>(null);
  const long = position.type === 1;
  const pending = position.status === 'pending';

  const close = async () => {
    const confirmed = await Dialog.confirm({
      title: t(pending ? 'contracts:positions.cancelTitle' : 'contracts:positions.closeTitle'),
      content: t(pending ? 'contracts:positions.cancelBody' : 'contracts:positions.closeBody', {
        symbol: position.symbol,
        profit: shown(position.profit, 4),
      }),
      confirmText: t(pending ? 'contracts:positions.cancel' : 'contracts:positions.close'),
      cancelText: t('contracts:form.cancel'),
    });
    if (!confirmed) return;
    closeKey.current ??= newIdempotencyKey();
    setBusy(true);
    try {
      if (pending) await cancelOrder(position.id, closeKey.current);
      else {
        const receipt = await closePosition(position, closeKey.current);
        showToast(t('contracts:positions.closed', { profit: shown(receipt.outcome.profit, 4) }));
      }
      closeKey.current = null;
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: contractKeys.all });
    }
  };

  return (
    <article className="ct-card" data-testid={`contract-position-${position.id}`}>
      <header className="ct-card-head">
        <span className={`ct-direction is-${long ? 'long' : 'short'}`}>
          {t(long ? 'contracts:form.long' : 'contracts:form.short')} {position.multiple}x
        </span>
        <span className="ct-card-symbol">{position.symbol}</span>
        {pending && <span className="status-chip is-wait">{t('contracts:status.pending')}</span>}
      </header>
      {!pending && (
        <div className={`ct-pnl is-${tone(position.profit)}`} data-testid="contract-position-profit">
          {shown(position.profit, 4)} USDT
          <span className="ct-muted">
            {' '}
            {t('contracts:positions.risk', { rate: shown(position.risk_rate, 2) })}
          </span>
        </div>
      )}
      <dl className="fx-figures is-compact">
        <div>
          <dt>{t('contracts:positions.lots')}</dt>
          <dd>{position.share}</dd>
        </div>
        <div>
          <dt>{t(pending ? 'contracts:form.limitPrice' : 'contracts:positions.openPrice')}</dt>
          <dd>{shown(pending ? position.target_price : position.open_price, 4)}</dd>
        </div>
        <div>
          <dt>{t('contracts:positions.currentPrice')}</dt>
          <dd>{shown(position.current_price, 4)}</dd>
        </div>
        <div>
          <dt>{t('contracts:form.margin')}</dt>
          <dd>{shown(position.margin, 4)}</dd>
        </div>
        <div>
          <dt>{t('contracts:form.fee')}</dt>
          <dd>{shown(position.fee, 4)}</dd>
        </div>
        <div>
          <dt>{t('contracts:positions.overnight')}</dt>
          <dd>{shown(position.overnight_fee, 4)}</dd>
        </div>
        <div>
          <dt>{t('contracts:form.liquidation')}</dt>
          <dd data-testid="contract-position-liquidation">{shown(position.liquidation_price, 4)}</dd>
        </div>
        <div>
          <dt>{t('contracts:positions.stops')}</dt>
          <dd data-testid="contract-position-stops">
            {shown(position.target_profit_price, 4)} / {shown(position.stop_loss_price, 4)}
          </dd>
        </div>
        <div>
          <dt>{t('contracts:positions.openTime')}</dt>
          <dd>{dateTime(position.open_time ?? position.created_time)}</dd>
        </div>
      </dl>
      <div className="ct-card-actions">
        <button
          type="button"
          className="fx-button is-secondary"
          onClick={() => setStopsOpen(true)}
          data-testid="contract-position-stops-button"
        >
          {t('contracts:positions.setStops')}
        </button>
        <button
          type="button"
          className="fx-button"
          onClick={close}
          disabled={busy}
          data-testid="contract-position-close"
        >
          {t(pending ? 'contracts:positions.cancel' : 'contracts:positions.close')}
        </button>
      </div>
      <StopSheet position={position} visible={stopsOpen} onClose={() => setStopsOpen(false)} />
    </article>
  );
}

function StopSheet({
  position,
  visible,
  onClose,
}: {
  position: ContractPosition;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [takeProfit, setTakeProfit] = useState(position.target_profit_price ?? '');
  const [stopLoss, setStopLoss] = useState(position.stop_loss_price ?? '');
  const [busy, setBusy] = useState(false);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await setStops(position.id, takeProfit, stopLoss);
      if (saved) {
        showToast(t('contracts:positions.stopsSaved'));
        onClose();
      }
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: contractKeys.all });
    }
  };
  return (
    <BottomSheet
      visible={visible}
      title={t('contracts:positions.setStops')}
      onClose={onClose}
      testId="contract-stops-sheet"
    >
      <form className="ct-sheet-form" onSubmit={save} noValidate>
        <p className="ct-muted">
          {t('contracts:positions.stopsHint', {
            price: shown(position.current_price, 4),
            liquidation: shown(position.liquidation_price, 4),
          })}
        </p>
        <label className="ct-box">
          <span className="ct-box-label">{t('contracts:form.takeProfit')}</span>
          <input
            className="ct-input"
            inputMode="decimal"
            value={takeProfit}
            onChange={(event) => setTakeProfit(event.target.value)}
            data-testid="contract-sheet-take-profit"
          />
        </label>
        <label className="ct-box">
          <span className="ct-box-label">{t('contracts:form.stopLoss')}</span>
          <input
            className="ct-input"
            inputMode="decimal"
            value={stopLoss}
            onChange={(event) => setStopLoss(event.target.value)}
            data-testid="contract-sheet-stop-loss"
          />
        </label>
        <button type="submit" className="fx-button" disabled={busy} data-testid="contract-sheet-save">
          {t('contracts:positions.saveStops')}
        </button>
      </form>
    </BottomSheet>
  );
}
