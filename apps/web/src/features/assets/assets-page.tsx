import { BankcardOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingSoonState } from '../../components/ui/coming-soon-state';
import { PageHeader } from '../../components/ui/page-header';
import { appRoutes } from '../../lib/navigation';

/** Assets tab (/pages/fund/assets): balances and transfers arrive with accounts. */
export function AssetsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('common:tabs.assets')} />
      <ComingSoonState
        testId="coming-soon"
        icon={<BankcardOutline />}
        title={t('pages:assets.title')}
        body={t('pages:assets.body')}
        points={[t('pages:assets.point1'), t('pages:assets.point2'), t('pages:assets.point3')]}
      >
        <Link className="fx-button" to={appRoutes.login}>
          {t('common:actions.login')}
        </Link>
      </ComingSoonState>
    </>
  );
}
