/**
 * Pure view logic of the NFT screens: paths, countdown text, the sale status label, the blind-box
 * proof view model (recomputed in the browser with the domain's draw) and the bid sheet's figures.
 */
import { type NftBoxDetail, type NftItemDetail, nftResellBodySchema } from '@fairex/contract';
import { checkNftResale, nftBoxCommit, toScaledBigint, verifyNftBoxOpenings } from '@fairex/domain';

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
  const rest = String(Math.abs(bps % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return rest ? `${whole}.${rest}%` : `${whole}%`;
}

/** Parts per million as a percentage with up to two decimals ("12.5%"). */
export function ppmText(ppm: number): string {
  const hundredths = Math.floor(ppm / 100);
  const whole = Math.floor(hundredths / 100);
  const rest = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
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

// ---------------------------------------------------------------------------------------------
// Resale form: the contract's body schema (without the code), plus the domain's resale rule.

/** The resale form's values as the inputs hold them; times are local "YYYY-MM-DDTHH:mm". */
export type ResellFormValues = {
  sale_mode: 'normal' | 'auction';
  price: string;
  increment: string;
  margin: string;
  starts_at: string;
  ends_at: string;
};

export type ResellErrorKey =
  | 'nft:resell.errors.price'
  | 'nft:resell.errors.increment'
  | 'nft:resell.errors.margin'
  | 'nft:resell.errors.start'
  | 'nft:resell.errors.end'
  | 'nft:resell.errors.endBeforeStart'
  | 'nft:resell.errors.endPast';

/** Local datetime text to Unix ms; '' stays ''. */
export function localTimeMs(text: string): number | '' {
  if (!text) return '';
  const ms = new Date(text).getTime();
  return Number.isFinite(ms) ? ms : '';
}

/**
 * The body resellNFT takes from the form, or the errors by field (i18n keys): the contract's
 * schema decides the shape, the domain's checkNftResale the rule (positive price, positive
 * increment, end after start and not past).
 */
export function resellBody(
  code: string,
  values: ResellFormValues,
  nowMs: number,
  scale: number,
):
  | { readonly ok: true; readonly body: ResellBody }
  | { readonly ok: false; readonly errors: Partial<Record<keyof ResellFormValues, ResellErrorKey>> } {
  const errors: Partial<Record<keyof ResellFormValues, ResellErrorKey>> = {};
  const units = (text: string) => {
    const parsed = toScaledBigint(text.trim(), scale);
    return parsed.ok ? parsed.value : null;
  };
  const price = units(values.price);
  if (price === null || price <= 0n) errors.price = 'nft:resell.errors.price';
  if (values.sale_mode === 'normal') {
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    const body = nftResellBodySchema.safeParse({ code, sale_mode: 'normal', price: values.price.trim() });
    return body.success
      ? { ok: true, body: body.data }
      : { ok: false, errors: { price: 'nft:resell.errors.price' } };
  }
  const increment = units(values.increment);
  if (increment === null || increment <= 0n) errors.increment = 'nft:resell.errors.increment';
  const margin = values.margin.trim() === '' ? 0n : units(values.margin);
  if (margin === null || margin < 0n) errors.margin = 'nft:resell.errors.margin';
  const starts = localTimeMs(values.starts_at);
  const ends = localTimeMs(values.ends_at);
  if (starts === '') errors.starts_at = 'nft:resell.errors.start';
  if (ends === '') errors.ends_at = 'nft:resell.errors.end';
  if (
    price !== null &&
    increment !== null &&
    starts !== '' &&
    ends !== '' &&
    Object.keys(errors).length === 0
  ) {
    const check = checkNftResale(
      { mode: 'auction', price, increment, startsAtMs: starts, endsAtMs: ends },
      nowMs,
    );
    if (!check.ok) {
      if (check.reason === 'end_before_start') errors.ends_at = 'nft:resell.errors.endBeforeStart';
      else if (check.reason === 'start_in_past') errors.ends_at = 'nft:resell.errors.endPast';
      else if (check.reason === 'bad_increment') errors.increment = 'nft:resell.errors.increment';
      else errors.price = 'nft:resell.errors.price';
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const body = nftResellBodySchema.safeParse({
    code,
    sale_mode: 'auction',
    price: values.price.trim(),
    increment: values.increment.trim(),
    ...(values.margin.trim() ? { margin: values.margin.trim() } : {}),
    starts_at: starts,
    ends_at: ends,
  });
  return body.success
    ? { ok: true, body: body.data }
    : { ok: false, errors: { price: 'nft:resell.errors.price' } };
}

export type ResellBody = ReturnType<typeof nftResellBodySchema.parse>;
