import type { WithdrawalRecord } from '@fairex/contract';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { DownlandOutline, UploadOutline } from 'antd-mobile-icons';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListFooter, usePullTexts } from '../../components/ui/list-footer';
import { PageHeader } from '../../components/ui/page-header';
import { PageTabs } from '../../components/ui/page-tabs';
import { useRequireSession } from '../../lib/require-session';
import { userQueryRoot } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { cancelWithdrawal, depositsQuery, withdrawalsQuery } from './api/withdraw-api';
import { DepositCard, WithdrawalCard } from './components/record-cards';
import {
  displayAmount,
  newIdempotencyKey,
  type RecordTab,
  readRecordTab,
  recordTabs,
  withdrawPaths,
} from './withdraw-rules';
import './withdraw.css';
import { LoginFirst } from '../../components/ui/login-first';
import type { TranslationKey } from '../../lib/translation-key';

const tabKeys: Record<RecordTab, TranslationKey> = {
  deposit: 'withdraw:records.tabs.deposit',
  withdraw: 'withdraw:records.tabs.withdraw',
};

/** /pages/fund/receive_withdraw_record: deposits and withdrawals, `?tab=deposit|withdraw`. */
export function FundRecordsPage() {
  const { t } = useTranslation();
  const allowed = useRequireSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = readRecordTab(searchParams);
  return (
    <div className="wd-page">
      <PageHeader back title={t('withdraw:records.title')} />
      <PageTabs
        tabs={recordTabs}
        active={tab}
        label={(name) => t(tabKeys[name])}
        onChange={(name) => setSearchParams({ tab: name }, { replace: true })}
        testIdPrefix="records-tab-"
      />
      {!allowed ? <LoginFirst /> : tab === 'withdraw' ? <WithdrawalList /> : <DepositList />}
    </div>
  );
}

/** Items of every loaded page, each once (a new request can shift a page boundary). */
function uniqueById<T extends { id: number }>(pages: readonly { list: readonly T[] }[]): T[] {
  const seen = new Set<number>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page.list) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

function coinImage(code: string): string {
  return `/coins/${code.toLowerCase()}.svg`;
}

function ListState({ pending, failed, retry }: { pending: boolean; failed: boolean; retry: () => void }) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <ul className="card-list" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className="skeleton wd-record-skeleton" />
        ))}
      </ul>
    );
  }
  if (failed) {
    return (
      <div className="wd-empty" data-testid="records-error">
        <p className="wd-empty-title">{t('withdraw:records.error')}</p>
        <button type="button" className="fx-button is-secondary" onClick={retry}>
          {t('withdraw:retry')}
        </button>
      </div>
    );
  }
  return null;
}

function WithdrawalList() {
  const { t } = useTranslation();
  const pullTexts = usePullTexts();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(withdrawalsQuery());
  const records = useMemo(() => uniqueById(query.data?.pages ?? []), [query.data]);
  const cancelKeys = useRef(new Map<number, string>());
  const loadMore = async () => {
    const result = await query.fetchNextPage();
    if (result.isError) throw result.error;
  };
  const cancel = async (record: WithdrawalRecord) => {
    const confirmed = await Dialog.confirm({
      title: t('withdraw:records.cancelTitle'),
      content: t('withdraw:records.cancelBody', {
        amount: displayAmount(record.total),
        code: record.currency,
      }),
      confirmText: t('withdraw:records.cancelConfirm'),
      cancelText: t('withdraw:records.cancelKeep'),
    });
    if (!confirmed) return;
    // One key per request: pressing again after a lost reply cancels (and releases) once.
    const key = cancelKeys.current.get(record.id) ?? newIdempotencyKey();
    cancelKeys.current.set(record.id, key);
    try {
      const cancelled = await cancelWithdrawal(record.id, key);
      showToast(t('withdraw:records.cancelled'));
      queryClient.setQueryData<InfiniteData<{ list: WithdrawalRecord[] }>>(
        withdrawalsQuery().queryKey,
        (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  list: page.list.map((item) => (item.id === cancelled.id ? cancelled : item)),
                })),
              }
            : data,
      );
      await queryClient.invalidateQueries({ queryKey: [userQueryRoot] });
    } catch {
      // The client has shown the message (e.g. already processed); the list shows the truth.
      await query.refetch();
    }
  };
  return (
    <PullToRefresh onRefresh={async () => void (await query.refetch())} {...pullTexts}>
      <div className="wd-list" data-testid="withdrawal-list">
        <ListState pending={query.isPending} failed={query.isError} retry={() => query.refetch()} />
        {query.isSuccess &&
          (records.length === 0 ? (
            <div className="wd-empty" data-testid="withdrawal-empty">
              <span className="wd-empty-icon" aria-hidden="true">
                <UploadOutline fontSize={26} />
              </span>
              <p className="wd-empty-title">{t('withdraw:records.emptyWithdrawTitle')}</p>
              <p className="wd-empty-body">{t('withdraw:records.emptyWithdrawBody')}</p>
              <Link className="fx-button" to={withdrawPaths.withdraw}>
                {t('withdraw:records.newWithdrawal')}
              </Link>
            </div>
          ) : (
            <>
              <ul className="card-list">
                {records.map((record) => (
                  <WithdrawalCard key={record.id} record={record} image={record.image} onCancel={cancel} />
                ))}
              </ul>
              <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage}>
                {(hasMore) => <ListFooter hasMore={hasMore} testId="withdrawal-end" />}
              </InfiniteScroll>
            </>
          ))}
      </div>
    </PullToRefresh>
  );
}

function DepositList() {
  const { t } = useTranslation();
  const pullTexts = usePullTexts();
  const query = useInfiniteQuery(depositsQuery());
  const records = useMemo(() => uniqueById(query.data?.pages ?? []), [query.data]);
  const loadMore = async () => {
    const result = await query.fetchNextPage();
    if (result.isError) throw result.error;
  };
  return (
    <PullToRefresh onRefresh={async () => void (await query.refetch())} {...pullTexts}>
      <div className="wd-list" data-testid="deposit-list">
        <ListState pending={query.isPending} failed={query.isError} retry={() => query.refetch()} />
        {query.isSuccess &&
          (records.length === 0 ? (
            <div className="wd-empty" data-testid="deposit-empty">
              <span className="wd-empty-icon" aria-hidden="true">
                <DownlandOutline fontSize={26} />
              </span>
              <p className="wd-empty-title">{t('withdraw:records.emptyDepositTitle')}</p>
              <p className="wd-empty-body">{t('withdraw:records.emptyDepositBody')}</p>
              <Link className="fx-button" to="/pages/fund/select">
                {t('withdraw:records.newDeposit')}
              </Link>
            </div>
          ) : (
            <>
              <ul className="card-list">
                {records.map((record) => (
                  <DepositCard key={record.id} record={record} image={coinImage(record.currency)} />
                ))}
              </ul>
              <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage}>
                {(hasMore) => <ListFooter hasMore={hasMore} testId="deposit-end" />}
              </InfiniteScroll>
            </>
          ))}
      </div>
    </PullToRefresh>
  );
}
