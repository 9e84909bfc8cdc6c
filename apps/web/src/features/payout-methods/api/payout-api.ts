import {
  type BankCard,
  type BankCardRegion,
  userCashInfoInternationalRoute,
  userCashInfoRoute,
  userCashSaveInternationalRoute,
  userCashSaveRoute,
  userWalletDeleteRoute,
  userWalletListRoute,
  userWalletSaveRoute,
  type WalletAddress,
  walletAddressPageSize,
} from '@fairex/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';
import { currencyListQuery } from '../../../lib/queries/currency-list';
import { userQueryRoot } from '../../../lib/session';
import { type AddressFormValues, type BankCardFormValues, coinsFrom } from '../payout-rules';

/** Under the `user` root, so a new session refetches them and a logout drops them. */
export const payoutQueryRoot = [userQueryRoot, 'payout-methods'] as const;
const addressesQueryKey = [...payoutQueryRoot, 'addresses'] as const;
const cardQueryKey = (region: BankCardRegion) => [...payoutQueryRoot, 'card', region] as const;

/** GET /user/wallet/list, 10 a page; the next page exists while fewer than `total` are shown. */
export function walletAddressesQuery() {
  return infiniteQueryOptions({
    queryKey: addressesQueryKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callRoute(userWalletListRoute, {
        empty: { list: [], page: pageParam, limit: walletAddressPageSize, total: 0 },
        params: { page: pageParam, limit: walletAddressPageSize },
        signal,
      }),
    getNextPageParam: (last) =>
      last.list.length > 0 && last.page * last.limit < last.total ? last.page + 1 : undefined,
  });
}

/** The coins an address can be saved for, from the shared GET /currency/list query. */
export function coinsQuery() {
  return queryOptions({ ...currencyListQuery(), select: (entries) => coinsFrom(entries ?? []) });
}

/** POST /user/cash_info or /user/cash_info_international: the saved card or null. */
export function bankCardQuery(region: BankCardRegion) {
  return queryOptions({
    queryKey: cardQueryKey(region),
    queryFn: ({ signal }) =>
      callRoute(region === 'domestic' ? userCashInfoRoute : userCashInfoInternationalRoute, {
        empty: null,
        signal,
      }),
  });
}

/** POST /user/wallet/save; null when the call is unavailable (the client has said so). */
export function saveWalletAddress(values: AddressFormValues): Promise<WalletAddress | null> {
  return callRoute(userWalletSaveRoute, {
    empty: null,
    params: {
      currency: values.currency,
      ...(values.chain ? { chain: values.chain } : {}),
      name: values.name.trim(),
      address: values.address.trim(),
      qrcode: values.qrcode,
      pay_password: values.pay_password,
    },
  });
}

/** POST /user/wallet/delete with the payment password. */
export async function deleteWalletAddress(params: { id: number; payPassword: string }): Promise<boolean> {
  const reply = await callRoute(userWalletDeleteRoute, {
    empty: null,
    params: { id: params.id, pay_password: params.payPassword },
  });
  return reply !== null;
}

/** POST /user/cash_save or /user/cash_save_international. */
export function saveBankCard(region: BankCardRegion, values: BankCardFormValues): Promise<BankCard | null> {
  const params = { ...values };
  return region === 'domestic'
    ? callRoute(userCashSaveRoute, { empty: null, params })
    : callRoute(userCashSaveInternationalRoute, { empty: null, params });
}
