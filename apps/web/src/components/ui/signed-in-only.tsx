import type { UserInfo } from '@fairex/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequireSession } from '../../lib/require-session';
import { useSignedInUser } from '../../lib/session';
import { ComingSoonState } from './coming-soon-state';
import { LoginFirst } from './login-first';
import { PageSkeleton } from './page-skeleton';

/**
 * A signed-in user's page (spec section 6): without a session "Please log in first" and login
 * after 1200 ms; with one but the profile still loading, a skeleton.
 */
export function SignedInOnly({ children }: { children: (user: UserInfo) => ReactNode }) {
  const { user, failed, retry } = useSignedInUser();
  const allowed = useRequireSession();
  const { t } = useTranslation();
  if (failed) {
    return (
      <ComingSoonState title={t('common:error.title')} body={t('common:error.body')} icon="!">
        <button type="button" className="fx-button" onClick={retry}>
          {t('common:actions.reload')}
        </button>
      </ComingSoonState>
    );
  }
  if (!allowed) return <LoginFirst />;
  return user !== null ? children(user) : <PageSkeleton />;
}

/** A list or form that could not load: the reason and a retry button. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ComingSoonState title={t('common:error.title')} body={t('common:error.body')} icon="!">
      <button type="button" className="fx-button" onClick={onRetry}>
        {t('common:actions.reload')}
      </button>
    </ComingSoonState>
  );
}
