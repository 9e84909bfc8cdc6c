import { DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginFirst } from '../../../components/ui/login-first';
import { PageHeader } from '../../../components/ui/page-header';
import { apiDownload } from '../../../lib/api-download';
import { useRequireSession } from '../../../lib/require-session';
import { showToast } from '../../../lib/toast';
import type { BillFilter } from '../api/wallet-api';
import { BillFilters } from './bill-filters';
import { BillList } from './bill-list';

/** Every line of the user's bill with filters in sheets; the CSV export of what is filtered. */
export function BillScreen({ title, testId }: { title: string; testId: string }) {
  const { t } = useTranslation();
  const allowed = useRequireSession();
  const [filter, setFilter] = useState<BillFilter>({});
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await apiDownload('/wallet/bill.csv', {
        params: { ...filter },
        contentType: 'text/csv',
        fallbackName: 'fairex-bill.csv',
      });
      showToast(t('assets:bill.exported'));
    } catch {
      // The failure was shown as a toast.
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="fund-page" data-testid={testId}>
      <PageHeader
        back
        title={title}
        right={
          allowed ? (
            <button
              type="button"
              className="icon-button"
              onClick={exportCsv}
              disabled={exporting}
              aria-label={t('assets:bill.export')}
              title={t('assets:bill.export')}
              data-testid="bill-export"
            >
              <DownlandOutline fontSize={21} />
            </button>
          ) : null
        }
      />
      {allowed ? (
        <div className="fund-body">
          <BillFilters filter={filter} onChange={setFilter} />
          <BillList filter={filter} />
        </div>
      ) : (
        <LoginFirst />
      )}
    </div>
  );
}
