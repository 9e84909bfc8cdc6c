import type { NftArtist, NftCollection } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';
import { useAppStore } from '../../lib/stores/app-store';
import { artistListQuery, collectionsQuery, type MarketFilter, marketListQuery } from './api/nft-api';
import { CardGrid, Cover, CustodialNotice, LoadState, useServerNow } from './components/nft-parts';
import { nftPaths, readId } from './nft-rules';
import './nft.css';

type MarketTab = 'artworks' | 'artists' | 'collections' | 'boxes';
const marketTabs: readonly MarketTab[] = ['artworks', 'artists', 'collections', 'boxes'];

function MineLink() {
  const { t } = useTranslation();
  return (
    <Link className="nft-header-link" to={nftPaths.mine} data-testid="nft-mine-link">
      {t('nft:mine.title')}
    </Link>
  );
}

/** /pages/nft/nft: the market home with artworks, artists, collections and blind boxes. */
export function MarketPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = (marketTabs as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as MarketTab)
    : 'artworks';
  return (
    <div className="nft-page">
      <PageHeader back title={t('nft:title')} right={<MineLink />} />
      <div className="nft-body">
        <section className="nft-hero">
          <h1>{t('nft:hero.title')}</h1>
          <p>{t('nft:hero.text')}</p>
          <Link className="nft-search-link" to={nftPaths.search} data-testid="nft-search-link">
            {t('nft:search.placeholder')}
          </Link>
        </section>
        <SegmentedTabs
          value={tab}
          label={t('nft:title')}
          options={marketTabs.map((value) => ({
            value,
            label: t(`nft:tabs.${value}`),
            testId: `nft-tab-${value}`,
          }))}
          onChange={(value) => setSearch({ tab: value }, { replace: true })}
        />
        {tab === 'artworks' && <CardList filter={{}} />}
        {tab === 'boxes' && <CardList filter={{ sale_mode: 'blind_box' }} />}
        {tab === 'artists' && <ArtistList keyword="" />}
        {tab === 'collections' && <CollectionList />}
        <CustodialNotice />
      </div>
    </div>
  );
}

function CardList({ filter }: { filter: MarketFilter }) {
  const lang = useAppStore((state) => state.lang);
  const query = useQuery(marketListQuery(filter, lang));
  const nowMs = useServerNow(query.data?.list[0]?.now, query.dataUpdatedAt);
  if (!query.data) return <LoadState isError={query.isError} onRetry={() => void query.refetch()} />;
  return <CardGrid cards={query.data.list} nowMs={nowMs} />;
}

function ArtistList({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const query = useQuery(artistListQuery(keyword, lang));
  if (!query.data) return <LoadState isError={query.isError} onRetry={() => void query.refetch()} />;
  if (query.data.list.length === 0) return <p className="nft-empty">{t('nft:empty')}</p>;
  return (
    <ul className="nft-list" data-testid="nft-artists">
      {query.data.list.map((artist) => (
        <li key={artist.id}>
          <ArtistRow artist={artist} />
        </li>
      ))}
    </ul>
  );
}

function ArtistRow({ artist }: { artist: NftArtist }) {
  const { t } = useTranslation();
  return (
    <Link className="card nft-row" to={`${nftPaths.artist}?id=${artist.id}`}>
      <Cover src={artist.avatar} alt={artist.name} className="is-avatar" />
      <div className="nft-row-text">
        <strong>{artist.name}</strong>
        <span>{t('nft:artistCounts', { artworks: artist.artworks, collections: artist.collections })}</span>
      </div>
    </Link>
  );
}

export function CollectionRow({ collection }: { collection: NftCollection }) {
  const { t } = useTranslation();
  return (
    <Link className="card nft-row" to={`${nftPaths.collection}?id=${collection.id}`}>
      <Cover src={collection.cover} alt={collection.name} className="is-thumb" />
      <div className="nft-row-text">
        <strong>{collection.name}</strong>
        <span>
          {collection.artist.name} · {t('nft:artworkCount', { count: collection.artworks })}
        </span>
      </div>
    </Link>
  );
}

function CollectionList() {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const query = useQuery(collectionsQuery({}, lang));
  if (!query.data) return <LoadState isError={query.isError} onRetry={() => void query.refetch()} />;
  if (query.data.list.length === 0) return <p className="nft-empty">{t('nft:empty')}</p>;
  return (
    <ul className="nft-list" data-testid="nft-collections">
      {query.data.list.map((collection) => (
        <li key={collection.id}>
          <CollectionRow collection={collection} />
        </li>
      ))}
    </ul>
  );
}

/** /pages/nft/search: artworks and artists by title or name. */
export function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [text, setText] = useState(search.get('keyword') ?? '');
  const keyword = (search.get('keyword') ?? '').trim();
  return (
    <div className="nft-page">
      <PageHeader back title={t('nft:search.title')} />
      <div className="nft-body">
        <form
          className="nft-search"
          onSubmit={(event) => {
            event.preventDefault();
            navigate(`${nftPaths.search}?keyword=${encodeURIComponent(text.trim())}`, { replace: true });
          }}
        >
          <div className="fx-field-box is-sunken">
            <input
              className="fx-input"
              value={text}
              maxLength={60}
              placeholder={t('nft:search.placeholder')}
              aria-label={t('nft:search.title')}
              data-testid="nft-search-input"
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <button type="submit" className="fx-button">
            {t('nft:search.go')}
          </button>
        </form>
        {keyword && (
          <>
            <h2 className="nft-section-title">{t('nft:tabs.artists')}</h2>
            <ArtistList keyword={keyword} />
            <h2 className="nft-section-title">{t('nft:tabs.artworks')}</h2>
            <CardList filter={{ keyword }} />
          </>
        )}
      </div>
    </div>
  );
}

/** /pages/nft/artist: all artists. */
export function ArtistsPage() {
  const { t } = useTranslation();
  return (
    <div className="nft-page">
      <PageHeader back title={t('nft:tabs.artists')} />
      <div className="nft-body">
        <ArtistList keyword="" />
      </div>
    </div>
  );
}

/** /pages/nft/artwork: all artworks on sale, optionally by sale mode (?mode=auction). */
export function ArtworksPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const mode = search.get('mode');
  const filter: MarketFilter =
    mode === 'auction' || mode === 'normal' || mode === 'blind_box' ? { sale_mode: mode } : {};
  return (
    <div className="nft-page">
      <PageHeader back title={t('nft:tabs.artworks')} />
      <div className="nft-body">
        <CardList filter={filter} />
      </div>
    </div>
  );
}

/** /pages/nft/collection?id=N: one collection and its artworks (without id: all collections). */
export function CollectionPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = readId(search, 'id');
  const lang = useAppStore((state) => state.lang);
  const query = useQuery({ ...collectionsQuery({ ...(id ? { id } : {}) }, lang) });
  const collection = id ? (query.data?.list.find((entry) => entry.id === id) ?? null) : null;
  const nowMs = useServerNow(query.data?.items[0]?.now, query.dataUpdatedAt);
  if (!id) {
    return (
      <div className="nft-page">
        <PageHeader back title={t('nft:tabs.collections')} />
        <div className="nft-body">
          <CollectionList />
        </div>
      </div>
    );
  }
  return (
    <div className="nft-page">
      <PageHeader back title={collection?.name ?? t('nft:tabs.collections')} />
      <div className="nft-body">
        {!query.data ? (
          <LoadState isError={query.isError} onRetry={() => void query.refetch()} />
        ) : (
          <>
            {collection && (
              <section className="card nft-panel">
                <Cover src={collection.cover} alt={collection.name} className="is-banner" />
                <Link to={`${nftPaths.artist}?id=${collection.artist.id}`}>{collection.artist.name}</Link>
                {collection.description && <p className="nft-text">{collection.description}</p>}
              </section>
            )}
            <CardGrid cards={query.data.items} nowMs={nowMs} />
          </>
        )}
      </div>
    </div>
  );
}
