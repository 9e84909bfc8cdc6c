/**
 * The NFT market (spec sections 2, 4, 5 and 7; client-contract.md, "/bind_box"): artists,
 * collections and artworks; items (numbered editions of an artwork, held on the platform: custodial)
 * sold at a fixed price or by auction, provably fair blind boxes, and resale after staff review.
 *
 * Identifiers: an item (one edition) has a `code` ("N" + digits); a blind box has a `code`
 * ("B" + digits); an unopened box a buyer holds is an item of kind `box_ticket` with its own code.
 * Amounts are decimal strings at the currency's scale; times are Unix milliseconds.
 *
 * Sale status (`status`, spec section 4): 2 "will start" before the start; between start and end
 * 0 if the listing's flag is 0, else 1; after the end 0. `state` says what the listing is doing.
 *
 * Money (every step a ledger entry): a fixed-price buy moves the price from the buyer to the
 * seller (the platform's `nft_sales` account on a primary sale), then the platform fee
 * (`fee_bps`) to `fees` and, on a resale, the royalty (`royalty_bps`) to the artist's royalty
 * account, in one transaction. An auction's margin deposit moves to `nft_escrow` on the first bid
 * (marginNFT), once per bidder per auction; at the deadline the losers' deposits come back; the
 * winner pays the final price within `payment_window_ms` (payNFTOrder) and gets the deposit back,
 * or the deposit is forfeited to the seller and the item returns unsold. A bid within
 * `extension_window_ms` of the deadline moves the deadline to bid time + window.
 *
 * Blind boxes (scheme version 1, packages/domain nft.domain.ts): the box publishes its items with
 * weights (the odds) and commit = sha256(server seed) before the sale. Buying a box fixes the
 * buyer's client seed and the opening nonce; opening takes the head hashes of the recorded price
 * chains (GET /market/tick_chain) as the public value and draws
 * sha256("fairex-nft-box-v1|seed|client seed|public value|box id|nonce") mod the total weight.
 * After the sale ends the seed is revealed and every opening can be recomputed.
 *
 * No route sets an outcome: who wins an auction, what a box yields and when a deadline settles
 * follow from the stored bids, the seed and the clock.
 */
import { z } from 'zod';
import { intParam, noParamsSchema, positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';

export const nftPageSizeDefault = 10;
export const nftPageSizeMax = 50;
const nftPageMax = 10_000;

const amountText = z.string().regex(/^\d{1,40}(\.\d{1,18})?$/);
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);
/** A decimal as a form sends it, or a JSON number; the service parses it at the currency's scale. */
const decimalParam = z.union([z.string().max(64), z.number().transform((value) => String(value))]);
const idParam = positiveIntParam.pipe(z.number().max(2_147_483_647));
const pageField = z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(nftPageMax)).optional());
const limitField = z.preprocess(
  blankAsAbsent,
  positiveIntParam.pipe(z.number().max(nftPageSizeMax)).optional(),
);

/** An item's code ("N12") or a box's code ("B3"). */
export const nftCodeSchema = z
  .string()
  .trim()
  .regex(/^[NB][1-9]\d{0,11}$/);
/** A buyer's own seed for a blind box (any printable text); the server makes one when absent. */
export const nftClientSeedSchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,64}$/)
  .optional();

export const nftMediaTypes = ['image', 'gif', 'audio', 'video'] as const;
export type NftMediaType = (typeof nftMediaTypes)[number];
export const nftSaleModes = ['normal', 'auction', 'blind_box'] as const;
export type NftSaleMode = (typeof nftSaleModes)[number];
export const nftRarities = ['common', 'rare', 'epic', 'legendary'] as const;
export type NftRarity = (typeof nftRarities)[number];
/**
 * A listing's state: pending_review (a resale waiting for staff), live (on sale or will start),
 * awaiting_payment (auction won, the winner has the payment window), sold, unsold (ended without a
 * sale or unpaid), rejected (staff refused a resale).
 */
export const nftListingStates = [
  'pending_review',
  'live',
  'awaiting_payment',
  'sold',
  'unsold',
  'rejected',
] as const;
export type NftListingState = (typeof nftListingStates)[number];
/** An item's state for its owner: held, reselling (listed again), relisted (resold), unopened / opened boxes. */
export const nftItemStates = ['held', 'reselling', 'unopened', 'opened'] as const;
export type NftItemState = (typeof nftItemStates)[number];
export const nftMessageKinds = [
  'outbid',
  'won',
  'payment_due',
  'expired',
  'sold',
  'resale_approved',
  'resale_rejected',
] as const;
export type NftMessageKind = (typeof nftMessageKinds)[number];
/** Auction payment: due (within the window), paid, expired (forfeited). */
export const nftPaymentStates = ['due', 'paid', 'expired'] as const;

/** The published market terms (also in GET /bind_box/getNftCurrency). */
export const nftTermsSchema = z.object({
  /** Platform fee on every sale, basis points of the price. */
  fee_bps: z.number().int(),
  /** Artist royalty on every resale, basis points of the price. */
  royalty_bps: z.number().int(),
  /** How long the auction winner has to pay. */
  payment_window_ms: z.number().int(),
  /** A bid closer than this to the deadline extends it to bid time + this. */
  extension_window_ms: z.number().int(),
  blind_box_scheme_version: z.number().int(),
});
export type NftTerms = z.infer<typeof nftTermsSchema>;

export const nftCurrencySchema = z.object({
  currency_id: z.number().int(),
  currency: z.string(),
  scale: z.number().int(),
});

export const nftArtistSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
});

export const nftArtistSchema = nftArtistSummarySchema.extend({
  /** In the caller's language (else English, else any). */
  bio: z.string(),
  artworks: z.number().int(),
  collections: z.number().int(),
});
export type NftArtist = z.infer<typeof nftArtistSchema>;

export const nftCollectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  cover: z.string(),
  artist: nftArtistSummarySchema,
  artworks: z.number().int(),
});
export type NftCollection = z.infer<typeof nftCollectionSchema>;

/** An auction's live figures. */
export const nftAuctionSchema = z.object({
  start_price: amountText,
  /** Per-bid increase. */
  increment: amountText,
  /** Margin deposit held in escrow on a bidder's first bid. */
  margin: amountText,
  current_price: amountText.nullable(),
  /** The smallest acceptable next bid. */
  min_next_bid: amountText,
  bids: z.number().int(),
  starts_at: z.number().int(),
  /** The deadline, moved by late bids. */
  ends_at: z.number().int(),
  /** The caller: has paid the margin deposit / is the highest bidder (false when signed out). */
  my_margin_paid: z.boolean(),
  my_highest: z.boolean(),
  /** Set once the deadline settled: the winner's payment deadline. */
  pay_deadline: z.number().int().nullable(),
});
export type NftAuction = z.infer<typeof nftAuctionSchema>;

/** A card in the market lists: an item on sale or a blind box. */
export const nftCardSchema = z.object({
  code: z.string(),
  kind: z.enum(['item', 'box']),
  title: z.string(),
  media_type: z.enum(nftMediaTypes),
  /** An image to show in lists (for audio/video: the cover). */
  cover: z.string(),
  rarity: z.enum(nftRarities).nullable(),
  sale_mode: z.enum(nftSaleModes),
  /** Price, or the current/start price of an auction. */
  price: amountText,
  currency_id: z.number().int(),
  currency: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  state: z.enum(nftListingStates),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  artist: nftArtistSummarySchema,
  collection_id: z.number().int().nullable(),
  /** Edition "3/10" for items; null for boxes. */
  edition: z.number().int().nullable(),
  editions: z.number().int().nullable(),
  resale: z.boolean(),
  favourites: z.number().int(),
  collected: z.boolean(),
  now: z.number().int(),
});
export type NftCard = z.infer<typeof nftCardSchema>;

export const nftCardListSchema = z.object({
  list: z.array(nftCardSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export const nftBidRecordSchema = z.object({
  /** Masked: "u***7". */
  bidder: z.string(),
  price: amountText,
  time: z.number().int(),
  /** The caller's own bid. */
  mine: z.boolean(),
});

export const nftItemDetailSchema = z.object({
  code: z.string(),
  artwork_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  media_type: z.enum(nftMediaTypes),
  /** The media itself (image, gif, audio or video address). */
  media: z.string(),
  cover: z.string(),
  rarity: z.enum(nftRarities),
  edition: z.number().int(),
  editions: z.number().int(),
  artist: nftArtistSummarySchema,
  collection: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Masked owner name; null while the platform still holds it for its first sale. */
  owner: z.string().nullable(),
  mine: z.boolean(),
  /** Custodial: the platform holds every item; always true. */
  custodial: z.literal(true),
  /** Resold items cannot be withdrawn (recorded for when withdrawal exists). */
  withdrawable: z.boolean(),
  /** The price the item last sold for. */
  last_price: amountText.nullable(),
  favourites: z.number().int(),
  collected: z.boolean(),
  /** The current listing, if any (live, awaiting payment or pending review). */
  listing: z
    .object({
      id: z.number().int(),
      sale_mode: z.enum(['normal', 'auction']),
      price: amountText,
      currency_id: z.number().int(),
      currency: z.string(),
      status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      state: z.enum(nftListingStates),
      starts_at: z.number().int(),
      ends_at: z.number().int(),
      resale: z.boolean(),
      auction: nftAuctionSchema.nullable(),
    })
    .nullable(),
  terms: nftTermsSchema,
  now: z.number().int(),
});
export type NftItemDetail = z.infer<typeof nftItemDetailSchema>;

/** A blind box's published odds line, with what actually came out so far. */
export const nftBoxOddsSchema = z.object({
  artwork_id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  rarity: z.enum(nftRarities),
  weight: z.number().int(),
  /** weight / total weight, parts per million. */
  odds_ppm: z.number().int(),
  drawn: z.number().int(),
});

/** A published opening, the public inputs to recompute it (the seed once revealed). */
export const nftBoxOpeningSchema = z.object({
  nonce: z.number().int(),
  /** Masked owner. */
  owner: z.string(),
  client_seed: z.string(),
  public_value: z.string(),
  artwork_id: z.number().int(),
  /** The item it yielded. */
  code: z.string(),
  opened_at: z.number().int(),
});
export type NftBoxOpening = z.infer<typeof nftBoxOpeningSchema>;

export const nftBoxDetailSchema = z.object({
  code: z.string(),
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  cover: z.string(),
  artist: nftArtistSummarySchema,
  price: amountText,
  currency_id: z.number().int(),
  currency: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  supply: z.number().int(),
  sold: z.number().int(),
  items: z.array(nftBoxOddsSchema),
  /** sha256(server seed), published before the sale. */
  commit: z.string(),
  /** The server seed, revealed after the sale ends (null until then). */
  server_seed: z.string().nullable(),
  revealed_at: z.number().int().nullable(),
  scheme_version: z.number().int(),
  openings: z.array(nftBoxOpeningSchema),
  /** The caller's unopened tickets for this box. */
  my_unopened: z.array(z.string()),
  favourites: z.number().int(),
  collected: z.boolean(),
  now: z.number().int(),
});
export type NftBoxDetail = z.infer<typeof nftBoxDetailSchema>;

/** getBoxDetail answers for an item code or a box code. */
export const nftDetailSchema = z.object({
  kind: z.enum(['item', 'box']),
  item: nftItemDetailSchema.nullable(),
  box: nftBoxDetailSchema.nullable(),
});
export type NftDetail = z.infer<typeof nftDetailSchema>;

export const nftArtistDetailSchema = z.object({
  artist: nftArtistSchema,
  collections: z.array(nftCollectionSchema),
  items: z.array(nftCardSchema),
});

/** One of the caller's items (my NFTs). */
export const nftMyItemSchema = z.object({
  code: z.string(),
  kind: z.enum(['item', 'box_ticket']),
  title: z.string(),
  media_type: z.enum(nftMediaTypes),
  cover: z.string(),
  rarity: z.enum(nftRarities).nullable(),
  edition: z.number().int().nullable(),
  editions: z.number().int().nullable(),
  state: z.enum(nftItemStates),
  /** Box tickets: the box; once opened, the item it yielded. */
  box_code: z.string().nullable(),
  opened_code: z.string().nullable(),
  /** The resale listing of this item, if any. */
  listing: z
    .object({
      id: z.number().int(),
      state: z.enum(nftListingStates),
      sale_mode: z.enum(['normal', 'auction']),
      price: amountText,
    })
    .nullable(),
  acquired_at: z.number().int(),
  last_price: amountText.nullable(),
  currency: z.string().nullable(),
  withdrawable: z.boolean(),
});
export type NftMyItem = z.infer<typeof nftMyItemSchema>;

export const nftMyItemListSchema = z.object({
  list: z.array(nftMyItemSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

/** One of the caller's bids. */
export const nftMyBidSchema = z.object({
  code: z.string(),
  title: z.string(),
  cover: z.string(),
  price: amountText,
  currency: z.string(),
  time: z.number().int(),
  /** The auction's state now and whether this bid is currently the highest. */
  state: z.enum(nftListingStates),
  highest: z.boolean(),
  ends_at: z.number().int(),
  /** The caller's deposit on this auction: held, released, forfeited, or applied (paid). */
  margin: z.object({ amount: amountText, state: z.enum(['held', 'released', 'forfeited']) }).nullable(),
});

export const nftMyBidListSchema = z.object({
  list: z.array(nftMyBidSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

/** An auction the caller won: what is due, with the countdown. */
export const nftOrderSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  cover: z.string(),
  price: amountText,
  /** Held margin deposit, returned on payment. */
  margin: amountText,
  currency_id: z.number().int(),
  currency: z.string(),
  state: z.enum(nftPaymentStates),
  pay_deadline: z.number().int(),
  paid_at: z.number().int().nullable(),
  now: z.number().int(),
});
export type NftOrder = z.infer<typeof nftOrderSchema>;

export const nftMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(nftMessageKinds),
  code: z.string(),
  title: z.string(),
  /** Order id for won / payment_due messages. */
  order_id: z.number().int().nullable(),
  price: amountText.nullable(),
  currency: z.string().nullable(),
  read: z.boolean(),
  created_at: z.number().int(),
});
export type NftMessage = z.infer<typeof nftMessageSchema>;

export const nftMessageListSchema = z.object({
  list: z.array(nftMessageSchema),
  unread: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Public and user routes under /bind_box

/** The market: items on sale and blind boxes. */
export const nftListQuerySchema = z.strictObject({
  page: pageField,
  limit: limitField,
  sale_mode: z.preprocess(blankAsAbsent, z.enum(nftSaleModes).optional()),
  media_type: z.preprocess(blankAsAbsent, z.enum(nftMediaTypes).optional()),
  artist_id: z.preprocess(blankAsAbsent, idParam.optional()),
  collection_id: z.preprocess(blankAsAbsent, idParam.optional()),
  /** Search in titles and artist names. */
  keyword: z.preprocess(blankAsAbsent, z.string().trim().max(60).optional()),
  /** Also list sold and ended items (an artist's or collection's full catalogue). */
  all: z.preprocess(blankAsAbsent, z.enum(['0', '1']).optional()),
});

export const nftBoxListRoute = getRoute('/bind_box/getBoxList', {
  policy: 'public',
  query: nftListQuerySchema,
  reply: nftCardListSchema,
});

/** `id`: an item code ("N12") or a box code ("B3"). */
export const nftBoxDetailRoute = getRoute('/bind_box/getBoxDetail', {
  policy: 'public',
  query: z.strictObject({ id: nftCodeSchema }),
  reply: nftDetailSchema,
});

export const nftArtistListRoute = getRoute('/bind_box/getArtist', {
  policy: 'public',
  query: z.strictObject({
    page: pageField,
    limit: limitField,
    keyword: z.preprocess(blankAsAbsent, z.string().trim().max(60).optional()),
  }),
  reply: z.object({
    list: z.array(nftArtistSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  }),
});

export const nftArtistDetailRoute = getRoute('/bind_box/getArtistDetail', {
  policy: 'public',
  query: z.strictObject({ uid: idParam }),
  reply: nftArtistDetailSchema,
});

/** Collections (series): all, or one artist's; `id` gives one collection with its items. */
export const nftCollectionRoute = getRoute('/bind_box/getCollection', {
  policy: 'public',
  query: z.strictObject({
    page: pageField,
    limit: limitField,
    artist_id: z.preprocess(blankAsAbsent, idParam.optional()),
    id: z.preprocess(blankAsAbsent, idParam.optional()),
  }),
  reply: z.object({
    list: z.array(nftCollectionSchema),
    /** With `id`: that collection's items. */
    items: z.array(nftCardSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  }),
});

/** Favourite toggle: collects or un-collects an item or a box. */
export const nftCollectRoute = postRoute('/bind_box/collect', {
  policy: 'user',
  body: z.strictObject({ code: nftCodeSchema }),
  reply: z.object({ code: z.string(), collected: z.boolean(), favourites: z.number().int() }),
});

/** The caller's favourites. */
export const nftMyCollectRoute = getRoute('/bind_box/getMyCollect', {
  policy: 'user',
  query: z.strictObject({ page: pageField, limit: limitField }),
  reply: nftCardListSchema,
});

/** The currencies the market prices in, with the published terms. */
export const nftCurrencyRoute = getRoute('/bind_box/getNftCurrency', {
  policy: 'public',
  query: noParamsSchema,
  reply: z.object({ list: z.array(nftCurrencySchema), terms: nftTermsSchema }),
});

/**
 * Buys an item at its fixed price, or a blind box (then `client_seed` is the buyer's own seed for
 * the draw; the server makes one when absent). `price`, when sent, must equal the shown price.
 */
export const nftBuyRoute = postRoute('/bind_box/buyNFT', {
  policy: 'user',
  body: z.strictObject({
    code: nftCodeSchema,
    price: z.preprocess(blankAsAbsent, decimalParam.optional()),
    client_seed: z.preprocess(blankAsAbsent, nftClientSeedSchema),
  }),
  reply: z.object({
    /** The item bought, or the box ticket. */
    code: z.string(),
    kind: z.enum(['item', 'box_ticket']),
    price: amountText,
    currency: z.string(),
    fee: amountText,
    royalty: amountText,
  }),
  moneyMoving: true,
});

/** Pays the margin deposit of an auction (once per bidder per auction; into escrow). */
export const nftMarginRoute = postRoute('/bind_box/marginNFT', {
  policy: 'user',
  body: z.strictObject({ code: nftCodeSchema }),
  reply: z.object({ code: z.string(), margin: amountText, currency: z.string(), already_paid: z.boolean() }),
  moneyMoving: true,
});

/** A bid: at least the current bid + the per-bid increase (or the start price); margin paid first. */
export const nftBidRoute = postRoute('/bind_box/auctionNFT', {
  policy: 'user',
  body: z.strictObject({ code: nftCodeSchema, price: decimalParam }),
  reply: z.object({
    code: z.string(),
    price: amountText,
    ends_at: z.number().int(),
    extended: z.boolean(),
    min_next_bid: amountText,
  }),
});

/** An item's public bid records (newest first), bidders masked. POST as the public clients send it. */
export const nftBidLogRoute = postRoute('/bind_box/getBindBoxQuotationLog', {
  policy: 'public',
  body: z.strictObject({ code: nftCodeSchema, page: pageField, limit: limitField }),
  reply: z.object({
    list: z.array(nftBidRecordSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  }),
});

/** The caller's items: owned items, unopened/opened box tickets, or those in resale. */
export const nftMyItemsRoute = getRoute('/bind_box/getMyNFTs', {
  policy: 'user',
  query: z.strictObject({
    page: pageField,
    limit: limitField,
    tab: z.preprocess(blankAsAbsent, z.enum(['owned', 'boxes', 'resale']).optional()),
  }),
  reply: nftMyItemListSchema,
});

export const nftMyBidsRoute = postRoute('/bind_box/getMyBindBoxQuotationLog', {
  policy: 'user',
  body: z.strictObject({ page: pageField, limit: limitField }),
  reply: nftMyBidListSchema,
});

/** Opens one of the caller's unopened boxes (a ticket code); the draw is the published scheme. */
export const nftOpenBoxRoute = postRoute('/bind_box/openBlindBox', {
  policy: 'user',
  body: z.strictObject({ code: nftCodeSchema }),
  reply: z.object({
    ticket: z.string(),
    box_code: z.string(),
    /** The item drawn (now the caller's). */
    item: nftMyItemSchema,
    opening: nftBoxOpeningSchema,
    commit: z.string(),
  }),
});

/**
 * Lists one of the caller's items for resale: fixed price, or an auction with a per-bid increase,
 * margin, start and end (end after start). It goes live only after staff review.
 */
export const nftResellBodySchema = z.strictObject({
  code: nftCodeSchema,
  sale_mode: z.enum(['normal', 'auction']),
  price: decimalParam,
  increment: z.preprocess(blankAsAbsent, decimalParam.optional()),
  margin: z.preprocess(blankAsAbsent, decimalParam.optional()),
  starts_at: z.preprocess(blankAsAbsent, intParam.optional()),
  ends_at: z.preprocess(blankAsAbsent, intParam.optional()),
});
export const nftResellRoute = postRoute('/bind_box/resellNFT', {
  policy: 'user',
  body: nftResellBodySchema,
  reply: z.object({ code: z.string(), listing_id: z.number().int(), state: z.enum(nftListingStates) }),
});

/** Auctions the caller won: due (with countdown), paid and expired. */
export const nftNeedPayRoute = getRoute('/bind_box/getNeedPayNFTOrder', {
  policy: 'user',
  query: z.strictObject({ page: pageField, limit: limitField }),
  reply: z.object({
    list: z.array(nftOrderSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  }),
});

/** Pays a won auction within the window: the price moves, the item moves, the deposit comes back. */
export const nftPayRoute = postRoute('/bind_box/payNFTOrder', {
  policy: 'user',
  body: z.strictObject({ id: idParam }),
  reply: nftOrderSchema,
  moneyMoving: true,
});

/** The caller's messages (newest first). */
export const nftMessagesRoute = getRoute('/bind_box/getNFTOrderMessage', {
  policy: 'user',
  query: z.strictObject({ page: pageField, limit: limitField }),
  reply: nftMessageListSchema,
});

/** Marks a message read (`id` 0: all of them). */
export const nftReadMessageRoute = postRoute('/bind_box/readNFTOrderMessage', {
  policy: 'user',
  body: z.strictObject({ id: intParam.pipe(z.number().int().min(0).max(2_147_483_647)) }),
  reply: z.object({ read: z.number().int(), unread: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Console (staff): catalogue (content), boxes (content), resale review (content), auctions (read)

const localisedText = (max: number) => z.record(z.string().regex(/^[a-z]{2,3}$/), z.string().max(max));
/** A media or image address: an upload ("/uploads/...") or a path or http(s) URL. */
const mediaUrl = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^(https?:\/\/[^\s/$.?#][^\s]*|\/(?!\/)[^\s]*)$/i);

export const adminNftArtistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  bios: z.record(z.string(), z.string()),
  /** A customer account the royalties are for (informational; royalties accrue to nft_royalties). */
  user_id: z.number().int().nullable(),
  artworks: z.number().int(),
  created_at: z.number().int(),
});
export const adminNftArtistsRoute = getRoute('/admin/nft/artists', {
  policy: { staff: ['admin', 'content'] },
  query: noParamsSchema,
  reply: z.object({ list: z.array(adminNftArtistSchema) }),
});
/** Creates (no id) or updates an artist. */
export const adminNftArtistSaveBodySchema = z.strictObject({
  id: z.preprocess(blankAsAbsent, idParam.optional()),
  name: z.string().trim().min(1).max(60),
  avatar: mediaUrl,
  bios: localisedText(2000).default({}),
});
export const adminNftArtistSaveRoute = postRoute('/admin/nft/artists/save', {
  policy: { staff: ['admin', 'content'] },
  body: adminNftArtistSaveBodySchema,
  reply: adminNftArtistSchema,
});
/** Deletes an artist with no artworks. */
export const adminNftArtistDeleteRoute = postRoute('/admin/nft/artists/delete', {
  policy: { staff: ['admin', 'content'] },
  body: z.strictObject({ id: idParam }),
  reply: z.object({ id: z.number().int() }),
});

export const adminNftCollectionSchema = z.object({
  id: z.number().int(),
  artist_id: z.number().int(),
  names: z.record(z.string(), z.string()),
  descriptions: z.record(z.string(), z.string()),
  cover: z.string(),
  artworks: z.number().int(),
});
export const adminNftCollectionsRoute = getRoute('/admin/nft/collections', {
  policy: { staff: ['admin', 'content'] },
  query: noParamsSchema,
  reply: z.object({ list: z.array(adminNftCollectionSchema) }),
});
export const adminNftCollectionSaveBodySchema = z.strictObject({
  id: z.preprocess(blankAsAbsent, idParam.optional()),
  artist_id: idParam,
  names: localisedText(80).refine((names) => Object.keys(names).length > 0, 'a name is required'),
  descriptions: localisedText(2000).default({}),
  cover: mediaUrl,
});
export const adminNftCollectionSaveRoute = postRoute('/admin/nft/collections/save', {
  policy: { staff: ['admin', 'content'] },
  body: adminNftCollectionSaveBodySchema,
  reply: adminNftCollectionSchema,
});
export const adminNftCollectionDeleteRoute = postRoute('/admin/nft/collections/delete', {
  policy: { staff: ['admin', 'content'] },
  body: z.strictObject({ id: idParam }),
  reply: z.object({ id: z.number().int() }),
});

export const adminNftArtworkSchema = z.object({
  id: z.number().int(),
  artist_id: z.number().int(),
  collection_id: z.number().int().nullable(),
  media_type: z.enum(nftMediaTypes),
  media: z.string(),
  cover: z.string(),
  titles: z.record(z.string(), z.string()),
  descriptions: z.record(z.string(), z.string()),
  rarity: z.enum(nftRarities),
  currency_id: z.number().int(),
  currency: z.string(),
  /** Editions minted (items); 0 for an artwork only drawn from blind boxes. */
  editions: z.number().int(),
  /** Items still held by the platform (unsold). */
  unsold: z.number().int(),
  created_at: z.number().int(),
});
export type AdminNftArtwork = z.infer<typeof adminNftArtworkSchema>;
export const adminNftArtworksRoute = getRoute('/admin/nft/artworks', {
  policy: { staff: ['admin', 'content'] },
  query: noParamsSchema,
  reply: z.object({ list: z.array(adminNftArtworkSchema) }),
});
/**
 * Creates an artwork and, when `editions` > 0, mints that many items and lists each for its first
 * sale (fixed price, or auction with increment and margin) between `starts_at` and `ends_at`;
 * with an `id`, updates the texts, media, rarity and collection only (sold items keep their terms).
 */
export const adminNftArtworkSaveBodySchema = z.strictObject({
  id: z.preprocess(blankAsAbsent, idParam.optional()),
  artist_id: idParam,
  collection_id: z.preprocess(blankAsAbsent, idParam.optional()),
  media_type: z.enum(nftMediaTypes),
  media: mediaUrl,
  cover: mediaUrl,
  titles: localisedText(120).refine((titles) => Object.keys(titles).length > 0, 'a title is required'),
  descriptions: localisedText(5000).default({}),
  rarity: z.enum(nftRarities),
  currency_id: idParam,
  editions: intParam.pipe(z.number().int().min(0).max(1000)).default(1),
  sale_mode: z.enum(['normal', 'auction']).default('normal'),
  price: z.preprocess(blankAsAbsent, decimalParam.optional()),
  increment: z.preprocess(blankAsAbsent, decimalParam.optional()),
  margin: z.preprocess(blankAsAbsent, decimalParam.optional()),
  /** The listing's flag (spec section 4: status 0 or 1 while on sale). */
  flag: z.preprocess(
    blankAsAbsent,
    z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
  ),
  starts_at: z.preprocess(blankAsAbsent, intParam.optional()),
  ends_at: z.preprocess(blankAsAbsent, intParam.optional()),
});
export const adminNftArtworkSaveRoute = postRoute('/admin/nft/artworks/save', {
  policy: { staff: ['admin', 'content'] },
  body: adminNftArtworkSaveBodySchema,
  reply: adminNftArtworkSchema,
});
/** Deletes an artwork none of whose items was ever sold (its listings end). */
export const adminNftArtworkDeleteRoute = postRoute('/admin/nft/artworks/delete', {
  policy: { staff: ['admin', 'content'] },
  body: z.strictObject({ id: idParam }),
  reply: z.object({ id: z.number().int() }),
});

export const adminNftBoxSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  artist_id: z.number().int(),
  titles: z.record(z.string(), z.string()),
  descriptions: z.record(z.string(), z.string()),
  cover: z.string(),
  price: amountText,
  currency_id: z.number().int(),
  currency: z.string(),
  supply: z.number().int(),
  sold: z.number().int(),
  opened: z.number().int(),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  items: z.array(z.object({ artwork_id: z.number().int(), weight: z.number().int() })),
  commit: z.string(),
  /** Shown only once revealed (after the sale ends); the console never sees it earlier. */
  server_seed: z.string().nullable(),
  revealed_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export const adminNftBoxesRoute = getRoute('/admin/nft/boxes', {
  policy: { staff: ['admin', 'content'] },
  query: noParamsSchema,
  reply: z.object({ list: z.array(adminNftBoxSchema) }),
});
/**
 * Creates a blind box: its items and weights (the odds) and terms are fixed at creation; the
 * server draws the secret seed and publishes its hash. The seed is revealed by scheduled work at
 * `ends_at`; nothing about a box can be changed once created.
 */
export const adminNftBoxCreateBodySchema = z.strictObject({
  artist_id: idParam,
  titles: localisedText(120).refine((titles) => Object.keys(titles).length > 0, 'a title is required'),
  descriptions: localisedText(5000).default({}),
  cover: mediaUrl,
  price: decimalParam,
  currency_id: idParam,
  supply: intParam.pipe(z.number().int().min(1).max(100_000)),
  starts_at: intParam.pipe(z.number().int().positive()),
  ends_at: intParam.pipe(z.number().int().positive()),
  items: z
    .array(
      z.strictObject({ artwork_id: idParam, weight: intParam.pipe(z.number().int().min(1).max(1_000_000)) }),
    )
    .min(1)
    .max(50),
});
export const adminNftBoxCreateRoute = postRoute('/admin/nft/boxes/create', {
  policy: { staff: ['admin', 'content'] },
  body: adminNftBoxCreateBodySchema,
  reply: adminNftBoxSchema,
});

export const adminNftResaleSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  cover: z.string(),
  seller_id: z.number().int(),
  sale_mode: z.enum(['normal', 'auction']),
  price: amountText,
  increment: amountText.nullable(),
  margin: amountText.nullable(),
  currency: z.string(),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  state: z.enum(nftListingStates),
  created_at: z.number().int(),
  reviewed_at: z.number().int().nullable(),
  reviewed_by: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export const adminNftResalesRoute = getRoute('/admin/nft/resales', {
  policy: { staff: ['admin', 'content'] },
  query: z.strictObject({ state: z.preprocess(blankAsAbsent, z.enum(nftListingStates).optional()) }),
  reply: z.object({ list: z.array(adminNftResaleSchema) }),
});
/** Approves a pending resale: it goes live (audited). */
export const adminNftResaleApproveRoute = postRoute('/admin/nft/resales/approve', {
  policy: { staff: ['admin', 'content'] },
  body: z.strictObject({ id: idParam }),
  reply: adminNftResaleSchema,
});
/** Rejects a pending resale with a reason (audited); the item stays the seller's. */
export const adminNftResaleRejectRoute = postRoute('/admin/nft/resales/reject', {
  policy: { staff: ['admin', 'content'] },
  body: z.strictObject({ id: idParam, reason: z.string().trim().min(1).max(500) }),
  reply: adminNftResaleSchema,
});

/** Auctions with their bids and settlement, read-only. */
export const adminNftAuctionSchema = z.object({
  listing_id: z.number().int(),
  code: z.string(),
  title: z.string(),
  resale: z.boolean(),
  state: z.enum(nftListingStates),
  start_price: amountText,
  increment: amountText,
  margin: amountText,
  current_price: amountText.nullable(),
  /** The highest bidder's user id. */
  leader_id: z.number().int().nullable(),
  bids: z.number().int(),
  deposits_held: z.number().int(),
  currency: z.string(),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  settled_at: z.number().int().nullable(),
  pay_deadline: z.number().int().nullable(),
  payment: z.enum(nftPaymentStates).nullable(),
});
export const adminNftAuctionsRoute = getRoute('/admin/nft/auctions', {
  policy: { staff: ['admin', 'content', 'finance', 'support'] },
  query: noParamsSchema,
  reply: z.object({ list: z.array(adminNftAuctionSchema) }),
});
