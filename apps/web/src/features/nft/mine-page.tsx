import type { NftMyItem, NftOrder } from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';
import { SignedInOnly } from '../../components/ui/signed-in-only';
import { ApiError } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { userQueryRoot } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { useDateTime } from '../../lib/use-date-time';
import {
  messagesQuery,
  myBidsQuery,
  myItemsQuery,
  nftQueryRoot,
  ordersQuery,
  payOrder,
  readMessage,
} from './api/nft-api';
import { Cover, CustodialNotice, LoadState, RarityChip, useServerNow } from './components/nft-parts';
import { countdownText, detailPath, editionText, nftPaths } from './nft-rules';
import './nft.css';
import { trimDecimalText } from '@fairex/domain';

type MineTab = 'owned' | 'bids' | 'pay' | 'boxes' | 'resale' | 'messages';
const mineTabs: readonly MineTab[] = ['owned', 'bids', 'pay', 'boxes', 'resale', 'messages'];

/** /pages/nft/mine and /pages/nft/myNft: the caller's items, bids, payments due, boxes, resale and messages. */
export function MinePage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = (mineTabs as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as MineTab)
    : 'owned';
  return (
    <div className="nft-page">
      <PageHeader back title={t('nft:mine.title')} />
      <div className="nft-body">
        <SignedInOnly>
          {() => (
            <>
              <MineTabs tab={tab} onChange={(value) => setSearch({ tab: value }, { replace: true })} />
              {(tab === 'owned' || tab === 'boxes' || tab === 'resale') && <ItemList tab={tab} />}
              {tab === 'bids' && <BidList />}
              {tab === 'pay' && <OrderList />}
              {tab === 'messages' && <MessageList />}
              <CustodialNotice />
            </>
          )}
        </SignedInOnly>
      </div>
    </div>
  );
}

function MineTabs({ tab, onChange }: { tab: MineTab; onChange: (tab: MineTab) => void }) {
  const { t } = useTranslation();
  const messages = useQuery(messagesQuery());
  const orders = useQuery(ordersQuery());
  const unread = messages.data?.unread ?? 0;
  const due = orders.data?.list.filter((order) => order.state === 'due').length ?? 0;
  const badge = (count: number) =>
    count > 0 ? (
      <span className="nft-badge" data-testid="nft-badge">
        {count}
      </span>
    ) : null;
  return (
    <div className="nft-tabs-scroll">
      <SegmentedTabs
        value={tab}
        label={t('nft:mine.title')}
        options={mineTabs.map((value) => ({
          value,
          testId: `nft-mine-${value}`,
          label: (
            <>
              {t(`nft:mine.${value}`)}
              {value === 'messages' ? badge(unread) : value === 'pay' ? badge(due) : null}
            </>
          ),
        }))}
        onChange={onChange}
      />
    </div>
  );
}

function ItemList({ tab }: { tab: 'owned' | 'boxes' | 'resale' }) {
  const { t } = useTranslation();
  const query = useQuery(myItemsQuery(tab));
  if (!query.data) return <LoadState isError={query.isError} onRetry={() => void query.refetch()} />;
  if (query.data.list.length === 0) return <p className="nft-empty">{t('nft:empty')}</p>;
  return (
    <ul className="nft-list" data-testid={`nft-items-${tab}`}>
      {query.data.list.map((item) => (
        <li key={item.code}>
          <MyItemRow item={item} />
        </li>
      ))}
    </ul>
  );
}

function MyItemRow({ item }: { item: NftMyItem }) {
  const { t } = useTranslation();
  const target = item.kind === 'box_ticket' ? (item.opened_code ?? item.box_code ?? item.code) : item.code;
  return (
    <div className="card nft-row" data-testid={`nft-my-${item.code}`}>
      <Cover src={item.cover} alt={item.title} className="is-thumb" />
      <div className="nft-row-text">
        <Link to={detailPath(target, item.media_type)}>
          <strong>{item.title}</strong>
        </Link>
        <span>
          {editionText(item.edition, item.editions) ?? ''} <RarityChip rarity={item.rarity} />
        </span>
        <span className="nft-muted">
          {t(`nft:itemState.${item.state}`)}
          {item.listing
            ? ` · ${t(`nft:listingState.${item.listing.state}`)} · ${trimDecimalText(item.listing.price)}`
            : ''}
        </span>
      </div>
      {item.kind === 'item' && item.state === 'held' && !item.listing && (
        <Link
          className="fx-button is-small"
          to={`${nftPaths.resell}?id=${item.code}`}
          data-testid="nft-resell-link"
        >
          {t('nft:resell.short')}
        </Link>
      )}
      {item.kind === 'box_ticket' && item.state === 'unopened' && item.box_code && (
        <Link className="fx-button is-small" to={detailPath(item.box_code)}>
          {t('nft:box.open')}
        </Link>
      )}
    </div>
  );
}

function BidList() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const query = useQuery(myBidsQuery());
  if (!query.data) return <LoadState isError={query.isError} onRetry={() => void query.refetch()} />;
  if (query.data.list.length === 0) return <p className="nft-empty">{t('nft:empty')}</p>;
  return (
    <ul className="nft-list" data-testid="nft-my-bids">
      {query.data.list.map((entry) => (
        <li key={`${entry.code}-${entry.time}`} className="card nft-row">
          <Cover src={entry.cover} alt={entry.title} className="is-thumb" />
          <div className="nft-row-text">
            <Link to={detailPath(entry.code)}>
              <strong>{entry.title}</strong>
            </Link>
            <span>
              {trimDecimalText(entry.price)} {entry.currency} · {dateTime(entry.time)}
            </span>
            {/* A settled auction's state is the winner's: a losing bidder sees only the deposit line. */}
            {(entry.highest || entry.state === 'live') && (
              <span className="nft-muted">
                {t(`nft:listingState.${entry.state}`)}
                {entry.highest ? ` · ${t('nft:youLead')}` : ''}
              </span>
            )}
            {entry.margin && (
              <span className={`nft-margin is-${entry.margin.state}`} data-testid="nft-margin-state">
                {t(`nft:marginState.${entry.margin.state}`, {
                  amount: entry.margin.amount,
                  currency: entry.currency,
                })}
              </span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function OrderList() {
  const { t } = useTranslation();
  const query = useQuery(ordersQuery());
  const nowMs = useServerNow(query.data?.list[0]?.now, query.dataUpdatedAt);
  if (!query.data) return <LoadState isError={query.isError} onRetry={() => void query.refetch()} />;
  if (query.data.list.length === 0) return <p className="nft-empty">{t('nft:empty')}</p>;
  return (
    <ul className="nft-list" data-testid="nft-orders">
      {query.data.list.map((order) => (
        <li key={order.id}>
          <OrderRow order={order} nowMs={nowMs} />
        </li>
      ))}
    </ul>
  );
}

function OrderRow({ order, nowMs }: { order: NftOrder; nowMs: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  const open = order.state === 'due' && nowMs < order.pay_deadline;
  const pay = async () => {
    key.current ??= newIdempotencyKey();
    setBusy(true);
    try {
      await payOrder(order.id, key.current);
      key.current = null;
      showToast(t('nft:pay.done'));
    } catch (error) {
      if (!(error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network')))
        key.current = null;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: [userQueryRoot] });
      await queryClient.invalidateQueries({ queryKey: nftQueryRoot });
    }
  };
  return (
    <div className="card nft-row" data-testid={`nft-order-${order.id}`}>
      <Cover src={order.cover} alt={order.title} className="is-thumb" />
      <div className="nft-row-text">
        <strong>{order.title}</strong>
        <span>
          {trimDecimalText(order.price)} {order.currency} · {t('nft:margin')} {trimDecimalText(order.margin)}
        </span>
        <span className="nft-muted">
          {open
            ? t('nft:pay.left', { time: countdownText(order.pay_deadline - nowMs, t('nft:daySuffix')) })
            : t(`nft:pay.state.${order.state}`)}
        </span>
      </div>
      {open && (
        <button
          type="button"
          className="fx-button is-small"
          disabled={busy}
          onClick={pay}
          data-testid="nft-pay"
        >
          {t('nft:pay.button')}
        </button>
      )}
    </div>
  );
}

function MessageList() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const queryClient = useQueryClient();
  const query = useQuery(messagesQuery());
  const mark = async (id: number) => {
    try {
      await readMessage(id);
    } finally {
      await queryClient.invalidateQueries({ queryKey: [userQueryRoot, 'nft', 'messages'] });
    }
  };
  if (!query.data) return <LoadState isError={query.isError} onRetry={() => void query.refetch()} />;
  return (
    <>
      {query.data.unread > 0 && (
        <button
          type="button"
          className="fx-button is-secondary is-small"
          onClick={() => void mark(0)}
          data-testid="nft-read-all"
        >
          {t('nft:messages.readAll')}
        </button>
      )}
      {query.data.list.length === 0 ? (
        <p className="nft-empty">{t('nft:empty')}</p>
      ) : (
        <ul className="nft-list" data-testid="nft-messages">
          {query.data.list.map((message) => (
            <li key={message.id} className={`card nft-message${message.read ? '' : ' is-unread'}`}>
              <button
                type="button"
                className="nft-message-body"
                onClick={() => !message.read && void mark(message.id)}
              >
                <strong>{t(`nft:messages.kind.${message.kind}`, { title: message.title })}</strong>
                {message.price && (
                  <span>
                    {trimDecimalText(message.price)} {message.currency}
                  </span>
                )}
                <time className="nft-muted">{dateTime(message.created_at)}</time>
              </button>
              <Link to={detailPath(message.code)}>{t('nft:messages.view')}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
