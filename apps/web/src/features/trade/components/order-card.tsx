import type { SpotMarket, SpotOrder } from '@fairex/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { balanceQueryKeys } from '../../../lib/market/spot-query-keys';
import { showToast } from '../../../lib/toast';
import { useDateTime } from '../../../lib/use-date-time';
import { cancelOrder, spotQueryKeys } from '../api/spot-api';
import { shown } from '../trade-rules';

type Decimals = Pick<SpotMarket, 'price_decimals' | 'amount_decimals'>;

/** Decimals of a pair, or generous defaults when the pair list has not arrived. */
export function decimalsOf(markets: readonly SpotMarket[] | undefined, symbol: string): Decimals {
  const market = markets?.find((entry) => entry.symbol === symbol);
  return market ?? { price_decimals: 2, amount_decimals: 6 };
}

const statusTone: Record<SpotOrder['status'], string> = {
  open: 'is-wait',
  filled: 'is-good',
  cancelled: 'is-off',
  expired: 'is-off',
  rejected: 'is-bad',
};

/** Asks, then cancels one open order; the rest comes back (one key per order, so once). */
export function useCancelOrder() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const keys = useRef(new Map<number, string>());
  const [busy, setBusy] = useState<number | null>(null);
  const cancel = async (order: SpotOrder) => {
    const confirmed = await Dialog.confirm({
      title: t('trade:orders.cancelTitle'),
      content: t('trade:orders.cancelBody', { symbol: order.symbol }),
      confirmText: t('trade:orders.cancelConfirm'),
      cancelText: t('trade:orders.cancelKeep'),
    });
    if (!confirmed) return;
    const key = keys.current.get(order.id) ?? newIdempotencyKey();
    keys.current.set(order.id, key);
    setBusy(order.id);
    try {
      await cancelOrder(order.id, key);
      showToast(t('trade:orders.cancelled'));
    } catch {
      // The client has shown the message (e.g. already filled); the lists show the truth.
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: spotQueryKeys.orders });
      for (const queryKey of balanceQueryKeys) void queryClient.invalidateQueries({ queryKey });
    }
  };
  return { cancel, busy };
}

type OrderCardProps = {
  order: SpotOrder;
  decimals: Decimals;
  onCancel?: (order: SpotOrder) => void;
  cancelling?: boolean;
  onOpen?: (order: SpotOrder) => void;
};

/** One order: pair, side, price, amount, filled, average, fee, status and time. */
export function OrderCard({ order, decimals, onCancel, cancelling = false, onOpen }: OrderCardProps) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const [base = order.symbol, quote = ''] = order.symbol.split('/');
  return (
    <li
      className="card tr-order"
      data-testid="order-card"
      data-order-id={order.id}
      data-status={order.status}
    >
      <button
        type="button"
        className="tr-order-head"
        onClick={onOpen ? () => onOpen(order) : undefined}
        disabled={!onOpen}
        data-testid="order-open"
      >
        <span className={`tr-order-side is-${order.side}`}>
          {t(`trade:form.${order.side}`)} · {t(`trade:form.${order.kind}`)}
        </span>
        <span className="tr-order-symbol">{order.symbol}</span>
        <span className={`status-chip ${statusTone[order.status]}`}>{t(`trade:status.${order.status}`)}</span>
      </button>
      <dl className="tr-order-grid">
        <div>
          <dt>{t('trade:orders.price', { code: quote })}</dt>
          <dd>
            {order.kind === 'market' ? t('trade:form.market') : shown(order.price, decimals.price_decimals)}
          </dd>
        </div>
        <div>
          <dt>{t('trade:orders.amount', { code: base })}</dt>
          <dd data-testid="order-amount-figure">{shown(order.amount, decimals.amount_decimals)}</dd>
        </div>
        <div>
          <dt>{t('trade:orders.filled', { code: base })}</dt>
          <dd data-testid="order-filled">{shown(order.filled, decimals.amount_decimals)}</dd>
        </div>
        <div>
          <dt>{t('trade:orders.average', { code: quote })}</dt>
          <dd>{shown(order.average_price, decimals.price_decimals)}</dd>
        </div>
        <div>
          <dt>{t('trade:orders.fee', { code: quote })}</dt>
          <dd>{shown(order.fee, 8).replace(/\.?0+$/, '') || '0'}</dd>
        </div>
        <div>
          <dt>{t('trade:orders.time')}</dt>
          <dd>{formatDateTime(order.created_at)}</dd>
        </div>
      </dl>
      {onCancel && order.status === 'open' && (
        <div className="tr-order-actions">
          <button
            type="button"
            className="tr-cancel"
            disabled={cancelling}
            onClick={() => onCancel(order)}
            data-testid="order-cancel"
          >
            {t('trade:orders.cancel')}
          </button>
        </div>
      )}
    </li>
  );
}
