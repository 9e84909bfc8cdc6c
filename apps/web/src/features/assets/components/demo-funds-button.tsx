import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GiftOutline } from 'antd-mobile-icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { walletQueryRoot } from '../../../lib/queries/wallet-queries';
import { useAppStore } from '../../../lib/stores/app-store';
import { showToast } from '../../../lib/toast';
import { claimDemoFunds } from '../api/wallet-api';
import { newIdempotencyKey } from '../assets-rules';

/** Demo mode only: "Get test funds", clearly labelled as play money from the demo faucet. */
export function DemoFundsCard() {
  const { t } = useTranslation();
  const demo = useAppStore((state) => state.demo);
  const queryClient = useQueryClient();
  // A retry after a lost connection reuses the key, so the claim is booked at most once.
  const pendingKey = useRef<string | null>(null);
  const claim = useMutation({
    mutationFn: () => {
      pendingKey.current ??= newIdempotencyKey();
      return claimDemoFunds(pendingKey.current);
    },
    onSuccess: async () => {
      pendingKey.current = null;
      showToast(t('assets:demo.added'));
      await queryClient.invalidateQueries({ queryKey: walletQueryRoot });
    },
    onError: (error) => {
      if (!(error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout'))) {
        pendingKey.current = null;
      }
    },
  });
  if (!demo) return null;
  return (
    <section className="fund-demo" data-testid="demo-funds">
      <span className="fund-demo-icon" aria-hidden="true">
        <GiftOutline fontSize={20} />
      </span>
      <div className="fund-demo-text">
        <strong>{t('assets:demo.title')}</strong>
        <span>{t('assets:demo.body')}</span>
        <button
          type="button"
          className="fx-button fund-demo-button"
          disabled={claim.isPending}
          onClick={() => claim.mutate()}
          data-testid="demo-funds-button"
        >
          {claim.isPending ? t('assets:demo.claiming') : t('assets:demo.claim')}
        </button>
      </div>
    </section>
  );
}
