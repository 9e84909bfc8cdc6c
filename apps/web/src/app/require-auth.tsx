import type { ReactNode } from 'react';
import { LoginFirst } from '../components/ui/login-first';
import { useRequireSession } from '../lib/require-session';

/**
 * Guards a private page (spec section 6): without a token it says "Please log in first" and
 * goes to login after 1200 ms. No public page uses it yet; Assets-like pages will.
 * @public
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  return useRequireSession() ? children : <LoginFirst />;
}
