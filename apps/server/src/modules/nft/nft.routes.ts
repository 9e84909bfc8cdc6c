import {
  adminNftArtistDeleteRoute,
  adminNftArtistSaveRoute,
  adminNftArtistsRoute,
  adminNftArtworkDeleteRoute,
  adminNftArtworkSaveRoute,
  adminNftArtworksRoute,
  adminNftAuctionsRoute,
  adminNftBoxCreateRoute,
  adminNftBoxesRoute,
  adminNftCollectionDeleteRoute,
  adminNftCollectionSaveRoute,
  adminNftCollectionsRoute,
  adminNftResaleApproveRoute,
  adminNftResaleRejectRoute,
  adminNftResalesRoute,
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
  nftMyCollectRoute,
  nftMyItemsRoute,
  nftNeedPayRoute,
  nftOpenBoxRoute,
  nftPayRoute,
  nftReadMessageRoute,
  nftResellRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../platform/http/contract-route';
import { requiredUserId, signedInUserId } from '../../platform/http/route-policy';
import { staffActorOf } from '../audit';
import type { NftService } from './nft.service';

const custodial = 'Items are held on the platform (custodial); ';

/** The /bind_box market for users and the catalogue, boxes, resale review and auctions for staff. */
export function nftRoutes(nft: NftService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, { tags: ['nft'] });
    const staff = contractRoutes(app, { tags: ['staff: nft'] });

    route.get(
      nftBoxListRoute,
      {
        summary: 'The NFT market: items on sale (fixed price or auction) and blind boxes',
        description:
          'Sale status (spec section 4): 2 before the start, the listing flag (0 or 1) between start and ' +
          'end, 0 after the end. `all=1` adds sold and ended items. Filters: sale_mode, media_type, ' +
          'artist_id, collection_id, keyword (title or artist name).',
      },
      (request) =>
        nft.market({
          page: request.query.page,
          limit: request.query.limit,
          saleMode: request.query.sale_mode,
          mediaType: request.query.media_type,
          artistId: request.query.artist_id,
          collectionId: request.query.collection_id,
          keyword: request.query.keyword,
          all: request.query.all === '1',
          locale: request.locale,
          userId: signedInUserId(request),
        }),
    );

    route.get(
      nftBoxDetailRoute,
      {
        summary:
          'One item ("N12") with its listing, auction and terms, or one blind box ("B3") with its proof',
        description:
          custodial +
          'a box shows its items and weights (the odds), the seed hash (commit), every opening with its ' +
          'public inputs, and the seed once revealed after the sale, so anyone can recompute each draw: ' +
          'sha256("fairex-nft-box-v1|seed|client_seed|public_value|box_id|nonce") mod the total weight.',
      },
      (request) => nft.detail(request.query.id, request.locale, signedInUserId(request)),
    );

    route.get(
      nftArtistListRoute,
      { summary: 'Artists, with their bio in the caller’s language' },
      (request) =>
        nft.artists({
          page: request.query.page,
          limit: request.query.limit,
          keyword: request.query.keyword,
          locale: request.locale,
        }),
    );

    route.get(nftArtistDetailRoute, { summary: 'An artist with their collections and items' }, (request) =>
      nft.artistDetail(request.query.uid, request.locale, signedInUserId(request)),
    );

    route.get(
      nftCollectionRoute,
      { summary: 'Collections (series); with `id`, one collection and its items' },
      (request) =>
        nft.collections({
          page: request.query.page,
          limit: request.query.limit,
          artistId: request.query.artist_id,
          id: request.query.id,
          locale: request.locale,
          userId: signedInUserId(request),
        }),
    );

    route.post(nftCollectRoute, { summary: 'Add an item or box to favourites, or remove it' }, (request) =>
      nft.collect(requiredUserId(request), request.body.code),
    );

    route.get(nftMyCollectRoute, { summary: 'The caller’s favourites' }, (request) =>
      nft.myCollect({
        userId: requiredUserId(request),
        page: request.query.page,
        limit: request.query.limit,
        locale: request.locale,
      }),
    );

    route.get(
      nftCurrencyRoute,
      {
        summary: 'The currencies NFTs are priced in, with the published fee, royalty and auction terms',
        description:
          '`fee_bps`: platform fee on every sale (basis points of the price, paid by the seller); ' +
          '`royalty_bps`: the artist’s royalty on every resale; `payment_window_ms`: how long an auction ' +
          'winner has to pay; `extension_window_ms`: a bid closer than this to the deadline moves it.',
      },
      () => nft.currencies(),
    );

    route.post(
      nftBuyRoute,
      {
        summary: 'Buy an item at its fixed price, or a blind box',
        description:
          custodial +
          'the price moves from the buyer’s spot account to the seller (less the platform fee and, on a ' +
          'resale, the royalty) and the item to the buyer in one transaction; of two buyers racing for ' +
          'one item exactly one gets it. A box purchase fixes the buyer’s `client_seed` and the opening ' +
          'nonce. Honours Idempotency-Key.',
      },
      (request) =>
        nft.buy({
          userId: requiredUserId(request),
          code: request.body.code,
          price: request.body.price,
          clientSeed: request.body.client_seed,
        }),
    );

    route.post(
      nftMarginRoute,
      {
        summary: 'Pay an auction’s margin deposit (once per bidder per auction, held in escrow)',
        description:
          'Released when the auction ends and the caller lost, or when the winner pays; forfeited to the ' +
          'seller when the winner does not pay within the window. Honours Idempotency-Key.',
      },
      (request) => nft.payMargin({ userId: requiredUserId(request), code: request.body.code }),
    );

    route.post(
      nftBidRoute,
      {
        summary: 'Bid on an auction: at least the current bid plus the per-bid increase',
        description: 'A bid within the extension window before the deadline moves the deadline.',
      },
      (request) =>
        nft.bid({ userId: requiredUserId(request), code: request.body.code, price: request.body.price }),
    );

    route.post(
      nftBidLogRoute,
      { summary: 'An item’s bid records, newest first, bidders masked' },
      (request) =>
        nft.bidLog({
          code: request.body.code,
          page: request.body.page,
          limit: request.body.limit,
          userId: signedInUserId(request),
        }),
    );

    route.get(
      nftMyItemsRoute,
      { summary: `${custodial.replace('; ', ': ')}the caller’s items and boxes` },
      (request) =>
        nft.myItems({
          userId: requiredUserId(request),
          tab: request.query.tab,
          page: request.query.page,
          limit: request.query.limit,
          locale: request.locale,
        }),
    );

    route.post(
      nftMyBidsRoute,
      { summary: 'The caller’s bids with each auction’s state and deposit' },
      (request) =>
        nft.myBids({
          userId: requiredUserId(request),
          page: request.body.page,
          limit: request.body.limit,
          locale: request.locale,
        }),
    );

    route.post(
      nftOpenBoxRoute,
      {
        summary: 'Open one of the caller’s blind boxes (a ticket code)',
        description:
          'The public value is the head hashes of the recorded price chains at opening (GET ' +
          '/market/tick_chain); the draw is the published pure function; the result is public.',
      },
      (request) =>
        nft.openBox({ userId: requiredUserId(request), code: request.body.code, locale: request.locale }),
    );

    route.post(
      nftResellRoute,
      {
        summary: 'List an owned item for resale (fixed price or auction); it goes live after staff review',
        description:
          'An auction needs a per-bid increase and an end after its start. Resold items cannot be withdrawn.',
      },
      (request) =>
        nft.resell({
          userId: requiredUserId(request),
          code: request.body.code,
          saleMode: request.body.sale_mode,
          price: request.body.price,
          increment: request.body.increment,
          margin: request.body.margin,
          startsAt: request.body.starts_at,
          endsAt: request.body.ends_at,
        }),
    );

    route.get(
      nftNeedPayRoute,
      { summary: 'Auctions the caller won: due (with the deadline), paid, expired' },
      (request) =>
        nft.needPay({
          userId: requiredUserId(request),
          page: request.query.page,
          limit: request.query.limit,
          locale: request.locale,
        }),
    );

    route.post(
      nftPayRoute,
      {
        summary: 'Pay a won auction within the window; the item moves and the deposit comes back',
        description: 'Refused after the window (the deposit was forfeited). Honours Idempotency-Key.',
      },
      (request) => nft.pay({ userId: requiredUserId(request), id: request.body.id, locale: request.locale }),
    );

    route.get(
      nftMessagesRoute,
      { summary: 'The caller’s NFT messages, newest first, with the unread count' },
      (request) =>
        nft.messages({
          userId: requiredUserId(request),
          page: request.query.page,
          limit: request.query.limit,
          locale: request.locale,
        }),
    );

    route.post(nftReadMessageRoute, { summary: 'Mark a message read (id 0: all)' }, (request) =>
      nft.readMessage(requiredUserId(request), request.body.id),
    );

    // Console
    staff.get(adminNftArtistsRoute, { summary: 'Artists' }, () => nft.adminArtists());
    staff.post(adminNftArtistSaveRoute, { summary: 'Create or update an artist (audited)' }, (request) =>
      nft.saveArtist(staffActorOf(request), request.body),
    );
    staff.post(
      adminNftArtistDeleteRoute,
      { summary: 'Delete an artist with nothing attached (audited)' },
      (request) => nft.deleteArtist(staffActorOf(request), request.body.id),
    );
    staff.get(adminNftCollectionsRoute, { summary: 'Collections' }, () => nft.adminCollections());
    staff.post(
      adminNftCollectionSaveRoute,
      { summary: 'Create or update a collection (audited)' },
      (request) => nft.saveCollection(staffActorOf(request), request.body),
    );
    staff.post(
      adminNftCollectionDeleteRoute,
      { summary: 'Delete an empty collection (audited)' },
      (request) => nft.deleteCollection(staffActorOf(request), request.body.id),
    );
    staff.get(adminNftArtworksRoute, { summary: 'Artworks with editions and unsold items' }, () =>
      nft.adminArtworks(),
    );
    staff.post(
      adminNftArtworkSaveRoute,
      { summary: 'Create an artwork and list its editions, or update its texts and media (audited)' },
      (request) =>
        nft.saveArtwork(staffActorOf(request), {
          ...request.body,
          starts_at: request.body.starts_at,
          ends_at: request.body.ends_at,
        }),
    );
    staff.post(
      adminNftArtworkDeleteRoute,
      { summary: 'Delete an artwork none of whose items sold (audited)' },
      (request) => nft.deleteArtwork(staffActorOf(request), request.body.id),
    );
    staff.get(adminNftBoxesRoute, { summary: 'Blind boxes: odds, commit, and the seed once revealed' }, () =>
      nft.adminBoxes(),
    );
    staff.post(
      adminNftBoxCreateRoute,
      {
        summary: 'Create a blind box: items, weights and terms fixed; the server draws the seed (audited)',
        description:
          'The seed hash is public at once; the seed itself is revealed by scheduled work at `ends_at`.',
      },
      (request) => nft.createBox(staffActorOf(request), request.body),
    );
    staff.get(
      adminNftResalesRoute,
      { summary: 'Resale listings, by state (the review queue: pending_review)' },
      (request) => nft.adminResales(request.query.state),
    );
    staff.post(
      adminNftResaleApproveRoute,
      { summary: 'Approve a resale: it goes live (audited)' },
      (request) => nft.reviewResale(staffActorOf(request), { id: request.body.id, approve: true }),
    );
    staff.post(adminNftResaleRejectRoute, { summary: 'Reject a resale with a reason (audited)' }, (request) =>
      nft.reviewResale(staffActorOf(request), {
        id: request.body.id,
        approve: false,
        reason: request.body.reason,
      }),
    );
    staff.get(
      adminNftAuctionsRoute,
      { summary: 'Auctions with bids, deposits and settlement (read-only)' },
      () => nft.adminAuctions(),
    );
  };
}
