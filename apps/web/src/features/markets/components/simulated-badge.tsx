import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/stores/app-store';

/** In demo mode every screen that shows a price says the prices are simulated. */
export function SimulatedBadge() {
  const { t } = useTranslation();
  const demo = useAppStore((state) => state.demo);
  if (!demo) {
    return null;
  }
  return (
    <span className="simulated-badge" data-testid="simulated-prices" role="note">
      <span className="simulated-dot" aria-hidden="true" />
      {t('markets:simulated')}
    </span>
  );
}
