import { type Candle, type CandlePeriod, candlePeriods, type Quote } from '@fairex/contract';
import { compareDecimal, formatCompact, priceDirection } from '@fairex/domain';
import { useQuery } from '@tanstack/react-query';
import { SearchOutline, StarFill, StarOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { useFiatDisplay } from '../../lib/fiat-display';
import { useLiveOrPolling } from '../../lib/live-or-polling';
import { fiatDecimals, formatPrice, toFiatPrice } from '../../lib/market/fiat-price';
import { spotPairsQuery } from '../../lib/market/spot-pairs-query';
import { useFrameQuotes, useMarketStream } from '../../lib/market/use-market-stream';
import { candlesPollMs, candlesQuery, candlesSafetyRefreshMs } from './api/market-queries';
import { ChangePill } from './components/change-pill';
import { HistoryNote } from './components/history-note';
import type { CandleSink } from './components/price-chart';
import { SimulatedBadge } from './components/simulated-badge';
import { TickSheet } from './components/tick-sheet';
import { useFavourites } from './hooks/use-favourites';
import { useMarketData } from './hooks/use-market-data';
import { rememberRecentSymbol } from './hooks/use-recent-symbols';
import { marketRoutes, splitSymbol, spotTradeability, tradePath } from './lib/market-paths';
import './markets.css';

/** lightweight-charts loads with this chunk only: never in Home's entry or the Markets list. */
const PriceChart = lazy(() =>
  import('./components/price-chart').then((module) => ({ default: module.PriceChart })),
);

const defaultPeriod: CandlePeriod = '15m';
const noCandles: Candle[] = [];

/** Instrument detail (/pages/market/detail?symbol=BTC/USDT): live header, chart, buy/sell. */
export function DetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const symbol = params.get('symbol') ?? '';
  const [period, setPeriod] = useState<CandlePeriod>(defaultPeriod);
  const [tickOpen, setTickOpen] = useState<string | null>(null);
  const market = useMarketData();
  const favourites = useFavourites();
  const fiat = useFiatDisplay();
  const instrument = market.bySymbol.get(symbol);
  const snapshot = market.quotes.find((entry) => entry.symbol === symbol);

  const [live, pushQuotes] = useFrameQuotes();
  const sink: CandleSink = useRef(null);
  const symbols = useMemo(() => (symbol === '' ? [] : [symbol]), [symbol]);
  useMarketStream(
    symbols,
    { symbol, period },
    {
      onQuotes: pushQuotes,
      onCandle: (candle) => sink.current?.(candle),
    },
  );
  const fresh = live.get(symbol);
  const quote: Quote | undefined = fresh && (!snapshot || fresh.time >= snapshot.time) ? fresh : snapshot;

  // The header's figure, which the chart's last candle closes at (one source, one figure).
  const lastValue = quote?.last;
  const lastTime = quote?.time;
  const lastPrice = useMemo(
    () => (lastValue !== undefined && lastTime !== undefined ? { price: lastValue, timeMs: lastTime } : null),
    [lastValue, lastTime],
  );
  const pairs = useQuery(spotPairsQuery);
  const tradeability = spotTradeability(symbol, pairs.isError ? [] : pairs.data);
  // Perpetuals and stocks trade on the contract screen; a spot pair on the spot screen, on the
  // side tapped; a spot instrument without a trading pair says so instead.
  const contractTarget =
    instrument && instrument.kind !== 'spot' ? `${marketRoutes.contract}?id=${instrument.id}` : null;

  const candlesRefetch = useLiveOrPolling(candlesPollMs) || candlesSafetyRefreshMs;
  const candles = useQuery({
    ...candlesQuery(symbol, period),
    enabled: symbol !== '',
    refetchInterval: candlesRefetch,
  });

  useEffect(() => {
    if (symbol !== '' && instrument) {
      rememberRecentSymbol(symbol);
    }
  }, [symbol, instrument]);

  const { base, quote: quoteCode } = splitSymbol(symbol);
  const decimals = instrument?.price_decimals ?? 2;
  const nativeQuote = instrument?.quote ?? quoteCode ?? '';
  const notFound = !market.isPending && instrument === undefined && snapshot === undefined;
  const starred = favourites.symbols.has(symbol);

  const toggleFavourite = () => {
    if (!favourites.signedIn) {
      navigate('/pages/common/login');
      return;
    }
    if (instrument) {
      favourites.toggle(instrument);
    }
  };

  return (
    <div className="detail">
      <PageHeader
        back
        title={
          <span className="detail-title">
            <b>{base}</b>
            {quoteCode && <span className="quote-symbol-quote">/{quoteCode}</span>}
            {instrument?.kind === 'perpetual' && (
              <span className="quote-kind">{t('markets:kinds.perpetual')}</span>
            )}
          </span>
        }
        right={
          <Link className="icon-button" to={marketRoutes.search} aria-label={t('markets:search.open')}>
            <SearchOutline fontSize={21} />
          </Link>
        }
      />
      {notFound ? (
        <div className="markets-empty" data-testid="detail-not-found">
          <p className="markets-empty-title">{t('markets:detail.notFound')}</p>
          <Link className="fx-button" to={marketRoutes.list}>
            {t('markets:title')}
          </Link>
        </div>
      ) : (
        <>
          <section className="detail-head">
            <div className="detail-head-main">
              <LastPrice quote={quote} decimals={decimals} />
              <div className="detail-sub">
                {quote &&
                  toFiatPrice({ price: quote.last, quote: nativeQuote, rate: fiat.rate }) !== null && (
                    <span className="detail-fiat">
                      ≈ {fiat.symbol}
                      {formatPrice(
                        toFiatPrice({ price: quote.last, quote: nativeQuote, rate: fiat.rate }) ?? '',
                        fiatDecimals(decimals),
                      )}{' '}
                      {fiat.code}
                    </span>
                  )}
                {quote && <ChangePill changePercent={quote.change_percent} solid={false} />}
              </div>
              <div className="detail-badges">
                <SimulatedBadge />
                {quote && (
                  <button
                    type="button"
                    className="detail-tick"
                    data-testid="detail-tick"
                    onClick={() => setTickOpen(quote.tick_id)}
                  >
                    <span className="detail-tick-check" aria-hidden="true">
                      ✓
                    </span>
                    {t('markets:tick.link', { id: quote.tick_id })}
                  </button>
                )}
              </div>
            </div>
            <dl className="detail-stats">
              <div>
                <dt>{t('markets:detail.high')}</dt>
                <dd>{quote ? formatPrice(quote.high, decimals) : '--'}</dd>
              </div>
              <div>
                <dt>{t('markets:detail.low')}</dt>
                <dd>{quote ? formatPrice(quote.low, decimals) : '--'}</dd>
              </div>
              <div>
                <dt>{t('markets:detail.volume', { unit: base })}</dt>
                <dd>{quote ? formatCompact(quote.volume) : '--'}</dd>
              </div>
            </dl>
          </section>

          <div className="detail-periods" role="tablist" aria-label={t('markets:detail.period')}>
            {candlePeriods.map((entry) => (
              <button
                key={entry}
                type="button"
                role="tab"
                aria-selected={entry === period}
                className={`detail-period${entry === period ? ' is-active' : ''}`}
                data-testid={`period-${entry}`}
                onClick={() => setPeriod(entry)}
              >
                {entry}
              </button>
            ))}
          </div>

          <HistoryNote />
          <div className="detail-chart-frame">
            <Suspense fallback={<div className="detail-chart-placeholder" aria-busy="true" />}>
              <PriceChart
                seriesKey={`${symbol}:${period}`}
                candles={candles.data ?? noCandles}
                sink={sink}
                priceDecimals={decimals}
                period={period}
                lastPrice={lastPrice}
              />
            </Suspense>
            {candles.isSuccess && candles.data.length === 0 && (
              <p className="detail-chart-empty">{t('markets:detail.chartEmpty')}</p>
            )}
          </div>
        </>
      )}

      <footer className="detail-bar">
        <button
          type="button"
          className={`detail-star${starred ? ' is-on' : ''}`}
          onClick={toggleFavourite}
          // Until the instrument and the user's favourites are known a tap could be lost or
          // toggle the wrong way, so the star waits for both.
          disabled={!instrument || favourites.isPending}
          aria-pressed={starred}
          aria-label={starred ? t('markets:detail.favouriteRemove') : t('markets:detail.favouriteAdd')}
          data-testid="favourite-toggle"
          data-favourite={starred}
        >
          {starred ? <StarFill fontSize={22} /> : <StarOutline fontSize={22} />}
          <span>{t('markets:detail.favourite')}</span>
        </button>
        {contractTarget !== null || tradeability === 'trading' ? (
          <>
            <Link
              className="detail-trade is-buy"
              to={contractTarget ?? tradePath(symbol, 'buy')}
              data-testid="detail-buy"
            >
              {t('markets:detail.buy')}
            </Link>
            <Link
              className="detail-trade is-sell"
              to={contractTarget ?? tradePath(symbol, 'sell')}
              data-testid="detail-sell"
            >
              {t('markets:detail.sell')}
            </Link>
          </>
        ) : tradeability === 'unknown' ? (
          <span className="detail-trade-pending skeleton" aria-busy="true" />
        ) : (
          <p className="detail-untradeable" role="note" data-testid="detail-untradeable">
            {t(tradeability === 'paused' ? 'markets:detail.paused' : 'markets:detail.notTradeable')}
          </p>
        )}
      </footer>
      <TickSheet tickId={tickOpen} priceDecimals={decimals} onClose={() => setTickOpen(null)} />
    </div>
  );
}

/** The last price, coloured by the day's change, flashing green or red when it moves. */
function LastPrice({ quote, decimals }: { quote: Quote | undefined; decimals: number }) {
  const previous = useRef<string | null>(null);
  const [flash, setFlash] = useState<{ direction: 'up' | 'down'; serial: number } | null>(null);
  const last = quote?.last ?? null;
  useEffect(() => {
    const before = previous.current;
    previous.current = last;
    if (before === null || last === null) {
      return;
    }
    const compared = compareDecimal(last, before);
    if (compared.ok && compared.value !== 0) {
      setFlash((current) => ({
        direction: compared.value > 0 ? 'up' : 'down',
        serial: (current?.serial ?? 0) + 1,
      }));
    }
  }, [last]);
  const direction = quote ? priceDirection(quote.change_percent) : 'zero';
  return (
    <div
      key={flash?.serial ?? 0}
      className={`detail-last is-${direction}${flash ? ` flash-${flash.direction}` : ''}`}
      data-testid="detail-last-price"
      data-direction={direction}
    >
      {quote ? formatPrice(quote.last, decimals) : '--'}
    </div>
  );
}
