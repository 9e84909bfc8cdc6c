import { LoopOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ComingSoonState } from '../../components/ui/coming-soon-state';
import { PageHeader } from '../../components/ui/page-header';

/** Trade tab (/pages/transaction/index): spot, futures and options trading arrive later. */
export function TradePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('common:tabs.trade')} />
      <ComingSoonState
        testId="coming-soon"
        icon={<LoopOutline />}
        title={t('pages:trade.title')}
        body={t('pages:trade.body')}
        points={[t('pages:trade.point1'), t('pages:trade.point2'), t('pages:trade.point3')]}
      />
    </>
  );
}
