import type { UserInfo } from '@fairex/contract';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ComingSoonState } from '../../../components/ui/coming-soon-state';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { decideAccess } from '../../../lib/auth-guard';
import { useSignedInUser } from '../../../lib/session';
import { showToast } from '../../../lib/toast';

/**
 * A signed-in user's page (spec section 6): without a session it says "Please log in first" and
 * goes to login after 1200 ms; with one but the profile still loading, a skeleton.
 */
export function SignedInOnly({ children }: { children: (user: UserInfo) => ReactNode }) {
  const { token, user, failed, retry } = useSignedInUser();
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    const decision = decideAccess(token);
    if (decision.kind !== 'redirect') return;
    showToast(t(decision.messageKey));
    const timer = setTimeout(() => navigate(decision.to, { replace: true }), decision.delayMs);
    return () => clearTimeout(timer);
  }, [token, navigate, t]);
  if (failed) {
    return (
      <ComingSoonState title={t('common:error.title')} body={t('common:error.body')} icon="!">
        <button type="button" className="fx-button" onClick={retry}>
          {t('common:actions.reload')}
        </button>
      </ComingSoonState>
    );
  }
  return decideAccess(token).kind === 'allow' && user !== null ? children(user) : <PageSkeleton />;
}
