import type { NftCard, NftRarity } from '@fairex/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { assetUrl } from '../../../lib/format';
import { countdownTarget, countdownText, detailPath, editionText, salePhase } from '../nft-rules';

/**
 * The server's clock now, ticking every second: `now` from the last reply moved on by this
 * device's clock since then, so a device set wrong does not change a countdown.
 */
export function useServerNow(serverNow: number | null | undefined, fetchedAt: number): number {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setDeviceNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (serverNow === null || serverNow === undefined) return deviceNow;
  return serverNow + Math.max(0, deviceNow - fetchedAt);
}

/** Said plainly on every market screen: the platform holds the items. */
export function CustodialNotice() {
  const { t } = useTranslation();
  return (
    <p className="nft-custodial" data-testid="nft-custodial">
      {t('nft:custodial')}
    </p>
  );
}

export function RarityChip({ rarity }: { rarity: NftRarity | null }) {
  const { t } = useTranslation();
  if (!rarity) return null;
  return <span className={`nft-rarity is-${rarity}`}>{t(`nft:rarity.${rarity}`)}</span>;
}

export function PhaseChip({ sale, nowMs }: { sale: { starts_at: number; ends_at: number }; nowMs: number }) {
  const { t } = useTranslation();
  const phase = salePhase(sale, nowMs);
  const chip = phase === 'on_sale' ? 'is-good' : phase === 'will_start' ? 'is-wait' : 'is-off';
  return (
    <span className={`status-chip ${chip}`} data-testid="nft-phase">
      {t(`nft:phase.${phase}`)}
    </span>
  );
}

/** "Ends in 01:02:03", "Starts in …" or "Ended". */
export function SaleCountdown({
  sale,
  nowMs,
}: {
  sale: { starts_at: number; ends_at: number };
  nowMs: number;
}) {
  const { t } = useTranslation();
  const target = countdownTarget(sale, nowMs);
  if (target === null) {
    return (
      <p className="nft-countdown" data-testid="nft-countdown">
        {t('nft:phase.ended')}
      </p>
    );
  }
  return (
    <p className="nft-countdown" data-testid="nft-countdown">
      <span>{t(target === sale.starts_at && nowMs < sale.starts_at ? 'nft:startsIn' : 'nft:endsIn')}</span>
      <strong>{countdownText(target - nowMs, t('nft:daySuffix'))}</strong>
    </p>
  );
}

export function Cover({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const url = assetUrl(src);
  return url ? (
    <img className={`nft-cover ${className ?? ''}`} src={url} alt={alt} loading="lazy" />
  ) : (
    <div className={`nft-cover is-blank ${className ?? ''}`} aria-hidden="true" />
  );
}

export function CardGrid({ cards, nowMs }: { cards: readonly NftCard[]; nowMs: number }) {
  const { t } = useTranslation();
  if (cards.length === 0) return <p className="nft-empty">{t('nft:empty')}</p>;
  return (
    <ul className="nft-grid" data-testid="nft-grid">
      {cards.map((card) => (
        <li key={card.code}>
          <Link
            className="nft-card"
            to={detailPath(card.code, card.media_type)}
            data-testid={`nft-card-${card.code}`}
          >
            <div className="nft-card-media">
              <Cover src={card.cover} alt={card.title} />
              <span className="nft-card-kind">{t(`nft:mode.${card.sale_mode}`)}</span>
              {card.media_type !== 'image' && (
                <span className="nft-card-type">{t(`nft:media.${card.media_type}`)}</span>
              )}
            </div>
            <div className="nft-card-body">
              <strong className="nft-card-title">{card.title}</strong>
              <span className="nft-card-artist">
                {card.artist.name}
                {editionText(card.edition, card.editions)
                  ? ` · ${editionText(card.edition, card.editions)}`
                  : ''}
              </span>
              <div className="nft-card-foot">
                <span className="nft-price">
                  {card.price} <small>{card.currency}</small>
                </span>
                <RarityChip rarity={card.rarity} />
              </div>
              <PhaseChip sale={card} nowMs={nowMs} />
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function LoadState({
  isError,
  onRetry,
  notFound,
}: {
  isError: boolean;
  onRetry: () => void;
  notFound?: boolean;
}) {
  const { t } = useTranslation();
  if (notFound) return <p className="nft-empty">{t('nft:notFound')}</p>;
  if (isError)
    return (
      <div className="nft-empty">
        <p>{t('nft:loadError')}</p>
        <button type="button" className="fx-button is-secondary" onClick={onRetry}>
          {t('nft:retry')}
        </button>
      </div>
    );
  return <div className="skeleton nft-skeleton" aria-busy="true" />;
}
