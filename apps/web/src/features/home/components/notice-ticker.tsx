import { useQuery } from '@tanstack/react-query';
import { NoticeBar } from 'antd-mobile';
import { SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { articlePath } from '../../../lib/navigation';
import { useAppStore } from '../../../lib/stores/app-store';
import { newsListQuery } from '../api/home-queries';

const tickerTitlesMax = 5;
const tickerSpeedPxPerS = 40;

/** Scrolls the latest news titles (c_id 4); tapping a title opens its article. */
export function NoticeTicker() {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const { data, isPending } = useQuery(newsListQuery(4, lang));
  const notices = (data?.list ?? []).slice(0, tickerTitlesMax);
  const content =
    notices.length === 0 ? (
      <span className="notice-empty">{isPending ? t('common:loading') : t('home:notices.empty')}</span>
    ) : (
      <span className="notice-items">
        {notices.map((notice) => (
          <Link key={notice.id} className="notice-item" to={articlePath(notice.id)}>
            {notice.title}
          </Link>
        ))}
      </span>
    );
  return (
    <section className="notice-wrap" data-testid="home-notices" aria-label={t('home:notices.label')}>
      <NoticeBar
        className="notice-bar"
        content={content}
        icon={<SoundOutline />}
        speed={tickerSpeedPxPerS}
        delay={1500}
        shape="rounded"
        bordered={false}
      />
    </section>
  );
}
