import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { historyStatusQuery } from '../api/market-queries';

/**
 * On a fresh install the server answers at once and prepares 30 days of price history behind it:
 * until that is done, lists and charts say so instead of looking empty or flat.
 */
export function HistoryNote() {
  const { t } = useTranslation();
  const { data } = useQuery(historyStatusQuery);
  if (!data || data.ready) return null;
  return (
    <p className="markets-history-note" role="status" data-testid="history-note">
      {t('markets:history.preparing', { prepared: data.prepared, total: data.instruments })}
    </p>
  );
}
