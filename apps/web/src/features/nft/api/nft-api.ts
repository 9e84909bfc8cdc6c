/**
 * The calls of the NFT screens, each through its contract route: the market lists and details
 * (public), the caller's items, bids, orders and messages (under the user root, so a new session
 * refetches and a logout drops them), and the actions. Buying, the margin deposit and paying move
 * money and carry an Idempotency-Key.
 */
import {
  nftArtistDetailRoute,
  nftArtistListRoute,
  nftBidLogRoute,
  nftBidRoute,
  nftBoxDetailRoute,
  nftBoxListRoute,
  nftBuyRoute,
  nftCollectionRoute,
  nftCollectRoute,
  nftCurrencyRoute,
  nftMarginRoute,
  nftMessagesRoute,
  nftMyBidsRoute,
  nftMyItemsRoute,
  nftNeedPayRoute,
  nftOpenBoxRoute,
  nftPayRoute,
  nftReadMessageRoute,
  nftResellRoute,
  type RouteInput,
} from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callMoneyRoute, callRoute } from '../../../lib/api-route';
import { walletDetailQuery } from '../../../lib/queries/wallet-queries';
import { userQueryRoot } from '../../../lib/session';

export const nftQueryRoot = ['nft'] as const;
export const nftUserRoot = [userQueryRoot, 'nft'] as const;

/** Prices, bids and deadlines move with the clock and other users. */
const liveMs = 10_000;
const pageSize = 50;

export type MarketFilter = {
  sale_mode?: 'normal' | 'auction' | 'blind_box';
  keyword?: string;
  artist_id?: number;
  collection_id?: number;
  all?: '0' | '1';
};

export function marketListQuery(filter: MarketFilter, lang: string) {
  return queryOptions({
    queryKey: [...nftQueryRoot, 'list', filter, lang],
    queryFn: ({ signal }) =>
      callRoute(nftBoxListRoute, { empty: null, params: { page: 1, limit: pageSize, ...filter }, signal }),
    refetchInterval: liveMs,
  });
}

export function artistListQuery(keyword: string, lang: string) {
  return queryOptions({
    queryKey: [...nftQueryRoot, 'artists', keyword, lang],
    queryFn: ({ signal }) =>
      callRoute(nftArtistListRoute, {
        empty: null,
        params: { page: 1, limit: pageSize, ...(keyword ? { keyword } : {}) },
        signal,
      }),
  });
}

export function artistDetailQuery(id: number, lang: string) {
  return queryOptions({
    queryKey: [...nftQueryRoot, 'artist', id, lang],
    queryFn: ({ signal }) => callRoute(nftArtistDetailRoute, { empty: null, params: { uid: id }, signal }),
  });
}

export function collectionsQuery(params: { id?: number; artist_id?: number }, lang: string) {
  return queryOptions({
    queryKey: [...nftQueryRoot, 'collections', params, lang],
    queryFn: ({ signal }) =>
      callRoute(nftCollectionRoute, { empty: null, params: { page: 1, limit: pageSize, ...params }, signal }),
  });
}

export function detailQuery(code: string, lang: string) {
  return queryOptions({
    queryKey: [...nftQueryRoot, 'detail', code, lang],
    queryFn: ({ signal }) => callRoute(nftBoxDetailRoute, { empty: null, params: { id: code }, signal }),
    refetchInterval: liveMs,
  });
}

export function bidLogQuery(code: string) {
  return queryOptions({
    queryKey: [...nftQueryRoot, 'bids', code],
    queryFn: ({ signal }) =>
      callRoute(nftBidLogRoute, { empty: null, params: { code, page: 1, limit: pageSize }, signal }),
    refetchInterval: liveMs,
  });
}

export function termsQuery() {
  return queryOptions({
    queryKey: [...nftQueryRoot, 'terms'],
    queryFn: ({ signal }) => callRoute(nftCurrencyRoute, { empty: null, signal }),
    staleTime: 60_000,
  });
}

/** The spot balance a purchase, deposit or payment is taken from. */
export function balanceQuery(currencyId: number) {
  return walletDetailQuery(currencyId, 'change');
}

export function myItemsQuery(tab: 'owned' | 'boxes' | 'resale') {
  return queryOptions({
    queryKey: [...nftUserRoot, 'items', tab],
    queryFn: ({ signal }) =>
      callRoute(nftMyItemsRoute, { empty: null, params: { page: 1, limit: pageSize, tab }, signal }),
  });
}

export function myBidsQuery() {
  return queryOptions({
    queryKey: [...nftUserRoot, 'bids'],
    queryFn: ({ signal }) =>
      callRoute(nftMyBidsRoute, { empty: null, params: { page: 1, limit: pageSize }, signal }),
    refetchInterval: liveMs,
  });
}

export function ordersQuery() {
  return queryOptions({
    queryKey: [...nftUserRoot, 'orders'],
    queryFn: ({ signal }) =>
      callRoute(nftNeedPayRoute, { empty: null, params: { page: 1, limit: pageSize }, signal }),
    refetchInterval: liveMs,
  });
}

export function messagesQuery() {
  return queryOptions({
    queryKey: [...nftUserRoot, 'messages'],
    queryFn: ({ signal }) =>
      callRoute(nftMessagesRoute, { empty: null, params: { page: 1, limit: pageSize }, signal }),
    refetchInterval: liveMs,
  });
}

export function buy(params: RouteInput<typeof nftBuyRoute>, idempotencyKey: string) {
  return callMoneyRoute(nftBuyRoute, { params, idempotencyKey });
}

export function payMargin(code: string, idempotencyKey: string) {
  return callMoneyRoute(nftMarginRoute, { params: { code }, idempotencyKey });
}

export function payOrder(id: number, idempotencyKey: string) {
  return callMoneyRoute(nftPayRoute, { params: { id }, idempotencyKey });
}

export function bid(code: string, price: string) {
  return callRoute(nftBidRoute, { empty: null, params: { code, price } });
}

export function toggleCollect(code: string) {
  return callRoute(nftCollectRoute, { empty: null, params: { code } });
}

export function openBox(code: string) {
  return callRoute(nftOpenBoxRoute, { empty: null, params: { code } });
}

export function resell(params: RouteInput<typeof nftResellRoute>) {
  return callRoute(nftResellRoute, { empty: null, params });
}

export function readMessage(id: number) {
  return callRoute(nftReadMessageRoute, { empty: null, params: { id } });
}
