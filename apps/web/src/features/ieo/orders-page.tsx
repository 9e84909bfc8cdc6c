import type { IeoOrder } from '@fairex/contract';
import { fromScaledBigint, toScaledBigint } from '@fairex/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoinIcon } from '../../components/ui/coin-icon';
import { LoginFirst } from '../../components/ui/login-first';
import { PageHeader } from '../../components/ui/page-header';
import { useRequireSession } from '../../lib/require-session';
import { useDateTimeToMinute } from '../../lib/use-date-time';
import { allocationInputsQuery, myOrdersQuery } from './api/ieo-api';
import { type CheckedReceipt, ieoPaths, receiptOf } from './ieo-rules';
import './ieo.css';

/** /pages/ieo/order: the caller's subscriptions with allocation, refund and release. */
export function IeoOrdersPage() {
  const { t } = useTranslation();
  const allowed = useRequireSession();
  return (
    <div className="ieo-page">
      <PageHeader back title={t('ieo:order.title')} />
      <div className="ieo-body">{allowed ? <OrderList /> : <LoginFirst />}</div>
    </div>
  );
}

function OrderList() {
  const { t } = useTranslation();
  const query = useQuery(myOrdersQuery());
  if (query.isPending) {
    return (
      <ul className="card-list" aria-busy="true">
        {[0, 1].map((index) => (
          <li key={index} className="skeleton ieo-card-skeleton" />
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return (
      <div className="ieo-empty">
        <p>{t('ieo:loadError')}</p>
        <button type="button" className="fx-button is-secondary" onClick={() => void query.refetch()}>
          {t('ieo:retry')}
        </button>
      </div>
    );
  }
  const list = query.data?.list ?? [];
  if (list.length === 0) {
    return (
      <div className="ieo-empty" data-testid="ieo-orders-empty">
        <p>{t('ieo:emptyOrders')}</p>
        <Link className="fx-button is-secondary" to={ieoPaths.list}>
          {t('ieo:browse')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="card-list" data-testid="ieo-orders">
      {list.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </ul>
  );
}

const stateChip: Record<IeoOrder['state'], string> = {
  subscribed: 'is-wait',
  locked: 'is-good',
  released: 'is-off',
};

function OrderCard({ order }: { order: IeoOrder }) {
  const { t } = useTranslation();
  const dateTime = useDateTimeToMinute();
  const inputs = useQuery({ ...allocationInputsQuery(order.project_id), enabled: order.allocated !== null });
  const receipt = inputs.data ? receiptOf(order, inputs.data) : null;
  return (
    <li className="card ieo-card" data-testid="ieo-order" data-state={order.state}>
      <div className="ieo-card-head">
        <CoinIcon code={order.symbol} size={32} />
        <div className="ieo-card-title">
          <Link to={ieoPaths.subscribe(order.project_id)}>
            <strong>{order.project_name}</strong>
          </Link>
          <time dateTime={new Date(order.created_at).toISOString()}>{dateTime(order.created_at)}</time>
        </div>
        <span className={`status-chip ${stateChip[order.state]}`} data-testid="ieo-order-state">
          {t(`ieo:order.state.${order.state}`)}
        </span>
      </div>
      <dl className="fx-figures is-compact">
        <div>
          <dt>{t('ieo:order.requested')}</dt>
          <dd>
            {order.amount} {order.symbol}
          </dd>
        </div>
        <div>
          <dt>{t('ieo:price')}</dt>
          <dd>
            {order.price} {order.pay_currency}
          </dd>
        </div>
        <div>
          <dt>{t('ieo:order.held')}</dt>
          <dd>
            {order.held} {order.pay_currency}
          </dd>
        </div>
        <div>
          <dt>{t('ieo:order.allocationAt')}</dt>
          <dd>{dateTime(order.allocated_at ?? order.allocation_at)}</dd>
        </div>
        {order.allocated !== null && (
          <>
            <div>
              <dt>{t('ieo:order.allocated')}</dt>
              <dd className="is-strong" data-testid="ieo-order-allocated">
                {order.allocated} {order.symbol}
              </dd>
            </div>
            <div>
              <dt>{t('ieo:order.charged')}</dt>
              <dd data-testid="ieo-order-charged">
                {order.charged} {order.pay_currency}
              </dd>
            </div>
            <div>
              <dt>{t('ieo:order.refunded')}</dt>
              <dd data-testid="ieo-order-refunded">
                {order.refunded} {order.pay_currency}
              </dd>
            </div>
          </>
        )}
        <div>
          <dt>{t(order.released_at ? 'ieo:order.releasedAt' : 'ieo:order.releaseAt')}</dt>
          <dd data-testid="ieo-order-release">{dateTime(order.released_at ?? order.release_at)}</dd>
        </div>
      </dl>
      {receipt && <Receipt order={order} receipt={receipt} />}
    </li>
  );
}

/** The arithmetic of the allocation, recomputed here from the public inputs. */
function Receipt({ order, receipt }: { order: IeoOrder; receipt: CheckedReceipt }) {
  const { t } = useTranslation();
  const tokens = (units: bigint) => fromScaledBigint(units, order.token_scale);
  const payment = (units: bigint) => fromScaledBigint(units, order.pay_scale);
  const price = toScaledBigint(order.price, order.pay_scale);
  return (
    <div className="ieo-receipt" data-testid="ieo-receipt">
      <p className="ieo-receipt-title">
        <span>{t('ieo:receipt.title')}</span>
        <span
          className={`status-chip ${receipt.verified ? 'is-good' : 'is-bad'}`}
          data-testid="ieo-receipt-verified"
        >
          {t(receipt.verified ? 'ieo:receipt.verified' : 'ieo:receipt.mismatch')}
        </span>
      </p>
      <p>
        {receipt.oversubscribed
          ? t('ieo:receipt.share', {
              requested: tokens(receipt.requested),
              issuance: tokens(receipt.issuance),
              total: tokens(receipt.requestedTotal),
              share: tokens(receipt.share),
            })
          : t('ieo:receipt.full', {
              total: tokens(receipt.requestedTotal),
              issuance: tokens(receipt.issuance),
            })}
      </p>
      {receipt.remainderUnit > 0n && (
        <p>{t('ieo:receipt.remainder', { unit: tokens(1n), allocated: tokens(receipt.allocated) })}</p>
      )}
      <p>
        {t('ieo:receipt.charge', {
          allocated: tokens(receipt.allocated),
          price: price.ok ? order.price : '—',
          charged: payment(receipt.charged),
          currency: order.pay_currency,
        })}
      </p>
      <p>
        {t('ieo:receipt.refund', {
          held: order.held,
          charged: payment(receipt.charged),
          refunded: payment(receipt.refunded),
          currency: order.pay_currency,
        })}
      </p>
    </div>
  );
}
