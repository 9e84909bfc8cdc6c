import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Smallest units, as the ledger keeps them. */
const units = (name: string) => numeric(name, { precision: 40, scale: 0 });
const at = (name: string) => timestamp(name, { withTimezone: true });

/** Artists (staff, content role, audited). Bio per locale. */
export const nftArtists = pgTable('nft_artists', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  avatar: text('avatar').notNull(),
  bios: jsonb('bios').$type<Record<string, string>>().notNull(),
  userId: integer('user_id'),
  createdAt: at('created_at').notNull(),
});

/** Collections (series) of one artist. */
export const nftCollections = pgTable('nft_collections', {
  id: serial('id').primaryKey(),
  artistId: integer('artist_id').notNull(),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
  cover: text('cover').notNull(),
  createdAt: at('created_at').notNull(),
});

/**
 * Artworks: the work itself; its items (editions) are rows of nft_items. `minted` counts the
 * editions made so far (listed at creation or drawn from blind boxes): the next edition's number.
 */
export const nftArtworks = pgTable(
  'nft_artworks',
  {
    id: serial('id').primaryKey(),
    artistId: integer('artist_id').notNull(),
    collectionId: integer('collection_id'),
    mediaType: text('media_type').notNull(),
    media: text('media').notNull(),
    cover: text('cover').notNull(),
    titles: jsonb('titles').$type<Record<string, string>>().notNull(),
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
    rarity: text('rarity').notNull(),
    currencyId: integer('currency_id').notNull(),
    minted: integer('minted').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  () => [
    check('nft_artworks_media_type', sql`media_type in ('image', 'gif', 'audio', 'video')`),
    check('nft_artworks_rarity', sql`rarity in ('common', 'rare', 'epic', 'legendary')`),
  ],
);

/**
 * Items, held on the platform (custodial): an edition of an artwork (`kind` item) or an unopened
 * blind box a buyer holds (`kind` box_ticket, with the draw's inputs fixed at purchase: the
 * buyer's `client_seed` and the `nonce`). `owner_user_id` null: the platform holds it for its
 * first sale. Opening writes `public_value`, `opened_item_id` and `opened_at` once.
 * `resold`: it was sold on by a user; resold items cannot be withdrawn (spec section 4).
 */
export const nftItems = pgTable(
  'nft_items',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    kind: text('kind').notNull(),
    artworkId: integer('artwork_id'),
    edition: integer('edition'),
    ownerUserId: integer('owner_user_id'),
    boxId: integer('box_id'),
    clientSeed: text('client_seed'),
    nonce: integer('nonce'),
    publicValue: text('public_value'),
    openedItemId: bigint('opened_item_id', { mode: 'bigint' }),
    openedAt: at('opened_at'),
    lastPrice: units('last_price'),
    lastCurrencyId: integer('last_currency_id'),
    resold: boolean('resold').notNull().default(false),
    acquiredAt: at('acquired_at').notNull(),
  },
  (table) => [
    index('nft_items_owner_idx').on(table.ownerUserId, table.id),
    index('nft_items_artwork_idx').on(table.artworkId),
    uniqueIndex('nft_items_box_nonce').on(table.boxId, table.nonce),
    check(
      'nft_items_kind',
      sql`(kind = 'item' and artwork_id is not null and edition is not null and box_id is null)
          or (kind = 'box_ticket' and box_id is not null and nonce is not null and client_seed is not null
              and owner_user_id is not null)`,
    ),
    check(
      'nft_items_opened',
      sql`(opened_at is null) = (opened_item_id is null) and (opened_at is null) = (public_value is null)`,
    ),
  ],
);

/**
 * A sale of one item: fixed price (`normal`) or auction; `seller_user_id` null is the platform's
 * first sale (proceeds to `nft_sales`). A resale starts in pending_review and goes live only by
 * staff approval. Auctions: `price` is the start price; `ends_at` the deadline (moved by late
 * bids); the settlement at the deadline writes `settled_at`, the winner and `pay_deadline` once;
 * the payment or its expiry writes `payment` once. At most one open listing per item.
 */
export const nftListings = pgTable(
  'nft_listings',
  {
    id: serial('id').primaryKey(),
    itemId: bigint('item_id', { mode: 'bigint' }).notNull(),
    sellerUserId: integer('seller_user_id'),
    mode: text('mode').notNull(),
    currencyId: integer('currency_id').notNull(),
    price: units('price').notNull(),
    increment: units('increment'),
    margin: units('margin'),
    flag: smallint('flag').notNull().default(0),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    state: text('state').notNull(),
    currentPrice: units('current_price'),
    currentBidderId: integer('current_bidder_id'),
    bids: integer('bids').notNull().default(0),
    createdAt: at('created_at').notNull(),
    reviewedAt: at('reviewed_at'),
    reviewedBy: integer('reviewed_by'),
    reason: text('reason'),
    settledAt: at('settled_at'),
    winnerUserId: integer('winner_user_id'),
    payDeadline: at('pay_deadline'),
    payment: text('payment'),
    buyerUserId: integer('buyer_user_id'),
    soldAt: at('sold_at'),
  },
  (table) => [
    uniqueIndex('nft_listings_one_open')
      .on(table.itemId)
      .where(sql`state in ('pending_review', 'live', 'awaiting_payment')`),
    index('nft_listings_state_idx').on(table.state, table.id),
    check('nft_listings_mode', sql`mode in ('normal', 'auction')`),
    check(
      'nft_listings_state',
      sql`state in ('pending_review', 'live', 'awaiting_payment', 'sold', 'unsold', 'rejected')`,
    ),
    check(
      'nft_listings_terms',
      sql`price > 0 and ends_at > starts_at and flag in (0, 1)
          and (mode = 'normal' or (increment > 0 and margin >= 0))`,
    ),
    check('nft_listings_payment', sql`payment is null or payment in ('due', 'paid', 'expired')`),
  ],
);

/** Accepted bids, in order. */
export const nftBids = pgTable(
  'nft_bids',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    listingId: integer('listing_id').notNull(),
    userId: integer('user_id').notNull(),
    price: units('price').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('nft_bids_listing_idx').on(table.listingId, table.id),
    index('nft_bids_user_idx').on(table.userId, table.id),
  ],
);

/**
 * Margin deposits: one per bidder per auction (the key), moved to `nft_escrow` by the entry
 * `nft:margin:<listing>:<user>`; released (`...:release`) or forfeited to the seller
 * (`...:forfeit`) exactly once.
 */
export const nftMargins = pgTable(
  'nft_margins',
  {
    listingId: integer('listing_id').notNull(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    amount: units('amount').notNull(),
    state: text('state').notNull(),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
  },
  (table) => [
    primaryKey({ columns: [table.listingId, table.userId] }),
    check('nft_margins_state', sql`state in ('held', 'released', 'forfeited')`),
    check('nft_margins_settled', sql`(state = 'held') = (settled_at is null)`),
  ],
);

/**
 * Blind boxes. `server_seed` is secret until `revealed_at` (scheduled at `ends_at`); `commit` =
 * sha256(server_seed) is public from creation. Items and weights (the odds) are fixed at creation.
 */
export const nftBoxes = pgTable(
  'nft_boxes',
  {
    id: serial('id').primaryKey(),
    artistId: integer('artist_id').notNull(),
    titles: jsonb('titles').$type<Record<string, string>>().notNull(),
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
    cover: text('cover').notNull(),
    price: units('price').notNull(),
    currencyId: integer('currency_id').notNull(),
    supply: integer('supply').notNull(),
    sold: integer('sold').notNull().default(0),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    commit: text('commit').notNull(),
    serverSeed: text('server_seed').notNull(),
    revealedAt: at('revealed_at'),
    createdAt: at('created_at').notNull(),
  },
  () => [
    check(
      'nft_boxes_terms',
      sql`price > 0 and supply > 0 and sold >= 0 and sold <= supply and ends_at > starts_at`,
    ),
  ],
);

export const nftBoxItems = pgTable(
  'nft_box_items',
  {
    boxId: integer('box_id').notNull(),
    position: integer('position').notNull(),
    artworkId: integer('artwork_id').notNull(),
    weight: integer('weight').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.boxId, table.position] }),
    check('nft_box_items_weight', sql`weight > 0`),
  ],
);

/** Favourites: an item or box code per user. */
export const nftFavourites = pgTable(
  'nft_favourites',
  {
    userId: integer('user_id').notNull(),
    code: text('code').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.code] }),
    index('nft_favourites_code_idx').on(table.code),
  ],
);

/** Messages to users: outbid, won, payment_due, expired, sold, resale_approved, resale_rejected. */
export const nftMessages = pgTable(
  'nft_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    itemId: bigint('item_id', { mode: 'bigint' }).notNull(),
    listingId: integer('listing_id'),
    price: units('price'),
    currencyId: integer('currency_id'),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('nft_messages_user_idx').on(table.userId, table.id)],
);
