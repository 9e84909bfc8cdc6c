import { CheckShieldOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ComingSoonState } from '../../components/ui/coming-soon-state';
import { PageHeader } from '../../components/ui/page-header';
import { useGoBack } from '../../lib/use-go-back';

/** /pages/setting/real_mark, where "verification required" (998) replies lead: not yet available. */
export function RealMarkPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <>
      <PageHeader title={t('account:realMark.header')} back />
      <ComingSoonState
        testId="coming-soon"
        icon={<CheckShieldOutline />}
        title={t('account:realMark.title')}
        body={t('account:realMark.body')}
      >
        <button type="button" className="fx-button" onClick={goBack}>
          {t('common:actions.back')}
        </button>
      </ComingSoonState>
    </>
  );
}
