import type { SpotOrder } from '@fairex/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BottomSheet } from '../../components/ui/bottom-sheet';
import { ListFooter, usePullTexts } from '../../components/ui/list-footer';
import { PageHeader } from '../../components/ui/page-header';
import { PageTabs } from '../../components/ui/page-tabs';
import { useRequireSession } from '../../lib/require-session';
import { useDateTime } from '../../lib/use-date-time';
import { marketsQuery, type OrderTab, orderDetailQuery, ordersQuery, tickQuery } from './api/spot-api';
import { decimalsOf, OrderCard, useCancelOrder } from './components/order-card';
import { shown, tradeRoutes } from './trade-rules';
import './trade.css';
import { LoginFirst } from '../../components/ui/login-first';

const orderTabs: readonly OrderTab[] = ['doing', 'complete'];

function readTab(params: URLSearchParams): OrderTab {
  return params.get('tab') === 'complete' ? 'complete' : 'doing';
}

/** /pages/transaction/currency_order: open orders ("doing") and history ("complete"). */
export function OrdersPage() {
  const { t } = useTranslation();
  const allowed = useRequireSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = readTab(searchParams);
  return (
    <div className="tr-page">
      <PageHeader back title={t('trade:orders.title')} />
      <PageTabs
        tabs={orderTabs}
        active={tab}
        label={(name) => t(`trade:orders.tabs.${name}`)}
        onChange={(name) => setSearchParams({ tab: name }, { replace: true })}
        testIdPrefix="orders-tab-"
      />
      {allowed ? <OrderList key={tab} tab={tab} /> : <LoginFirst />}
    </div>
  );
}

/** Items of every loaded page, each once (a new order can shift a page boundary). */
function uniqueById(pages: readonly { list: readonly SpotOrder[] }[]): SpotOrder[] {
  const seen = new Set<number>();
  return pages.flatMap((page) =>
    page.list.filter((order) => {
      if (seen.has(order.id)) return false;
      seen.add(order.id);
      return true;
    }),
  );
}

function OrderList({ tab }: { tab: OrderTab }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(ordersQuery(tab));
  const markets = useQuery(marketsQuery);
  const orders = useMemo(() => uniqueById(query.data?.pages ?? []), [query.data]);
  const { cancel, busy } = useCancelOrder();
  const [detail, setDetail] = useState<SpotOrder | null>(null);
  const pullTexts = usePullTexts();
  const loadMore = async () => {
    const result = await query.fetchNextPage();
    if (result.isError) throw result.error;
  };
  return (
    <PullToRefresh onRefresh={async () => void (await query.refetch())} {...pullTexts}>
      <div className="tr-list" data-testid={`orders-${tab}`}>
        {query.isPending && (
          <ul className="card-list" aria-busy="true">
            {[0, 1, 2].map((index) => (
              <li key={index} className="skeleton tr-order-skeleton" />
            ))}
          </ul>
        )}
        {query.isError && (
          <div className="tr-empty">
            <p>{t('trade:loadError')}</p>
            <button type="button" className="fx-button is-secondary" onClick={() => query.refetch()}>
              {t('trade:retry')}
            </button>
          </div>
        )}
        {query.isSuccess &&
          (orders.length === 0 ? (
            <div className="tr-empty" data-testid="orders-empty">
              <span className="tr-empty-icon" aria-hidden="true">
                <FileOutline fontSize={26} />
              </span>
              <p className="tr-empty-title">
                {t(tab === 'doing' ? 'trade:orders.emptyOpen' : 'trade:orders.emptyHistory')}
              </p>
              <Link className="fx-button" to={tradeRoutes.currency}>
                {t('trade:orders.startTrading')}
              </Link>
            </div>
          ) : (
            <>
              <ul className="card-list">
                {orders.map((order) => (
                  <OrderCard
                    key={order.id}
                    order={order}
                    decimals={decimalsOf(markets.data, order.symbol)}
                    onCancel={cancel}
                    cancelling={busy === order.id}
                    onOpen={setDetail}
                  />
                ))}
              </ul>
              <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage}>
                {(hasMore) => <ListFooter hasMore={hasMore} testId="orders-end" />}
              </InfiniteScroll>
            </>
          ))}
      </div>
      <BottomSheet
        visible={detail !== null}
        title={t('trade:detail.title')}
        onClose={() => setDetail(null)}
        className="is-tall"
        testId="order-detail"
      >
        {detail && <OrderDetail order={detail} />}
      </BottomSheet>
    </PullToRefresh>
  );
}

function OrderDetail({ order }: { order: SpotOrder }) {
  const { t } = useTranslation();
  const query = useQuery(orderDetailQuery(order.id));
  const markets = useQuery(marketsQuery);
  const decimals = decimalsOf(markets.data, order.symbol);
  const formatDateTime = useDateTime();
  const [tickId, setTickId] = useState<string | null>(null);
  const current = query.data?.order ?? order;
  const fills = query.data?.fills ?? [];
  return (
    <div className="tr-detail">
      <ul className="card-list">
        <OrderCard order={current} decimals={decimals} />
      </ul>
      <dl className="fx-figures is-compact is-panel">
        <div>
          <dt>{t('trade:detail.turnover')}</dt>
          <dd>{shown(current.turnover, decimals.price_decimals)}</dd>
        </div>
        <div>
          <dt>{t('trade:detail.held')}</dt>
          <dd>{current.held}</dd>
        </div>
        {current.tick_id && (
          <div>
            <dt>{t('trade:detail.placedTick')}</dt>
            <dd>
              <button type="button" className="tr-tick" onClick={() => setTickId(current.tick_id)}>
                #{current.tick_id}
              </button>
            </dd>
          </div>
        )}
      </dl>
      <h3 className="tr-detail-title">{t('trade:detail.fills')}</h3>
      {query.isPending ? (
        <div className="skeleton tr-skeleton" aria-busy="true" />
      ) : fills.length === 0 ? (
        <p className="tr-none">{t('trade:detail.noFills')}</p>
      ) : (
        <ul className="tr-fills" data-testid="order-fills">
          {fills.map((fill) => (
            <li key={fill.trade_id} className="tr-fill" data-testid="order-fill">
              <div className="tr-fill-row">
                <span>{formatDateTime(fill.time)}</span>
                <span className="tr-tag">{t(`trade:detail.${fill.role}`)}</span>
              </div>
              <div className="tr-fill-row">
                <span>
                  {shown(fill.amount, decimals.amount_decimals)} @{' '}
                  {shown(fill.price, decimals.price_decimals)}
                </span>
                <span>
                  {t('trade:detail.fee')} {fill.fee}
                </span>
              </div>
              {fill.tick_id && (
                <button
                  type="button"
                  className="tr-tick"
                  onClick={() => setTickId(fill.tick_id)}
                  data-testid="fill-tick"
                >
                  {t('trade:detail.tick', { id: fill.tick_id })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {tickId && <TickFacts id={tickId} />}
    </div>
  );
}

/** The recorded reference tick a fill used: anyone can look it up (GET /market/tick). */
function TickFacts({ id }: { id: string }) {
  const { t } = useTranslation();
  const tick = useQuery(tickQuery(id));
  const formatDateTime = useDateTime();
  if (tick.isPending) return <div className="skeleton tr-skeleton" aria-busy="true" />;
  if (!tick.data) return <p className="tr-none">{t('trade:detail.tickMissing')}</p>;
  return (
    <dl className="fx-figures is-compact is-panel" data-testid="tick-facts">
      <div>
        <dt>{t('trade:detail.tickId')}</dt>
        <dd>#{tick.data.id}</dd>
      </div>
      <div>
        <dt>{t('trade:detail.tickSymbol')}</dt>
        <dd>{tick.data.symbol}</dd>
      </div>
      <div>
        <dt>{t('trade:detail.tickPrice')}</dt>
        <dd>{tick.data.price}</dd>
      </div>
      <div>
        <dt>{t('trade:detail.tickTime')}</dt>
        <dd>{formatDateTime(tick.data.time)}</dd>
      </div>
    </dl>
  );
}
