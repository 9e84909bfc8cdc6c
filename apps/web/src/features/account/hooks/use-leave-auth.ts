import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { appRoutes } from '../../../lib/navigation';

/** Pages a signed-in user has no reason to land back on. */
const authPaths = new Set([
  appRoutes.login,
  '/pages/common/register',
  '/pages/common/forget',
  '/pages/common/area',
]);

/** Where to go after signing in: `state.from` from a guard, else back where the user was, else Home. */
export function pathAfterLogin(from: unknown, historyIndex: unknown): string | -1 {
  if (typeof from === 'string' && from.startsWith('/pages/') && !authPaths.has(from.split('?')[0] ?? '')) {
    return from;
  }
  return typeof historyIndex === 'number' && historyIndex > 0 ? -1 : appRoutes.home;
}

/** Leaves the login page for pathAfterLogin. */
export function useLeaveAuth(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    const from = (location.state as { from?: unknown } | null)?.from;
    const historyIndex = (window.history.state as { idx?: unknown } | null)?.idx;
    const target = pathAfterLogin(from, historyIndex);
    if (target === -1) {
      navigate(-1);
    } else {
      navigate(target, { replace: true });
    }
  }, [navigate, location.state]);
}
