import type { Instrument } from '@fairex/contract';
import { SearchOutline } from 'antd-mobile-icons';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppStore } from '../../lib/stores/app-store';
import { useGoBack } from '../../lib/use-go-back';
import { ChangePill } from './components/change-pill';
import { useMarketData } from './hooks/use-market-data';
import { useRecentSymbols } from './hooks/use-recent-symbols';
import { assetDisplayName } from './lib/asset-names';
import { detailPath, marketRoutes, splitSymbol, symbolTestId } from './lib/market-paths';
import { filterInstruments, hotSearchCount, topByVolume } from './lib/search-filter';
import './markets.css';

/** Search (/pages/market/search): filter instruments, hot searches, recently viewed on this device. */
export function SearchPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(marketRoutes.list);
  const [text, setText] = useState('');
  const query = useDeferredValue(text);
  const lang = useAppStore((state) => state.lang);
  const market = useMarketData();
  const { recent, clear } = useRecentSymbols();
  const results = useMemo(
    () => filterInstruments(market.instruments, query, lang),
    [market.instruments, query, lang],
  );
  const quoteBySymbol = useMemo(
    () => new Map(market.quotes.map((quote) => [quote.symbol, quote])),
    [market.quotes],
  );
  const hot = useMemo(() => topByVolume(market.quotes, hotSearchCount), [market.quotes]);
  const searching = query.trim() !== '';

  return (
    <div className="market-search">
      <header className="search-bar">
        <label className="search-field">
          <SearchOutline fontSize={17} aria-hidden="true" />
          <input
            type="search"
            inputMode="search"
            autoComplete="off"
            enterKeyHint="search"
            placeholder={t('markets:search.placeholder')}
            aria-label={t('markets:search.placeholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            data-testid="market-search-input"
            // biome-ignore lint/a11y/noAutofocus: the page exists to type a query
            autoFocus
          />
        </label>
        <button type="button" className="search-cancel" onClick={goBack}>
          {t('markets:search.cancel')}
        </button>
      </header>

      {searching ? (
        <section className="search-section" aria-label={t('markets:search.results')}>
          {results.length === 0 ? (
            <p className="markets-empty-body search-none" data-testid="search-empty">
              {t('markets:search.noResults')}
            </p>
          ) : (
            <ul className="search-results">
              {results.map((instrument) => (
                <SearchResult
                  key={instrument.symbol}
                  instrument={instrument}
                  changePercent={quoteBySymbol.get(instrument.symbol)?.change_percent ?? null}
                />
              ))}
            </ul>
          )}
        </section>
      ) : (
        <>
          {recent.length > 0 && (
            <section className="search-section" data-testid="search-recent">
              <div className="search-section-head">
                <h2>{t('markets:search.recent')}</h2>
                <button type="button" className="search-clear" onClick={clear}>
                  {t('markets:search.clear')}
                </button>
              </div>
              <div className="search-chips">
                {recent.map((symbol) => (
                  <Link key={symbol} className="search-chip" to={detailPath(symbol)}>
                    {symbol}
                  </Link>
                ))}
              </div>
            </section>
          )}
          <section className="search-section" data-testid="search-hot">
            <div className="search-section-head">
              <h2>{t('markets:search.hot')}</h2>
            </div>
            <ol className="search-hot-list">
              {hot.map((quote, index) => (
                <li key={quote.symbol}>
                  <Link className="search-hot-item" to={detailPath(quote.symbol)}>
                    <span className={`search-rank${index < 3 ? ' is-top' : ''}`}>{index + 1}</span>
                    <span className="search-hot-symbol">{quote.symbol}</span>
                    <ChangePill changePercent={quote.change_percent} solid={false} />
                  </Link>
                </li>
              ))}
            </ol>
            {hot.length === 0 && !market.isPending && (
              <Link className="search-chip" to={marketRoutes.list}>
                {t('markets:title')}
              </Link>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function SearchResult({
  instrument,
  changePercent,
}: {
  instrument: Instrument;
  changePercent: string | null;
}) {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const { base, quote } = splitSymbol(instrument.symbol);
  const name = assetDisplayName(instrument.base, lang);
  return (
    <li>
      <Link
        className="search-result"
        to={detailPath(instrument.symbol)}
        data-testid={`search-result-${symbolTestId(instrument.symbol)}`}
      >
        <span className="search-result-names">
          <span className="quote-symbol">
            <b>{base}</b>
            {quote && <span className="quote-symbol-quote">/{quote}</span>}
          </span>
          {name && <span className="search-result-name">{name}</span>}
        </span>
        <span className="search-result-kind">{t(`markets:kinds.${instrument.kind}`)}</span>
        {changePercent !== null && <ChangePill changePercent={changePercent} solid={false} />}
      </Link>
    </li>
  );
}
