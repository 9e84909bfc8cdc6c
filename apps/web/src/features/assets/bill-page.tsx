import { useTranslation } from 'react-i18next';
import { BillScreen } from './components/bill-screen';
import './assets.css';

/** /pages/setting/bill: the bill (every balance change), filterable and exportable as CSV. */
export function BillPage() {
  const { t } = useTranslation();
  return <BillScreen title={t('assets:bill.title')} testId="bill-page" />;
}
