/** The NFT module's SQL. Amounts come back as bigint, times as Date. */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

type Texts = Record<string, string>;
const date = (value: Date | string) => new Date(value);
const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));
const bigintOrNull = (value: string | null) => (value === null ? null : BigInt(value));
const lockClause = (lock?: 'update') => (lock === 'update' ? sql` for update` : sql``);

export async function rows<Row>(db: Database, statement: SQL): Promise<Row[]> {
  return rowsOf<Row>(db, statement);
}

// Artists, collections, artworks ----------------------------------------------------------------

export type ArtistRecord = {
  readonly id: number;
  readonly name: string;
  readonly avatar: string;
  readonly bios: Texts;
  readonly userId: number | null;
  readonly artworks: number;
  readonly collections: number;
  readonly createdAt: Date;
};

type ArtistRow = {
  id: number;
  name: string;
  avatar: string;
  bios: Texts;
  user_id: number | null;
  artworks: number;
  collections: number;
  created_at: Date | string;
};

const artistSelect = sql`select a.id, a.name, a.avatar, a.bios, a.user_id, a.created_at,
  (select count(*) from nft_artworks w where w.artist_id = a.id)::int as artworks,
  (select count(*) from nft_collections c where c.artist_id = a.id)::int as collections
  from nft_artists a`;

const artistOf = (row: ArtistRow): ArtistRecord => ({
  id: Number(row.id),
  name: row.name,
  avatar: row.avatar,
  bios: row.bios,
  userId: row.user_id === null ? null : Number(row.user_id),
  artworks: Number(row.artworks),
  collections: Number(row.collections),
  createdAt: date(row.created_at),
});

export async function listArtists(
  db: Database,
  params: { offset: number; limit: number; keyword?: string | undefined },
): Promise<{ list: ArtistRecord[]; total: number }> {
  const where = params.keyword ? sql` where a.name ilike ${`%${params.keyword}%`}` : sql``;
  const list = await rows<ArtistRow>(
    db,
    sql`${artistSelect}${where} order by a.id limit ${params.limit} offset ${params.offset}`,
  );
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from nft_artists a${where}`);
  return { list: list.map(artistOf), total: Number(count?.n ?? 0) };
}

export async function artistById(db: Database, id: number): Promise<ArtistRecord | null> {
  const [row] = await rows<ArtistRow>(db, sql`${artistSelect} where a.id = ${id}`);
  return row ? artistOf(row) : null;
}

export async function saveArtist(
  db: Database,
  artist: { id?: number | undefined; name: string; avatar: string; bios: Texts; at: Date },
): Promise<number | null> {
  if (artist.id !== undefined) {
    const [row] = await rows<{ id: number }>(
      db,
      sql`update nft_artists set name = ${artist.name}, avatar = ${artist.avatar},
          bios = ${JSON.stringify(artist.bios)}::jsonb where id = ${artist.id} returning id`,
    );
    return row ? Number(row.id) : null;
  }
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into nft_artists (name, avatar, bios, created_at)
        values (${artist.name}, ${artist.avatar}, ${JSON.stringify(artist.bios)}::jsonb, ${artist.at.toISOString()}::timestamptz)
        returning id`,
  );
  return Number(row?.id);
}

export type CollectionRecord = {
  readonly id: number;
  readonly artistId: number;
  readonly names: Texts;
  readonly descriptions: Texts;
  readonly cover: string;
  readonly artworks: number;
};

type CollectionRow = {
  id: number;
  artist_id: number;
  names: Texts;
  descriptions: Texts;
  cover: string;
  artworks: number;
};

const collectionOf = (row: CollectionRow): CollectionRecord => ({
  id: Number(row.id),
  artistId: Number(row.artist_id),
  names: row.names,
  descriptions: row.descriptions,
  cover: row.cover,
  artworks: Number(row.artworks),
});

export async function listCollections(
  db: Database,
  params: { offset: number; limit: number; artistId?: number | undefined; id?: number | undefined },
): Promise<{ list: CollectionRecord[]; total: number }> {
  const conditions: SQL[] = [sql`true`];
  if (params.artistId !== undefined) conditions.push(sql`c.artist_id = ${params.artistId}`);
  if (params.id !== undefined) conditions.push(sql`c.id = ${params.id}`);
  const where = sql.join(conditions, sql` and `);
  const list = await rows<CollectionRow>(
    db,
    sql`select c.id, c.artist_id, c.names, c.descriptions, c.cover,
          (select count(*) from nft_artworks w where w.collection_id = c.id)::int as artworks
        from nft_collections c where ${where} order by c.id limit ${params.limit} offset ${params.offset}`,
  );
  const [count] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from nft_collections c where ${where}`,
  );
  return { list: list.map(collectionOf), total: Number(count?.n ?? 0) };
}

export async function saveCollection(
  db: Database,
  collection: {
    id?: number | undefined;
    artistId: number;
    names: Texts;
    descriptions: Texts;
    cover: string;
    at: Date;
  },
): Promise<number | null> {
  if (collection.id !== undefined) {
    const [row] = await rows<{ id: number }>(
      db,
      sql`update nft_collections set artist_id = ${collection.artistId}, names = ${JSON.stringify(collection.names)}::jsonb,
          descriptions = ${JSON.stringify(collection.descriptions)}::jsonb, cover = ${collection.cover}
          where id = ${collection.id} returning id`,
    );
    return row ? Number(row.id) : null;
  }
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into nft_collections (artist_id, names, descriptions, cover, created_at)
        values (${collection.artistId}, ${JSON.stringify(collection.names)}::jsonb,
                ${JSON.stringify(collection.descriptions)}::jsonb, ${collection.cover}, ${collection.at.toISOString()}::timestamptz)
        returning id`,
  );
  return Number(row?.id);
}

export type ArtworkRecord = {
  readonly id: number;
  readonly artistId: number;
  readonly collectionId: number | null;
  readonly mediaType: 'image' | 'gif' | 'audio' | 'video';
  readonly media: string;
  readonly cover: string;
  readonly titles: Texts;
  readonly descriptions: Texts;
  readonly rarity: 'common' | 'rare' | 'epic' | 'legendary';
  readonly currencyId: number;
  readonly minted: number;
  readonly unsold: number;
  readonly createdAt: Date;
};

type ArtworkRow = {
  id: number;
  artist_id: number;
  collection_id: number | null;
  media_type: ArtworkRecord['mediaType'];
  media: string;
  cover: string;
  titles: Texts;
  descriptions: Texts;
  rarity: ArtworkRecord['rarity'];
  currency_id: number;
  minted: number;
  unsold: number;
  created_at: Date | string;
};

const artworkOf = (row: ArtworkRow): ArtworkRecord => ({
  id: Number(row.id),
  artistId: Number(row.artist_id),
  collectionId: row.collection_id === null ? null : Number(row.collection_id),
  mediaType: row.media_type,
  media: row.media,
  cover: row.cover,
  titles: row.titles,
  descriptions: row.descriptions,
  rarity: row.rarity,
  currencyId: Number(row.currency_id),
  minted: Number(row.minted),
  unsold: Number(row.unsold),
  createdAt: date(row.created_at),
});

const artworkSelect = sql`select w.*,
  (select count(*) from nft_items i where i.artwork_id = w.id and i.owner_user_id is null)::int as unsold
  from nft_artworks w`;

export async function listArtworks(db: Database): Promise<ArtworkRecord[]> {
  return (await rows<ArtworkRow>(db, sql`${artworkSelect} order by w.id`)).map(artworkOf);
}

export async function artworkById(db: Database, id: number, lock?: 'update'): Promise<ArtworkRecord | null> {
  const [row] = await rows<ArtworkRow>(
    db,
    lock
      ? sql`select w.*, 0 as unsold from nft_artworks w where w.id = ${id} for update`
      : sql`${artworkSelect} where w.id = ${id}`,
  );
  return row ? artworkOf(row) : null;
}

export async function artworksByIds(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, ArtworkRecord>> {
  if (ids.length === 0) return new Map();
  const list = await rows<ArtworkRow>(
    db,
    sql`${artworkSelect} where w.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(list.map((row) => [Number(row.id), artworkOf(row)]));
}

// Items -------------------------------------------------------------------------------------------

export type ItemRecord = {
  readonly id: bigint;
  readonly kind: 'item' | 'box_ticket';
  readonly artworkId: number | null;
  readonly edition: number | null;
  readonly ownerUserId: number | null;
  readonly boxId: number | null;
  readonly clientSeed: string | null;
  readonly nonce: number | null;
  readonly publicValue: string | null;
  readonly openedItemId: bigint | null;
  readonly openedAt: Date | null;
  readonly lastPrice: bigint | null;
  readonly lastCurrencyId: number | null;
  readonly resold: boolean;
  readonly acquiredAt: Date;
};

type ItemRow = {
  id: string;
  kind: ItemRecord['kind'];
  artwork_id: number | null;
  edition: number | null;
  owner_user_id: number | null;
  box_id: number | null;
  client_seed: string | null;
  nonce: number | null;
  public_value: string | null;
  opened_item_id: string | null;
  opened_at: Date | string | null;
  last_price: string | null;
  last_currency_id: number | null;
  resold: boolean;
  acquired_at: Date | string;
};

const numberOrNull = (value: number | null) => (value === null ? null : Number(value));

export const itemOf = (row: ItemRow): ItemRecord => ({
  id: BigInt(row.id),
  kind: row.kind,
  artworkId: numberOrNull(row.artwork_id),
  edition: numberOrNull(row.edition),
  ownerUserId: numberOrNull(row.owner_user_id),
  boxId: numberOrNull(row.box_id),
  clientSeed: row.client_seed,
  nonce: numberOrNull(row.nonce),
  publicValue: row.public_value,
  openedItemId: bigintOrNull(row.opened_item_id),
  openedAt: dateOrNull(row.opened_at),
  lastPrice: bigintOrNull(row.last_price),
  lastCurrencyId: numberOrNull(row.last_currency_id),
  resold: row.resold,
  acquiredAt: date(row.acquired_at),
});

const itemColumns = sql`id::text, kind, artwork_id, edition, owner_user_id, box_id, client_seed, nonce,
  public_value, opened_item_id::text, opened_at, last_price::text, last_currency_id, resold, acquired_at`;

export async function itemById(db: Database, id: bigint, lock?: 'update'): Promise<ItemRecord | null> {
  const [row] = await rows<ItemRow>(
    db,
    sql`select ${itemColumns} from nft_items where id = ${id}${lockClause(lock)}`,
  );
  return row ? itemOf(row) : null;
}

export async function itemsByIds(db: Database, ids: readonly bigint[]): Promise<Map<bigint, ItemRecord>> {
  if (ids.length === 0) return new Map();
  const list = await rows<ItemRow>(
    db,
    sql`select ${itemColumns} from nft_items where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(list.map((row) => [BigInt(row.id), itemOf(row)]));
}

export async function insertItem(
  db: Database,
  item: {
    kind: 'item' | 'box_ticket';
    artworkId: number | null;
    edition: number | null;
    ownerUserId: number | null;
    boxId?: number | null;
    clientSeed?: string | null;
    nonce?: number | null;
    lastPrice?: bigint | null;
    lastCurrencyId?: number | null;
    at: Date;
  },
): Promise<bigint> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into nft_items (kind, artwork_id, edition, owner_user_id, box_id, client_seed, nonce, last_price,
          last_currency_id, acquired_at)
        values (${item.kind}, ${item.artworkId}, ${item.edition}, ${item.ownerUserId}, ${item.boxId ?? null},
          ${item.clientSeed ?? null}, ${item.nonce ?? null}, ${item.lastPrice?.toString() ?? null}::numeric,
          ${item.lastCurrencyId ?? null}, ${item.at.toISOString()}::timestamptz)
        returning id::text`,
  );
  return BigInt(row?.id as string);
}

/** Mints the next edition of an artwork (locks the artwork row for the counter). */
export async function mintEdition(
  db: Database,
  params: {
    artworkId: number;
    ownerUserId: number | null;
    lastPrice?: bigint | null;
    lastCurrencyId?: number | null;
    at: Date;
  },
): Promise<{ id: bigint; edition: number }> {
  const [row] = await rows<{ minted: number }>(
    db,
    sql`update nft_artworks set minted = minted + 1 where id = ${params.artworkId} returning minted`,
  );
  const edition = Number(row?.minted);
  const id = await insertItem(db, {
    kind: 'item',
    artworkId: params.artworkId,
    edition,
    ownerUserId: params.ownerUserId,
    lastPrice: params.lastPrice ?? null,
    lastCurrencyId: params.lastCurrencyId ?? null,
    at: params.at,
  });
  return { id, edition };
}

// Listings ----------------------------------------------------------------------------------------

export type ListingState = 'pending_review' | 'live' | 'awaiting_payment' | 'sold' | 'unsold' | 'rejected';

export type ListingRecord = {
  readonly id: number;
  readonly itemId: bigint;
  readonly sellerUserId: number | null;
  readonly mode: 'normal' | 'auction';
  readonly currencyId: number;
  readonly price: bigint;
  readonly increment: bigint | null;
  readonly margin: bigint | null;
  readonly flag: 0 | 1;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly state: ListingState;
  readonly currentPrice: bigint | null;
  readonly currentBidderId: number | null;
  readonly bids: number;
  readonly createdAt: Date;
  readonly reviewedAt: Date | null;
  readonly reviewedBy: number | null;
  readonly reason: string | null;
  readonly settledAt: Date | null;
  readonly winnerUserId: number | null;
  readonly payDeadline: Date | null;
  readonly payment: 'due' | 'paid' | 'expired' | null;
  readonly buyerUserId: number | null;
  readonly soldAt: Date | null;
};

type ListingRow = {
  id: number;
  item_id: string;
  seller_user_id: number | null;
  mode: ListingRecord['mode'];
  currency_id: number;
  price: string;
  increment: string | null;
  margin: string | null;
  flag: number;
  starts_at: Date | string;
  ends_at: Date | string;
  state: ListingState;
  current_price: string | null;
  current_bidder_id: number | null;
  bids: number;
  created_at: Date | string;
  reviewed_at: Date | string | null;
  reviewed_by: number | null;
  reason: string | null;
  settled_at: Date | string | null;
  winner_user_id: number | null;
  pay_deadline: Date | string | null;
  payment: ListingRecord['payment'];
  buyer_user_id: number | null;
  sold_at: Date | string | null;
};

export const listingOf = (row: ListingRow): ListingRecord => ({
  id: Number(row.id),
  itemId: BigInt(row.item_id),
  sellerUserId: numberOrNull(row.seller_user_id),
  mode: row.mode,
  currencyId: Number(row.currency_id),
  price: BigInt(row.price),
  increment: bigintOrNull(row.increment),
  margin: bigintOrNull(row.margin),
  flag: Number(row.flag) === 1 ? 1 : 0,
  startsAt: date(row.starts_at),
  endsAt: date(row.ends_at),
  state: row.state,
  currentPrice: bigintOrNull(row.current_price),
  currentBidderId: numberOrNull(row.current_bidder_id),
  bids: Number(row.bids),
  createdAt: date(row.created_at),
  reviewedAt: dateOrNull(row.reviewed_at),
  reviewedBy: numberOrNull(row.reviewed_by),
  reason: row.reason,
  settledAt: dateOrNull(row.settled_at),
  winnerUserId: numberOrNull(row.winner_user_id),
  payDeadline: dateOrNull(row.pay_deadline),
  payment: row.payment,
  buyerUserId: numberOrNull(row.buyer_user_id),
  soldAt: dateOrNull(row.sold_at),
});

const listingColumns = sql`id, item_id::text, seller_user_id, mode, currency_id, price::text, increment::text,
  margin::text, flag, starts_at, ends_at, state, current_price::text, current_bidder_id, bids, created_at,
  reviewed_at, reviewed_by, reason, settled_at, winner_user_id, pay_deadline, payment, buyer_user_id, sold_at`;

export async function listingById(db: Database, id: number, lock?: 'update'): Promise<ListingRecord | null> {
  const [row] = await rows<ListingRow>(
    db,
    sql`select ${listingColumns} from nft_listings where id = ${id}${lockClause(lock)}`,
  );
  return row ? listingOf(row) : null;
}

/** The item's open listing (pending review, live or awaiting payment), else its latest. */
export async function currentListingOfItem(
  db: Database,
  itemId: bigint,
  lock?: 'update',
): Promise<ListingRecord | null> {
  const [row] = await rows<ListingRow>(
    db,
    sql`select ${listingColumns} from nft_listings where item_id = ${itemId}
        order by (state in ('pending_review', 'live', 'awaiting_payment')) desc, id desc limit 1${lockClause(lock)}`,
  );
  return row ? listingOf(row) : null;
}

export async function listingsWhere(db: Database, where: SQL, tail: SQL = sql``): Promise<ListingRecord[]> {
  return (
    await rows<ListingRow>(
      db,
      sql`select ${listingColumns} from nft_listings where ${where} order by id desc${tail}`,
    )
  ).map(listingOf);
}

export async function insertListing(
  db: Database,
  listing: {
    itemId: bigint;
    sellerUserId: number | null;
    mode: 'normal' | 'auction';
    currencyId: number;
    price: bigint;
    increment: bigint | null;
    margin: bigint | null;
    flag: 0 | 1;
    startsAt: Date;
    endsAt: Date;
    state: ListingState;
    at: Date;
  },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into nft_listings (item_id, seller_user_id, mode, currency_id, price, increment, margin, flag,
          starts_at, ends_at, state, created_at)
        values (${listing.itemId}, ${listing.sellerUserId}, ${listing.mode}, ${listing.currencyId},
          ${listing.price.toString()}::numeric, ${listing.increment?.toString() ?? null}::numeric,
          ${listing.margin?.toString() ?? null}::numeric, ${listing.flag}, ${listing.startsAt.toISOString()}::timestamptz,
          ${listing.endsAt.toISOString()}::timestamptz, ${listing.state}, ${listing.at.toISOString()}::timestamptz)
        returning id`,
  );
  return Number(row?.id);
}

// Margins, bids, messages ------------------------------------------------------------------------

export type MarginRecord = {
  readonly listingId: number;
  readonly userId: number;
  readonly currencyId: number;
  readonly amount: bigint;
  readonly state: 'held' | 'released' | 'forfeited';
};

type MarginRow = {
  listing_id: number;
  user_id: number;
  currency_id: number;
  amount: string;
  state: MarginRecord['state'];
};
const marginOf = (row: MarginRow): MarginRecord => ({
  listingId: Number(row.listing_id),
  userId: Number(row.user_id),
  currencyId: Number(row.currency_id),
  amount: BigInt(row.amount),
  state: row.state,
});

export async function marginsOf(db: Database, listingId: number): Promise<MarginRecord[]> {
  return (
    await rows<MarginRow>(
      db,
      sql`select listing_id, user_id, currency_id, amount::text, state from nft_margins where listing_id = ${listingId}
          order by user_id for update`,
    )
  ).map(marginOf);
}

export async function marginOfUser(
  db: Database,
  listingId: number,
  userId: number,
): Promise<MarginRecord | null> {
  const [row] = await rows<MarginRow>(
    db,
    sql`select listing_id, user_id, currency_id, amount::text, state from nft_margins
        where listing_id = ${listingId} and user_id = ${userId}`,
  );
  return row ? marginOf(row) : null;
}

export async function insertMessage(
  db: Database,
  message: {
    userId: number;
    kind: string;
    itemId: bigint;
    listingId: number | null;
    price: bigint | null;
    currencyId: number | null;
    at: Date;
  },
): Promise<void> {
  await db.execute(
    sql`insert into nft_messages (user_id, kind, item_id, listing_id, price, currency_id, created_at)
        values (${message.userId}, ${message.kind}, ${message.itemId}, ${message.listingId},
          ${message.price?.toString() ?? null}::numeric, ${message.currencyId}, ${message.at.toISOString()}::timestamptz)`,
  );
}

// Boxes -------------------------------------------------------------------------------------------

export type BoxRecord = {
  readonly id: number;
  readonly artistId: number;
  readonly titles: Texts;
  readonly descriptions: Texts;
  readonly cover: string;
  readonly price: bigint;
  readonly currencyId: number;
  readonly supply: number;
  readonly sold: number;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly commit: string;
  /** Secret until revealedAt: never leaves the module before that. */
  readonly serverSeed: string;
  readonly revealedAt: Date | null;
  readonly createdAt: Date;
  readonly items: readonly { readonly artworkId: number; readonly weight: number }[];
};

type BoxRow = {
  id: number;
  artist_id: number;
  titles: Texts;
  descriptions: Texts;
  cover: string;
  price: string;
  currency_id: number;
  supply: number;
  sold: number;
  starts_at: Date | string;
  ends_at: Date | string;
  commit: string;
  server_seed: string;
  revealed_at: Date | string | null;
  created_at: Date | string;
  items: { artwork_id: number; weight: number }[] | null;
};

const boxOf = (row: BoxRow): BoxRecord => ({
  id: Number(row.id),
  artistId: Number(row.artist_id),
  titles: row.titles,
  descriptions: row.descriptions,
  cover: row.cover,
  price: BigInt(row.price),
  currencyId: Number(row.currency_id),
  supply: Number(row.supply),
  sold: Number(row.sold),
  startsAt: date(row.starts_at),
  endsAt: date(row.ends_at),
  commit: row.commit,
  serverSeed: row.server_seed,
  revealedAt: dateOrNull(row.revealed_at),
  createdAt: date(row.created_at),
  items: (row.items ?? []).map((item) => ({
    artworkId: Number(item.artwork_id),
    weight: Number(item.weight),
  })),
});

const boxSelect = sql`select b.id, b.artist_id, b.titles, b.descriptions, b.cover, b.price::text, b.currency_id,
  b.supply, b.sold, b.starts_at, b.ends_at, b.commit, b.server_seed, b.revealed_at, b.created_at,
  (select json_agg(json_build_object('artwork_id', bi.artwork_id, 'weight', bi.weight) order by bi.position)
     from nft_box_items bi where bi.box_id = b.id) as items
  from nft_boxes b`;

export async function boxById(db: Database, id: number, lock?: 'update'): Promise<BoxRecord | null> {
  if (lock) await db.execute(sql`select id from nft_boxes where id = ${id} for update`);
  const [row] = await rows<BoxRow>(db, sql`${boxSelect} where b.id = ${id}`);
  return row ? boxOf(row) : null;
}

export async function listBoxes(db: Database, where: SQL = sql`true`): Promise<BoxRecord[]> {
  return (await rows<BoxRow>(db, sql`${boxSelect} where ${where} order by b.id desc`)).map(boxOf);
}

export async function insertBox(
  db: Database,
  box: Omit<BoxRecord, 'id' | 'sold' | 'revealedAt' | 'createdAt'> & { at: Date },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into nft_boxes (artist_id, titles, descriptions, cover, price, currency_id, supply, starts_at, ends_at,
          commit, server_seed, created_at)
        values (${box.artistId}, ${JSON.stringify(box.titles)}::jsonb, ${JSON.stringify(box.descriptions)}::jsonb,
          ${box.cover}, ${box.price.toString()}::numeric, ${box.currencyId}, ${box.supply},
          ${box.startsAt.toISOString()}::timestamptz, ${box.endsAt.toISOString()}::timestamptz, ${box.commit},
          ${box.serverSeed}, ${box.at.toISOString()}::timestamptz)
        returning id`,
  );
  const id = Number(row?.id);
  let position = 0;
  for (const item of box.items) {
    position += 1;
    await db.execute(
      sql`insert into nft_box_items (box_id, position, artwork_id, weight)
          values (${id}, ${position}, ${item.artworkId}, ${item.weight})`,
    );
  }
  return id;
}

export async function ticketsOfBox(db: Database, boxId: number): Promise<ItemRecord[]> {
  return (
    await rows<ItemRow>(db, sql`select ${itemColumns} from nft_items where box_id = ${boxId} order by nonce`)
  ).map(itemOf);
}
