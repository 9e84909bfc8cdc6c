import type { ContractPosition } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../components/ui/bottom-sheet';
import { LoginFirst } from '../../components/ui/login-first';
import { PageHeader } from '../../components/ui/page-header';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';
import { useAppStore } from '../../lib/stores/app-store';
import { useDateTime } from '../../lib/use-date-time';
import { listQuery, receiptsQuery } from './api/contracts-api';
import { PositionCard } from './components/position-card';
import { ReceiptView } from './components/receipt-view';
import { shown, tone } from './contract-rules';
import './contracts.css';

type Tab = 'pending' | 'history';

/** /pages/transaction/contract_order: pending limit orders, and the history with each receipt. */
export function ContractOrdersPage() {
  const { t } = useTranslation();
  const token = useAppStore((state) => state.token);
  const [tab, setTab] = useState<Tab>('history');
  return (
    <div className="ct-page">
      <PageHeader back title={t('contracts:orders.title')} />
      {token ? (
        <div className="ct-body">
          <SegmentedTabs
            value={tab}
            label={t('contracts:orders.title')}
            onChange={setTab}
            options={[
              { value: 'pending', label: t('contracts:orders.pending'), testId: 'contract-tab-pending' },
              { value: 'history', label: t('contracts:orders.history'), testId: 'contract-tab-history' },
            ]}
          />
          {tab === 'pending' ? <PendingList /> : <HistoryList />}
        </div>
      ) : (
        <LoginFirst />
      )}
    </div>
  );
}

function PendingList() {
  const { t } = useTranslation();
  const list = useQuery(listQuery(1));
  if (list.isPending) return <div className="skeleton ct-skeleton" />;
  const rows = list.data?.list ?? [];
  if (rows.length === 0) return <p className="ct-muted">{t('contracts:orders.emptyPending')}</p>;
  return (
    <>
      {rows.map((position) => (
        <PositionCard key={position.id} position={position} />
      ))}
    </>
  );
}

function HistoryList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery(listQuery(3, page));
  const [receiptOf, setReceiptOf] = useState<ContractPosition | null>(null);
  if (list.isPending) return <div className="skeleton ct-skeleton" />;
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  if (rows.length === 0) return <p className="ct-muted">{t('contracts:orders.emptyHistory')}</p>;
  return (
    <>
      {rows.map((position) => (
        <HistoryCard key={position.id} position={position} onReceipt={() => setReceiptOf(position)} />
      ))}
      {page * 10 < total && (
        <button type="button" className="fx-button is-secondary" onClick={() => setPage(page + 1)}>
          {t('contracts:orders.more')}
        </button>
      )}
      <BottomSheet
        visible={receiptOf !== null}
        title={t('contracts:receipt.title')}
        onClose={() => setReceiptOf(null)}
        className="is-tall"
        testId="contract-receipt-sheet"
      >
        {receiptOf && <Receipts positionId={receiptOf.id} />}
      </BottomSheet>
    </>
  );
}

function HistoryCard({ position, onReceipt }: { position: ContractPosition; onReceipt: () => void }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const long = position.type === 1;
  return (
    <article className="ct-card" data-testid={`contract-history-${position.id}`}>
      <header className="ct-card-head">
        <span className={`ct-direction is-${long ? 'long' : 'short'}`}>
          {t(long ? 'contracts:form.long' : 'contracts:form.short')} {position.multiple}x
        </span>
        <span className="ct-card-symbol">{position.symbol}</span>
        <span className={`status-chip ${position.status === 'closed' ? 'is-good' : 'is-off'}`}>
          {position.close
            ? t(`contracts:reasons.${position.close.reason}`)
            : t(`contracts:status.${position.status}`)}
        </span>
      </header>
      {position.close && (
        <div className={`ct-pnl is-${tone(position.close.profit)}`} data-testid="contract-history-profit">
          {shown(position.close.profit, 4)} USDT
        </div>
      )}
      <dl className="fx-figures is-compact">
        <div>
          <dt>{t('contracts:positions.lots')}</dt>
          <dd>{position.share}</dd>
        </div>
        <div>
          <dt>{t('contracts:positions.openPrice')}</dt>
          <dd>{shown(position.open_price ?? position.target_price, 4)}</dd>
        </div>
        {position.close && (
          <>
            <div>
              <dt>{t('contracts:orders.closePrice')}</dt>
              <dd>{shown(position.close.price, 4)}</dd>
            </div>
            <div>
              <dt>{t('contracts:orders.tick')}</dt>
              <dd>{position.close.tick_id}</dd>
            </div>
            <div>
              <dt>{t('contracts:orders.closedAt')}</dt>
              <dd>{dateTime(position.close.time)}</dd>
            </div>
          </>
        )}
      </dl>
      {position.status === 'closed' && (
        <div className="ct-card-actions">
          <button
            type="button"
            className="fx-button is-secondary"
            onClick={onReceipt}
            data-testid="contract-history-receipt"
          >
            {t('contracts:receipt.open')}
          </button>
        </div>
      )}
    </article>
  );
}

function Receipts({ positionId }: { positionId: string }) {
  const receipts = useQuery(receiptsQuery(positionId));
  if (receipts.isPending) return <div className="skeleton ct-skeleton" />;
  return (
    <div className="ct-receipts">
      {(receipts.data ?? []).map((receipt) => (
        <ReceiptView key={receipt.id} receipt={receipt} />
      ))}
    </div>
  );
}
