import type { AccountKindName } from '@fairex/contract';

/** The fund routes of spec section 2 the assets screens link to. */
export const assetsPaths = {
  assets: '/pages/fund/assets',
  record: '/pages/fund/assets_record',
  allRecords: '/pages/fund/assets_all_record',
  transfer: '/pages/fund/transfer',
  transferHistory: '/pages/fund/transfer_history',
  deposit: '/pages/fund/select',
  withdraw: '/pages/fund/withdraw',
  bill: '/pages/setting/bill',
} as const;

export function recordPath(currency: number, type: AccountKindName): string {
  return `${assetsPaths.record}?currency=${currency}&type=${type}`;
}

export function transferPath(params: { currency?: number; from?: AccountKindName } = {}): string {
  const search = new URLSearchParams();
  if (params.currency !== undefined) search.set('currency', String(params.currency));
  if (params.from) search.set('from', params.from);
  const text = search.toString();
  return text ? `${assetsPaths.transfer}?${text}` : assetsPaths.transfer;
}
