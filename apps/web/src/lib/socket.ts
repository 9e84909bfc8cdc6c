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
  const setStatus = useAppStore.getState().setSocketStatus;
  setStatus('connecting');
  let connect: typeof import('socket.io-client').io;
  try {
    ({ io: connect } = await import('socket.io-client'));
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
  next.on('connect', () => setStatus('connected'));
  next.on('disconnect', () => setStatus('disconnected'));
  next.on('connect_error', () => setStatus('disconnected'));
  next.io.on('reconnect_attempt', () => setStatus('connecting'));
  socket = next;
}
