import { appRoutes, redirectDelayMs } from './navigation';

/** What a protected page does for a visitor (spec section 6). */
export type AuthDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; delayMs: number; messageKey: 'common:auth.loginRequired' };

export function decideAccess(token: string | null): AuthDecision {
  if (token !== null && token.trim() !== '') {
    return { kind: 'allow' };
  }
  return {
    kind: 'redirect',
    to: appRoutes.login,
    delayMs: redirectDelayMs,
    messageKey: 'common:auth.loginRequired',
  };
}
