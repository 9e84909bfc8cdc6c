import { useTranslation } from 'react-i18next';
import { useQrImage } from '../../../lib/use-qr-image';

const qrSizePx = 232;

/**
 * WalletConnect's pairing: the URI as a QR code for a wallet on another device, and as a link that
 * opens a wallet app on this phone. Before the relay answers, a placeholder says it is coming.
 */
export function PairingPanel({ uri }: { uri: string | null }) {
  const { t } = useTranslation();
  const qr = useQrImage(uri ?? '', qrSizePx);
  return (
    <section className="wallet-pairing" data-testid="walletconnect-pairing" data-uri={uri ?? ''}>
      <h3 className="wallet-pairing-title">{t('wallet:connect.pairing.title')}</h3>
      <div className="wallet-pairing-qr">
        {uri !== null && qr.status === 'ready' ? (
          <img src={qr.src} width={qrSizePx} height={qrSizePx} alt={uri} data-testid="walletconnect-qr" />
        ) : (
          <span className="wallet-pairing-wait">{t('wallet:connect.pairing.preparing')}</span>
        )}
      </div>
      <p className="wallet-pairing-body">{t('wallet:connect.pairing.body')}</p>
      {uri !== null && (
        <a className="fx-button is-secondary is-block" href={uri} data-testid="walletconnect-open">
          {t('wallet:connect.pairing.openWallet')}
        </a>
      )}
    </section>
  );
}
