import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { decideAccess } from './auth-guard';
import { useAppStore } from './stores/app-store';
import { showToast } from './toast';

/**
 * Spec section 6 for a private page: without a token, "Please log in first" and login after
 * 1200 ms. Returns whether the page may show its content.
 */
export function useRequireSession(): boolean {
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
  return decideAccess(token).kind === 'allow';
}
