import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const qrSizePx = 240;

/** Renders a data URL of the link's QR code; qrcode loads on demand, outside the entry chunk. */
async function qrDataUrl(text: string): Promise<string> {
  const module = await import('qrcode');
  const toDataURL = module.toDataURL ?? module.default.toDataURL;
  return toDataURL(text, {
    width: qrSizePx,
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#0b0e11ff', light: '#ffffffff' },
  });
}

/** The invitation link as a QR code a friend can scan. */
export function InviteQr({ link }: { link: string }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<{ link: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    qrDataUrl(link)
      .then((src) => current && setImage({ link, src }))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [link]);
  const ready = image?.link === link;
  return (
    <div
      className={`invite-qr${ready ? ' is-ready' : ''}`}
      data-testid="mine-invite-qr"
      data-link={link}
      aria-busy={!ready && !failed}
    >
      {ready && <img src={image.src} alt={t('settings:invite.qrAlt')} width={104} height={104} />}
      {failed && <span className="invite-qr-failed">{t('settings:invite.qrFailed')}</span>}
    </div>
  );
}
