import type { ArticleSummary } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { Swiper } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { assetUrl } from '../../../lib/format';
import { articlePath } from '../../../lib/navigation';
import { useAppStore } from '../../../lib/stores/app-store';
import { newsListQuery } from '../api/home-queries';

const autoplayIntervalMs = 4000;

function BannerSlide({ banner, onOpen }: { banner: ArticleSummary; onOpen: () => void }) {
  const [imageFailed, setImageFailed] = useState(false);
  const image = imageFailed ? null : assetUrl(banner.thumbnail);
  return (
    <button type="button" className="banner-slide" onClick={onOpen}>
      {image && (
        <img
          className="banner-image"
          src={image}
          alt=""
          draggable={false}
          onError={() => setImageFailed(true)}
        />
      )}
      <span className="banner-shade" />
      <span className="banner-title">{banner.title}</span>
    </button>
  );
}

/** The house slide, shown when the operator has no banners (or the call is unavailable). */
function HouseSlide() {
  const { t } = useTranslation();
  return (
    <div className="banner-slide banner-house">
      <span className="banner-house-kicker">{t('home:banner.kicker')}</span>
      <span className="banner-house-title">{t('home:banner.fallbackTitle')}</span>
      <span className="banner-house-subtitle">{t('home:banner.fallbackSubtitle')}</span>
    </div>
  );
}

/** Home banners from POST /news/list c_id=5; a banner opens its link or its article. */
export function BannerCarousel() {
  const lang = useAppStore((state) => state.lang);
  const navigate = useNavigate();
  const { data, isPending } = useQuery(newsListQuery(5, lang));
  const banners = data?.list ?? [];
  if (isPending) {
    return <div className="banner-frame banner-loading" data-testid="home-banners" aria-busy="true" />;
  }
  const open = (banner: ArticleSummary) => {
    navigate(banner.link?.startsWith('/') ? banner.link : articlePath(banner.id));
  };
  return (
    <div className="banner-frame" data-testid="home-banners">
      {banners.length === 0 ? (
        <HouseSlide />
      ) : (
        <Swiper
          autoplay={banners.length > 1}
          autoplayInterval={autoplayIntervalMs}
          loop={banners.length > 1}
          indicatorProps={{ className: 'banner-indicator' }}
          indicator={banners.length > 1 ? undefined : false}
        >
          {banners.map((banner) => (
            <Swiper.Item key={banner.id}>
              <BannerSlide banner={banner} onOpen={() => open(banner)} />
            </Swiper.Item>
          ))}
        </Swiper>
      )}
    </div>
  );
}
