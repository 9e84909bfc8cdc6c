import type { ArticleSummary } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { Swiper } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assetUrl } from '../../../lib/format';
import { articlePath } from '../../../lib/navigation';
import { useAppStore } from '../../../lib/stores/app-store';
import { newsListQuery } from '../api/home-queries';

const autoplayIntervalMs = 4000;

/**
 * A banner is a real link: to its web address (a new tab), its in-app route, or its own article.
 * The Swiper swallows the click event after the few pixels a finger always moves (it reads them
 * as a drag), which a button's handler never saw; a link's navigation happens all the same.
 */
function BannerSlide({ banner }: { banner: ArticleSummary }) {
  const [imageFailed, setImageFailed] = useState(false);
  const image = imageFailed ? null : assetUrl(banner.thumbnail);
  // An in-app route or the article is a hash link; a web address (the console allows only
  // http(s) ones) opens in a new tab, which browsers give no opener.
  const link = banner.link;
  const href = link?.startsWith('/') ? `#${link}` : link || `#${articlePath(banner.id)}`;
  return (
    <a className="banner-slide" href={href} target={href[0] === '#' ? undefined : '_blank'}>
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
    </a>
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
  const { data, isPending } = useQuery(newsListQuery(5, lang));
  const banners = data?.list ?? [];
  if (isPending) {
    return <div className="banner-frame banner-loading" data-testid="home-banners" aria-busy="true" />;
  }
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
              <BannerSlide banner={banner} />
            </Swiper.Item>
          ))}
        </Swiper>
      )}
    </div>
  );
}
