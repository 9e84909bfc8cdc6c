import type { NftBoxDetail, NftItemDetail, NftRarity } from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BottomSheet } from '../../components/ui/bottom-sheet';
import { FormField, TextInput } from '../../components/ui/form-field';
import { PageHeader } from '../../components/ui/page-header';
import { Paragraphs } from '../../components/ui/paragraphs';
import { ApiError } from '../../lib/api-client';
import { assetUrl } from '../../lib/format';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { appRoutes } from '../../lib/navigation';
import { userQueryRoot } from '../../lib/session';
import { useAppStore } from '../../lib/stores/app-store';
import { showToast } from '../../lib/toast';
import { useDateTime } from '../../lib/use-date-time';
import {
  bid,
  bidLogQuery,
  detailQuery,
  nftQueryRoot,
  openBox,
  payMargin,
  toggleCollect,
} from './api/nft-api';
import {
  Cover,
  CustodialNotice,
  LoadState,
  PhaseChip,
  RarityChip,
  SaleCountdown,
  useServerNow,
} from './components/nft-parts';
import { bidSheetModel, boxProof, bpsText, nftPaths, ppmText, readCode, salePhase } from './nft-rules';
import './nft.css';
import { trimDecimalText } from '@fairex/domain';

/** /pages/nft/artworkDetail?id=N12 (and artworkDetail_video): an item or a blind box. */
export function DetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const code = readCode(search);
  const lang = useAppStore((state) => state.lang);
  const query = useQuery({ ...detailQuery(code ?? 'N1', lang), enabled: code !== null });
  const detail = query.data ?? null;
  const serverNow = detail?.item?.now ?? detail?.box?.now;
  const nowMs = useServerNow(serverNow, query.dataUpdatedAt);
  const title = detail?.item?.title ?? detail?.box?.title ?? t('nft:title');
  return (
    <div className="nft-page">
      <PageHeader back title={title} />
      <div className="nft-body">
        {!detail ? (
          <LoadState
            isError={query.isError}
            notFound={code === null || (query.isSuccess && detail === null)}
            onRetry={() => void query.refetch()}
          />
        ) : detail.item ? (
          <ItemDetail item={detail.item} nowMs={nowMs} />
        ) : detail.box ? (
          <BoxDetail box={detail.box} nowMs={nowMs} />
        ) : (
          <p className="nft-empty">{t('nft:notFound')}</p>
        )}
        <CustodialNotice />
      </div>
    </div>
  );
}

function Media({ item }: { item: NftItemDetail }) {
  const { t } = useTranslation();
  const media = assetUrl(item.media);
  const cover = assetUrl(item.cover) ?? undefined;
  if (item.media_type === 'audio') {
    return (
      <div className="nft-media is-audio" data-testid="nft-media">
        <Cover src={item.cover} alt={item.title} className="is-banner" />
        {media && (
          // biome-ignore lint/a11y/useMediaCaption: artworks carry no caption track
          <audio controls src={media} aria-label={t('nft:media.audio')} />
        )}
      </div>
    );
  }
  if (item.media_type === 'video') {
    return (
      <div className="nft-media" data-testid="nft-media">
        {media && (
          // biome-ignore lint/a11y/useMediaCaption: artworks carry no caption track
          <video controls playsInline poster={cover} src={media} aria-label={t('nft:media.video')} />
        )}
      </div>
    );
  }
  return (
    <div className="nft-media" data-testid="nft-media">
      <Cover src={item.media} alt={item.title} className="is-banner" />
    </div>
  );
}

function FavouriteButton({
  code,
  collected,
  favourites,
}: {
  code: string;
  collected: boolean;
  favourites: number;
}) {
  const { t } = useTranslation();
  const token = useAppStore((state) => state.token);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <button
      type="button"
      className={`nft-fav${collected ? ' is-on' : ''}`}
      aria-pressed={collected}
      data-testid="nft-fav"
      onClick={async () => {
        if (token === null) return navigate(appRoutes.login);
        try {
          await toggleCollect(code);
          await queryClient.invalidateQueries({ queryKey: nftQueryRoot });
        } catch {
          // The client has shown the message.
        }
      }}
    >
      {collected ? '♥' : '♡'} {favourites} <span className="sr-only">{t('nft:favourite')}</span>
    </button>
  );
}

function ItemDetail({ item, nowMs }: { item: NftItemDetail; nowMs: number }) {
  const { t } = useTranslation();
  const listing = item.listing;
  return (
    <>
      <Media item={item} />
      <section className="card nft-panel" data-testid="nft-item">
        <div className="nft-title-row">
          <h1 className="nft-title">{item.title}</h1>
          <FavouriteButton code={item.code} collected={item.collected} favourites={item.favourites} />
        </div>
        <div className="nft-meta">
          <RarityChip rarity={item.rarity} />
          <span>
            #{item.edition}/{item.editions}
          </span>
          <Link to={`${nftPaths.artist}?id=${item.artist.id}`}>{item.artist.name}</Link>
          {item.collection && (
            <Link to={`${nftPaths.collection}?id=${item.collection.id}`}>{item.collection.name}</Link>
          )}
        </div>
        <dl className="fx-figures is-compact">
          <div>
            <dt>{t('nft:owner')}</dt>
            <dd>{item.mine ? t('nft:you') : (item.owner ?? t('nft:platform'))}</dd>
          </div>
          {item.last_price && (
            <div>
              <dt>{t('nft:lastPrice')}</dt>
              <dd>{item.last_price}</dd>
            </div>
          )}
          <div>
            <dt>{t('nft:withdrawable')}</dt>
            <dd>{item.withdrawable ? t('nft:yes') : t('nft:noResold')}</dd>
          </div>
        </dl>
      </section>
      {listing && listing.state !== 'pending_review' ? (
        listing.auction ? (
          <AuctionPanel item={item} nowMs={nowMs} />
        ) : (
          <section className="card nft-panel" data-testid="nft-price-panel">
            <div className="nft-price-row">
              <span className="nft-muted">{t('nft:price')}</span>
              <PhaseChip sale={listing} nowMs={nowMs} />
            </div>
            <strong className="nft-big-price" data-testid="nft-price">
              {trimDecimalText(listing.price)} <small>{listing.currency}</small>
            </strong>
            <SaleCountdown sale={listing} nowMs={nowMs} />
            <p className="nft-muted">
              {t('nft:feeNote', {
                fee: bpsText(item.terms.fee_bps),
                royalty: bpsText(item.terms.royalty_bps),
              })}
            </p>
            {!item.mine && listing.state === 'live' && salePhase(listing, nowMs) === 'on_sale' && (
              <Link
                className="fx-button is-block"
                to={`${nftPaths.purchase}?id=${item.code}`}
                data-testid="nft-buy"
              >
                {t('nft:buyNow')}
              </Link>
            )}
          </section>
        )
      ) : (
        <section className="card nft-panel">
          <p className="nft-muted" data-testid="nft-not-listed">
            {listing?.state === 'pending_review' ? t('nft:pendingReview') : t('nft:notListed')}
          </p>
          {item.mine && !listing && (
            <Link
              className="fx-button is-block"
              to={`${nftPaths.resell}?id=${item.code}`}
              data-testid="nft-resell"
            >
              {t('nft:resell.title')}
            </Link>
          )}
        </section>
      )}
      {item.description && (
        <section className="card nft-panel">
          <h2 className="nft-section-title">{t('nft:about')}</h2>
          <Paragraphs text={item.description} className="nft-text" />
        </section>
      )}
    </>
  );
}

function AuctionPanel({ item, nowMs }: { item: NftItemDetail; nowMs: number }) {
  const { t } = useTranslation();
  const listing = item.listing;
  const auction = listing?.auction;
  const [sheet, setSheet] = useState(false);
  if (!listing || !auction) return null;
  const open =
    listing.state === 'live' &&
    salePhase({ starts_at: auction.starts_at, ends_at: auction.ends_at }, nowMs) === 'on_sale';
  return (
    <>
      <section className="card nft-panel" data-testid="nft-auction">
        <div className="nft-price-row">
          <span className="nft-muted">
            {auction.current_price ? t('nft:currentBid') : t('nft:startPrice')}
          </span>
          <PhaseChip sale={{ starts_at: auction.starts_at, ends_at: auction.ends_at }} nowMs={nowMs} />
        </div>
        <strong className="nft-big-price" data-testid="nft-current-bid">
          {auction.current_price ?? auction.start_price} <small>{listing.currency}</small>
        </strong>
        <SaleCountdown sale={{ starts_at: auction.starts_at, ends_at: auction.ends_at }} nowMs={nowMs} />
        <dl className="fx-figures is-compact">
          <div>
            <dt>{t('nft:increment')}</dt>
            <dd>{auction.increment}</dd>
          </div>
          <div>
            <dt>{t('nft:margin')}</dt>
            <dd>
              {trimDecimalText(auction.margin)} {listing.currency}
              {auction.my_margin_paid ? ` · ${t('nft:marginHeld')}` : ''}
            </dd>
          </div>
          <div>
            <dt>{t('nft:bidCount')}</dt>
            <dd>{auction.bids}</dd>
          </div>
        </dl>
        {auction.my_highest && (
          <p className="status-chip is-good" data-testid="nft-leading">
            {t('nft:youLead')}
          </p>
        )}
        <p className="nft-muted">
          {t('nft:antiSnipe', { minutes: Math.round(item.terms.extension_window_ms / 60_000) })}
        </p>
        {open && !item.mine && (
          <button
            type="button"
            className="fx-button is-block"
            onClick={() => setSheet(true)}
            data-testid="nft-bid-open"
          >
            {t('nft:placeBid')}
          </button>
        )}
      </section>
      <BidList code={item.code} />
      <BidSheet item={item} visible={sheet} onClose={() => setSheet(false)} />
    </>
  );
}

function BidList({ code }: { code: string }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const query = useQuery(bidLogQuery(code));
  const list = query.data?.list ?? [];
  return (
    <section className="card nft-panel" data-testid="nft-bids">
      <h2 className="nft-section-title">{t('nft:bidRecords')}</h2>
      {list.length === 0 ? (
        <p className="nft-muted">{t('nft:noBids')}</p>
      ) : (
        <ol className="nft-bids">
          {list.map((record) => (
            <li key={`${record.time}-${record.price}`} className={record.mine ? 'is-mine' : ''}>
              <span>{record.mine ? t('nft:you') : record.bidder}</span>
              <strong>{trimDecimalText(record.price)}</strong>
              <time>{dateTime(record.time)}</time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function BidSheet({
  item,
  visible,
  onClose,
}: {
  item: NftItemDetail;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useAppStore((state) => state.token);
  const model = bidSheetModel(item);
  const [price, setPrice] = useState('');
  const [busy, setBusy] = useState(false);
  const marginKey = useRef<string | null>(null);
  if (!model) return null;
  const submit = async () => {
    if (token === null) return navigate(appRoutes.login);
    const offer = price.trim() || model.minBid;
    setBusy(true);
    try {
      if (model.firstBid) {
        marginKey.current ??= newIdempotencyKey();
        await payMargin(item.code, marginKey.current);
        marginKey.current = null;
      }
      const reply = await bid(item.code, offer);
      showToast(reply?.extended ? t('nft:bidExtended') : t('nft:bidPlaced'));
      setPrice('');
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network'))) {
        marginKey.current = null;
      }
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: nftQueryRoot });
      await queryClient.invalidateQueries({ queryKey: [userQueryRoot] });
    }
  };
  return (
    <BottomSheet visible={visible} title={t('nft:placeBid')} onClose={onClose} testId="nft-bid-sheet">
      <div className="nft-sheet">
        <FormField
          label={t('nft:yourBid')}
          htmlFor="nft-bid-price"
          sunken
          hint={t('nft:minBid', { price: model.minBid, currency: model.currency })}
          suffix={<span className="fx-field-unit">{model.currency}</span>}
        >
          <TextInput
            id="nft-bid-price"
            testId="nft-bid-price"
            inputMode="decimal"
            className="is-figure"
            placeholder={model.minBid}
            value={price}
            onChange={(event) => setPrice(event.target.value)}
          />
        </FormField>
        {model.firstBid && (
          <p className="nft-notice" data-testid="nft-margin-notice">
            {t('nft:marginNotice', { margin: model.margin, currency: model.currency })}
          </p>
        )}
        <button
          type="button"
          className="fx-button is-block"
          disabled={busy}
          onClick={submit}
          data-testid="nft-bid-submit"
        >
          {model.firstBid ? t('nft:payMarginAndBid') : t('nft:placeBid')}
        </button>
      </div>
    </BottomSheet>
  );
}

function BoxDetail({ box, nowMs }: { box: NftBoxDetail; nowMs: number }) {
  const { t } = useTranslation();
  const on = salePhase(box, nowMs) === 'on_sale' && box.sold < box.supply;
  // Kept here: once opened, the refetched box has no unopened ticket left, but the reveal stays.
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  return (
    <>
      <div className="nft-media">
        <Cover src={box.cover} alt={box.title} className="is-banner" />
      </div>
      <section className="card nft-panel" data-testid="nft-box">
        <div className="nft-title-row">
          <h1 className="nft-title">{box.title}</h1>
          <FavouriteButton code={box.code} collected={box.collected} favourites={box.favourites} />
        </div>
        <div className="nft-price-row">
          <strong className="nft-big-price">
            {trimDecimalText(box.price)} <small>{box.currency}</small>
          </strong>
          <PhaseChip sale={box} nowMs={nowMs} />
        </div>
        <SaleCountdown sale={box} nowMs={nowMs} />
        <p className="nft-muted">{t('nft:box.sold', { sold: box.sold, supply: box.supply })}</p>
        {on && (
          <Link
            className="fx-button is-block"
            to={`${nftPaths.purchaseOne}?id=${box.code}`}
            data-testid="nft-box-buy"
          >
            {t('nft:box.buy')}
          </Link>
        )}
      </section>
      {(box.my_unopened.length > 0 || revealed) && (
        <OpenBox box={box} revealed={revealed} onRevealed={setRevealed} />
      )}
      <section className="card nft-panel" data-testid="nft-odds">
        <h2 className="nft-section-title">{t('nft:box.odds')}</h2>
        <table className="nft-odds">
          <thead>
            <tr>
              <th>{t('nft:box.item')}</th>
              <th>{t('nft:box.chance')}</th>
              <th>{t('nft:box.drawn')}</th>
            </tr>
          </thead>
          <tbody>
            {box.items.map((entry) => (
              <tr key={entry.artwork_id}>
                <td>
                  <span className="nft-odds-name">{entry.title}</span> <RarityChip rarity={entry.rarity} />
                </td>
                <td>{ppmText(entry.odds_ppm)}</td>
                <td>{entry.drawn}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <ProofPanel box={box} />
      {box.description && (
        <section className="card nft-panel">
          <Paragraphs text={box.description} className="nft-text" />
        </section>
      )}
    </>
  );
}

type Revealed = { title: string; code: string; rarity: NftRarity | null; cover: string };

function OpenBox({
  box,
  revealed,
  onRevealed,
}: {
  box: NftBoxDetail;
  revealed: Revealed | null;
  onRevealed: (result: Revealed | null) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState(false);
  const phase = revealed ? 'revealed' : opening ? 'opening' : 'idle';
  const result = revealed;
  const ticket = box.my_unopened[0];
  const open = async () => {
    if (!ticket) return;
    onRevealed(null);
    setOpening(true);
    try {
      const [reply] = await Promise.all([
        openBox(ticket),
        new Promise((resolve) => setTimeout(resolve, 900)),
      ]);
      if (reply) {
        onRevealed({
          title: reply.item.title,
          code: reply.item.code,
          rarity: reply.item.rarity,
          cover: reply.item.cover,
        });
      }
      await queryClient.invalidateQueries({ queryKey: nftQueryRoot });
      await queryClient.invalidateQueries({ queryKey: [userQueryRoot] });
    } catch {
      // The client has shown the message.
    } finally {
      setOpening(false);
    }
  };
  return (
    <section className="card nft-panel nft-open" data-testid="nft-open">
      {box.my_unopened.length > 0 && <p>{t('nft:box.unopened', { count: box.my_unopened.length })}</p>}
      <div className={`nft-gift is-${phase}`} aria-live="polite">
        {phase === 'revealed' && result ? (
          <div className="nft-reveal" data-testid="nft-reveal">
            <Cover src={result.cover} alt={result.title} className="is-thumb" />
            <strong>{result.title}</strong>
            <RarityChip rarity={result.rarity} />
            <Link to={`${nftPaths.detail}?id=${result.code}`}>{t('nft:box.viewItem')}</Link>
          </div>
        ) : (
          <span className="nft-gift-box" aria-hidden="true">
            🎁
          </span>
        )}
      </div>
      {ticket && (
        <button
          type="button"
          className="fx-button is-block"
          disabled={phase === 'opening'}
          onClick={open}
          data-testid="nft-open-box"
        >
          {phase === 'opening' ? t('nft:box.opening') : t('nft:box.open')}
        </button>
      )}
    </section>
  );
}

function ProofPanel({ box }: { box: NftBoxDetail }) {
  const { t } = useTranslation();
  const proof = boxProof(box);
  return (
    <section className="card nft-panel" data-testid="nft-proof">
      <h2 className="nft-section-title">{t('nft:proof.title')}</h2>
      <p className="nft-muted">{t('nft:proof.scheme')}</p>
      <dl className="nft-hashes">
        <dt>{t('nft:proof.commit')}</dt>
        <dd data-testid="nft-commit">{box.commit}</dd>
        {box.server_seed !== null && (
          <>
            <dt>{t('nft:proof.seed')}</dt>
            <dd>{box.server_seed}</dd>
          </>
        )}
      </dl>
      {proof.state === 'pending' ? (
        <p className="status-chip is-wait" data-testid="nft-proof-state">
          {t('nft:proof.pending')}
        </p>
      ) : (
        <>
          <p
            className={`status-chip ${proof.state === 'verified' ? 'is-good' : 'is-bad'}`}
            data-testid="nft-proof-state"
          >
            {proof.state === 'verified' ? t('nft:proof.verified') : t('nft:proof.failed')}
          </p>
          <p className="nft-muted">
            {t('nft:proof.summary', { openings: proof.openings })}
            {!proof.commitMatches && ` ${t('nft:proof.commitMismatch')}`}
            {proof.mismatches.length > 0 &&
              ` ${t('nft:proof.mismatches', { nonces: proof.mismatches.join(', ') })}`}
          </p>
        </>
      )}
    </section>
  );
}
