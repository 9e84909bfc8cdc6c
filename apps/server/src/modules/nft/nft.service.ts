/**
 * The NFT market: catalogue (staff, audited), fixed-price sales, escrowed auctions settled by
 * scheduled work exactly once, provably fair blind boxes and staff-reviewed resale. Every money
 * step is a ledger entry in the same transaction as the state change it pays for:
 * - purchase `nft:listing:<id>:purchase` (buyer -> seller or `nft_sales`), then the platform fee
 *   `...:fee` (seller -> `fees`) and on a resale the royalty `...:royalty` (seller -> `nft_royalties`);
 * - blind box `nft:ticket:<id>:purchase` (buyer -> `nft_sales`) and `...:fee`;
 * - margin deposit `nft:margin:<listing>:<user>` (bidder -> `nft_escrow`), its release
 *   `...:release` or its forfeit to the seller `...:forfeit`, exactly once each.
 * Nothing here takes an outcome from a caller: the winner is the stored highest bid, the box item
 * is the pure draw (packages/domain nft.domain.ts), the deadlines come from the clock.
 */
import { randomBytes } from 'node:crypto';
import type {
  AdminNftArtwork,
  Locale,
  NftBoxDetail,
  NftBoxOpening,
  NftCard,
  NftDetail,
  NftItemDetail,
  NftMessage,
  NftMyItem,
  NftOrder,
  NftTerms,
} from '@fairex/contract';
import {
  checkNftBid,
  checkNftResale,
  fromScaledBigint,
  invariant,
  maskNftBidder,
  nftBoxCommit,
  nftBoxDraw,
  nftBoxOddsPpm,
  nftBoxSchemeVersion,
  nftMinimumBid,
  nftPaymentWindowMs,
  nftSaleSplit,
  nftSaleStatus,
  parseAmount,
} from '@fairex/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { type AuditActor, recordAudit } from '../audit';
import {
  type AccountRef,
  type Currency,
  type Ledger,
  type LedgerOp,
  listCurrencies,
  userAccountKinds,
  userFacingLedgerError,
} from '../ledger';
import type { DueWork, Scheduler, WorkOutcome } from '../schedule';
import { type NftErrorCode, nftError } from './nft.errors';
import type { ArtistRecord, ArtworkRecord, BoxRecord, ItemRecord, ListingRecord } from './nft.repository';
import * as repository from './nft.repository';

/** The published market terms (GET /bind_box/getNftCurrency and the API document). */
export const nftTerms = {
  /** 2.5% platform fee on every sale. */
  feeBps: 250,
  /** 5% royalty to the artist on every resale. */
  royaltyBps: 500,
  paymentWindowMs: nftPaymentWindowMs,
  /** A bid in the last 5 minutes moves the deadline to bid time + 5 minutes. */
  extensionWindowMs: 5 * 60_000,
} as const;

export const nftSettleKind = 'nft:settle';
export const nftPaymentKind = 'nft:payment';
export const nftRevealKind = 'nft:reveal';

const pageSizeDefault = 10;
const primarySaleDaysDefault = 365;
const dayMs = 86_400_000;

/** The head hashes of the recorded price chains: the later public value of a box opening. */
export type PublicValueSource = () => string;

type Texts = Record<string, string>;
const pick = (texts: Texts, locale: string) => texts[locale] ?? texts.en ?? Object.values(texts)[0] ?? '';
export const itemCode = (id: bigint | number) => `N${id}`;
export const boxCode = (id: number) => `B${id}`;
const maskUser = (userId: number) => maskNftBidder(`u${userId}`);

/** The file types each media type takes, by the address's extension (uploads are named by content). */
const mediaExtensions: Record<ArtworkRecord['mediaType'], readonly string[]> = {
  image: ['png', 'jpg', 'jpeg', 'webp'],
  gif: ['gif'],
  audio: ['mp3', 'm4a', 'ogg', 'wav'],
  video: ['mp4', 'webm'],
};

export function nftMediaMatches(mediaType: ArtworkRecord['mediaType'], address: string): boolean {
  const extension = /\.([a-z0-9]+)$/i.exec(address.split(/[?#]/)[0] ?? '')?.[1]?.toLowerCase();
  return extension !== undefined && mediaExtensions[mediaType].includes(extension);
}

export type NftService = ReturnType<typeof createNftService>;

export function createNftService(deps: {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly scheduler: Scheduler;
  readonly publicValue: PublicValueSource;
  /** The winner's time to pay (config NFT_PAYMENT_WINDOW_MS; default one day). */
  readonly paymentWindowMs?: number;
  /** The anti-sniping window (config NFT_EXTENSION_WINDOW_MS; default five minutes). */
  readonly extensionWindowMs?: number;
}) {
  const { db, clock, ledger, scheduler } = deps;
  const paymentWindowMs = deps.paymentWindowMs ?? nftTerms.paymentWindowMs;
  const extensionWindowMs = deps.extensionWindowMs ?? nftTerms.extensionWindowMs;

  function inTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction((transaction) => work(transaction as unknown as Database));
  }

  async function currencyMap(): Promise<Map<number, Currency>> {
    return new Map((await listCurrencies(db)).map((currency) => [currency.id, currency]));
  }

  const termsView = (): NftTerms => ({
    fee_bps: nftTerms.feeBps,
    royalty_bps: nftTerms.royaltyBps,
    payment_window_ms: paymentWindowMs,
    extension_window_ms: extensionWindowMs,
    blind_box_scheme_version: nftBoxSchemeVersion,
  });

  function parseCode(code: string): { kind: 'item'; id: bigint } | { kind: 'box'; id: number } {
    const id = code.slice(1);
    if (code.startsWith('B')) return { kind: 'box', id: Number(id) };
    return { kind: 'item', id: BigInt(id) };
  }

  function units(text: string | undefined, currency: Currency, code: NftErrorCode): bigint {
    if (text === undefined) throw nftError(code);
    const parsed = parseAmount(text, currency.scale);
    if (!parsed.ok || parsed.units <= 0n) throw nftError(code);
    return parsed.units;
  }

  const userAccount = (userId: number, currencyId: number): AccountRef => ({
    userId,
    currencyId,
    kind: userAccountKinds.change,
  });
  const sellerAccount = (listing: { sellerUserId: number | null; currencyId: number }): AccountRef =>
    listing.sellerUserId === null
      ? { system: 'nft_sales', currencyId: listing.currencyId }
      : userAccount(listing.sellerUserId, listing.currencyId);

  /** The purchase, fee and royalty entries of a sale at `price`. */
  function saleOps(params: {
    reference: string;
    buyerId: number;
    seller: AccountRef;
    sellerUserId: number | null;
    currencyId: number;
    price: bigint;
    resale: boolean;
    memo: Record<string, string | number | null>;
  }): { ops: LedgerOp[]; fee: bigint; royalty: bigint } {
    const split = nftSaleSplit({
      price: params.price,
      feeBps: nftTerms.feeBps,
      royaltyBps: nftTerms.royaltyBps,
      resale: params.resale,
    });
    const ops: LedgerOp[] = [
      {
        type: 'transfer',
        entry: {
          kind: 'nft_purchase',
          userId: params.buyerId,
          reference: `${params.reference}:purchase`,
          memo: params.memo,
          legs: [
            { account: userAccount(params.buyerId, params.currencyId), amount: -params.price },
            { account: params.seller, amount: params.price },
          ],
        },
      },
    ];
    if (split.fee > 0n) {
      ops.push({
        type: 'transfer',
        entry: {
          kind: 'nft_fee',
          userId: params.sellerUserId,
          reference: `${params.reference}:fee`,
          memo: params.memo,
          legs: [
            { account: params.seller, amount: -split.fee },
            { account: { system: 'fees', currencyId: params.currencyId }, amount: split.fee },
          ],
        },
      });
    }
    if (split.royalty > 0n) {
      ops.push({
        type: 'transfer',
        entry: {
          kind: 'nft_royalty',
          userId: params.sellerUserId,
          reference: `${params.reference}:royalty`,
          memo: params.memo,
          legs: [
            { account: params.seller, amount: -split.royalty },
            { account: { system: 'nft_royalties', currencyId: params.currencyId }, amount: split.royalty },
          ],
        },
      });
    }
    return { ops, fee: split.fee, royalty: split.royalty };
  }

  const marginReference = (listingId: number, userId: number) => `nft:margin:${listingId}:${userId}`;

  function releaseMarginOp(margin: repository.MarginRecord): LedgerOp {
    return {
      type: 'transfer',
      entry: {
        kind: 'nft_deposit_release',
        userId: margin.userId,
        reference: `${marginReference(margin.listingId, margin.userId)}:release`,
        memo: { listing_id: margin.listingId },
        legs: [
          { account: { system: 'nft_escrow', currencyId: margin.currencyId }, amount: -margin.amount },
          { account: userAccount(margin.userId, margin.currencyId), amount: margin.amount },
        ],
      },
    };
  }

  async function settleMargins(
    tx: Database,
    margins: readonly repository.MarginRecord[],
    state: 'released' | 'forfeited',
    now: Date,
  ) {
    for (const margin of margins) {
      const [row] = await repository.rows<{ n: number }>(
        tx,
        sql`update nft_margins set state = ${state}, settled_at = ${now.toISOString()}::timestamptz
            where listing_id = ${margin.listingId} and user_id = ${margin.userId} and state = 'held'
            returning 1 as n`,
      );
      invariant(row, 'a held margin is settled once');
    }
  }

  async function message(
    tx: Database,
    params: {
      userId: number | null;
      kind: NftMessage['kind'];
      itemId: bigint;
      listingId: number | null;
      price?: bigint | null;
      currencyId?: number | null;
      at: Date;
    },
  ) {
    if (params.userId === null) return;
    await repository.insertMessage(tx, {
      userId: params.userId,
      kind: params.kind,
      itemId: params.itemId,
      listingId: params.listingId,
      price: params.price ?? null,
      currencyId: params.currencyId ?? null,
      at: params.at,
    });
  }

  // Scheduled work -------------------------------------------------------------------------------

  /** The deadline of an auction: losers' deposits released, the winner given the payment window. */
  async function settle(tx: Database, work: DueWork, now: Date): Promise<WorkOutcome> {
    const listing = await repository.listingById(tx, Number(work.key), 'update');
    if (listing?.state !== 'live' || listing.mode !== 'auction' || listing.settledAt) return { done: true };
    if (now.getTime() < listing.endsAt.getTime())
      return { retryAt: listing.endsAt, reason: 'deadline moved' };
    const margins = await repository.marginsOf(tx, listing.id);
    const winner = listing.currentBidderId;
    const losers = margins.filter((margin) => margin.state === 'held' && margin.userId !== winner);
    if (losers.length > 0) await ledger.apply(tx, losers.map(releaseMarginOp), now);
    await settleMargins(tx, losers, 'released', now);
    if (winner === null) {
      await tx.execute(
        sql`update nft_listings set state = 'unsold', settled_at = ${now.toISOString()}::timestamptz where id = ${listing.id}`,
      );
      return { done: true };
    }
    const payDeadline = new Date(listing.endsAt.getTime() + paymentWindowMs);
    await tx.execute(
      sql`update nft_listings set state = 'awaiting_payment', settled_at = ${now.toISOString()}::timestamptz,
            winner_user_id = ${winner}, pay_deadline = ${payDeadline.toISOString()}::timestamptz, payment = 'due'
          where id = ${listing.id}`,
    );
    const base = {
      itemId: listing.itemId,
      listingId: listing.id,
      price: listing.currentPrice,
      currencyId: listing.currencyId,
      at: now,
    };
    await message(tx, { ...base, userId: winner, kind: 'won' });
    await message(tx, { ...base, userId: winner, kind: 'payment_due' });
    await scheduler.schedule(tx, { kind: nftPaymentKind, key: String(listing.id), dueAt: payDeadline });
    return { done: true };
  }

  /** The payment deadline: unpaid, the winner's deposit goes to the seller and the item stays unsold. */
  async function expirePayment(tx: Database, work: DueWork, now: Date): Promise<WorkOutcome> {
    const listing = await repository.listingById(tx, Number(work.key), 'update');
    if (listing?.state !== 'awaiting_payment' || listing.payment !== 'due') return { done: true };
    invariant(
      listing.payDeadline && listing.winnerUserId !== null,
      'a settled auction has a winner and deadline',
    );
    if (now.getTime() < listing.payDeadline.getTime())
      return { retryAt: listing.payDeadline, reason: 'not yet due' };
    const margin = (await repository.marginsOf(tx, listing.id)).find(
      (m) => m.userId === listing.winnerUserId && m.state === 'held',
    );
    if (margin && margin.amount > 0n) {
      await ledger.apply(
        tx,
        [
          {
            type: 'transfer',
            entry: {
              kind: 'nft_deposit_forfeit',
              userId: margin.userId,
              reference: `${marginReference(listing.id, margin.userId)}:forfeit`,
              memo: { listing_id: listing.id },
              legs: [
                { account: { system: 'nft_escrow', currencyId: margin.currencyId }, amount: -margin.amount },
                { account: sellerAccount(listing), amount: margin.amount },
              ],
            },
          },
        ],
        now,
      );
    }
    if (margin) await settleMargins(tx, [margin], 'forfeited', now);
    await tx.execute(
      sql`update nft_listings set state = 'unsold', payment = 'expired' where id = ${listing.id}`,
    );
    await message(tx, {
      userId: listing.winnerUserId,
      kind: 'expired',
      itemId: listing.itemId,
      listingId: listing.id,
      price: listing.currentPrice,
      currencyId: listing.currencyId,
      at: now,
    });
    return { done: true };
  }

  /** After a box's sale ends its seed is public. */
  async function reveal(tx: Database, work: DueWork, now: Date): Promise<WorkOutcome> {
    const box = await repository.boxById(tx, Number(work.key), 'update');
    if (!box || box.revealedAt) return { done: true };
    if (now.getTime() < box.endsAt.getTime()) return { retryAt: box.endsAt, reason: 'sale not ended' };
    await tx.execute(
      sql`update nft_boxes set revealed_at = ${now.toISOString()}::timestamptz where id = ${box.id}`,
    );
    return { done: true };
  }

  scheduler.handle(nftSettleKind, settle);
  scheduler.handle(nftPaymentKind, expirePayment);
  scheduler.handle(nftRevealKind, reveal);

  // Views ------------------------------------------------------------------------------------------

  type Context = {
    currencies: Map<number, Currency>;
    artists: Map<number, ArtistRecord>;
    favourites: Map<string, number>;
    mine: Set<string>;
    now: number;
    locale: Locale;
  };

  async function context(locale: Locale, userId: number | null): Promise<Context> {
    const [currencies, artists, favouriteRows, mineRows] = await Promise.all([
      currencyMap(),
      repository.listArtists(db, { offset: 0, limit: 10_000 }),
      repository.rows<{ code: string; n: number }>(
        db,
        sql`select code, count(*)::int as n from nft_favourites group by code`,
      ),
      userId === null
        ? Promise.resolve([])
        : repository.rows<{ code: string }>(
            db,
            sql`select code from nft_favourites where user_id = ${userId}`,
          ),
    ]);
    return {
      currencies,
      artists: new Map(artists.list.map((artist) => [artist.id, artist])),
      favourites: new Map(favouriteRows.map((row) => [row.code, Number(row.n)])),
      mine: new Set(mineRows.map((row) => row.code)),
      now: clock.now().getTime(),
      locale,
    };
  }

  const money = (ctx: Context, value: bigint, currencyId: number) =>
    fromScaledBigint(value, ctx.currencies.get(currencyId)?.scale ?? 0);
  const artistSummary = (ctx: Context, id: number) => {
    const artist = ctx.artists.get(id);
    return { id, name: artist?.name ?? '', avatar: artist?.avatar ?? '' };
  };
  const status = (listing: { startsAt: Date; endsAt: Date; flag: 0 | 1 }, now: number) =>
    nftSaleStatus(
      { startsAtMs: listing.startsAt.getTime(), endsAtMs: listing.endsAt.getTime(), flag: listing.flag },
      now,
    );

  function listingCard(
    ctx: Context,
    listing: ListingRecord,
    item: ItemRecord,
    artwork: ArtworkRecord,
  ): NftCard {
    const code = itemCode(item.id);
    return {
      code,
      kind: 'item',
      title: pick(artwork.titles, ctx.locale),
      media_type: artwork.mediaType,
      cover: artwork.cover,
      rarity: artwork.rarity,
      sale_mode: listing.mode,
      price: money(ctx, listing.currentPrice ?? listing.price, listing.currencyId),
      currency_id: listing.currencyId,
      currency: ctx.currencies.get(listing.currencyId)?.code ?? '',
      status: status(listing, ctx.now),
      state: listing.state,
      starts_at: listing.startsAt.getTime(),
      ends_at: listing.endsAt.getTime(),
      artist: artistSummary(ctx, artwork.artistId),
      collection_id: artwork.collectionId,
      edition: item.edition,
      editions: artwork.minted,
      resale: listing.sellerUserId !== null,
      favourites: ctx.favourites.get(code) ?? 0,
      collected: ctx.mine.has(code),
      now: ctx.now,
    };
  }

  function boxCard(ctx: Context, box: BoxRecord): NftCard {
    const code = boxCode(box.id);
    return {
      code,
      kind: 'box',
      title: pick(box.titles, ctx.locale),
      media_type: 'image',
      cover: box.cover,
      rarity: null,
      sale_mode: 'blind_box',
      price: money(ctx, box.price, box.currencyId),
      currency_id: box.currencyId,
      currency: ctx.currencies.get(box.currencyId)?.code ?? '',
      status: nftSaleStatus(
        { startsAtMs: box.startsAt.getTime(), endsAtMs: box.endsAt.getTime(), flag: 0 },
        ctx.now,
      ),
      state: box.sold >= box.supply || ctx.now >= box.endsAt.getTime() ? 'sold' : 'live',
      starts_at: box.startsAt.getTime(),
      ends_at: box.endsAt.getTime(),
      artist: artistSummary(ctx, box.artistId),
      collection_id: null,
      edition: null,
      editions: null,
      resale: false,
      favourites: ctx.favourites.get(code) ?? 0,
      collected: ctx.mine.has(code),
      now: ctx.now,
    };
  }

  /** Cards of listings (the latest per item) matching `where`, newest first. */
  async function listingCards(ctx: Context, where: SQL): Promise<NftCard[]> {
    const listings = await repository.listingsWhere(db, where);
    const items = await repository.itemsByIds(
      db,
      listings.map((listing) => listing.itemId),
    );
    const artworks = await repository.artworksByIds(db, [
      ...new Set([...items.values()].map((item) => item.artworkId as number)),
    ]);
    const seen = new Set<bigint>();
    const cards: NftCard[] = [];
    for (const listing of listings) {
      if (seen.has(listing.itemId)) continue;
      seen.add(listing.itemId);
      const item = items.get(listing.itemId);
      const artwork = item?.artworkId === null || !item ? undefined : artworks.get(item.artworkId);
      if (item && artwork) cards.push(listingCard(ctx, listing, item, artwork));
    }
    return cards;
  }

  function auctionView(
    ctx: Context,
    listing: ListingRecord,
    margins: repository.MarginRecord[],
    userId: number | null,
  ) {
    invariant(
      listing.increment !== null && listing.margin !== null,
      'an auction has an increment and a margin',
    );
    return {
      start_price: money(ctx, listing.price, listing.currencyId),
      increment: money(ctx, listing.increment, listing.currencyId),
      margin: money(ctx, listing.margin, listing.currencyId),
      current_price:
        listing.currentPrice === null ? null : money(ctx, listing.currentPrice, listing.currencyId),
      min_next_bid: money(
        ctx,
        nftMinimumBid({ startPrice: listing.price, increment: listing.increment }, listing.currentPrice),
        listing.currencyId,
      ),
      bids: listing.bids,
      starts_at: listing.startsAt.getTime(),
      ends_at: listing.endsAt.getTime(),
      my_margin_paid: userId !== null && margins.some((m) => m.userId === userId),
      my_highest: userId !== null && listing.currentBidderId === userId,
      pay_deadline: listing.payDeadline?.getTime() ?? null,
    };
  }

  async function itemDetail(ctx: Context, item: ItemRecord, userId: number | null): Promise<NftItemDetail> {
    invariant(item.kind === 'item' && item.artworkId !== null, 'an item of an artwork');
    const artwork = await repository.artworkById(db, item.artworkId);
    invariant(artwork, 'the artwork of an item exists');
    const listing = await repository.currentListingOfItem(db, item.id);
    const open =
      listing && ['pending_review', 'live', 'awaiting_payment'].includes(listing.state) ? listing : null;
    const margins =
      open?.mode === 'auction'
        ? await repository.rows<{ user_id: number }>(
            db,
            sql`select user_id from nft_margins where listing_id = ${open.id}`,
          )
        : [];
    const collection =
      artwork.collectionId === null
        ? null
        : (await repository.listCollections(db, { offset: 0, limit: 1, id: artwork.collectionId })).list[0];
    const code = itemCode(item.id);
    return {
      code,
      artwork_id: artwork.id,
      title: pick(artwork.titles, ctx.locale),
      description: pick(artwork.descriptions, ctx.locale),
      media_type: artwork.mediaType,
      media: artwork.media,
      cover: artwork.cover,
      rarity: artwork.rarity,
      edition: item.edition as number,
      editions: artwork.minted,
      artist: artistSummary(ctx, artwork.artistId),
      collection: collection ? { id: collection.id, name: pick(collection.names, ctx.locale) } : null,
      owner: item.ownerUserId === null ? null : maskUser(item.ownerUserId),
      mine: userId !== null && item.ownerUserId === userId,
      custodial: true,
      withdrawable: !item.resold,
      last_price:
        item.lastPrice === null || item.lastCurrencyId === null
          ? null
          : money(ctx, item.lastPrice, item.lastCurrencyId),
      favourites: ctx.favourites.get(code) ?? 0,
      collected: ctx.mine.has(code),
      listing: open
        ? {
            id: open.id,
            sale_mode: open.mode,
            price: money(ctx, open.currentPrice ?? open.price, open.currencyId),
            currency_id: open.currencyId,
            currency: ctx.currencies.get(open.currencyId)?.code ?? '',
            status: status(open, ctx.now),
            state: open.state,
            starts_at: open.startsAt.getTime(),
            ends_at: open.endsAt.getTime(),
            resale: open.sellerUserId !== null,
            auction:
              open.mode === 'auction'
                ? auctionView(
                    ctx,
                    open,
                    margins.map((m) => ({
                      listingId: open.id,
                      userId: Number(m.user_id),
                      currencyId: open.currencyId,
                      amount: 0n,
                      state: 'held' as const,
                    })),
                    userId,
                  )
                : null,
          }
        : null,
      terms: termsView(),
      now: ctx.now,
    };
  }

  async function boxDetail(ctx: Context, box: BoxRecord, userId: number | null): Promise<NftBoxDetail> {
    const artworks = await repository.artworksByIds(
      db,
      box.items.map((item) => item.artworkId),
    );
    const tickets = await repository.ticketsOfBox(db, box.id);
    const opened = tickets.filter((ticket) => ticket.openedAt !== null);
    const drawnItems = await repository.itemsByIds(
      db,
      opened.map((ticket) => ticket.openedItemId as bigint),
    );
    const openings: NftBoxOpening[] = opened.map((ticket) => ({
      nonce: ticket.nonce as number,
      owner: maskUser(ticket.ownerUserId as number),
      client_seed: ticket.clientSeed as string,
      public_value: ticket.publicValue as string,
      artwork_id: drawnItems.get(ticket.openedItemId as bigint)?.artworkId ?? 0,
      code: itemCode(ticket.openedItemId as bigint),
      opened_at: (ticket.openedAt as Date).getTime(),
    }));
    const odds = nftBoxOddsPpm(box.items);
    const code = boxCode(box.id);
    return {
      code,
      id: box.id,
      title: pick(box.titles, ctx.locale),
      description: pick(box.descriptions, ctx.locale),
      cover: box.cover,
      artist: artistSummary(ctx, box.artistId),
      price: money(ctx, box.price, box.currencyId),
      currency_id: box.currencyId,
      currency: ctx.currencies.get(box.currencyId)?.code ?? '',
      status: nftSaleStatus(
        { startsAtMs: box.startsAt.getTime(), endsAtMs: box.endsAt.getTime(), flag: 0 },
        ctx.now,
      ),
      starts_at: box.startsAt.getTime(),
      ends_at: box.endsAt.getTime(),
      supply: box.supply,
      sold: box.sold,
      items: box.items.map((item, index) => {
        const artwork = artworks.get(item.artworkId);
        return {
          artwork_id: item.artworkId,
          title: artwork ? pick(artwork.titles, ctx.locale) : '',
          cover: artwork?.cover ?? '',
          rarity: artwork?.rarity ?? 'common',
          weight: item.weight,
          odds_ppm: odds[index] ?? 0,
          drawn: openings.filter((opening) => opening.artwork_id === item.artworkId).length,
        };
      }),
      commit: box.commit,
      server_seed: box.revealedAt ? box.serverSeed : null,
      revealed_at: box.revealedAt?.getTime() ?? null,
      scheme_version: nftBoxSchemeVersion,
      openings,
      my_unopened:
        userId === null
          ? []
          : tickets.filter((t) => t.ownerUserId === userId && t.openedAt === null).map((t) => itemCode(t.id)),
      favourites: ctx.favourites.get(code) ?? 0,
      collected: ctx.mine.has(code),
      now: ctx.now,
    };
  }

  async function myItemView(ctx: Context, item: ItemRecord): Promise<NftMyItem> {
    const listing = item.kind === 'item' ? await repository.currentListingOfItem(db, item.id) : null;
    const sellingListing = listing && listing.sellerUserId === item.ownerUserId ? listing : null;
    const currency = item.lastCurrencyId === null ? null : (ctx.currencies.get(item.lastCurrencyId) ?? null);
    if (item.kind === 'box_ticket') {
      const box = await repository.boxById(db, item.boxId as number);
      return {
        code: itemCode(item.id),
        kind: 'box_ticket',
        title: box ? pick(box.titles, ctx.locale) : '',
        media_type: 'image',
        cover: box?.cover ?? '',
        rarity: null,
        edition: null,
        editions: null,
        state: item.openedAt ? 'opened' : 'unopened',
        box_code: boxCode(item.boxId as number),
        opened_code: item.openedItemId === null ? null : itemCode(item.openedItemId),
        listing: null,
        acquired_at: item.acquiredAt.getTime(),
        last_price:
          item.lastPrice === null || !currency ? null : fromScaledBigint(item.lastPrice, currency.scale),
        currency: currency?.code ?? null,
        withdrawable: false,
      };
    }
    const artwork = await repository.artworkById(db, item.artworkId as number);
    invariant(artwork, 'the artwork of an item exists');
    const open =
      sellingListing && ['pending_review', 'live', 'awaiting_payment'].includes(sellingListing.state);
    return {
      code: itemCode(item.id),
      kind: 'item',
      title: pick(artwork.titles, ctx.locale),
      media_type: artwork.mediaType,
      cover: artwork.cover,
      rarity: artwork.rarity,
      edition: item.edition,
      editions: artwork.minted,
      state: open ? 'reselling' : 'held',
      box_code: null,
      opened_code: null,
      listing: sellingListing
        ? {
            id: sellingListing.id,
            state: sellingListing.state,
            sale_mode: sellingListing.mode,
            price: money(ctx, sellingListing.currentPrice ?? sellingListing.price, sellingListing.currencyId),
          }
        : null,
      acquired_at: item.acquiredAt.getTime(),
      last_price:
        item.lastPrice === null || !currency ? null : fromScaledBigint(item.lastPrice, currency.scale),
      currency: currency?.code ?? null,
      withdrawable: !item.resold,
    };
  }

  function orderView(
    ctx: Context,
    listing: ListingRecord,
    item: ItemRecord,
    artwork: ArtworkRecord,
  ): NftOrder {
    return {
      id: listing.id,
      code: itemCode(item.id),
      title: pick(artwork.titles, ctx.locale),
      cover: artwork.cover,
      price: money(ctx, listing.currentPrice ?? listing.price, listing.currencyId),
      margin: money(ctx, listing.margin ?? 0n, listing.currencyId),
      currency_id: listing.currencyId,
      currency: ctx.currencies.get(listing.currencyId)?.code ?? '',
      state: listing.payment ?? 'due',
      pay_deadline: listing.payDeadline?.getTime() ?? 0,
      paid_at: listing.payment === 'paid' ? (listing.soldAt?.getTime() ?? null) : null,
      now: ctx.now,
    };
  }

  const page = (params: { page?: number | undefined; limit?: number | undefined }) => {
    const p = params.page ?? 1;
    const limit = params.limit ?? pageSizeDefault;
    return { page: p, limit, offset: (p - 1) * limit };
  };

  async function openListingForUpdate(tx: Database, itemId: bigint): Promise<ListingRecord> {
    const listing = await repository.currentListingOfItem(tx, itemId, 'update');
    if (listing?.state !== 'live') throw nftError('not_on_sale');
    return listing;
  }

  async function withLedgerErrors<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw userFacingLedgerError(error);
    }
  }

  return {
    terms: termsView,

    async market(params: {
      page?: number | undefined;
      limit?: number | undefined;
      saleMode?: 'normal' | 'auction' | 'blind_box' | undefined;
      mediaType?: string | undefined;
      artistId?: number | undefined;
      collectionId?: number | undefined;
      keyword?: string | undefined;
      all?: boolean;
      locale: Locale;
      userId: number | null;
    }) {
      const ctx = await context(params.locale, params.userId);
      const now = new Date(ctx.now).toISOString();
      const cards: NftCard[] = [];
      if (params.saleMode !== 'blind_box') {
        const conditions: SQL[] = [
          params.all
            ? sql`state in ('live', 'awaiting_payment', 'sold', 'unsold')`
            : sql`state = 'live' and ends_at > ${now}::timestamptz`,
        ];
        if (params.saleMode) conditions.push(sql`mode = ${params.saleMode}`);
        cards.push(...(await listingCards(ctx, sql.join(conditions, sql` and `))));
      }
      if (params.saleMode === undefined || params.saleMode === 'blind_box') {
        const boxes = await repository.listBoxes(
          db,
          params.all ? sql`true` : sql`b.ends_at > ${now}::timestamptz`,
        );
        cards.push(...boxes.map((box) => boxCard(ctx, box)));
      }
      const keyword = params.keyword?.toLowerCase();
      const filtered = cards.filter(
        (card) =>
          (params.mediaType === undefined || card.media_type === params.mediaType) &&
          (params.artistId === undefined || card.artist.id === params.artistId) &&
          (params.collectionId === undefined || card.collection_id === params.collectionId) &&
          (!keyword ||
            card.title.toLowerCase().includes(keyword) ||
            card.artist.name.toLowerCase().includes(keyword)),
      );
      const { page: p, limit, offset } = page(params);
      return { list: filtered.slice(offset, offset + limit), page: p, limit, total: filtered.length };
    },

    async detail(code: string, locale: Locale, userId: number | null): Promise<NftDetail> {
      const ctx = await context(locale, userId);
      const parsed = parseCode(code);
      if (parsed.kind === 'box') {
        const box = await repository.boxById(db, parsed.id);
        if (!box) throw nftError('not_found');
        return { kind: 'box', item: null, box: await boxDetail(ctx, box, userId) };
      }
      const item = await repository.itemById(db, parsed.id);
      if (item?.kind !== 'item') throw nftError('not_found');
      return { kind: 'item', item: await itemDetail(ctx, item, userId), box: null };
    },

    async artists(params: {
      page?: number | undefined;
      limit?: number | undefined;
      keyword?: string | undefined;
      locale: Locale;
    }) {
      const { page: p, limit, offset } = page(params);
      const { list, total } = await repository.listArtists(db, { offset, limit, keyword: params.keyword });
      return {
        list: list.map((artist) => ({
          id: artist.id,
          name: artist.name,
          avatar: artist.avatar,
          bio: pick(artist.bios, params.locale),
          artworks: artist.artworks,
          collections: artist.collections,
        })),
        page: p,
        limit,
        total,
      };
    },

    async artistDetail(id: number, locale: Locale, userId: number | null) {
      const artist = await repository.artistById(db, id);
      if (!artist) throw nftError('not_found');
      const ctx = await context(locale, userId);
      const collections = await this.collections({ artistId: id, limit: 50, locale, userId });
      const items = await this.market({ artistId: id, all: true, limit: 50, locale, userId });
      return {
        artist: {
          id: artist.id,
          name: artist.name,
          avatar: artist.avatar,
          bio: pick(artist.bios, ctx.locale),
          artworks: artist.artworks,
          collections: artist.collections,
        },
        collections: collections.list,
        items: items.list,
      };
    },

    async collections(params: {
      page?: number | undefined;
      limit?: number | undefined;
      artistId?: number | undefined;
      id?: number | undefined;
      locale: Locale;
      userId: number | null;
    }) {
      const ctx = await context(params.locale, params.userId);
      const { page: p, limit, offset } = page(params);
      const { list, total } = await repository.listCollections(db, {
        offset,
        limit,
        artistId: params.artistId,
        id: params.id,
      });
      const items =
        params.id === undefined
          ? []
          : (
              await this.market({
                collectionId: params.id,
                all: true,
                limit: 50,
                locale: params.locale,
                userId: params.userId,
              })
            ).list;
      return {
        list: list.map((collection) => ({
          id: collection.id,
          name: pick(collection.names, ctx.locale),
          description: pick(collection.descriptions, ctx.locale),
          cover: collection.cover,
          artist: artistSummary(ctx, collection.artistId),
          artworks: collection.artworks,
        })),
        items,
        page: p,
        limit,
        total,
      };
    },

    async collect(userId: number, code: string) {
      const parsed = parseCode(code);
      const exists =
        parsed.kind === 'box'
          ? await repository.boxById(db, parsed.id)
          : await repository.itemById(db, parsed.id).then((item) => (item?.kind === 'item' ? item : null));
      if (!exists) throw nftError('not_found');
      return inTransaction(async (tx) => {
        const removed = await repository.rows<{ n: number }>(
          tx,
          sql`delete from nft_favourites where user_id = ${userId} and code = ${code} returning 1 as n`,
        );
        if (removed.length === 0) {
          await tx.execute(
            sql`insert into nft_favourites (user_id, code, created_at)
                values (${userId}, ${code}, ${clock.now().toISOString()}::timestamptz) on conflict do nothing`,
          );
        }
        const [count] = await repository.rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from nft_favourites where code = ${code}`,
        );
        return { code, collected: removed.length === 0, favourites: Number(count?.n ?? 0) };
      });
    },

    async myCollect(params: {
      userId: number;
      page?: number | undefined;
      limit?: number | undefined;
      locale: Locale;
    }) {
      const ctx = await context(params.locale, params.userId);
      const all = await this.market({
        all: true,
        limit: 10_000,
        locale: params.locale,
        userId: params.userId,
      });
      const list = all.list.filter((card) => ctx.mine.has(card.code));
      const { page: p, limit, offset } = page(params);
      return { list: list.slice(offset, offset + limit), page: p, limit, total: list.length };
    },

    async currencies() {
      const currencies = await listCurrencies(db);
      const used = await repository.rows<{ currency_id: number }>(
        db,
        sql`select distinct currency_id from nft_artworks union select distinct currency_id from nft_boxes`,
      );
      const ids = new Set(used.map((row) => Number(row.currency_id)));
      const usdt = currencies.find((currency) => currency.code === 'USDT');
      if (usdt) ids.add(usdt.id);
      return {
        list: currencies
          .filter((currency) => ids.has(currency.id))
          .map((currency) => ({ currency_id: currency.id, currency: currency.code, scale: currency.scale })),
        terms: termsView(),
      };
    },

    /** A fixed-price item or a blind box; exactly one of two racing buyers gets an item. */
    async buy(params: {
      userId: number;
      code: string;
      price?: string | undefined;
      clientSeed?: string | undefined;
    }) {
      const parsed = parseCode(params.code);
      const currencies = await currencyMap();
      return withLedgerErrors(() =>
        inTransaction(async (tx) => {
          const now = clock.now();
          if (parsed.kind === 'box') {
            const box = await repository.boxById(tx, parsed.id, 'update');
            if (!box) throw nftError('not_found');
            if (now < box.startsAt) throw nftError('not_started');
            if (now >= box.endsAt) throw nftError('ended');
            if (box.sold >= box.supply) throw nftError('sold_out');
            const currency = currencies.get(box.currencyId) as Currency;
            if (params.price !== undefined && units(params.price, currency, 'price_changed') !== box.price)
              throw nftError('price_changed');
            const nonce = box.sold + 1;
            const clientSeed = params.clientSeed ?? randomBytes(16).toString('hex');
            const ticketId = await repository.insertItem(tx, {
              kind: 'box_ticket',
              artworkId: null,
              edition: null,
              ownerUserId: params.userId,
              boxId: box.id,
              clientSeed,
              nonce,
              lastPrice: box.price,
              lastCurrencyId: box.currencyId,
              at: now,
            });
            await tx.execute(sql`update nft_boxes set sold = sold + 1 where id = ${box.id}`);
            const sale = saleOps({
              reference: `nft:ticket:${ticketId}`,
              buyerId: params.userId,
              seller: { system: 'nft_sales', currencyId: box.currencyId },
              sellerUserId: null,
              currencyId: box.currencyId,
              price: box.price,
              resale: false,
              memo: { box_id: box.id, ticket: itemCode(ticketId) },
            });
            await ledger.apply(tx, sale.ops, now);
            return {
              code: itemCode(ticketId),
              kind: 'box_ticket' as const,
              price: fromScaledBigint(box.price, currency.scale),
              currency: currency.code,
              fee: fromScaledBigint(sale.fee, currency.scale),
              royalty: fromScaledBigint(sale.royalty, currency.scale),
            };
          }
          const item = await repository.itemById(tx, parsed.id);
          if (item?.kind !== 'item') throw nftError('not_found');
          const listing = await openListingForUpdate(tx, item.id);
          if (listing.mode !== 'normal') throw nftError('not_fixed_price');
          if (now < listing.startsAt) throw nftError('not_started');
          if (now >= listing.endsAt) throw nftError('ended');
          if (listing.sellerUserId === params.userId) throw nftError('own_item');
          const currency = currencies.get(listing.currencyId) as Currency;
          if (params.price !== undefined && units(params.price, currency, 'price_changed') !== listing.price)
            throw nftError('price_changed');
          const sale = saleOps({
            reference: `nft:listing:${listing.id}`,
            buyerId: params.userId,
            seller: sellerAccount(listing),
            sellerUserId: listing.sellerUserId,
            currencyId: listing.currencyId,
            price: listing.price,
            resale: listing.sellerUserId !== null,
            memo: { listing_id: listing.id, item: itemCode(item.id) },
          });
          await ledger.apply(tx, sale.ops, now);
          await completeSale(tx, listing, params.userId, listing.price, now);
          return {
            code: itemCode(item.id),
            kind: 'item' as const,
            price: fromScaledBigint(listing.price, currency.scale),
            currency: currency.code,
            fee: fromScaledBigint(sale.fee, currency.scale),
            royalty: fromScaledBigint(sale.royalty, currency.scale),
          };
        }),
      );
    },

    /** The margin deposit of an auction: once per bidder per auction, into escrow. */
    async payMargin(params: { userId: number; code: string }) {
      const parsed = parseCode(params.code);
      if (parsed.kind !== 'item') throw nftError('not_auction');
      const currencies = await currencyMap();
      return withLedgerErrors(() =>
        inTransaction(async (tx) => {
          const now = clock.now();
          const listing = await openListingForUpdate(tx, parsed.id);
          if (listing.mode !== 'auction') throw nftError('not_auction');
          if (listing.sellerUserId === params.userId) throw nftError('own_item');
          if (now >= listing.endsAt) throw nftError('ended');
          const currency = currencies.get(listing.currencyId) as Currency;
          const amount = listing.margin ?? 0n;
          const inserted = await repository.rows<{ n: number }>(
            tx,
            sql`insert into nft_margins (listing_id, user_id, currency_id, amount, state, created_at)
                values (${listing.id}, ${params.userId}, ${listing.currencyId}, ${amount.toString()}::numeric, 'held',
                  ${now.toISOString()}::timestamptz)
                on conflict do nothing returning 1 as n`,
          );
          if (inserted.length > 0 && amount > 0n) {
            await ledger.apply(
              tx,
              [
                {
                  type: 'transfer',
                  entry: {
                    kind: 'nft_deposit',
                    userId: params.userId,
                    reference: marginReference(listing.id, params.userId),
                    memo: { listing_id: listing.id },
                    legs: [
                      { account: userAccount(params.userId, listing.currencyId), amount: -amount },
                      { account: { system: 'nft_escrow', currencyId: listing.currencyId }, amount },
                    ],
                  },
                },
              ],
              now,
            );
          }
          return {
            code: params.code,
            margin: fromScaledBigint(amount, currency.scale),
            currency: currency.code,
            already_paid: inserted.length === 0,
          };
        }),
      );
    },

    async bid(params: { userId: number; code: string; price: string }) {
      const parsed = parseCode(params.code);
      if (parsed.kind !== 'item') throw nftError('not_auction');
      const currencies = await currencyMap();
      return inTransaction(async (tx) => {
        const now = clock.now();
        const listing = await openListingForUpdate(tx, parsed.id);
        if (listing.mode !== 'auction') throw nftError('not_auction');
        if (listing.sellerUserId === params.userId) throw nftError('own_item');
        invariant(listing.increment !== null, 'an auction has an increment');
        const currency = currencies.get(listing.currencyId) as Currency;
        const price = units(params.price, currency, 'bad_price');
        const check = checkNftBid(
          {
            startPrice: listing.price,
            increment: listing.increment,
            startsAtMs: listing.startsAt.getTime(),
            endsAtMs: listing.endsAt.getTime(),
            extensionWindowMs,
          },
          listing.currentPrice === null || listing.currentBidderId === null
            ? null
            : { price: listing.currentPrice, bidderId: String(listing.currentBidderId) },
          { price, bidderId: String(params.userId), nowMs: now.getTime() },
        );
        if (!check.ok) throw nftError(check.reason);
        const margin = await repository.marginOfUser(tx, listing.id, params.userId);
        if (!margin) throw nftError('margin_required');
        const newEndsAt = new Date(check.newEndsAtMs);
        await tx.execute(
          sql`update nft_listings set current_price = ${price.toString()}::numeric, current_bidder_id = ${params.userId},
                bids = bids + 1, ends_at = ${newEndsAt.toISOString()}::timestamptz where id = ${listing.id}`,
        );
        await tx.execute(
          sql`insert into nft_bids (listing_id, user_id, price, created_at)
              values (${listing.id}, ${params.userId}, ${price.toString()}::numeric, ${now.toISOString()}::timestamptz)`,
        );
        if (listing.currentBidderId !== null && listing.currentBidderId !== params.userId) {
          await message(tx, {
            userId: listing.currentBidderId,
            kind: 'outbid',
            itemId: listing.itemId,
            listingId: listing.id,
            price,
            currencyId: listing.currencyId,
            at: now,
          });
        }
        return {
          code: params.code,
          price: fromScaledBigint(price, currency.scale),
          ends_at: newEndsAt.getTime(),
          extended: check.extended,
          min_next_bid: fromScaledBigint(price + listing.increment, currency.scale),
        };
      });
    },

    async bidLog(params: {
      code: string;
      page?: number | undefined;
      limit?: number | undefined;
      userId: number | null;
    }) {
      const parsed = parseCode(params.code);
      if (parsed.kind !== 'item') throw nftError('not_auction');
      const listing = await repository.currentListingOfItem(db, parsed.id);
      if (listing?.mode !== 'auction') throw nftError('not_auction');
      const currencies = await currencyMap();
      const scale = currencies.get(listing.currencyId)?.scale ?? 0;
      const { page: p, limit, offset } = page(params);
      const list = await repository.rows<{ user_id: number; price: string; created_at: Date | string }>(
        db,
        sql`select user_id, price::text, created_at from nft_bids where listing_id = ${listing.id}
            order by id desc limit ${limit} offset ${offset}`,
      );
      return {
        list: list.map((row) => ({
          bidder: maskUser(Number(row.user_id)),
          price: fromScaledBigint(BigInt(row.price), scale),
          time: new Date(row.created_at).getTime(),
          mine: params.userId !== null && Number(row.user_id) === params.userId,
        })),
        page: p,
        limit,
        total: listing.bids,
      };
    },

    async myItems(params: {
      userId: number;
      tab?: 'owned' | 'boxes' | 'resale' | undefined;
      page?: number | undefined;
      limit?: number | undefined;
      locale: Locale;
    }) {
      const ctx = await context(params.locale, params.userId);
      const { page: p, limit, offset } = page(params);
      const where =
        params.tab === 'boxes'
          ? sql`kind = 'box_ticket'`
          : params.tab === 'resale'
            ? sql`kind = 'item' and exists (select 1 from nft_listings l where l.item_id = nft_items.id
                  and l.seller_user_id = ${params.userId} and l.state in ('pending_review', 'live', 'awaiting_payment', 'rejected'))`
            : sql`kind = 'item'`;
      const list = await repository.rows<{ id: string }>(
        db,
        sql`select id::text from nft_items where owner_user_id = ${params.userId} and ${where}
            order by id desc limit ${limit} offset ${offset}`,
      );
      const [count] = await repository.rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from nft_items where owner_user_id = ${params.userId} and ${where}`,
      );
      const items = await repository.itemsByIds(
        db,
        list.map((row) => BigInt(row.id)),
      );
      const views: NftMyItem[] = [];
      for (const row of list) views.push(await myItemView(ctx, items.get(BigInt(row.id)) as ItemRecord));
      return { list: views, page: p, limit, total: Number(count?.n ?? 0) };
    },

    async myBids(params: {
      userId: number;
      page?: number | undefined;
      limit?: number | undefined;
      locale: Locale;
    }) {
      const ctx = await context(params.locale, params.userId);
      const { page: p, limit, offset } = page(params);
      const list = await repository.rows<{ listing_id: number; price: string; created_at: Date | string }>(
        db,
        sql`select listing_id, price::text, created_at from nft_bids where user_id = ${params.userId}
            order by id desc limit ${limit} offset ${offset}`,
      );
      const [count] = await repository.rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from nft_bids where user_id = ${params.userId}`,
      );
      const views = [];
      for (const row of list) {
        const listing = (await repository.listingById(db, Number(row.listing_id))) as ListingRecord;
        const item = (await repository.itemById(db, listing.itemId)) as ItemRecord;
        const artwork = (await repository.artworkById(db, item.artworkId as number)) as ArtworkRecord;
        const margin = await repository.marginOfUser(db, listing.id, params.userId);
        views.push({
          code: itemCode(item.id),
          title: pick(artwork.titles, ctx.locale),
          cover: artwork.cover,
          price: money(ctx, BigInt(row.price), listing.currencyId),
          currency: ctx.currencies.get(listing.currencyId)?.code ?? '',
          time: new Date(row.created_at).getTime(),
          state: listing.state,
          highest: listing.currentBidderId === params.userId && listing.currentPrice === BigInt(row.price),
          ends_at: listing.endsAt.getTime(),
          margin: margin
            ? { amount: money(ctx, margin.amount, margin.currencyId), state: margin.state }
            : null,
        });
      }
      return { list: views, page: p, limit, total: Number(count?.n ?? 0) };
    },

    /** Opens one of the caller's unopened boxes with the published draw. */
    async openBox(params: { userId: number; code: string; locale: Locale }) {
      const parsed = parseCode(params.code);
      if (parsed.kind !== 'item') throw nftError('not_a_box');
      const result = await inTransaction(async (tx) => {
        const ticket = await repository.itemById(tx, parsed.id, 'update');
        if (ticket?.kind !== 'box_ticket') throw nftError('not_a_box');
        if (ticket.ownerUserId !== params.userId) throw nftError('not_your_item');
        if (ticket.openedAt) throw nftError('already_opened');
        const box = (await repository.boxById(tx, ticket.boxId as number)) as BoxRecord;
        const publicValue = deps.publicValue();
        const drawn = nftBoxDraw(box.items, {
          serverSeed: box.serverSeed,
          clientSeed: ticket.clientSeed as string,
          publicValue,
          boxId: box.id,
          nonce: ticket.nonce as number,
        });
        const now = clock.now();
        const minted = await repository.mintEdition(tx, {
          artworkId: drawn.artworkId,
          ownerUserId: params.userId,
          at: now,
        });
        await tx.execute(
          sql`update nft_items set opened_item_id = ${minted.id}, opened_at = ${now.toISOString()}::timestamptz,
                public_value = ${publicValue}
              where id = ${ticket.id} and opened_at is null`,
        );
        return { ticket, box, minted, publicValue, now, artworkId: drawn.artworkId };
      });
      const ctx = await context(params.locale, params.userId);
      const item = (await repository.itemById(db, result.minted.id)) as ItemRecord;
      return {
        ticket: params.code,
        box_code: boxCode(result.box.id),
        item: await myItemView(ctx, item),
        opening: {
          nonce: result.ticket.nonce as number,
          owner: maskUser(params.userId),
          client_seed: result.ticket.clientSeed as string,
          public_value: result.publicValue,
          artwork_id: result.artworkId,
          code: itemCode(result.minted.id),
          opened_at: result.now.getTime(),
        },
        commit: result.box.commit,
      };
    },

    /** A resale listing, waiting for staff review. */
    async resell(params: {
      userId: number;
      code: string;
      saleMode: 'normal' | 'auction';
      price: string;
      increment?: string | undefined;
      margin?: string | undefined;
      startsAt?: number | undefined;
      endsAt?: number | undefined;
    }) {
      const parsed = parseCode(params.code);
      if (parsed.kind !== 'item') throw nftError('not_your_item');
      const currencies = await currencyMap();
      return inTransaction(async (tx) => {
        const now = clock.now();
        const item = await repository.itemById(tx, parsed.id, 'update');
        if (item?.kind !== 'item' || item.ownerUserId !== params.userId) throw nftError('not_your_item');
        const artwork = (await repository.artworkById(tx, item.artworkId as number)) as ArtworkRecord;
        const currencyId = item.lastCurrencyId ?? artwork.currencyId;
        const currency = currencies.get(currencyId) as Currency;
        const price = units(params.price, currency, 'bad_price');
        const startsAt = new Date(params.startsAt ?? now.getTime());
        const endsAt = new Date(params.endsAt ?? now.getTime() + primarySaleDaysDefault * dayMs);
        const increment =
          params.saleMode === 'auction' ? units(params.increment, currency, 'bad_increment') : null;
        const margin =
          params.saleMode === 'auction'
            ? params.margin === undefined
              ? 0n
              : (() => {
                  const parsedMargin = parseAmount(params.margin, currency.scale);
                  if (!parsedMargin.ok) throw nftError('terms_invalid');
                  return parsedMargin.units;
                })()
            : null;
        const refusal =
          params.saleMode === 'auction'
            ? checkNftResale(
                {
                  mode: 'auction',
                  price,
                  increment: increment as bigint,
                  startsAtMs: startsAt.getTime(),
                  endsAtMs: endsAt.getTime(),
                },
                now.getTime(),
              )
            : checkNftResale({ mode: 'normal', price }, now.getTime());
        if (!refusal.ok) throw nftError(refusal.reason);
        if (endsAt <= startsAt) throw nftError('end_before_start');
        if (endsAt <= now) throw nftError('start_in_past');
        const open = await repository.currentListingOfItem(tx, item.id);
        if (open && ['pending_review', 'live', 'awaiting_payment'].includes(open.state))
          throw nftError('already_listed');
        const id = await repository.insertListing(tx, {
          itemId: item.id,
          sellerUserId: params.userId,
          mode: params.saleMode,
          currencyId,
          price,
          increment,
          margin,
          flag: 0,
          startsAt,
          endsAt,
          state: 'pending_review',
          at: now,
        });
        return { code: params.code, listing_id: id, state: 'pending_review' as const };
      });
    },

    async needPay(params: {
      userId: number;
      page?: number | undefined;
      limit?: number | undefined;
      locale: Locale;
    }) {
      const ctx = await context(params.locale, params.userId);
      const { page: p, limit, offset } = page(params);
      const listings = await repository.listingsWhere(
        db,
        sql`winner_user_id = ${params.userId} and payment is not null`,
        sql` limit ${limit} offset ${offset}`,
      );
      const [count] = await repository.rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from nft_listings where winner_user_id = ${params.userId} and payment is not null`,
      );
      const list: NftOrder[] = [];
      for (const listing of listings) {
        const item = (await repository.itemById(db, listing.itemId)) as ItemRecord;
        const artwork = (await repository.artworkById(db, item.artworkId as number)) as ArtworkRecord;
        list.push(orderView(ctx, listing, item, artwork));
      }
      return { list, page: p, limit, total: Number(count?.n ?? 0) };
    },

    /** The winner pays within the window: the item moves, the deposit comes back. */
    async pay(params: { userId: number; id: number; locale: Locale }): Promise<NftOrder> {
      await withLedgerErrors(() =>
        inTransaction(async (tx) => {
          const now = clock.now();
          const listing = await repository.listingById(tx, params.id, 'update');
          if (!listing || listing.winnerUserId !== params.userId) throw nftError('order_not_found');
          if (listing.payment === 'paid') throw nftError('already_paid');
          if (listing.payment !== 'due' || !listing.payDeadline || now >= listing.payDeadline)
            throw nftError('payment_expired');
          const price = listing.currentPrice as bigint;
          const sale = saleOps({
            reference: `nft:listing:${listing.id}`,
            buyerId: params.userId,
            seller: sellerAccount(listing),
            sellerUserId: listing.sellerUserId,
            currencyId: listing.currencyId,
            price,
            resale: listing.sellerUserId !== null,
            memo: { listing_id: listing.id, item: itemCode(listing.itemId) },
          });
          const margin = (await repository.marginsOf(tx, listing.id)).find(
            (m) => m.userId === params.userId && m.state === 'held',
          );
          // The deposit comes back first, so it may pay part of the price.
          const ops = [...(margin && margin.amount > 0n ? [releaseMarginOp(margin)] : []), ...sale.ops];
          await ledger.apply(tx, ops, now);
          if (margin) await settleMargins(tx, [margin], 'released', now);
          await completeSale(tx, listing, params.userId, price, now, 'paid');
        }),
      );
      const ctx = await context(params.locale, params.userId);
      const listing = (await repository.listingById(db, params.id)) as ListingRecord;
      const item = (await repository.itemById(db, listing.itemId)) as ItemRecord;
      const artwork = (await repository.artworkById(db, item.artworkId as number)) as ArtworkRecord;
      return orderView(ctx, listing, item, artwork);
    },

    async messages(params: {
      userId: number;
      page?: number | undefined;
      limit?: number | undefined;
      locale: Locale;
    }) {
      const ctx = await context(params.locale, params.userId);
      const { page: p, limit, offset } = page(params);
      const list = await repository.rows<{
        id: number;
        kind: NftMessage['kind'];
        item_id: string;
        listing_id: number | null;
        price: string | null;
        currency_id: number | null;
        read_at: Date | string | null;
        created_at: Date | string;
      }>(
        db,
        sql`select id, kind, item_id::text, listing_id, price::text, currency_id, read_at, created_at
            from nft_messages where user_id = ${params.userId} order by id desc limit ${limit} offset ${offset}`,
      );
      const [count] = await repository.rows<{ n: number; unread: number }>(
        db,
        sql`select count(*)::int as n, count(*) filter (where read_at is null)::int as unread
            from nft_messages where user_id = ${params.userId}`,
      );
      const items = await repository.itemsByIds(
        db,
        list.map((row) => BigInt(row.item_id)),
      );
      const artworks = await repository.artworksByIds(db, [
        ...new Set([...items.values()].map((item) => item.artworkId as number)),
      ]);
      return {
        list: list.map((row) => {
          const artwork = artworks.get(items.get(BigInt(row.item_id))?.artworkId ?? -1);
          return {
            id: Number(row.id),
            kind: row.kind,
            code: itemCode(BigInt(row.item_id)),
            title: artwork ? pick(artwork.titles, ctx.locale) : '',
            order_id: row.kind === 'won' || row.kind === 'payment_due' ? numberOr(row.listing_id) : null,
            price:
              row.price === null || row.currency_id === null
                ? null
                : money(ctx, BigInt(row.price), Number(row.currency_id)),
            currency:
              row.currency_id === null ? null : (ctx.currencies.get(Number(row.currency_id))?.code ?? null),
            read: row.read_at !== null,
            created_at: new Date(row.created_at).getTime(),
          };
        }),
        unread: Number(count?.unread ?? 0),
        page: p,
        limit,
        total: Number(count?.n ?? 0),
      };
    },

    async readMessage(userId: number, id: number) {
      const now = clock.now().toISOString();
      const updated = await repository.rows<{ n: number }>(
        db,
        id === 0
          ? sql`update nft_messages set read_at = ${now}::timestamptz where user_id = ${userId} and read_at is null returning 1 as n`
          : sql`update nft_messages set read_at = coalesce(read_at, ${now}::timestamptz) where user_id = ${userId} and id = ${id}
                returning 1 as n`,
      );
      if (id !== 0 && updated.length === 0) throw nftError('message_not_found');
      const [count] = await repository.rows<{ unread: number }>(
        db,
        sql`select count(*)::int as unread from nft_messages where user_id = ${userId} and read_at is null`,
      );
      return { read: updated.length, unread: Number(count?.unread ?? 0) };
    },

    // Console -----------------------------------------------------------------------------------

    async adminArtists() {
      const { list } = await repository.listArtists(db, { offset: 0, limit: 10_000 });
      return {
        list: list.map((artist) => ({
          id: artist.id,
          name: artist.name,
          avatar: artist.avatar,
          bios: artist.bios,
          user_id: artist.userId,
          artworks: artist.artworks,
          created_at: artist.createdAt.getTime(),
        })),
      };
    },

    async saveArtist(
      actor: AuditActor | null,
      body: { id?: number | undefined; name: string; avatar: string; bios?: Texts | undefined },
    ) {
      const now = clock.now();
      const id = await inTransaction(async (tx) => {
        const before = body.id === undefined ? null : await repository.artistById(tx, body.id);
        const saved = await repository.saveArtist(tx, {
          id: body.id,
          name: body.name,
          avatar: body.avatar,
          bios: body.bios ?? {},
          at: now,
        });
        if (saved === null) throw nftError('not_found');
        if (actor)
          await recordAudit(tx, {
            actor,
            action: 'nft.artist_save',
            target: { type: 'nft_artist', id: saved },
            before: before ? { name: before.name, avatar: before.avatar, bios: before.bios } : null,
            after: { name: body.name, avatar: body.avatar, bios: body.bios ?? {} },
            at: now,
          });
        return saved;
      });
      return (await this.adminArtists()).list.find((artist) => artist.id === id) as Awaited<
        ReturnType<typeof this.adminArtists>
      >['list'][number];
    },

    async deleteArtist(actor: AuditActor, id: number) {
      const now = clock.now();
      await inTransaction(async (tx) => {
        const artist = await repository.artistById(tx, id);
        if (!artist) throw nftError('not_found');
        const [boxes] = await repository.rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from nft_boxes where artist_id = ${id}`,
        );
        if (artist.artworks > 0 || artist.collections > 0 || Number(boxes?.n) > 0) throw nftError('in_use');
        await tx.execute(sql`delete from nft_artists where id = ${id}`);
        await recordAudit(tx, {
          actor,
          action: 'nft.artist_delete',
          target: { type: 'nft_artist', id },
          before: { name: artist.name },
          after: null,
          at: now,
        });
      });
      return { id };
    },

    async adminCollections() {
      const { list } = await repository.listCollections(db, { offset: 0, limit: 10_000 });
      return {
        list: list.map((collection) => ({
          id: collection.id,
          artist_id: collection.artistId,
          names: collection.names,
          descriptions: collection.descriptions,
          cover: collection.cover,
          artworks: collection.artworks,
        })),
      };
    },

    async saveCollection(
      actor: AuditActor | null,
      body: {
        id?: number | undefined;
        artist_id: number;
        names: Texts;
        descriptions?: Texts | undefined;
        cover: string;
      },
    ) {
      const now = clock.now();
      const id = await inTransaction(async (tx) => {
        if (!(await repository.artistById(tx, body.artist_id))) throw nftError('not_found');
        const saved = await repository.saveCollection(tx, {
          id: body.id,
          artistId: body.artist_id,
          names: body.names,
          descriptions: body.descriptions ?? {},
          cover: body.cover,
          at: now,
        });
        if (saved === null) throw nftError('not_found');
        if (actor)
          await recordAudit(tx, {
            actor,
            action: 'nft.collection_save',
            target: { type: 'nft_collection', id: saved },
            before: null,
            after: { artist_id: body.artist_id, names: body.names, cover: body.cover },
            at: now,
          });
        return saved;
      });
      return (await this.adminCollections()).list.find((collection) => collection.id === id) as Awaited<
        ReturnType<typeof this.adminCollections>
      >['list'][number];
    },

    async deleteCollection(actor: AuditActor, id: number) {
      const now = clock.now();
      await inTransaction(async (tx) => {
        const [collection] = (await repository.listCollections(tx, { offset: 0, limit: 1, id })).list;
        if (!collection) throw nftError('not_found');
        if (collection.artworks > 0) throw nftError('in_use');
        await tx.execute(sql`delete from nft_collections where id = ${id}`);
        await recordAudit(tx, {
          actor,
          action: 'nft.collection_delete',
          target: { type: 'nft_collection', id },
          before: { names: collection.names },
          after: null,
          at: now,
        });
      });
      return { id };
    },

    async adminArtworks(): Promise<{ list: AdminNftArtwork[] }> {
      const currencies = await currencyMap();
      const list = await repository.listArtworks(db);
      return { list: list.map((artwork) => adminArtworkView(artwork, currencies)) };
    },

    /**
     * Creates an artwork and lists its editions for their first sale; with an id, updates texts
     * and media only.
     */
    async saveArtwork(
      actor: AuditActor | null,
      body: {
        id?: number | undefined;
        artist_id: number;
        collection_id?: number | undefined;
        media_type: ArtworkRecord['mediaType'];
        media: string;
        cover: string;
        titles: Texts;
        descriptions?: Texts | undefined;
        rarity: ArtworkRecord['rarity'];
        currency_id: number;
        editions?: number | undefined;
        sale_mode?: 'normal' | 'auction' | undefined;
        price?: string | undefined;
        increment?: string | undefined;
        margin?: string | undefined;
        flag?: 0 | 1 | '0' | '1' | undefined;
        starts_at?: number | undefined;
        ends_at?: number | undefined;
      },
    ): Promise<AdminNftArtwork> {
      if (!nftMediaMatches(body.media_type, body.media)) throw nftError('media_type_mismatch');
      const currencies = await currencyMap();
      const currency = currencies.get(body.currency_id);
      if (!currency) throw nftError('terms_invalid');
      const now = clock.now();
      const id = await inTransaction(async (tx) => {
        if (!(await repository.artistById(tx, body.artist_id))) throw nftError('not_found');
        if (body.collection_id !== undefined) {
          const [collection] = (
            await repository.listCollections(tx, { offset: 0, limit: 1, id: body.collection_id })
          ).list;
          if (!collection || collection.artistId !== body.artist_id) throw nftError('terms_invalid');
        }
        if (body.id !== undefined) {
          const before = await repository.artworkById(tx, body.id, 'update');
          if (!before) throw nftError('not_found');
          await tx.execute(
            sql`update nft_artworks set collection_id = ${body.collection_id ?? null}, media_type = ${body.media_type},
                  media = ${body.media}, cover = ${body.cover}, titles = ${JSON.stringify(body.titles)}::jsonb,
                  descriptions = ${JSON.stringify(body.descriptions ?? {})}::jsonb, rarity = ${body.rarity}
                where id = ${body.id}`,
          );
          if (actor)
            await recordAudit(tx, {
              actor,
              action: 'nft.artwork_update',
              target: { type: 'nft_artwork', id: body.id },
              before: { titles: before.titles, media: before.media, rarity: before.rarity },
              after: { titles: body.titles, media: body.media, rarity: body.rarity },
              at: now,
            });
          return body.id;
        }
        const editions = body.editions ?? 1;
        const mode = body.sale_mode ?? 'normal';
        const price = editions > 0 ? units(body.price, currency, 'bad_price') : null;
        const increment =
          editions > 0 && mode === 'auction' ? units(body.increment, currency, 'bad_increment') : null;
        const margin =
          editions > 0 && mode === 'auction'
            ? (() => {
                if (body.margin === undefined) return 0n;
                const parsed = parseAmount(body.margin, currency.scale);
                if (!parsed.ok) throw nftError('terms_invalid');
                return parsed.units;
              })()
            : null;
        const startsAt = new Date(body.starts_at ?? now.getTime());
        const endsAt = new Date(body.ends_at ?? startsAt.getTime() + primarySaleDaysDefault * dayMs);
        if (endsAt <= startsAt) throw nftError('end_before_start');
        const [row] = await repository.rows<{ id: number }>(
          tx,
          sql`insert into nft_artworks (artist_id, collection_id, media_type, media, cover, titles, descriptions, rarity,
                currency_id, created_at)
              values (${body.artist_id}, ${body.collection_id ?? null}, ${body.media_type}, ${body.media}, ${body.cover},
                ${JSON.stringify(body.titles)}::jsonb, ${JSON.stringify(body.descriptions ?? {})}::jsonb, ${body.rarity},
                ${currency.id}, ${now.toISOString()}::timestamptz)
              returning id`,
        );
        const artworkId = Number(row?.id);
        for (let n = 0; n < editions; n += 1) {
          const minted = await repository.mintEdition(tx, { artworkId, ownerUserId: null, at: now });
          const listingId = await repository.insertListing(tx, {
            itemId: minted.id,
            sellerUserId: null,
            mode,
            currencyId: currency.id,
            price: price as bigint,
            increment,
            margin,
            flag: Number(body.flag ?? 0) === 1 ? 1 : 0,
            startsAt,
            endsAt,
            state: 'live',
            at: now,
          });
          if (mode === 'auction')
            await scheduler.schedule(tx, { kind: nftSettleKind, key: String(listingId), dueAt: endsAt });
        }
        if (actor)
          await recordAudit(tx, {
            actor,
            action: 'nft.artwork_create',
            target: { type: 'nft_artwork', id: artworkId },
            before: null,
            after: {
              titles: body.titles,
              media_type: body.media_type,
              rarity: body.rarity,
              editions,
              sale_mode: mode,
              price: body.price ?? null,
              currency_id: currency.id,
              starts_at: startsAt.toISOString(),
              ends_at: endsAt.toISOString(),
            },
            at: now,
          });
        return artworkId;
      });
      const artwork = (await repository.artworkById(db, id)) as ArtworkRecord;
      return adminArtworkView(artwork, currencies);
    },

    async deleteArtwork(actor: AuditActor, id: number) {
      const now = clock.now();
      await inTransaction(async (tx) => {
        const artwork = await repository.artworkById(tx, id, 'update');
        if (!artwork) throw nftError('not_found');
        const [used] = await repository.rows<{ owned: number; bids: number; boxes: number }>(
          tx,
          sql`select
                (select count(*) from nft_items where artwork_id = ${id} and owner_user_id is not null)::int as owned,
                (select count(*) from nft_margins m join nft_listings l on l.id = m.listing_id
                   join nft_items i on i.id = l.item_id where i.artwork_id = ${id})::int as bids,
                (select count(*) from nft_box_items where artwork_id = ${id})::int as boxes`,
        );
        if (Number(used?.owned) > 0 || Number(used?.bids) > 0 || Number(used?.boxes) > 0)
          throw nftError('in_use');
        await tx.execute(
          sql`delete from nft_listings where item_id in (select id from nft_items where artwork_id = ${id})`,
        );
        await tx.execute(sql`delete from nft_items where artwork_id = ${id}`);
        await tx.execute(sql`delete from nft_artworks where id = ${id}`);
        await recordAudit(tx, {
          actor,
          action: 'nft.artwork_delete',
          target: { type: 'nft_artwork', id },
          before: { titles: artwork.titles },
          after: null,
          at: now,
        });
      });
      return { id };
    },

    async adminBoxes() {
      const currencies = await currencyMap();
      const boxes = await repository.listBoxes(db);
      const list = [];
      for (const box of boxes) {
        const [opened] = await repository.rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from nft_items where box_id = ${box.id} and opened_at is not null`,
        );
        list.push(adminBoxView(box, currencies, Number(opened?.n ?? 0)));
      }
      return { list };
    },

    /** A blind box: the server draws its secret seed and publishes the hash. */
    async createBox(
      actor: AuditActor | null,
      body: {
        artist_id: number;
        titles: Texts;
        descriptions?: Texts | undefined;
        cover: string;
        price: string;
        currency_id: number;
        supply: number;
        starts_at: number;
        ends_at: number;
        items: readonly { artwork_id: number; weight: number }[];
      },
    ) {
      const currencies = await currencyMap();
      const currency = currencies.get(body.currency_id);
      if (!currency) throw nftError('terms_invalid');
      const price = units(body.price, currency, 'bad_price');
      const startsAt = new Date(body.starts_at);
      const endsAt = new Date(body.ends_at);
      if (endsAt <= startsAt) throw nftError('end_before_start');
      if (new Set(body.items.map((item) => item.artwork_id)).size !== body.items.length)
        throw nftError('terms_invalid');
      const now = clock.now();
      const serverSeed = randomBytes(32).toString('hex');
      const id = await inTransaction(async (tx) => {
        if (!(await repository.artistById(tx, body.artist_id))) throw nftError('not_found');
        const artworks = await repository.artworksByIds(
          tx,
          body.items.map((item) => item.artwork_id),
        );
        if (artworks.size !== body.items.length) throw nftError('terms_invalid');
        const boxId = await repository.insertBox(tx, {
          artistId: body.artist_id,
          titles: body.titles,
          descriptions: body.descriptions ?? {},
          cover: body.cover,
          price,
          currencyId: currency.id,
          supply: body.supply,
          startsAt,
          endsAt,
          commit: nftBoxCommit(serverSeed),
          serverSeed,
          items: body.items.map((item) => ({ artworkId: item.artwork_id, weight: item.weight })),
          at: now,
        });
        await scheduler.schedule(tx, { kind: nftRevealKind, key: String(boxId), dueAt: endsAt });
        if (actor)
          await recordAudit(tx, {
            actor,
            action: 'nft.box_create',
            target: { type: 'nft_box', id: boxId },
            before: null,
            after: {
              titles: body.titles,
              price: body.price,
              currency_id: currency.id,
              supply: body.supply,
              items: body.items.map((item) => ({ artwork_id: item.artwork_id, weight: item.weight })),
              commit: nftBoxCommit(serverSeed),
              starts_at: startsAt.toISOString(),
              ends_at: endsAt.toISOString(),
            },
            at: now,
          });
        return boxId;
      });
      return adminBoxView((await repository.boxById(db, id)) as BoxRecord, currencies, 0);
    },

    async adminResales(state?: repository.ListingState) {
      const currencies = await currencyMap();
      const listings = await repository.listingsWhere(
        db,
        state ? sql`seller_user_id is not null and state = ${state}` : sql`seller_user_id is not null`,
        sql` limit 500`,
      );
      const list = [];
      for (const listing of listings) list.push(await adminResaleView(listing, currencies));
      return { list };
    },

    async reviewResale(actor: AuditActor, params: { id: number; approve: boolean; reason?: string }) {
      const now = clock.now();
      await inTransaction(async (tx) => {
        const listing = await repository.listingById(tx, params.id, 'update');
        if (!listing || listing.sellerUserId === null) throw nftError('not_found');
        if (listing.state !== 'pending_review') throw nftError('not_reviewable');
        const item = (await repository.itemById(tx, listing.itemId, 'update')) as ItemRecord;
        if (item.ownerUserId !== listing.sellerUserId) throw nftError('not_reviewable');
        if (params.approve && now >= listing.endsAt) throw nftError('ended');
        const state = params.approve ? 'live' : 'rejected';
        await tx.execute(
          sql`update nft_listings set state = ${state}, reviewed_at = ${now.toISOString()}::timestamptz,
                reviewed_by = ${actor.staffId}, reason = ${params.reason ?? null}
              where id = ${listing.id} and state = 'pending_review'`,
        );
        if (params.approve && listing.mode === 'auction')
          await scheduler.schedule(tx, {
            kind: nftSettleKind,
            key: String(listing.id),
            dueAt: listing.endsAt,
          });
        await message(tx, {
          userId: listing.sellerUserId,
          kind: params.approve ? 'resale_approved' : 'resale_rejected',
          itemId: listing.itemId,
          listingId: listing.id,
          price: listing.price,
          currencyId: listing.currencyId,
          at: now,
        });
        await recordAudit(tx, {
          actor,
          action: params.approve ? 'nft.resale_approve' : 'nft.resale_reject',
          target: { type: 'nft_listing', id: listing.id },
          before: { state: listing.state },
          after: { state },
          ...(params.reason ? { reason: params.reason } : {}),
          at: now,
        });
      });
      return adminResaleView(
        (await repository.listingById(db, params.id)) as ListingRecord,
        await currencyMap(),
      );
    },

    async adminAuctions() {
      const currencies = await currencyMap();
      const listings = await repository.listingsWhere(
        db,
        sql`mode = 'auction' and state <> 'pending_review'`,
        sql` limit 500`,
      );
      const list = [];
      for (const listing of listings) {
        const item = (await repository.itemById(db, listing.itemId)) as ItemRecord;
        const artwork = (await repository.artworkById(db, item.artworkId as number)) as ArtworkRecord;
        const scale = currencies.get(listing.currencyId)?.scale ?? 0;
        const [held] = await repository.rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from nft_margins where listing_id = ${listing.id} and state = 'held'`,
        );
        list.push({
          listing_id: listing.id,
          code: itemCode(item.id),
          title: pick(artwork.titles, 'en'),
          resale: listing.sellerUserId !== null,
          state: listing.state,
          start_price: fromScaledBigint(listing.price, scale),
          increment: fromScaledBigint(listing.increment ?? 0n, scale),
          margin: fromScaledBigint(listing.margin ?? 0n, scale),
          current_price: listing.currentPrice === null ? null : fromScaledBigint(listing.currentPrice, scale),
          leader_id: listing.currentBidderId,
          bids: listing.bids,
          deposits_held: Number(held?.n ?? 0),
          currency: currencies.get(listing.currencyId)?.code ?? '',
          starts_at: listing.startsAt.getTime(),
          ends_at: listing.endsAt.getTime(),
          settled_at: listing.settledAt?.getTime() ?? null,
          pay_deadline: listing.payDeadline?.getTime() ?? null,
          payment: listing.payment,
        });
      }
      return { list };
    },
  };

  /** Marks a listing sold and moves the item to the buyer (one row each, guarded by the state). */
  async function completeSale(
    tx: Database,
    listing: ListingRecord,
    buyerId: number,
    price: bigint,
    now: Date,
    payment?: 'paid',
  ) {
    const fromState = payment ? 'awaiting_payment' : 'live';
    const [sold] = await repository.rows<{ n: number }>(
      tx,
      sql`update nft_listings set state = 'sold', buyer_user_id = ${buyerId}, sold_at = ${now.toISOString()}::timestamptz,
            payment = ${payment ?? null}
          where id = ${listing.id} and state = ${fromState} returning 1 as n`,
    );
    invariant(sold, 'a listing is sold once');
    await tx.execute(
      sql`update nft_items set owner_user_id = ${buyerId}, last_price = ${price.toString()}::numeric,
            last_currency_id = ${listing.currencyId}, acquired_at = ${now.toISOString()}::timestamptz,
            resold = resold or ${listing.sellerUserId !== null}
          where id = ${listing.itemId}`,
    );
    await message(tx, {
      userId: listing.sellerUserId,
      kind: 'sold',
      itemId: listing.itemId,
      listingId: listing.id,
      price,
      currencyId: listing.currencyId,
      at: now,
    });
  }

  async function adminResaleView(listing: ListingRecord, currencies: Map<number, Currency>) {
    const item = (await repository.itemById(db, listing.itemId)) as ItemRecord;
    const artwork = (await repository.artworkById(db, item.artworkId as number)) as ArtworkRecord;
    const scale = currencies.get(listing.currencyId)?.scale ?? 0;
    return {
      id: listing.id,
      code: itemCode(item.id),
      title: pick(artwork.titles, 'en'),
      cover: artwork.cover,
      seller_id: listing.sellerUserId as number,
      sale_mode: listing.mode,
      price: fromScaledBigint(listing.price, scale),
      increment: listing.increment === null ? null : fromScaledBigint(listing.increment, scale),
      margin: listing.margin === null ? null : fromScaledBigint(listing.margin, scale),
      currency: currencies.get(listing.currencyId)?.code ?? '',
      starts_at: listing.startsAt.getTime(),
      ends_at: listing.endsAt.getTime(),
      state: listing.state,
      created_at: listing.createdAt.getTime(),
      reviewed_at: listing.reviewedAt?.getTime() ?? null,
      reviewed_by: listing.reviewedBy,
      reason: listing.reason,
    };
  }
}

const numberOr = (value: number | null) => (value === null ? null : Number(value));

function adminArtworkView(artwork: ArtworkRecord, currencies: Map<number, Currency>): AdminNftArtwork {
  return {
    id: artwork.id,
    artist_id: artwork.artistId,
    collection_id: artwork.collectionId,
    media_type: artwork.mediaType,
    media: artwork.media,
    cover: artwork.cover,
    titles: artwork.titles,
    descriptions: artwork.descriptions,
    rarity: artwork.rarity,
    currency_id: artwork.currencyId,
    currency: currencies.get(artwork.currencyId)?.code ?? '',
    editions: artwork.minted,
    unsold: artwork.unsold,
    created_at: artwork.createdAt.getTime(),
  };
}

function adminBoxView(box: BoxRecord, currencies: Map<number, Currency>, opened: number) {
  return {
    id: box.id,
    code: boxCode(box.id),
    artist_id: box.artistId,
    titles: box.titles,
    descriptions: box.descriptions,
    cover: box.cover,
    price: fromScaledBigint(box.price, currencies.get(box.currencyId)?.scale ?? 0),
    currency_id: box.currencyId,
    currency: currencies.get(box.currencyId)?.code ?? '',
    supply: box.supply,
    sold: box.sold,
    opened,
    starts_at: box.startsAt.getTime(),
    ends_at: box.endsAt.getTime(),
    items: box.items.map((item) => ({ artwork_id: item.artworkId, weight: item.weight })),
    commit: box.commit,
    server_seed: box.revealedAt ? box.serverSeed : null,
    revealed_at: box.revealedAt?.getTime() ?? null,
    created_at: box.createdAt.getTime(),
  };
}
