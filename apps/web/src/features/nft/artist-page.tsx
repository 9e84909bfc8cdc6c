import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { Paragraphs } from '../../components/ui/paragraphs';
import { useAppStore } from '../../lib/stores/app-store';
import { artistDetailQuery } from './api/nft-api';
import { CardGrid, Cover, CustodialNotice, LoadState, useServerNow } from './components/nft-parts';
import { CollectionRow } from './market-page';
import { readId } from './nft-rules';
import './nft.css';

/** /pages/nft/artistDetail?id=N: the artist's profile, collections and artworks. */
export function ArtistPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = readId(search, 'id') ?? readId(search, 'uid');
  const lang = useAppStore((state) => state.lang);
  const query = useQuery({ ...artistDetailQuery(id ?? 0, lang), enabled: id !== null });
  const detail = query.data ?? null;
  const nowMs = useServerNow(detail?.items[0]?.now, query.dataUpdatedAt);
  return (
    <div className="nft-page">
      <PageHeader back title={detail?.artist.name ?? t('nft:artist.title')} />
      <div className="nft-body">
        {!detail ? (
          <LoadState
            isError={query.isError}
            notFound={id === null || (query.isSuccess && detail === null)}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <>
            <section className="card nft-panel nft-artist" data-testid="nft-artist">
              <Cover src={detail.artist.avatar} alt={detail.artist.name} className="is-avatar is-large" />
              <strong className="nft-artist-name">{detail.artist.name}</strong>
              <span className="nft-muted">
                {t('nft:artistCounts', {
                  artworks: detail.artist.artworks,
                  collections: detail.artist.collections,
                })}
              </span>
              {detail.artist.bio && <Paragraphs text={detail.artist.bio} className="nft-text" />}
            </section>
            {detail.collections.length > 0 && (
              <>
                <h2 className="nft-section-title">{t('nft:tabs.collections')}</h2>
                <ul className="nft-list">
                  {detail.collections.map((collection) => (
                    <li key={collection.id}>
                      <CollectionRow collection={collection} />
                    </li>
                  ))}
                </ul>
              </>
            )}
            <h2 className="nft-section-title">{t('nft:tabs.artworks')}</h2>
            <CardGrid cards={detail.items} nowMs={nowMs} />
            <CustodialNotice />
          </>
        )}
      </div>
    </div>
  );
}
