import { type WalletAddress, walletAddressesPerUserMax } from '@fairex/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { LoadFailed, SignedInOnly } from '../../components/ui/signed-in-only';
import { walletAddressesQuery } from './api/payout-api';
import { AddressItem } from './components/address-item';
import { DeleteAddressSheet } from './components/delete-address-sheet';
import { payoutPaths } from './payout-paths';
import './payout.css';

function EmptyAddresses() {
  const { t } = useTranslation();
  return (
    <div className="payout-empty" data-testid="payout-addresses-empty">
      <div className="payout-empty-art" aria-hidden="true">
        <svg viewBox="0 0 96 96" width="96" height="96" role="presentation">
          <defs>
            <linearGradient id="payout-empty-ring" x1="0" x2="1" y1="0" y2="1">
              <stop offset="0" stopColor="#ffd7a6" />
              <stop offset="1" stopColor="#f0b90b" />
            </linearGradient>
          </defs>
          <circle cx="48" cy="48" r="46" fill="#161a1e" stroke="#2b3139" strokeWidth="2" />
          <rect
            x="24"
            y="32"
            width="48"
            height="34"
            rx="7"
            fill="none"
            stroke="url(#payout-empty-ring)"
            strokeWidth="3"
          />
          <path d="M24 42h48" stroke="url(#payout-empty-ring)" strokeWidth="3" />
          <circle cx="60" cy="55" r="4" fill="#f0b90b" />
        </svg>
      </div>
      <p className="payout-empty-title">{t('payout:addresses.emptyTitle')}</p>
      <p className="payout-empty-body">{t('payout:addresses.emptyBody')}</p>
    </div>
  );
}

function AddressList({ hasPayPassword }: { hasPayPassword: boolean }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(walletAddressesQuery());
  const [deleting, setDeleting] = useState<WalletAddress | null>(null);
  const entries = query.data?.pages.flatMap((page) => page.list) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;

  if (query.isPending) {
    return (
      <div className="payout-list-skeleton" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <div key={index} className="skeleton skeleton-block payout-skeleton-card" />
        ))}
      </div>
    );
  }
  if (query.isError && entries.length === 0) {
    return <LoadFailed onRetry={() => query.refetch()} />;
  }
  return (
    <>
      <PullToRefresh
        onRefresh={async () => {
          await query.refetch();
        }}
        pullingText={t('payout:refresh.pulling')}
        canReleaseText={t('payout:refresh.release')}
        refreshingText={t('payout:refresh.refreshing')}
        completeText={t('payout:refresh.done')}
      >
        <div className="payout-list-body">
          {entries.length === 0 ? (
            <EmptyAddresses />
          ) : (
            <>
              <p className="payout-list-count" data-testid="payout-addresses-count">
                {t('payout:addresses.count', { count: total, max: walletAddressesPerUserMax })}
              </p>
              <ul className="payout-addresses" data-testid="payout-addresses">
                {entries.map((entry) => (
                  <AddressItem key={entry.id} entry={entry} onDelete={() => setDeleting(entry)} />
                ))}
              </ul>
              <InfiniteScroll
                hasMore={query.hasNextPage}
                loadMore={async () => {
                  await query.fetchNextPage({ throwOnError: true });
                }}
              >
                {(hasMore, failed, retry) =>
                  failed ? (
                    <button type="button" className="payout-list-end is-retry" onClick={retry}>
                      {t('payout:addresses.loadFailed')}
                    </button>
                  ) : (
                    <span className="payout-list-end" data-testid={hasMore ? undefined : 'payout-no-more'}>
                      {hasMore ? t('payout:addresses.loading') : t('payout:addresses.noMore')}
                    </span>
                  )
                }
              </InfiniteScroll>
            </>
          )}
        </div>
      </PullToRefresh>
      <div className="payout-footer fx-fixed-column">
        <Link className="fx-button is-block" to={payoutPaths.addAddress} data-testid="payout-add-address">
          <AddOutline fontSize={18} /> {t('payout:addresses.add')}
        </Link>
      </div>
      <DeleteAddressSheet
        entry={deleting}
        hasPayPassword={hasPayPassword}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

/** /pages/setting/wallet: the saved withdrawal addresses, newest first, 10 a page. */
export function WalletAddressesPage() {
  const { t } = useTranslation();
  return (
    <div className="payout-page has-footer">
      <PageHeader
        title={t('payout:addresses.title')}
        back
        right={
          <Link
            className="icon-button"
            to={payoutPaths.addAddress}
            aria-label={t('payout:addresses.add')}
            data-testid="payout-add-address-header"
          >
            <AddOutline fontSize={22} />
          </Link>
        }
      />
      <SignedInOnly>{(user) => <AddressList hasPayPassword={user.has_pay_password} />}</SignedInOnly>
    </div>
  );
}
