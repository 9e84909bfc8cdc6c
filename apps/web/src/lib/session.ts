import { type SessionEndReason, type UserInfo, userInfoRoute, userLogoutRoute } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { callRoute } from './api-route';
import { appRoutes, navigateTo, redirectDelayMs } from './navigation';
import { queryClient } from './query-client';
import { useAppStore } from './stores/app-store';
import { showToast } from './toast';

/**
 * The one place a session starts and ends: login, registration and wallet login call
 * startSession; the logout button calls logout; expiry and the server's `session:ended` end it.
 * Pages never write the token themselves.
 *
 * The socket joins the user's room by itself whenever the stored token changes (socket.ts emits
 * `auth` {token} on every connect and on every new token), so this module stays free of the socket
 * and the socket module can call into it.
 *
 * Every query of the signed-in user's data has a key starting with `user` (userQueryKeys), so a
 * session change refreshes or drops exactly those.
 */
export const userQueryRoot = 'user';

export const userQueryKeys = {
  info: [userQueryRoot, 'info'],
  invite: [userQueryRoot, 'invite'],
  timezone: [userQueryRoot, 'timezone'],
} as const;

/** GET /user/info into the store; resolves null when the reply was a soft failure. */
export async function refreshUser(signal?: AbortSignal): Promise<UserInfo | null> {
  const tokenAtStart = useAppStore.getState().token;
  const user = await callRoute(userInfoRoute, { empty: null, signal });
  const { token, setUser } = useAppStore.getState();
  // A logout or another login while the call was in flight wins.
  if (user !== null && token !== null && token === tokenAtStart) {
    setUser(user);
  }
  return user;
}

/** Set while this tab logs out, so the server's `session:ended` for that logout is not announced. */
let endingLocally = false;

/**
 * Begins a session with the token the server replied (login, registration, wallet login): stores
 * it, authenticates the socket (via the store), loads /user/info into the store and refreshes every
 * user query. Rejects with the API client's error when the profile cannot be loaded; the session
 * is kept then, and the profile loads on the next launch.
 */
export async function startSession(token: string): Promise<void> {
  endingLocally = false;
  queryClient.removeQueries({ queryKey: [userQueryRoot] });
  useAppStore.getState().setSession(token, null);
  await refreshUser();
  await queryClient.invalidateQueries({ queryKey: [userQueryRoot] });
}

/** Clears the token, the profile and the cached queries of the user's data. */
export function endSession(_reason: 'logout' | 'expired' = 'logout'): void {
  useAppStore.getState().clearSession();
  queryClient.cancelQueries({ queryKey: [userQueryRoot] }).catch(() => undefined);
  queryClient.removeQueries({ queryKey: [userQueryRoot] });
}

/** GET /user/logout, then endSession whatever the reply (the session ends here regardless). */
export async function logout(): Promise<void> {
  endingLocally = true;
  try {
    await callRoute(userLogoutRoute, { empty: null });
  } catch {
    // Already toasted by the API client; the server-side session expires on its own.
  } finally {
    endSession('logout');
  }
}

/**
 * Runs a call after which the server ends every session of the user (changing the login
 * password). Its `session:ended` for this tab is then not announced: on success the caller ends
 * the session itself and says why.
 */
export async function whileEndingSession<T>(call: () => Promise<T>): Promise<T> {
  endingLocally = true;
  try {
    return await call();
  } catch (error) {
    endingLocally = false;
    throw error;
  }
}

/** The locale key announcing why the server ended the session. */
export function sessionEndedMessageKey(
  reason: SessionEndReason,
): `account:session.ended.${SessionEndReason}` {
  return `account:session.ended.${reason}`;
}

/**
 * Socket `session:ended`: end the session, say why, and go to login after 1200 ms. Silent when
 * this tab asked for it (logout) or holds no session anymore.
 */
export function handleSessionEnded(reason: SessionEndReason): void {
  const hadSession = useAppStore.getState().token !== null;
  const asked = endingLocally;
  endingLocally = false;
  endSession('expired');
  if (asked || !hadSession) {
    return;
  }
  showToast(i18next.t(sessionEndedMessageKey(reason)));
  setTimeout(() => navigateTo(appRoutes.login), redirectDelayMs);
}

/**
 * At launch (socket.ts calls it once): drop the user's cached data whenever the token goes away
 * (the API client clears it on a 999 reply), and with a stored token refresh the profile.
 */
export function restoreSession(): void {
  useAppStore.subscribe((state, previous) => {
    if (state.token === null && previous.token !== null) {
      queryClient.removeQueries({ queryKey: [userQueryRoot] });
    }
  });
  if (useAppStore.getState().token === null) {
    return;
  }
  refreshUser().catch(() => undefined);
}

/**
 * The signed-in user for a screen: the stored profile at once, refreshed from /user/info when the
 * screen opens (at most once a minute). `failed` when there is no profile and it could not load.
 */
export function useSignedInUser(): {
  token: string | null;
  user: UserInfo | null;
  failed: boolean;
  retry: () => void;
} {
  const token = useAppStore((state) => state.token);
  const user = useAppStore((state) => state.user);
  const query = useQuery({
    queryKey: userQueryKeys.info,
    queryFn: ({ signal }) => refreshUser(signal),
    enabled: token !== null,
  });
  return {
    token,
    user,
    failed: token !== null && user === null && (query.isError || query.data === null),
    retry: () => {
      query.refetch().catch(() => undefined);
    },
  };
}
