import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/stores/app-store';

const hourMs = 3_600_000;

/**
 * Says plainly that prices are simulated and funds are test funds when the server runs in demo
 * mode, and how far ahead of real time a demo's clock runs (DEMO_CLOCK_AHEAD_MS).
 */
export function DemoBanner() {
  const { t, i18n } = useTranslation();
  const demo = useAppStore((state) => state.demo);
  const clockAheadMs = useAppStore((state) => state.clockAheadMs);
  if (!demo) {
    return null;
  }
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(
    clockAheadMs / hourMs,
  );
  return (
    <div className="demo-banner" data-testid="demo-badge" role="note">
      <ExclamationCircleOutline fontSize={16} />
      <div className="demo-banner-texts">
        <span>{t('common:demo.badge')}</span>
        {clockAheadMs > 0 && (
          <span data-testid="demo-clock-ahead">{t('common:demo.clockAhead', { hours })}</span>
        )}
      </div>
    </div>
  );
}
