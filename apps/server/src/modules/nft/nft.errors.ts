import { AppError } from '../../platform/http/app-error';
import type { MessageKey } from '../../platform/i18n/messages';

/** Every failure the NFT module can report; the compiler demands a message key for each. */
export const nftErrorKeys = {
  not_found: 'nft.errors.not_found',
  not_on_sale: 'nft.errors.not_on_sale',
  not_started: 'nft.errors.not_started',
  ended: 'nft.errors.ended',
  sold_out: 'nft.errors.sold_out',
  price_changed: 'nft.errors.price_changed',
  own_item: 'nft.errors.own_item',
  too_low: 'nft.errors.too_low',
  own_highest: 'nft.errors.own_highest',
  margin_required: 'nft.errors.margin_required',
  not_auction: 'nft.errors.not_auction',
  not_fixed_price: 'nft.errors.not_fixed_price',
  not_your_item: 'nft.errors.not_your_item',
  already_listed: 'nft.errors.already_listed',
  bad_price: 'nft.errors.bad_price',
  bad_increment: 'nft.errors.bad_increment',
  end_before_start: 'nft.errors.end_before_start',
  start_in_past: 'nft.errors.start_in_past',
  order_not_found: 'nft.errors.order_not_found',
  payment_expired: 'nft.errors.payment_expired',
  already_paid: 'nft.errors.already_paid',
  already_opened: 'nft.errors.already_opened',
  not_a_box: 'nft.errors.not_a_box',
  not_reviewable: 'nft.errors.not_reviewable',
  terms_invalid: 'nft.errors.terms_invalid',
  in_use: 'nft.errors.in_use',
  message_not_found: 'nft.errors.message_not_found',
  media_type_mismatch: 'nft.errors.media_type_mismatch',
} as const satisfies Record<string, MessageKey>;

export type NftErrorCode = keyof typeof nftErrorKeys;

export function nftError(code: NftErrorCode): AppError {
  return new AppError(nftErrorKeys[code]);
}
