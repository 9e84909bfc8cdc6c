import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ComingSoonState } from '../../components/ui/coming-soon-state';
import { FeatureIcon } from '../../components/ui/feature-icon';
import { PageHeader } from '../../components/ui/page-header';
import { featureForKey, featureForPath, humaniseName } from '../../lib/feature-catalogue';
import { useGoBack } from '../../lib/use-go-back';

function stateFeatureKey(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'featureKey' in state) {
    const key = (state as { featureKey: unknown }).featureKey;
    return typeof key === 'string' ? key : null;
  }
  return null;
}

/**
 * Every /pages/... route without a screen yet (the Home shortcuts point at many): the feature's
 * name, a "coming soon" illustration and a Back button, never a blank page.
 */
export function NotAvailablePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const goBack = useGoBack();
  const fromMenu = stateFeatureKey(location.state);
  const feature = (fromMenu ? featureForKey(fromMenu) : null) ?? featureForPath(location.pathname);
  const lastSegment = location.pathname.split('/').filter(Boolean).at(-1) ?? '';
  const name = feature
    ? t(feature.labelKey)
    : humaniseName(fromMenu ?? lastSegment) || t('common:comingSoon.genericFeature');
  return (
    <>
      <PageHeader title={name} back />
      <ComingSoonState
        testId="coming-soon"
        icon={<FeatureIcon name={feature?.icon ?? 'generic'} size={40} />}
        title={t('common:comingSoon.featureTitle', { name })}
        body={t('common:comingSoon.body')}
      >
        <button type="button" className="fx-button" onClick={goBack} data-testid="coming-soon-back">
          {t('common:actions.back')}
        </button>
      </ComingSoonState>
    </>
  );
}
