import { PieOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ComingSoonState } from '../../components/ui/coming-soon-state';
import { PageHeader } from '../../components/ui/page-header';

/** Finance tab (/pages/financial/index): lock mining and investment products arrive later. */
export function FinancePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('common:tabs.finance')} />
      <ComingSoonState
        testId="coming-soon"
        icon={<PieOutline />}
        title={t('pages:finance.title')}
        body={t('pages:finance.body')}
        points={[t('pages:finance.point1'), t('pages:finance.point2'), t('pages:finance.point3')]}
      />
    </>
  );
}
