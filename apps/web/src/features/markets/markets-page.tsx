import { HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ComingSoonState } from '../../components/ui/coming-soon-state';
import { PageHeader } from '../../components/ui/page-header';

/** Markets tab (/pages/market/market): live quotes arrive in a later release. */
export function MarketsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('common:tabs.markets')} />
      <ComingSoonState
        testId="coming-soon"
        icon={<HistogramOutline />}
        title={t('pages:markets.title')}
        body={t('pages:markets.body')}
        points={[t('pages:markets.point1'), t('pages:markets.point2'), t('pages:markets.point3')]}
      />
    </>
  );
}
