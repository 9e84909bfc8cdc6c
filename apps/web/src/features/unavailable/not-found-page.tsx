import { CompassOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingSoonState } from '../../components/ui/coming-soon-state';
import { PageHeader } from '../../components/ui/page-header';
import { appRoutes } from '../../lib/navigation';

/** Any hash path outside /pages/...: a friendly "page not found" with a way home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('common:notFound.header')} back />
      <ComingSoonState
        testId="not-found"
        icon={<CompassOutline />}
        title={t('common:notFound.title')}
        body={t('common:notFound.body')}
      >
        <Link className="fx-button" to={appRoutes.home} replace>
          {t('common:actions.backHome')}
        </Link>
      </ComingSoonState>
    </>
  );
}
