import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/stores/app-store';

/** Says plainly that prices are simulated and funds are test funds when the server runs in demo mode. */
export function DemoBanner() {
  const { t } = useTranslation();
  const demo = useAppStore((state) => state.demo);
  if (!demo) {
    return null;
  }
  return (
    <div className="demo-banner" data-testid="demo-badge" role="note">
      <ExclamationCircleOutline fontSize={16} />
      <span>{t('common:demo.badge')}</span>
    </div>
  );
}
