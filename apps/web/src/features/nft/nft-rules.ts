/**
 * Pure view logic of the NFT screens: paths, countdown text, the sale status label, the blind-box
 * proof view model (recomputed in the browser with the domain's draw) and the bid sheet's figures.
 */
import type { NftBoxDetail, NftItemDetail } from '@fairex/contract';
import { nftBoxCommit, verifyNftBoxOpenings } from '@fairex/domain';

export const nftPaths = {
  market: '/pages/nft/nft',
  search: '/pages/nft/search',
  artists: '/pages/nft/artist',
  artworks: '/pages/nft/artwork',
  collection: '/pages/nft/collection',
  artist: '/pages/nft/artistDetail',
  detail: '/pages/nft/artworkDetail',
  video: '/pages/nft/artworkDetail_video',
  purchase: '/pages/nft/purchase',
  purchaseOne: '/pages/nft/purchase_one',
  mine: '/pages/nft/mine',
  myNft: '/pages/nft/myNft',
  resell: '/pages/nft/resell',
} as const;

/** The detail page of a code: video artworks open the video page (spec: artworkDetail_video). */
export function detailPath(code: string, mediaType?: string): string {
  const base = mediaType === 'video' ? nftPaths.video : nftPaths.detail;
  return `${base}?id=${encodeURIComponent(code)}`;
}

const codePattern = /^[NB][1-9]\d{0,11}$/;

/** The code in `?id=` (or `?code=`), or null when absent or malformed. */
export function readCode(search: URLSearchParams): string | null {
  const raw = (search.get('id') ?? search.get('code') ?? '').trim();
  return codePattern.test(raw) ? raw : null;
}

/** A positive whole id in `?name=`, or null. */
export function readId(search: URLSearchParams, name: string): number | null {
  const raw = search.get(name) ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const value = Number(raw);
  return value <= 2_147_483_647 ? value : null;
}

export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number };

/** Whole days, hours, minutes and seconds left (rounded up to the second, never negative). */
export function countdownParts(leftMs: number): CountdownParts {
  const total = Math.max(0, Math.ceil(leftMs / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const two = (value: number) => String(value).padStart(2, '0');

/** "1d 02:03:04" (the day suffix is localised) or "02:03:04". */
export function countdownText(leftMs: number, daySuffix: string): string {
  const parts = countdownParts(leftMs);
  const clock = `${two(parts.hours)}:${two(parts.minutes)}:${two(parts.seconds)}`;
  return parts.days > 0 ? `${parts.days}${daySuffix} ${clock}` : clock;
}

export type SalePhase = 'will_start' | 'on_sale' | 'ended';

/** Where a sale is by the clock (the server's status 2 means "will start"). */
export function salePhase(sale: { starts_at: number; ends_at: number }, nowMs: number): SalePhase {
  if (nowMs < sale.starts_at) return 'will_start';
  if (nowMs < sale.ends_at) return 'on_sale';
  return 'ended';
}

/** The moment the shown countdown runs to, or null once ended. */
export function countdownTarget(sale: { starts_at: number; ends_at: number }, nowMs: number): number | null {
  const phase = salePhase(sale, nowMs);
  if (phase === 'will_start') return sale.starts_at;
  if (phase === 'on_sale') return sale.ends_at;
  return null;
}

/** "0.25%" from basis points. */
export function bpsText(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const rest = String(Math.abs(bps % 100)).padStart(2, '0').replace(/0+$/, '');
  return rest ? `${whole}.${rest}%` : `${whole}%`;
}

/** Parts per million as a percentage with up to two decimals ("12.5%"). */
export function ppmText(ppm: number): string {
  const hundredths = Math.floor(ppm / 100);
  const whole = Math.floor(hundredths / 100);
  const rest = String(hundredths % 100).padStart(2, '0').replace(/0+$/, '');
  return rest ? `${whole}.${rest}%` : `${whole}%`;
}

/** What the bid sheet shows: the minimum bid and whether this first bid holds a margin deposit. */
export function bidSheetModel(item: NftItemDetail) {
  const auction = item.listing?.auction ?? null;
  if (!auction) return null;
  return {
    minBid: auction.min_next_bid,
    increment: auction.increment,
    currency: item.listing?.currency ?? '',
    firstBid: !auction.my_margin_paid,
    margin: auction.margin,
  };
}

export type BoxProof =
  | { readonly state: 'pending'; readonly commit: string }
  | {
      readonly state: 'verified' | 'failed';
      readonly commit: string;
      readonly seedHash: string;
      readonly commitMatches: boolean;
      readonly openings: number;
      readonly mismatches: readonly number[];
      readonly drawn: ReadonlyMap<number, number>;
    };

/**
 * The proof of a box, recomputed here from the revealed seed and every published opening with the
 * same pure draw the server used: "verified" only if the seed hashes to the commit published
 * before the sale and each opening yields the artwork published for it.
 */
export function boxProof(box: NftBoxDetail): BoxProof {
  if (box.server_seed === null) return { state: 'pending', commit: box.commit };
  const verification = verifyNftBoxOpenings({
    boxId: box.id,
    commit: box.commit,
    serverSeed: box.server_seed,
    items: box.items.map((item) => ({ artworkId: item.artwork_id, weight: item.weight })),
    openings: box.openings.map((opening) => ({
      nonce: opening.nonce,
      clientSeed: opening.client_seed,
      publicValue: opening.public_value,
      artworkId: opening.artwork_id,
    })),
  });
  return {
    state: verification.ok ? 'verified' : 'failed',
    commit: box.commit,
    seedHash: nftBoxCommit(box.server_seed),
    commitMatches: verification.commitMatches,
    openings: box.openings.length,
    mismatches: verification.mismatches,
    drawn: verification.drawnCounts,
  };
}

/** "u***7 · 2/10" style edition text. */
export function editionText(edition: number | null, editions: number | null): string | null {
  return edition !== null && editions !== null ? `#${edition}/${editions}` : null;
}
