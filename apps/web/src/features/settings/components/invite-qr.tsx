import { useTranslation } from 'react-i18next';
import { useQrImage } from '../../../lib/use-qr-image';

const inviteQrSizePx = 240;

/** The invitation link as a QR code a friend can scan. */
export function InviteQr({ link }: { link: string }) {
  const { t } = useTranslation();
  const qr = useQrImage(link, inviteQrSizePx);
  const ready = qr.status === 'ready';
  const failed = qr.status === 'failed';
  return (
    <div
      className={`invite-qr${ready ? ' is-ready' : ''}`}
      data-testid="mine-invite-qr"
      data-link={link}
      aria-busy={!ready && !failed}
    >
      {qr.status === 'ready' && (
        <img src={qr.src} alt={t('settings:invite.qrAlt')} width={104} height={104} />
      )}
      {failed && <span className="invite-qr-failed">{t('settings:invite.qrFailed')}</span>}
    </div>
  );
}
