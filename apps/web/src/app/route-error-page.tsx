import { useTranslation } from 'react-i18next';
import { ComingSoonState } from '../components/ui/coming-soon-state';
import { PageHeader } from '../components/ui/page-header';

/** When a page throws or its chunk fails to load (offline, new deployment): say so, offer reload. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div className="app-shell">
      <PageHeader title={t('common:error.title')} />
      <ComingSoonState title={t('common:error.title')} body={t('common:error.body')} icon="!">
        <button type="button" className="fx-button" onClick={() => window.location.reload()}>
          {t('common:actions.reload')}
        </button>
        <a className="fx-button is-secondary" href="#/pages/index/index">
          {t('common:actions.backHome')}
        </a>
      </ComingSoonState>
    </div>
  );
}
