import type { DepositAddress } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { showToast } from '../../../lib/toast';
import { useQrImage } from '../../../lib/use-qr-image';

/** Rendered at 360 px for a sharp code on dense screens; shown at 188 CSS px. */
const addressQrSizePx = 360;

function CopyIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <rect x="8" y="8" width="12" height="12" rx="2.5" stroke="currentColor" strokeWidth="2" />
      <path
        d="M16 8V6.5A2.5 2.5 0 0 0 13.5 4h-7A2.5 2.5 0 0 0 4 6.5v7A2.5 2.5 0 0 0 6.5 16H8"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    showToast(t((await copyText(text)) ? 'deposit:address.copied' : 'deposit:address.copyFailed'));
  };
  return (
    <button type="button" className="dep-copy" onClick={() => void copy()} data-testid={testId}>
      <CopyIcon />
      {label}
    </button>
  );
}

/** The operator's address as a QR code and as text, with copy buttons (and the memo, if any). */
export function AddressCard({ address }: { address: DepositAddress }) {
  const { t } = useTranslation();
  const qr = useQrImage(address.address, addressQrSizePx);
  return (
    <section className="dep-card dep-address" aria-labelledby="dep-address-title">
      <div
        className="dep-qr"
        data-testid="deposit-qr"
        data-status={qr.status}
        aria-busy={qr.status === 'loading'}
      >
        {qr.status === 'ready' && (
          <img src={qr.src} alt={t('deposit:address.qrAlt', { code: address.code, chain: address.chain })} />
        )}
        {qr.status === 'failed' && <span className="dep-qr-failed">{t('deposit:address.qrFailed')}</span>}
      </div>
      <h2 className="dep-label" id="dep-address-title">
        {t('deposit:address.title', { code: address.code, chain: address.chain })}
      </h2>
      <p className="dep-address-text" data-testid="deposit-address">
        {address.address}
      </p>
      <CopyButton text={address.address} label={t('deposit:address.copy')} testId="deposit-copy" />
      {address.memo !== null && (
        <div className="dep-memo">
          <span className="dep-label">{t('deposit:address.memo')}</span>
          <p className="dep-address-text" data-testid="deposit-memo">
            {address.memo}
          </p>
          <p className="dep-memo-note">{t('deposit:address.memoNote')}</p>
          <CopyButton text={address.memo} label={t('deposit:address.copyMemo')} testId="deposit-copy-memo" />
        </div>
      )}
    </section>
  );
}
