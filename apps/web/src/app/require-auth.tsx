import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { decideAccess } from '../lib/auth-guard';
import { useAppStore } from '../lib/stores/app-store';
import { showToast } from '../lib/toast';

/**
 * Guards a private page (spec section 6): without a token it says "Please log in first" and
 * goes to login after 1200 ms. No public page uses it yet; Assets-like pages will.
 * @public
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAppStore((state) => state.token);
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    const decision = decideAccess(token);
    if (decision.kind !== 'redirect') {
      return;
    }
    showToast(t(decision.messageKey));
    const timer = setTimeout(() => navigate(decision.to, { replace: true }), decision.delayMs);
    return () => clearTimeout(timer);
  }, [token, navigate, t]);
  return decideAccess(token).kind === 'allow' ? children : <PageSkeleton />;
}
