import { UserCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingSoonState } from '../../components/ui/coming-soon-state';
import { PageHeader } from '../../components/ui/page-header';
import { appRoutes } from '../../lib/navigation';

/** /pages/common/login: sign-in ships in a later release; until then this page says so. */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('account:login.header')} back />
      <ComingSoonState
        testId="coming-soon"
        icon={<UserCircleOutline />}
        title={t('account:login.title')}
        body={t('account:login.body')}
        points={[t('account:login.point1'), t('account:login.point2'), t('account:login.point3')]}
      >
        <Link className="fx-button" to={appRoutes.home}>
          {t('common:actions.backHome')}
        </Link>
        <Link className="fx-button is-secondary" to={appRoutes.markets}>
          {t('account:login.exploreMarkets')}
        </Link>
      </ComingSoonState>
    </>
  );
}
