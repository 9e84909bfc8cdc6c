import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/stores/app-store';

const labelKeys = {
  connected: 'common:socket.connected',
  connecting: 'common:socket.connecting',
  disconnected: 'common:socket.disconnected',
} as const;

/** A small dot beside the site name: live data connected, connecting, or polling instead. */
export function SocketIndicator() {
  const { t } = useTranslation();
  const status = useAppStore((state) => state.socket);
  const label = t(labelKeys[status]);
  return (
    <span
      className={`socket-dot is-${status}`}
      role="status"
      data-testid="socket-status"
      data-status={status}
      title={label}
      aria-label={label}
    >
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
