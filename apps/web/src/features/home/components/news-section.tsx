import { useQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { assetUrl } from '../../../lib/format';
import { articlePath } from '../../../lib/navigation';
import { deviceTimeZoneOffsetMinutes, relativeTimeLabel } from '../../../lib/relative-time-label';
import { useAppStore } from '../../../lib/stores/app-store';
import { newsListQuery } from '../api/home-queries';

/** The latest news (c_id 4), each opening its article. */
export function NewsSection() {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const { data, isPending } = useQuery(newsListQuery(4, lang));
  const items = data?.list ?? [];
  const nowMs = Date.now();
  const timeZoneOffsetMinutes = deviceTimeZoneOffsetMinutes();
  return (
    <section className="home-section" aria-labelledby="home-news-title">
      <h2 className="home-section-title" id="home-news-title">
        {t('home:news.title')}
      </h2>
      {isPending && <div className="skeleton news-skeleton" aria-busy="true" />}
      {!isPending && items.length === 0 && <p className="home-empty">{t('home:news.empty')}</p>}
      <ul className="news-list">
        {items.map((item) => {
          const image = assetUrl(item.thumbnail);
          return (
            <li key={item.id}>
              <Link className="news-item" to={articlePath(item.id)}>
                <span className="news-text">
                  <span className="news-title">{item.title}</span>
                  {item.summary && <span className="news-summary">{item.summary}</span>}
                  <span className="news-date">
                    {relativeTimeLabel({
                      timestamp: item.create_time,
                      nowMs,
                      timeZoneOffsetMinutes,
                      locale: lang,
                      t,
                    })}
                  </span>
                </span>
                {image ? (
                  <img className="news-thumb" src={image} alt="" loading="lazy" width={88} height={64} />
                ) : (
                  <RightOutline className="news-chevron" fontSize={14} />
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
