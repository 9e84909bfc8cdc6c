import type { SocketStatus } from './stores/app-store';
import { useAppStore } from './stores/app-store';

/**
 * TanStack Query's refetchInterval for data the socket would push: no polling while the socket
 * is connected; poll the API every `intervalMs` while it is connecting or down (spec section 7:
 * without the socket the app falls back to fetching).
 */
export function refetchIntervalFor(status: SocketStatus, intervalMs: number): number | false {
  return status === 'connected' ? false : intervalMs;
}

/**
 * For queries whose data the socket will push (Markets in a later issue).
 * @public
 */
export function useLiveOrPolling(intervalMs: number): number | false {
  const status = useAppStore((state) => state.socket);
  return refetchIntervalFor(status, intervalMs);
}
