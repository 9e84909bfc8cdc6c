import type { SpotMarket, SpotPublicTrade } from '@fairex/contract';
import { priceDirection } from '@fairex/domain';
import { useQuery } from '@tanstack/react-query';
import { DownOutline, ExclamationCircleOutline, FileOutline, HistogramOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { OptionSheet } from '../../components/ui/option-sheet';
import { PageHeader } from '../../components/ui/page-header';
import { useFrameQuotes, useMarketStream } from '../../lib/market/use-market-stream';
import { deviceTimeZoneOffsetMinutes, relativeTimeLabel } from '../../lib/relative-time-label';
import { useAppStore } from '../../lib/stores/app-store';
import { useClockTime } from '../../lib/use-date-time';
import { marketsQuery, quotationQuery } from './api/spot-api';
import { OrderBook } from './components/order-book';
import { OrderCard, useCancelOrder } from './components/order-card';
import { LoginCard, OrderForm } from './components/order-form';
import { readLastPair, rememberPair, usePairOpenOrders, useSpotBook } from './hooks/use-spot-market';
import {
  bestPrices,
  chartPath,
  choosePair,
  isZeroRate,
  priceHeadline,
  shown,
  sideParam,
  symbolTestId,
  tradeRoutes,
} from './trade-rules';
import './trade.css';

/**
 * The spot screen: the Trade tab (/pages/transaction/index, the spec's Trade tab -> currency)
 * and /pages/transaction/currency?symbol=ETH/USDT, which has a back button instead of the tabs.
 */
export function TradePage() {
  const { t } = useTranslation();
  const back = useLocation().pathname !== tradeRoutes.tab;
  const markets = useQuery(marketsQuery);
  const [searchParams, setSearchParams] = useSearchParams();
  const market = choosePair(markets.data ?? [], searchParams.get('symbol'), readLastPair());
  const symbol = market?.symbol ?? null;
  useEffect(() => {
    if (symbol) rememberPair(symbol);
  }, [symbol]);
  const side = sideParam(searchParams.get('side'));
  const choose = (next: string) => setSearchParams({ symbol: next }, { replace: true });
  return (
    <div className="tr-page">
      <PageHeader
        back={back}
        title={t('trade:title')}
        right={
          <Link
            className="icon-button"
            to={tradeRoutes.orders}
            aria-label={t('trade:orders.title')}
            data-testid="trade-orders-link"
          >
            <FileOutline fontSize={20} />
          </Link>
        }
      />
      <nav className="tr-switch" aria-label={t('contracts:switch.label')}>
        <span className="tr-switch-item is-active" aria-current="page">
          {t('contracts:switch.spot')}
        </span>
        <Link className="tr-switch-item" to={tradeRoutes.contract} data-testid="trade-contract-link">
          {t('contracts:switch.contract')}
        </Link>
        <Link className="tr-switch-item" to={tradeRoutes.seconds} data-testid="trade-seconds-link">
          {t('contracts:switch.seconds')}
        </Link>
      </nav>
      {markets.isPending ? (
        <div className="tr-body" aria-busy="true">
          <div className="skeleton tr-skeleton" />
          <div className="skeleton tr-skeleton is-tall" />
        </div>
      ) : market ? (
        <PairScreen
          key={`${market.symbol}|${side}`}
          market={market}
          markets={markets.data ?? []}
          side={side}
          onChoose={choose}
        />
      ) : (
        <div className="tr-empty" data-testid="trade-load-error">
          <p>{t('trade:loadError')}</p>
          <button type="button" className="fx-button is-secondary" onClick={() => markets.refetch()}>
            {t('trade:retry')}
          </button>
        </div>
      )}
    </div>
  );
}

function PairScreen({
  market,
  markets,
  side,
  onChoose,
}: {
  market: SpotMarket;
  markets: readonly SpotMarket[];
  /** The side the link asked for, selected at first. */
  side: 'buy' | 'sell';
  onChoose: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  const token = useAppStore((state) => state.token);
  const demo = useAppStore((state) => state.demo);
  const lang = useAppStore((state) => state.lang);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  const book = useSpotBook(market.symbol);
  const quotes = useQuery(quotationQuery);
  // The live quote (the figure Markets and the coin page show) over the snapshot.
  const [live, pushQuotes] = useFrameQuotes();
  const streamed = useMemo(() => [market.symbol], [market.symbol]);
  useMarketStream(streamed, null, { onQuotes: pushQuotes });
  const snapshot = quotes.data?.find((entry) => entry.symbol === market.symbol);
  const fresh = live.get(market.symbol);
  const quote = fresh && (!snapshot || fresh.time >= snapshot.time) ? fresh : snapshot;
  const lastTrade = book.trades[0];
  const nowMs = useMinuteClock();
  const headline = priceHeadline({
    lastTrade,
    reference: quote?.last ?? market.reference_price,
    nowMs,
  });
  const last = headline.last ?? headline.reference;
  const change = quote?.change_percent ?? '0';
  const direction = priceDirection(change);
  const { bid, ask } = bestPrices(book.depth);
  return (
    <div className="tr-body">
      <div className="tr-pair-bar">
        <button
          type="button"
          className="tr-pair"
          onClick={() => setSheetOpen(true)}
          data-testid="pair-switcher"
          aria-haspopup="listbox"
        >
          <span className="tr-pair-symbol" data-testid="pair-symbol">
            {market.symbol}
          </span>
          <DownOutline fontSize={12} />
        </button>
        <span className={`tr-change is-${direction}`} data-testid="pair-change">
          {direction === 'up' ? '+' : ''}
          {shown(change.replace(/^\+/, ''), 2)}%
        </span>
        <Link className="tr-chart-link" to={chartPath(market.symbol)} data-testid="trade-chart-link">
          <HistogramOutline fontSize={18} />
          <span>{t('trade:chart')}</span>
        </Link>
      </div>
      <div className="tr-price-line">
        <span className={`tr-last is-${direction}`} data-testid="pair-last">
          {headline.last === null ? '--' : shown(headline.last, market.price_decimals)}
        </span>
        {headline.last === null ? (
          <span className="tr-last-age" data-testid="pair-no-trades">
            {book.tradesPending ? '' : t('trade:noTradesYet')}
          </span>
        ) : (
          headline.stale &&
          headline.tradeTime !== null && (
            <span className="tr-last-age" data-testid="pair-last-age">
              {t('trade:lastTradeAge', {
                age: relativeTimeLabel({
                  timestamp: headline.tradeTime,
                  nowMs,
                  timeZoneOffsetMinutes: deviceTimeZoneOffsetMinutes(),
                  locale: lang,
                  t,
                }),
              })}
            </span>
          )
        )}
        {headline.reference && (
          <span className="tr-reference" data-testid="pair-reference">
            {t('trade:reference', { price: shown(headline.reference, market.price_decimals) })}
          </span>
        )}
      </div>
      {demo && (
        <p className="tr-demo" role="note" data-testid="trade-demo">
          <ExclamationCircleOutline fontSize={14} />
          <span>{t('trade:demo')}</span>
        </p>
      )}
      <div className="tr-main">
        {token ? (
          <OrderForm market={market} bestBid={bid} bestAsk={ask} picked={picked} initialSide={side} />
        ) : (
          <LoginCard />
        )}
        <OrderBook
          market={market}
          depth={book.depth}
          pending={book.depthPending}
          last={last}
          lastDirection={lastTrade ? (lastTrade.side === 'buy' ? 'up' : 'down') : direction}
          onPickPrice={(price) => setPicked({ price, at: Date.now() })}
        />
      </div>
      {token && <OpenOrders market={market} />}
      <RecentTrades market={market} trades={book.trades} pending={book.tradesPending} />
      <OptionSheet
        visible={sheetOpen}
        title={t('trade:pairs')}
        options={markets.map((entry) => ({
          value: entry.symbol,
          label: entry.symbol,
          detail:
            isZeroRate(entry.maker_fee_rate) && isZeroRate(entry.taker_fee_rate)
              ? t('trade:form.zeroFees')
              : undefined,
          testId: `pair-${symbolTestId(entry.symbol)}`,
        }))}
        selected={market.symbol}
        onSelect={(value) => {
          setSheetOpen(false);
          onChoose(value);
        }}
        onClose={() => setSheetOpen(false)}
        testId="pair-sheet"
      />
    </div>
  );
}

/** Now, refreshed every 15 s: enough for a trade's age in minutes. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function OpenOrders({ market }: { market: SpotMarket }) {
  const { t } = useTranslation();
  const orders = usePairOpenOrders(market, true);
  const { cancel, busy } = useCancelOrder();
  const list = orders.data ?? [];
  return (
    <section className="tr-section" data-testid="pair-open-orders">
      <div className="tr-section-head">
        <h2>
          {t('trade:openOrders')} {list.length > 0 && <span className="tr-count">{list.length}</span>}
        </h2>
        <Link to={tradeRoutes.orders} className="tr-section-link" data-testid="all-orders-link">
          {t('trade:allOrders')}
        </Link>
      </div>
      {orders.isPending ? (
        <div className="skeleton tr-skeleton" aria-busy="true" />
      ) : list.length === 0 ? (
        <p className="tr-none" data-testid="open-orders-empty">
          {t('trade:noOpenOrders')}
        </p>
      ) : (
        <ul className="card-list">
          {list.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              decimals={market}
              onCancel={cancel}
              cancelling={busy === order.id}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentTrades({
  market,
  trades,
  pending,
}: {
  market: SpotMarket;
  trades: readonly SpotPublicTrade[];
  pending: boolean;
}) {
  const { t } = useTranslation();
  const clock = useClockTime();
  return (
    <section className="tr-section" data-testid="recent-trades">
      <div className="tr-section-head">
        <h2>{t('trade:recentTrades')}</h2>
      </div>
      <div className="tr-trades-head">
        <span>{t('trade:trades.time')}</span>
        <span>{t('trade:book.price', { code: market.quote })}</span>
        <span>{t('trade:book.amount', { code: market.base })}</span>
      </div>
      {pending ? (
        <div className="skeleton tr-skeleton" aria-busy="true" />
      ) : trades.length === 0 ? (
        <p className="tr-none">{t('trade:trades.none')}</p>
      ) : (
        <ul className="tr-trades">
          {trades.map((trade) => (
            <li key={trade.id} className="tr-trade" data-testid="recent-trade">
              <span>{clock(trade.time)}</span>
              <span className={`is-${trade.side}`}>{shown(trade.price, market.price_decimals)}</span>
              <span>{shown(trade.amount, market.amount_decimals)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
