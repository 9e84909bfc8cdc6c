import type { TransferRecord } from '@fairex/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { LoopOutline, RightOutline } from 'antd-mobile-icons';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFooter, usePullTexts } from '../../components/ui/list-footer';
import { PageHeader } from '../../components/ui/page-header';
import { useRequireSession } from '../../lib/require-session';
import { useDateTime } from '../../lib/use-date-time';
import { transferHistoryQuery } from './api/wallet-api';
import { transferPath } from './assets-paths';
import { accountKindKey, displayAmount, uniqueById, withEntryIds } from './assets-rules';
import './assets.css';
import { LoginFirst } from '../../components/ui/login-first';

/** /pages/fund/transfer_history: the user's transfers between own accounts, newest first. */
export function TransferHistoryPage() {
  const { t } = useTranslation();
  const allowed = useRequireSession();
  return (
    <div className="fund-page">
      <PageHeader back title={t('assets:history.title')} />
      {allowed ? <TransferHistory /> : <LoginFirst />}
    </div>
  );
}

function TransferHistory() {
  const { t } = useTranslation();
  const pullTexts = usePullTexts();
  const query = useInfiniteQuery(transferHistoryQuery());
  const records = useMemo(() => uniqueById(withEntryIds(query.data?.pages ?? [])), [query.data]);
  const loadMore = async () => {
    const result = await query.fetchNextPage();
    if (result.isError) throw result.error;
  };
  return (
    <PullToRefresh onRefresh={async () => void (await query.refetch())} {...pullTexts}>
      <div className="fund-body" data-testid="transfer-history">
        {query.isPending ? (
          <ul className="fund-bill-lines" aria-busy="true">
            {[0, 1, 2].map((index) => (
              <li key={index} className="skeleton fund-bill-skeleton" />
            ))}
          </ul>
        ) : query.isError ? (
          <div className="fund-empty">
            <p className="fund-empty-title">{t('assets:history.error')}</p>
            <button type="button" className="fx-button is-secondary" onClick={() => query.refetch()}>
              {t('assets:retry')}
            </button>
          </div>
        ) : records.length === 0 ? (
          <div className="fund-empty" data-testid="transfer-history-empty">
            <span className="fund-empty-icon" aria-hidden="true">
              <LoopOutline fontSize={26} />
            </span>
            <p className="fund-empty-title">{t('assets:history.emptyTitle')}</p>
            <p className="fund-empty-body">{t('assets:history.emptyBody')}</p>
            <Link className="fx-button" to={transferPath()}>
              {t('assets:actions.transfer')}
            </Link>
          </div>
        ) : (
          <>
            <ul className="fund-bill-lines">
              {records.map((record) => (
                <TransferRow key={record.entry_id} record={record} />
              ))}
            </ul>
            <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage}>
              {(hasMore) => <ListFooter hasMore={hasMore} testId="transfer-history-end" />}
            </InfiniteScroll>
          </>
        )}
      </div>
    </PullToRefresh>
  );
}

const TransferRow = memo(function TransferRow({ record }: { record: TransferRecord }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  return (
    <li className="fund-bill-line" data-testid="transfer-record">
      <div className="fund-bill-main">
        <span className="fund-transfer-route">
          {t(accountKindKey(record.from_field))}
          <RightOutline fontSize={11} />
          {t(accountKindKey(record.to_field))}
        </span>
        <span className="fund-bill-amount">
          {displayAmount(record.number)} <small>{record.currency}</small>
        </span>
      </div>
      <div className="fund-bill-meta">
        <time dateTime={new Date(record.time).toISOString()}>{dateTime(record.time)}</time>
        <span className="fund-done">{t('assets:history.done')}</span>
      </div>
    </li>
  );
});
