import type { MiningOrder, MiningProduct } from '@fairex/contract';
import { trimDecimalText } from '@fairex/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { BottomSheet } from '../../components/ui/bottom-sheet';
import { LoginFirst } from '../../components/ui/login-first';
import { PageHeader } from '../../components/ui/page-header';
import { PageTabs } from '../../components/ui/page-tabs';
import { ApiError } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { balanceQueryKeys } from '../../lib/market/spot-query-keys';
import { appRoutes } from '../../lib/navigation';
import { useAppStore } from '../../lib/stores/app-store';
import { useDateTimeToMinute } from '../../lib/use-date-time';
import { financeQueryKeys, ordersQuery, productsQuery, redeem, subscribe } from './api/finance-api';
import {
  buyPreview,
  categoryOf,
  dividendTime,
  type FinanceTab,
  financeTabs,
  isFinanceTab,
  orderReceipt,
  percentText,
  productName,
  redemptionQuote,
} from './finance-rules';

/** Dual investment's list, in its own chunk (shared with the /pages/invest/* pages). */
const DualProductList = lazy(() =>
  import('./invest/invest-pages').then((module) => ({ default: module.DualProductList })),
);

/**
 * Finance tab (/pages/financial/index): lock, cloud and DeFi mining, dual investment, and the caller's orders. The
 * Lock mining shortcut and welcome page (/pages/lockming/*) open it as a page with a back button.
 */
export function FinancePage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const back = pathname.startsWith('/pages/lockming/');
  const requested = search.get('tab');
  const tab: FinanceTab = isFinanceTab(requested)
    ? requested
    : pathname.endsWith('/order')
      ? 'orders'
      : 'lock';
  const category = categoryOf(tab);
  return (
    <div className="fin-page">
      <PageHeader back={back} title={t('common:tabs.finance')} />
      <PageTabs
        tabs={financeTabs}
        active={tab}
        label={(name) => t(`finance:tabs.${name}`)}
        onChange={(name) => setSearch({ tab: name }, { replace: true })}
        testIdPrefix="finance-tab-"
      />
      {category ? (
        <ProductList category={category} />
      ) : tab === 'dual' ? (
        <Suspense fallback={<div className="fin-body" aria-busy="true" />}>
          <DualProductList />
        </Suspense>
      ) : (
        <OrderList />
      )}
    </div>
  );
}

function ProductList({ category }: { category: 'lock' | 'cloud' | 'defi' }) {
  const { t, i18n } = useTranslation();
  const products = useQuery(productsQuery(category));
  const [buying, setBuying] = useState<MiningProduct | null>(null);
  if (products.isPending) {
    return (
      <div className="fin-body" aria-busy="true">
        <div className="skeleton fin-skeleton" />
        <div className="skeleton fin-skeleton" />
      </div>
    );
  }
  const list = products.data?.list ?? [];
  return (
    <div className="fin-body">
      <p className="fin-intro">{t(`finance:intro.${category}`)}</p>
      {list.length === 0 && (
        <p className="fin-empty" data-testid="finance-empty">
          {products.isError ? t('finance:loadError') : t('finance:noProducts')}
        </p>
      )}
      {list.map((product) => (
        <section className="fin-card" key={product.id} data-testid={`finance-product-${product.id}`}>
          <header className="fin-card-head">
            <h2>{productName(product.names, i18n.language)}</h2>
            <span className="fin-chip">{product.currency}</span>
          </header>
          <div className="fin-rate">
            <strong>{percentText(product.daily_rate)}</strong>
            <span>{t('finance:dailyYield')}</span>
          </div>
          <dl className="fx-figures">
            <div>
              <dt>{t('finance:period')}</dt>
              <dd>{t('finance:days', { days: product.days })}</dd>
            </div>
            <div>
              <dt>{t('finance:minimum')}</dt>
              <dd>
                {trimDecimalText(product.min_amount)} {product.currency}
              </dd>
            </div>
            <div>
              <dt>{t('finance:room')}</dt>
              <dd>
                {trimDecimalText(product.room)} {product.currency}
              </dd>
            </div>
            <div>
              <dt>{t('finance:reserve')}</dt>
              <dd data-testid={`finance-reserve-${product.id}`}>
                {t('finance:reserveFigures', {
                  available: trimDecimalText(product.reserve.available),
                  balance: trimDecimalText(product.reserve.balance),
                  code: product.currency,
                })}
              </dd>
            </div>
          </dl>
          <button
            type="button"
            className="fx-button is-block"
            disabled={product.full}
            onClick={() => setBuying(product)}
            data-testid={`finance-buy-${product.id}`}
          >
            {product.full ? t('finance:full') : t('finance:subscribe')}
          </button>
        </section>
      ))}
      <p className="fin-note">{t('finance:reserveNote')}</p>
      {buying && <BuySheet product={buying} onClose={() => setBuying(null)} />}
    </div>
  );
}

function BuySheet({ product, onClose }: { product: MiningProduct; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const token = useAppStore((state) => state.token);
  const queryClient = useQueryClient();
  const [, setSearch] = useSearchParams();
  const [amount, setAmount] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const preview = buyPreview(product, amount, Date.now());
  const problemText =
    amount.trim() === '' || preview.problem === null
      ? null
      : preview.problem === 'below_minimum'
        ? t('finance:problems.belowMinimum', {
            amount: trimDecimalText(product.min_amount),
            code: product.currency,
          })
        : preview.problem === 'above_room'
          ? t('finance:problems.aboveRoom', { amount: trimDecimalText(product.room), code: product.currency })
          : t('finance:problems.invalid');
  const confirm = async () => {
    if (preview.problem !== null) return;
    const params = { config_id: product.id, amount: amount.trim() };
    const signature = JSON.stringify(params);
    const key = attempt.current?.signature === signature ? attempt.current.key : newIdempotencyKey();
    attempt.current = { signature, key };
    setSubmitting(true);
    try {
      await subscribe(params, key);
      attempt.current = null;
      onClose();
      setSearch({ tab: 'orders' }, { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network'))) {
        attempt.current = null;
      }
    } finally {
      setSubmitting(false);
      void queryClient.invalidateQueries({ queryKey: financeQueryKeys.products });
      void queryClient.invalidateQueries({ queryKey: financeQueryKeys.orders });
      for (const queryKey of balanceQueryKeys) void queryClient.invalidateQueries({ queryKey });
    }
  };
  return (
    <BottomSheet
      visible
      title={productName(product.names, i18n.language)}
      onClose={onClose}
      testId="finance-buy-sheet"
    >
      <div className="fin-sheet">
        {!token ? (
          <Link className="fx-button is-block" to={appRoutes.login}>
            {t('common:actions.login')}
          </Link>
        ) : (
          <>
            <label className="fin-field">
              <span>{t('finance:amount', { code: product.currency })}</span>
              <input
                className="fin-input"
                inputMode="decimal"
                value={amount}
                placeholder={t('finance:amountPlaceholder', { amount: trimDecimalText(product.min_amount) })}
                onChange={(event) => setAmount(event.target.value)}
                data-testid="finance-amount"
              />
            </label>
            {problemText && (
              <p className="fin-problem" role="alert">
                {problemText}
              </p>
            )}
            <dl className="fx-figures" data-testid="finance-preview">
              <div>
                <dt>{t('finance:perDay')}</dt>
                <dd data-testid="finance-per-day">
                  {trimDecimalText(preview.perDay)} {product.currency}
                </dd>
              </div>
              <div>
                <dt>{t('finance:total', { days: product.days })}</dt>
                <dd data-testid="finance-total">
                  {trimDecimalText(preview.total)} {product.currency}
                </dd>
              </div>
              <div>
                <dt>{t('finance:dividendTime')}</dt>
                <dd>{dividendTime(product.dividend_minute)}</dd>
              </div>
            </dl>
            <h3 className="fin-subtitle">
              {t('finance:penaltyTable', { rate: percentText(product.penalty_rate) })}
            </h3>
            <table className="fin-table">
              <thead>
                <tr>
                  <th>{t('finance:remainingDays')}</th>
                  <th>{t('finance:penalty')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.penalties.map((row) => (
                  <tr key={row.remainingDays}>
                    <td>{row.remainingDays}</td>
                    <td>
                      {trimDecimalText(row.penalty)} {product.currency}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button
              type="button"
              className="fx-button is-block"
              disabled={preview.problem !== null || submitting}
              onClick={confirm}
              data-testid="finance-confirm"
            >
              {t('finance:confirm')}
            </button>
          </>
        )}
      </div>
    </BottomSheet>
  );
}

function OrderList() {
  const { t } = useTranslation();
  const token = useAppStore((state) => state.token);
  const orders = useQuery({ ...ordersQuery, enabled: Boolean(token) });
  if (!token) return <LoginFirst />;
  if (orders.isPending) {
    return (
      <div className="fin-body" aria-busy="true">
        <div className="skeleton fin-skeleton" />
      </div>
    );
  }
  const list = orders.data?.list ?? [];
  return (
    <div className="fin-body">
      {list.length === 0 && (
        <p className="fin-empty" data-testid="finance-no-orders">
          {orders.isError ? t('finance:loadError') : t('finance:noOrders')}
        </p>
      )}
      {list.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </div>
  );
}

function OrderCard({ order }: { order: MiningOrder }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const time = useDateTimeToMinute();
  const [submitting, setSubmitting] = useState(false);
  const receipt = orderReceipt(order);
  const redeemEarly = async () => {
    const quote = redemptionQuote(order);
    const confirmed = await Dialog.confirm({
      title: t('finance:redeemTitle'),
      content: (
        <dl className="fx-figures" data-testid="finance-redeem-quote">
          <div>
            <dt>{t('finance:remainingDays')}</dt>
            <dd>{quote.remainingDays}</dd>
          </div>
          <div>
            <dt>{t('finance:penalty')}</dt>
            <dd data-testid="finance-quote-penalty">
              {trimDecimalText(quote.penalty)} {order.currency}
            </dd>
          </div>
          <div>
            <dt>{t('finance:returned')}</dt>
            <dd>
              {trimDecimalText(quote.returned)} {order.currency}
            </dd>
          </div>
        </dl>
      ),
      confirmText: t('finance:redeem'),
      cancelText: t('finance:cancel'),
    });
    if (!confirmed) return;
    setSubmitting(true);
    try {
      await redeem(order.id, newIdempotencyKey());
    } catch {
      // The error was shown by the client; the list below is refreshed either way.
    } finally {
      setSubmitting(false);
      void queryClient.invalidateQueries({ queryKey: financeQueryKeys.orders });
      void queryClient.invalidateQueries({ queryKey: financeQueryKeys.products });
      for (const queryKey of balanceQueryKeys) void queryClient.invalidateQueries({ queryKey });
    }
  };
  return (
    <section className="fin-card" data-testid={`finance-order-${order.id}`}>
      <header className="fin-card-head">
        <h2>{productName(order.names, i18n.language)}</h2>
        <span
          className={`fin-chip ${order.state === 'in_progress' ? 'is-live' : ''}`}
          data-testid="finance-order-state"
        >
          {order.state === 'in_progress'
            ? t('finance:states.inProgress')
            : order.early
              ? t('finance:states.redeemedEarly')
              : t('finance:states.matured')}
        </span>
      </header>
      <dl className="fx-figures">
        <div>
          <dt>{t('finance:locked')}</dt>
          <dd>
            {trimDecimalText(order.amount)} {order.currency}
          </dd>
        </div>
        <div>
          <dt>{t('finance:dailyYield')}</dt>
          <dd>
            {percentText(order.daily_rate)} · {trimDecimalText(order.daily_dividend)} {order.currency}
          </dd>
        </div>
        <div>
          <dt>{t('finance:earned')}</dt>
          <dd data-testid="finance-earned">
            {trimDecimalText(receipt.totalDividends)} / {trimDecimalText(order.total_yield)} {order.currency}
          </dd>
        </div>
        <div>
          <dt>{t('finance:subscribedAt')}</dt>
          <dd>{time(order.subscribed_at)}</dd>
        </div>
        <div>
          <dt>{t('finance:maturity')}</dt>
          <dd>{time(order.maturity_at)}</dd>
        </div>
        {order.penalty !== null && (
          <div>
            <dt>{t('finance:penalty')}</dt>
            <dd data-testid="finance-order-penalty">
              {trimDecimalText(order.penalty)} {order.currency}
            </dd>
          </div>
        )}
        {order.returned !== null && (
          <div>
            <dt>{t('finance:returned')}</dt>
            <dd>
              {trimDecimalText(order.returned)} {order.currency}
            </dd>
          </div>
        )}
      </dl>
      {order.dividends.length > 0 && (
        <ol className="fin-dividends" data-testid="finance-dividends">
          {order.dividends.map((dividend) => (
            <li key={dividend.day}>
              <span>{t('finance:day', { day: dividend.day })}</span>
              <span>{time(dividend.paid_at)}</span>
              <span>
                +{trimDecimalText(dividend.amount)} {order.currency}
              </span>
            </li>
          ))}
        </ol>
      )}
      {receipt.verified && (
        <p className="fin-verified" data-testid="finance-verified">
          <CheckCircleFill /> {t('finance:verified')}
        </p>
      )}
      {order.state === 'in_progress' && (
        <button
          type="button"
          className="fx-button is-secondary is-block"
          disabled={submitting}
          onClick={redeemEarly}
          data-testid="finance-redeem"
        >
          {t('finance:redeemEarly')}
        </button>
      )}
    </section>
  );
}
