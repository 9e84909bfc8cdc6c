import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { decideAccess } from './auth-guard';
import { useAppStore } from './stores/app-store';

/**
 * Spec section 6 for a private page: without a token, login after 1200 ms. Returns whether the
 * page may show its content; when not, the page shows "Please log in first" (LoginFirst) in its
 * place, rather than a skeleton of content that will never come.
 */
export function useRequireSession(): boolean {
  const token = useAppStore((state) => state.token);
  const navigate = useNavigate();
  useEffect(() => {
    const decision = decideAccess(token);
    if (decision.kind !== 'redirect') {
      return;
    }
    const timer = setTimeout(() => navigate(decision.to, { replace: true }), decision.delayMs);
    return () => clearTimeout(timer);
  }, [token, navigate]);
  return decideAccess(token).kind === 'allow';
}
