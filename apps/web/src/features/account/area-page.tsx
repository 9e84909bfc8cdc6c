import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { useGoBack } from '../../lib/use-go-back';
import { accountPaths } from './account-paths';
import { useAreaStore } from './areas/area-store';
import { AreaList } from './components/area-list';
import './account.css';

/** /pages/common/area: choose a dialling code; the form that opened it reads the choice. */
export function AreaPage() {
  const { t } = useTranslation();
  const area = useAreaStore((state) => state.area);
  const chooseArea = useAreaStore((state) => state.chooseArea);
  const goBack = useGoBack(accountPaths.register);
  return (
    <div className="account-page area-page">
      <PageHeader title={t('account:area.title')} back />
      <AreaList
        selected={area}
        autoFocus
        onSelect={(next) => {
          chooseArea(next);
          goBack();
        }}
      />
    </div>
  );
}
