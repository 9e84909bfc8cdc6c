import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { useRequireSession } from '../../lib/require-session';
import { realStateQuery } from './api/verification-api';
import { BindFirstNotice } from './components/bind-first-notice';
import { LevelCard } from './components/level-card';
import { LoadError } from './components/load-error';
import { Lv1Form } from './components/lv1-form';
import { Lv2Form } from './components/lv2-form';
import { decideLevelActions } from './verification-rules';
import './verification.css';
import { LoginFirst } from '../../components/ui/login-first';

function RealContent() {
  const { t } = useTranslation();
  const query = useQuery(realStateQuery());
  if (query.isPending) {
    return <PageSkeleton />;
  }
  if (query.isError || query.data === null) {
    return <LoadError onRetry={() => void query.refetch()} />;
  }
  const state = query.data;
  const actions = decideLevelActions(state);
  return (
    <>
      <p className="real-intro">{t('verification:intro')}</p>
      {!state.contact_bound && (actions.lv1 === 'bind-first' || actions.lv2 === 'bind-first') && (
        <BindFirstNotice />
      )}
      <LevelCard
        level="lv1"
        state={state.lv1}
        action={actions.lv1}
        form={<Lv1Form again={state.lv1.state === 'rejected'} />}
      />
      <LevelCard
        level="lv2"
        state={state.lv2}
        action={actions.lv2}
        form={<Lv2Form again={state.lv2.state === 'rejected'} />}
      />
    </>
  );
}

/** /pages/setting/real (Authentication): basic (Lv1) and advanced (Lv2) verification. */
export function RealPage() {
  const { t } = useTranslation();
  const allowed = useRequireSession();
  return (
    <div className="verification">
      <PageHeader title={t('verification:header')} back />
      <div className="page-body">{allowed ? <RealContent /> : <LoginFirst />}</div>
    </div>
  );
}
