import { useTranslation } from 'react-i18next';
import { BillScreen } from './components/bill-screen';
import './assets.css';

/** /pages/fund/assets_all_record: the financial records of every account. */
export function AllRecordsPage() {
  const { t } = useTranslation();
  return <BillScreen title={t('assets:records.title')} testId="all-records-page" />;
}
