/**
 * Dual investment screens (spec: /pages/invest/invest, purchase, mine, help), loaded on demand: the
 * product list (also the Finance tab's "Dual" category), the purchase page with what each outcome
 * pays, my orders with each settlement's receipt recomputed on the device, and the help page.
 */
import type { DualOrder, DualProduct } from '@fairex/contract';
import { trimDecimalText } from '@fairex/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoginFirst } from '../../../components/ui/login-first';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { balanceQueryKeys } from '../../../lib/market/spot-query-keys';
import { appRoutes } from '../../../lib/navigation';
import { useAppStore } from '../../../lib/stores/app-store';
import { useDateTimeToMinute } from '../../../lib/use-date-time';
import {
  buyDual,
  investOrdersQuery,
  investProductQuery,
  investProductsQuery,
  investQueryKeys,
} from './invest-api';
import { annualPercent, dualOrderReceipt, dualPreview, type PayoutText } from './invest-rules';
import './invest.css';

export const investPaths = {
  list: '/pages/invest/invest',
  purchase: '/pages/invest/purchase',
  mine: '/pages/invest/mine',
  help: '/pages/invest/help',
} as const;

function productName(names: Record<string, string>, language: string): string {
  return names[language] ?? names.en ?? Object.values(names)[0] ?? '';
}

function InvestLinks() {
  const { t } = useTranslation();
  return (
    <nav className="inv-links">
      <Link to={investPaths.mine} data-testid="invest-mine-link">
        {t('invest:myOrders')}
      </Link>
      <Link to={investPaths.help} data-testid="invest-help-link">
        {t('invest:help')}
      </Link>
    </nav>
  );
}

/** The product cards: pair, direction, linked price, yield, term, settlement, shares and reserve. */
export function DualProductList() {
  const { t, i18n } = useTranslation();
  const time = useDateTimeToMinute();
  const products = useQuery(investProductsQuery);
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
      <p className="fin-intro">{t('invest:intro')}</p>
      <InvestLinks />
      {list.length === 0 && (
        <p className="fin-empty" data-testid="invest-empty">
          {products.isError ? t('invest:loadError') : t('invest:noProducts')}
        </p>
      )}
      {list.map((product) => (
        <section className="fin-card" key={product.id} data-testid={`invest-product-${product.id}`}>
          <header className="fin-card-head">
            <h2>{productName(product.names, i18n.language)}</h2>
            <span className="fin-chip">{t(`invest:types.${product.type}`)}</span>
          </header>
          <div className="fin-rate">
            <strong>{annualPercent(product.annual_rate)}</strong>
            <span>{t('invest:annualYield')}</span>
          </div>
          <dl className="fx-figures">
            <div>
              <dt>{t('invest:linkedPrice')}</dt>
              <dd>
                {product.linked_price} {product.quote_currency}
              </dd>
            </div>
            <div>
              <dt>{t('invest:term')}</dt>
              <dd>{t('invest:days', { days: product.days })}</dd>
            </div>
            <div>
              <dt>{t('invest:settleAt')}</dt>
              <dd>{time(product.settle_at)}</dd>
            </div>
            <div>
              <dt>{t('invest:unitPrice')}</dt>
              <dd>
                {product.unit_price} {product.invest_currency}
              </dd>
            </div>
            <div>
              <dt>{t('invest:remaining')}</dt>
              <dd>{t('invest:sharesOf', { left: product.remaining_shares, total: product.total_shares })}</dd>
            </div>
            <div>
              <dt>{t('invest:reserve')}</dt>
              <dd data-testid={`invest-reserve-${product.id}`}>
                {trimDecimalText(product.reserve.base.available)} {product.currency} ·{' '}
                {trimDecimalText(product.reserve.quote.available)} {product.quote_currency}
              </dd>
            </div>
          </dl>
          <div
            className="inv-progress"
            role="progressbar"
            aria-label={t('invest:progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={product.progress}
          >
            <span style={{ width: `${product.progress}%` }} />
          </div>
          {product.full ? (
            <button type="button" className="fx-button is-block" disabled>
              {product.ended ? t('invest:ended') : t('invest:full')}
            </button>
          ) : (
            <Link
              className="fx-button is-block"
              to={`${investPaths.purchase}?id=${product.id}`}
              data-testid={`invest-buy-${product.id}`}
            >
              {t('invest:buy')}
            </Link>
          )}
        </section>
      ))}
      <p className="fin-note">{t('invest:reserveNote')}</p>
    </div>
  );
}

/** /pages/invest/invest */
export function InvestPage() {
  const { t } = useTranslation();
  return (
    <div className="fin-page">
      <PageHeader back title={t('invest:title')} />
      <DualProductList />
    </div>
  );
}

function Payout({ payout, testId }: { payout: PayoutText; testId: string }) {
  return (
    <dd data-testid={testId}>
      {payout.amount} {payout.code}
    </dd>
  );
}

/** /pages/invest/purchase?id=: shares, amount, what each outcome pays, then confirmation. */
export function InvestPurchasePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const product = useQuery({ ...investProductQuery(id), enabled: Number.isInteger(id) && id > 0 });
  return (
    <div className="fin-page">
      <PageHeader back title={t('invest:purchaseTitle')} />
      {product.isPending ? (
        <div className="fin-body" aria-busy="true">
          <div className="skeleton fin-skeleton" />
        </div>
      ) : product.data ? (
        <PurchaseForm product={product.data} />
      ) : (
        <p className="fin-empty">{t('invest:loadError')}</p>
      )}
    </div>
  );
}

function PurchaseForm({ product }: { product: DualProduct }) {
  const { t, i18n } = useTranslation();
  const time = useDateTimeToMinute();
  const token = useAppStore((state) => state.token);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [shares, setShares] = useState(String(product.min_shares));
  const [submitting, setSubmitting] = useState(false);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const preview = dualPreview(product, shares);
  const problemText =
    preview.problem === null
      ? null
      : preview.problem === 'shares_invalid'
        ? t('invest:problems.whole')
        : preview.problem === 'below_minimum'
          ? t('invest:problems.belowMinimum', { shares: product.min_shares })
          : t('invest:problems.aboveRoom', { shares: product.room_shares });
  const linked = `${product.linked_price} ${product.quote_currency}`;
  const confirm = async () => {
    if (preview.problem !== null) return;
    const ok = await Dialog.confirm({
      title: t('invest:confirmTitle'),
      content: (
        <dl className="fx-figures inv-confirm" data-testid="invest-confirm-figures">
          <div>
            <dt>{t('invest:amount')}</dt>
            <dd>
              {preview.amount} {product.invest_currency}
            </dd>
          </div>
          <div>
            <dt>{t('invest:ifBelow', { price: linked })}</dt>
            <dd>
              {preview.below.amount} {preview.below.code}
            </dd>
          </div>
          <div>
            <dt>{t('invest:ifAtOrAbove', { price: linked })}</dt>
            <dd>
              {preview.atOrAbove.amount} {preview.atOrAbove.code}
            </dd>
          </div>
        </dl>
      ),
      confirmText: t('invest:confirm'),
      cancelText: t('invest:cancel'),
    });
    if (!ok) return;
    const params = {
      id: product.id,
      num: shares.trim(),
      currency_id: product.currency_id,
      type: product.type,
    };
    const signature = JSON.stringify(params);
    const key = attempt.current?.signature === signature ? attempt.current.key : newIdempotencyKey();
    attempt.current = { signature, key };
    setSubmitting(true);
    try {
      await buyDual(params, key);
      attempt.current = null;
      navigate(investPaths.mine, { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network'))) {
        attempt.current = null;
      }
    } finally {
      setSubmitting(false);
      void queryClient.invalidateQueries({ queryKey: investQueryKeys.products });
      void queryClient.invalidateQueries({ queryKey: investQueryKeys.orders });
      for (const queryKey of balanceQueryKeys) void queryClient.invalidateQueries({ queryKey });
    }
  };
  return (
    <div className="fin-body">
      <section className="fin-card">
        <header className="fin-card-head">
          <h2>{productName(product.names, i18n.language)}</h2>
          <span className="fin-chip">{t(`invest:types.${product.type}`)}</span>
        </header>
        <p className="fin-note">
          {t(`invest:typeNote.${product.type}`, { coin: product.currency, quote: product.quote_currency })}
        </p>
        <dl className="fx-figures">
          <div>
            <dt>{t('invest:pair')}</dt>
            <dd>{product.pair}</dd>
          </div>
          <div>
            <dt>{t('invest:linkedPrice')}</dt>
            <dd>{linked}</dd>
          </div>
          <div>
            <dt>{t('invest:annualYield')}</dt>
            <dd>{annualPercent(product.annual_rate)}</dd>
          </div>
          <div>
            <dt>{t('invest:term')}</dt>
            <dd>{t('invest:days', { days: product.days })}</dd>
          </div>
          <div>
            <dt>{t('invest:settleAt')}</dt>
            <dd>{time(product.settle_at)}</dd>
          </div>
          <div>
            <dt>{t('invest:unitPrice')}</dt>
            <dd>
              {product.unit_price} {product.invest_currency}
            </dd>
          </div>
          <div>
            <dt>{t('invest:limits')}</dt>
            <dd>{t('invest:limitsValue', { min: product.min_shares, max: product.room_shares })}</dd>
          </div>
        </dl>
      </section>
      {!token ? (
        <Link className="fx-button is-block" to={appRoutes.login}>
          {t('common:actions.login')}
        </Link>
      ) : (
        <section className="fin-card">
          <label className="fin-field">
            <span>{t('invest:shares')}</span>
            <input
              className="fin-input"
              inputMode="numeric"
              value={shares}
              onChange={(event) => setShares(event.target.value)}
              data-testid="invest-shares"
            />
          </label>
          {problemText && (
            <p className="fin-problem" role="alert">
              {problemText}
            </p>
          )}
          <dl className="fx-figures" data-testid="invest-preview">
            <div>
              <dt>{t('invest:amount')}</dt>
              <dd data-testid="invest-amount">
                {preview.amount} {product.invest_currency}
              </dd>
            </div>
            <div>
              <dt>{t('invest:ifBelow', { price: linked })}</dt>
              <Payout payout={preview.below} testId="invest-if-below" />
            </div>
            <div>
              <dt>{t('invest:ifAtOrAbove', { price: linked })}</dt>
              <Payout payout={preview.atOrAbove} testId="invest-if-above" />
            </div>
          </dl>
          <p className="fin-note">{t('invest:notProtected')}</p>
          <button
            type="button"
            className="fx-button is-block"
            disabled={preview.problem !== null || submitting || product.full}
            onClick={confirm}
            data-testid="invest-confirm"
          >
            {product.full ? t('invest:full') : t('invest:buy')}
          </button>
        </section>
      )}
    </div>
  );
}

/** /pages/invest/mine: the caller's orders with their receipts. */
export function InvestMinePage() {
  const { t } = useTranslation();
  const token = useAppStore((state) => state.token);
  const orders = useQuery({ ...investOrdersQuery, enabled: Boolean(token) });
  return (
    <div className="fin-page">
      <PageHeader back title={t('invest:myOrders')} />
      {!token ? (
        <LoginFirst />
      ) : orders.isPending ? (
        <div className="fin-body" aria-busy="true">
          <div className="skeleton fin-skeleton" />
        </div>
      ) : (
        <div className="fin-body">
          {(orders.data?.list ?? []).length === 0 && (
            <p className="fin-empty" data-testid="invest-no-orders">
              {orders.isError ? t('invest:loadError') : t('invest:noOrders')}
            </p>
          )}
          {(orders.data?.list ?? []).map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </div>
      )}
    </div>
  );
}

function OrderCard({ order }: { order: DualOrder }) {
  const { t, i18n } = useTranslation();
  const time = useDateTimeToMinute();
  const receipt = dualOrderReceipt(order);
  const linked = `${order.linked_price} ${order.quote_currency}`;
  return (
    <section className="fin-card" data-testid={`invest-order-${order.id}`}>
      <header className="fin-card-head">
        <h2>{productName(order.names, i18n.language)}</h2>
        <span
          className={`fin-chip ${order.state === 'purchased' || order.state === 'settling' ? 'is-live' : ''}`}
          data-testid="invest-order-state"
        >
          {t(`invest:states.${order.state}`)}
        </span>
      </header>
      <dl className="fx-figures">
        <div>
          <dt>{t('invest:amount')}</dt>
          <dd>
            {t('invest:sharesAmount', {
              shares: order.shares,
              amount: trimDecimalText(order.amount),
              code: order.invest_currency,
            })}
          </dd>
        </div>
        <div>
          <dt>{t('invest:linkedPrice')}</dt>
          <dd>{linked}</dd>
        </div>
        <div>
          <dt>{t('invest:annualYield')}</dt>
          <dd>
            {annualPercent(order.annual_rate)} · {t('invest:days', { days: order.days })}
          </dd>
        </div>
        <div>
          <dt>{t('invest:settleAt')}</dt>
          <dd>{time(order.settle_at)}</dd>
        </div>
        <div>
          <dt>{t('invest:ifBelow', { price: linked })}</dt>
          <dd>
            {trimDecimalText(order.outcomes.below.amount)} {order.outcomes.below.currency}
          </dd>
        </div>
        <div>
          <dt>{t('invest:ifAtOrAbove', { price: linked })}</dt>
          <dd>
            {trimDecimalText(order.outcomes.at_or_above.amount)} {order.outcomes.at_or_above.currency}
          </dd>
        </div>
      </dl>
      {order.state === 'fail' && (
        <p className="fin-problem" data-testid="invest-fail-reason">
          {t('invest:failReason')}
        </p>
      )}
      {order.settle_tick && order.payout && (
        <div className="inv-receipt" data-testid="invest-receipt">
          <h3 className="fin-subtitle">{t('invest:receipt')}</h3>
          <dl className="fx-figures">
            <div>
              <dt>{t('invest:tick')}</dt>
              <dd data-testid="invest-receipt-tick">
                #{order.settle_tick.id} · {order.settle_tick.price} {order.quote_currency}
              </dd>
            </div>
            <div>
              <dt>{t('invest:tickTime')}</dt>
              <dd>{time(order.settle_tick.time)}</dd>
            </div>
            <div>
              <dt>{t('invest:outcome')}</dt>
              <dd>
                {receipt?.outcome === 'below'
                  ? t('invest:outcomeBelow', { price: linked })
                  : t('invest:outcomeAtOrAbove', { price: linked })}
              </dd>
            </div>
            <div>
              <dt>{t('invest:paid')}</dt>
              <dd data-testid="invest-receipt-paid">
                {trimDecimalText(order.payout.amount)} {order.payout.currency}
              </dd>
            </div>
          </dl>
          {receipt?.verified ? (
            <p className="fin-verified" data-testid="invest-verified">
              <CheckCircleFill />{' '}
              {t('invest:verified', { amount: receipt.payout.amount, code: receipt.payout.code })}
            </p>
          ) : (
            <p className="fin-problem">{t('invest:notVerified')}</p>
          )}
        </div>
      )}
    </section>
  );
}

/** /pages/invest/help */
export function InvestHelpPage() {
  const { t } = useTranslation();
  return (
    <div className="fin-page">
      <PageHeader back title={t('invest:help')} />
      <div className="fin-body inv-help" data-testid="invest-help">
        <section className="fin-card">
          <h2>{t('invest:helpWhat')}</h2>
          <p>{t('invest:helpWhatText')}</p>
        </section>
        <section className="fin-card">
          <h2>{t('invest:types.call')}</h2>
          <p>{t('invest:helpCall')}</p>
          <h2>{t('invest:types.put')}</h2>
          <p>{t('invest:helpPut')}</p>
        </section>
        <section className="fin-card">
          <h2>{t('invest:helpSettlement')}</h2>
          <p>{t('invest:helpSettlementText')}</p>
          <p className="inv-formula">{t('invest:helpFormula')}</p>
        </section>
        <section className="fin-card">
          <h2>{t('invest:helpReserve')}</h2>
          <p>{t('invest:helpReserveText')}</p>
        </section>
        <p className="fin-note">{t('invest:notProtected')}</p>
      </div>
    </div>
  );
}
