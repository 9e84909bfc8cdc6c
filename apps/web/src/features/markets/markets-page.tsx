import type { InstrumentKind } from '@fairex/contract';
import { SearchOutline, StarOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { PageTabs } from '../../components/ui/page-tabs';
import { overlayQuotes } from '../../lib/market/quote-buffer';
import { useLiveQuotes } from '../../lib/market/use-market-stream';
import { HistoryNote } from './components/history-note';
import { QuoteList, QuoteListSkeleton } from './components/quote-list';
import { SimulatedBadge } from './components/simulated-badge';
import { useFavourites } from './hooks/use-favourites';
import { useMarketData } from './hooks/use-market-data';
import { marketRoutes } from './lib/market-paths';
import './markets.css';

/** Tabs in the spec's order (section 2): favourites, futures, coins, stock. */
const marketTabs = ['favourites', 'futures', 'coins', 'stock'] as const;
type MarketTab = (typeof marketTabs)[number];
const defaultTab: MarketTab = 'coins';

const tabKinds: Record<Exclude<MarketTab, 'favourites'>, InstrumentKind> = {
  futures: 'perpetual',
  coins: 'spot',
  stock: 'stock',
};

function isMarketTab(value: string | null): value is MarketTab {
  return marketTabs.some((tab) => tab === value);
}

/** Markets tab (/pages/market/market): live quotes by kind, favourites, sorting, search. */
export function MarketsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: MarketTab = isMarketTab(requested) ? requested : defaultTab;
  const market = useMarketData();
  const favourites = useFavourites();

  const tabQuotes = useMemo(
    () =>
      tab === 'favourites'
        ? market.quotes.filter((quote) => favourites.symbols.has(quote.symbol))
        : market.quotes.filter((quote) => quote.kind === tabKinds[tab]),
    [market.quotes, tab, favourites.symbols],
  );
  const symbols = useMemo(() => tabQuotes.map((quote) => quote.symbol), [tabQuotes]);
  const live = useLiveQuotes(symbols);
  const shown = useMemo(() => overlayQuotes(tabQuotes, live), [tabQuotes, live]);

  return (
    <div className="markets">
      <PageHeader
        title={t('markets:title')}
        right={
          <Link
            className="icon-button"
            to={marketRoutes.search}
            aria-label={t('markets:search.open')}
            data-testid="markets-search"
          >
            <SearchOutline fontSize={21} />
          </Link>
        }
      />
      <PageTabs
        tabs={marketTabs}
        active={tab}
        label={(name) => t(`markets:tabs.${name}`)}
        onChange={(name) => setParams({ tab: name }, { replace: true })}
        testIdPrefix="markets-tab-"
      />
      <div className="markets-meta">
        <SimulatedBadge />
      </div>
      <HistoryNote />
      <section className="markets-body" role="tabpanel">
        {tab === 'favourites' && !favourites.signedIn ? (
          <MarketsEmpty
            testId="favourites-login"
            title={t('markets:favourites.loginTitle')}
            body={t('markets:favourites.loginBody')}
            action={{ to: '/pages/common/login', label: t('markets:favourites.login') }}
          />
        ) : market.isPending || (tab === 'favourites' && favourites.isPending) ? (
          <QuoteListSkeleton />
        ) : market.isError ? (
          <div className="markets-empty" data-testid="markets-error">
            <p className="markets-empty-title">{t('markets:error')}</p>
            <button type="button" className="fx-button" onClick={() => market.refetch()}>
              {t('markets:retry')}
            </button>
          </div>
        ) : shown.length === 0 ? (
          tab === 'favourites' ? (
            <MarketsEmpty
              testId="favourites-empty"
              title={t('markets:favourites.emptyTitle')}
              body={t('markets:favourites.emptyBody')}
              action={{ to: `${marketRoutes.list}?tab=coins`, label: t('markets:favourites.browse') }}
            />
          ) : (
            <MarketsEmpty testId="markets-empty" title={t('markets:empty')} />
          )
        ) : (
          <QuoteList quotes={shown} bySymbol={market.bySymbol} testId="markets-list" />
        )}
      </section>
    </div>
  );
}

type MarketsEmptyProps = {
  testId: string;
  title: string;
  body?: string;
  action?: { to: string; label: string };
};

function MarketsEmpty({ testId, title, body, action }: MarketsEmptyProps) {
  return (
    <div className="markets-empty" data-testid={testId}>
      <span className="markets-empty-icon" aria-hidden="true">
        <StarOutline fontSize={28} />
      </span>
      <p className="markets-empty-title">{title}</p>
      {body && <p className="markets-empty-body">{body}</p>}
      {action && (
        <Link className="fx-button" to={action.to}>
          {action.label}
        </Link>
      )}
    </div>
  );
}
