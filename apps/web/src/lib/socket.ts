import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  socketConnectTimeoutMs,
  socketPath,
  socketReconnectDelayMaxMs,
  socketReconnectDelayMs,
} from '@fairex/contract';
import type { Socket } from 'socket.io-client';
import { useAppStore } from './stores/app-store';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;

/** Session handling (session.ts) loads beside the socket, outside Home's initial JavaScript. */
function withSession(use: (session: typeof import('./session')) => void): void {
  import('./session').then(use).catch(() => undefined);
}

/**
 * The shared connection, for features that join rooms (live quotes arrive in a later issue).
 * @public
 */
export function getSocket(): AppSocket | null {
  return socket;
}

/**
 * Connects to the same origin at launch (spec sections 4 and 7): websocket first, then polling,
 * reconnecting forever with 1-5 s back-off. socket.io-client is imported on demand so it stays
 * out of the initial bundle. Status goes to the app store for the indicator and polling fallback.
 */
export async function startSocket(): Promise<void> {
  if (socket) {
    return;
  }
  withSession((session) => session.restoreSession());
  const setStatus = useAppStore.getState().setSocketStatus;
  setStatus('connecting');
  // Balances, orders or verification changed on the server (a fill, an exchange, a review): the
  // listeners that refresh every screen showing them load with the socket, outside Home's initial
  // JavaScript, and are attached before it connects: attached later, an `auth:result` (which
  // re-reads what the screens show) or an event that arrived first was lost, and a screen kept
  // showing a verification as under review after staff had approved it.
  let connect: typeof import('socket.io-client').io;
  let userEvents: typeof import('./market/balance-events') | null;
  try {
    [{ io: connect }, userEvents] = await Promise.all([
      import('socket.io-client'),
      import('./market/balance-events').catch(() => null),
    ]);
  } catch {
    setStatus('disconnected');
    return;
  }
  const next: AppSocket = connect({
    path: socketPath,
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionDelay: socketReconnectDelayMs,
    reconnectionDelayMax: socketReconnectDelayMaxMs,
    timeout: socketConnectTimeoutMs,
  });
  userEvents?.listenForUserEvents(next);
  next.on('connect', () => {
    setStatus('connected');
    authenticate(next, useAppStore.getState().token);
  });
  next.on('disconnect', (reason) => {
    setStatus('disconnected');
    // The server drops a socket whose session ended; socket.io does not reconnect those by itself,
    // and public live data still needs the connection.
    if (reason === 'io server disconnect') {
      setTimeout(() => next.connect(), socketReconnectDelayMs);
    }
  });
  next.on('session:ended', ({ reason }) => withSession((session) => session.handleSessionEnded(reason)));
  next.on('connect_error', () => setStatus('disconnected'));
  next.io.on('reconnect_attempt', () => setStatus('connecting'));
  socket = next;
  // A session that starts later (login, registration, wallet) joins the user's room at once.
  useAppStore.subscribe((state, previous) => {
    if (state.token !== previous.token) {
      authenticate(next, state.token);
    }
  });
}

/**
 * Presents the session token so the socket joins the user's room (`auth` → `auth:result`);
 * sent on every (re)connect and whenever a new session starts.
 */
function authenticate(target: AppSocket, token: string | null): void {
  if (token !== null && target.connected) {
    target.emit('auth', { token });
  }
}
