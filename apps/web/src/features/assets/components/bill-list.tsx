import { useInfiniteQuery } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { BillOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter, usePullTexts } from '../../../components/ui/list-footer';
import { type BillFilter, billQuery } from '../api/wallet-api';
import { uniqueById } from '../assets-rules';
import { BillLineRow } from './bill-line-row';

/** The bill for a filter: 10 lines a page, more on scrolling, pull to refresh, "No more data". */
export function BillList({ filter }: { filter: BillFilter }) {
  const { t } = useTranslation();
  const pullTexts = usePullTexts();
  const query = useInfiniteQuery(billQuery(filter));
  const lines = useMemo(() => uniqueById(query.data?.pages ?? []), [query.data]);

  const refresh = async () => {
    await query.refetch();
  };
  const loadMore = async () => {
    const result = await query.fetchNextPage();
    if (result.isError) throw result.error;
  };

  return (
    <PullToRefresh onRefresh={refresh} {...pullTexts}>
      <div className="fund-bill" data-testid="bill-list">
        {query.isPending ? (
          <ul className="fund-bill-lines" aria-busy="true">
            {[0, 1, 2, 3].map((index) => (
              <li key={index} className="skeleton fund-bill-skeleton" />
            ))}
          </ul>
        ) : query.isError ? (
          <div className="fund-empty" data-testid="bill-error">
            <p className="fund-empty-title">{t('assets:bill.error')}</p>
            <button type="button" className="fx-button is-secondary" onClick={() => query.refetch()}>
              {t('assets:retry')}
            </button>
          </div>
        ) : lines.length === 0 ? (
          <div className="fund-empty" data-testid="bill-empty">
            <span className="fund-empty-icon" aria-hidden="true">
              <BillOutline fontSize={26} />
            </span>
            <p className="fund-empty-title">{t('assets:bill.emptyTitle')}</p>
            <p className="fund-empty-body">{t('assets:bill.emptyBody')}</p>
          </div>
        ) : (
          <>
            <ul className="fund-bill-lines">
              {lines.map((line) => (
                <BillLineRow key={line.id} line={line} />
              ))}
            </ul>
            <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage}>
              {(hasMore) => <ListFooter hasMore={hasMore} testId="bill-end" />}
            </InfiniteScroll>
          </>
        )}
      </div>
    </PullToRefresh>
  );
}
