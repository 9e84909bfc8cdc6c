import { useQuery } from '@tanstack/react-query';
import { CheckShieldOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { useAppStore } from '../../lib/stores/app-store';
import { useGoBack } from '../../lib/use-go-back';
import { realStateQuery } from './api/verification-api';
import { LevelBadge } from './components/level-badge';
import './verification.css';

export const realRoute = '/pages/setting/real';

/** The signed-in user's two levels, when known. */
function CurrentState() {
  const { t } = useTranslation();
  const query = useQuery(realStateQuery());
  if (!query.data) {
    return null;
  }
  const state = query.data;
  return (
    <section className="real-mark-card" data-testid="real-mark-state">
      <h2 className="real-mark-card-title">{t('verification:mark.current')}</h2>
      <div className="real-mark-level">
        <span>{t('verification:levels.lv1')}</span>
        <LevelBadge state={state.lv1.state} testId="real-mark-lv1-state" />
      </div>
      <div className="real-mark-level">
        <span>{t('verification:levels.lv2')}</span>
        <LevelBadge state={state.lv2.state} testId="real-mark-lv2-state" />
      </div>
      {!state.contact_bound && <p className="real-mark-warning">{t('verification:bindFirst.short')}</p>}
    </section>
  );
}

/**
 * /pages/setting/real_mark, opened from Home's Verification shortcut and where "verification
 * required" (998) replies lead: what verification needs, the current state, and the way to the
 * Authentication page. It invites rather than says verification is required: a 998 reply's own
 * message has said so already, and from Home nothing required it.
 */
export function RealMarkPage() {
  const { t } = useTranslation();
  const token = useAppStore((state) => state.token);
  const goBack = useGoBack();
  return (
    <div className="verification">
      <PageHeader title={t('verification:mark.header')} back />
      <div className="page-body real-mark">
        <section className="real-mark-hero">
          <span className="real-mark-icon" aria-hidden="true">
            <CheckShieldOutline />
          </span>
          <h2 className="real-mark-title" data-testid="real-mark-title">
            {t('verification:mark.title')}
          </h2>
          <p className="real-mark-body">{t('verification:mark.body')}</p>
        </section>
        <section className="real-mark-card">
          <h2 className="real-mark-card-title">{t('verification:mark.needTitle')}</h2>
          <ol className="real-mark-needs">
            <li>{t('verification:mark.needContact')}</li>
            <li>{t('verification:mark.needDocument')}</li>
            <li>{t('verification:mark.needPhotos')}</li>
          </ol>
        </section>
        {token !== null && <CurrentState />}
        <div className="real-mark-actions">
          <Link className="fx-button is-block" to={realRoute} data-testid="real-mark-go">
            {t('verification:mark.action')}
          </Link>
          <button type="button" className="fx-button is-secondary is-block" onClick={goBack}>
            {t('common:actions.back')}
          </button>
        </div>
      </div>
    </div>
  );
}
