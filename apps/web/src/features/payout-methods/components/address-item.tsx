import type { WalletAddress } from '@fairex/contract';
import { DeleteOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { copyText } from '../../../lib/clipboard';
import { showToast } from '../../../lib/toast';
import { shortenAddress } from '../payout-rules';
import { CopyIcon } from './copy-icon';

/** One saved address: coin, label, network, the address shortened with a copy button, delete. */
export function AddressItem({ entry, onDelete }: { entry: WalletAddress; onDelete: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    showToast(t((await copyText(entry.address)) ? 'payout:addresses.copied' : 'payout:addresses.copyFailed'));
  };
  return (
    <li className="payout-address" data-testid="payout-address">
      <div className="payout-address-head">
        <CoinIcon code={entry.currency} image={entry.image} size={34} />
        <div className="payout-address-title">
          <span className="payout-address-name" data-testid="payout-address-name">
            {entry.name}
          </span>
          <span className="payout-address-coin">
            {entry.currency}
            <span className="payout-chain">{entry.chain}</span>
          </span>
        </div>
        <button
          type="button"
          className="payout-icon-button is-danger"
          onClick={onDelete}
          aria-label={t('payout:addresses.delete')}
          data-testid="payout-address-delete"
        >
          <DeleteOutline fontSize={19} />
        </button>
      </div>
      <div className="payout-address-line">
        <span className="payout-address-text" title={entry.address} data-testid="payout-address-text">
          {shortenAddress(entry.address, 12, 10)}
        </span>
        <button
          type="button"
          className="payout-copy"
          onClick={copy}
          aria-label={t('payout:addresses.copy')}
          data-testid="payout-address-copy"
        >
          <CopyIcon />
          <span>{t('payout:addresses.copyShort')}</span>
        </button>
      </div>
    </li>
  );
}
