import type { WalletAddress } from '@fairex/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { showToast } from '../../../lib/toast';
import { deleteWalletAddress, payoutQueryRoot } from '../api/payout-api';
import { shortenAddress } from '../payout-rules';
import { PayPasswordField } from './pay-password-field';
import { PayPasswordNotice } from './pay-password-notice';

type DeleteAddressSheetProps = {
  entry: WalletAddress | null;
  hasPayPassword: boolean;
  onClose: () => void;
};

/** Confirms a deletion with the payment password (reliability case 13). */
export function DeleteAddressSheet({ entry, hasPayPassword, onClose }: DeleteAddressSheetProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: deleteWalletAddress,
    onSuccess: async (deleted) => {
      if (!deleted) return;
      showToast(t('payout:addresses.deleted'));
      close();
      await queryClient.invalidateQueries({ queryKey: payoutQueryRoot });
    },
  });
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!entry) return;
    if (password === '') {
      setError(t('payout:errors.payPasswordRequired'));
      return;
    }
    setError(null);
    remove.mutate({ id: entry.id, payPassword: password });
  };
  return (
    <BottomSheet
      visible={entry !== null}
      title={t('payout:addresses.deleteTitle')}
      onClose={close}
      testId="payout-delete-sheet"
    >
      {entry && (
        <form className="payout-sheet-body" onSubmit={submit} noValidate>
          <div className="payout-sheet-summary">
            <CoinIcon code={entry.currency} image={entry.image} size={30} />
            <div className="payout-sheet-summary-text">
              <span className="payout-address-name">{entry.name}</span>
              <span className="payout-sheet-summary-address">
                {entry.currency} · {entry.chain} · {shortenAddress(entry.address)}
              </span>
            </div>
          </div>
          <p className="payout-sheet-note">{t('payout:addresses.deleteBody')}</p>
          {hasPayPassword ? (
            <PayPasswordField
              id="payout-delete-password"
              error={error}
              input={{
                value: password,
                onChange: (event) => setPassword(event.currentTarget.value),
                testId: 'payout-delete-password',
                autoFocus: true,
              }}
            />
          ) : (
            <PayPasswordNotice />
          )}
          <div className="payout-sheet-actions">
            <button type="button" className="fx-button is-secondary" onClick={close}>
              {t('payout:addresses.cancel')}
            </button>
            <button
              type="submit"
              className="fx-button payout-danger-button"
              disabled={!hasPayPassword || remove.isPending}
              data-testid="payout-delete-confirm"
            >
              {t('payout:addresses.delete')}
            </button>
          </div>
        </form>
      )}
    </BottomSheet>
  );
}
