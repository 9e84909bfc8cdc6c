/**
 * The NFT market's pure rules, shared by the server (which sells, settles and draws with them) and
 * the web (which shows countdowns, checks a bid before sending it and recomputes every blind-box
 * opening): sale status from the clock (spec section 4), the split of a sale into fee, royalty and
 * seller's part, auction bids (minimum increase, anti-sniping extension), the fate of each margin
 * deposit (released or forfeited exactly once) and the provably fair blind-box draw. Amounts are
 * bigint smallest units; times are Unix milliseconds; no clock, no I/O.
 *
 * The blind-box scheme (version 1), as published in the API document and on each box:
 * 1. Before the sale the platform draws a secret `serverSeed` per box and publishes
 *    commit = sha256(serverSeed) with the full item list and weights (the odds).
 * 2. A buyer's purchase fixes the buyer's `clientSeed` (the buyer's own, or one made for them) and
 *    the opening nonce (1, 2, 3 ... per box, in purchase order).
 * 3. At opening the server takes `publicValue`: the head hashes of the recorded price-tick chains
 *    (GET /market/tick_chain) at that moment, a value nobody knew when the buyer committed.
 * 4. digest = sha256("fairex-nft-box-v1|" + serverSeed + "|" + clientSeed + "|" + publicValue +
 *    "|" + boxId + "|" + nonce); r = the digest as a 256-bit integer mod W, W the sum of the
 *    weights; the drawn item is the first, in published order, whose running weight sum exceeds r.
 * 5. After the sale ends the seed is revealed; anyone recomputes every opening with
 *    `verifyNftBoxOpenings` and checks the commit.
 */
import { invariant } from './invariant';
import { sha256Hex } from './sha256';

export { sha256Hex } from './sha256';

// ---------------------------------------------------------------------------------------------
// Sale status from the clock (spec section 4)

/** 2 "will start" before the start; 0 or 1 (the item's flag) while on sale; 0 after the end. */
export const nftSaleStatusWillStart = 2;
export type NftSaleStatus = 0 | 1 | 2;

export function nftSaleStatus(
  sale: { readonly startsAtMs: number; readonly endsAtMs: number; readonly flag: 0 | 1 },
  nowMs: number,
): NftSaleStatus {
  if (nowMs < sale.startsAtMs) return nftSaleStatusWillStart;
  if (nowMs < sale.endsAtMs) return sale.flag === 0 ? 0 : 1;
  return 0;
}

/** Whether a sale window is open now (between start, inclusive, and end, exclusive). */
export function nftSaleOpen(sale: { readonly startsAtMs: number; readonly endsAtMs: number }, nowMs: number) {
  return nowMs >= sale.startsAtMs && nowMs < sale.endsAtMs;
}

// ---------------------------------------------------------------------------------------------
// Fee and royalty

/** Rates in basis points (1/10000). */
export const nftBasisPoints = 10_000n;

export type NftSaleSplit = {
  /** The platform's fee: floor(price x feeBps / 10000). */
  readonly fee: bigint;
  /** The artist's royalty on a resale (0 on a primary sale): floor(price x royaltyBps / 10000). */
  readonly royalty: bigint;
  /** What the seller receives: price - fee - royalty. */
  readonly seller: bigint;
};

export function nftSaleSplit(params: {
  readonly price: bigint;
  readonly feeBps: number;
  readonly royaltyBps: number;
  readonly resale: boolean;
}): NftSaleSplit {
  const { price, feeBps, royaltyBps } = params;
  invariant(price > 0n, 'a sale has a positive price');
  invariant(Number.isInteger(feeBps) && Number.isInteger(royaltyBps), 'rates are whole basis points');
  invariant(feeBps >= 0 && royaltyBps >= 0 && feeBps + royaltyBps <= 10_000, 'rates between 0 and 100%');
  const fee = (price * BigInt(feeBps)) / nftBasisPoints;
  const royalty = params.resale ? (price * BigInt(royaltyBps)) / nftBasisPoints : 0n;
  return { fee, royalty, seller: price - fee - royalty };
}

// ---------------------------------------------------------------------------------------------
// Auctions

export type NftAuctionTerms = {
  /** The lowest first bid. */
  readonly startPrice: bigint;
  /** Each later bid exceeds the current one by at least this (> 0). */
  readonly increment: bigint;
  readonly startsAtMs: number;
  /** The current deadline (already extended by earlier late bids). */
  readonly endsAtMs: number;
  /** A bid less than this before the deadline moves the deadline to bid time + window. */
  readonly extensionWindowMs: number;
};

/** The smallest acceptable next bid: the start price, or the current bid plus the increment. */
export function nftMinimumBid(
  terms: Pick<NftAuctionTerms, 'startPrice' | 'increment'>,
  current: bigint | null,
) {
  return current === null ? terms.startPrice : current + terms.increment;
}

export type NftBidRefusal = 'not_started' | 'ended' | 'too_low' | 'own_highest';

export type NftBidCheck =
  | { readonly ok: true; readonly newEndsAtMs: number; readonly extended: boolean }
  | { readonly ok: false; readonly reason: NftBidRefusal; readonly minimum: bigint };

/**
 * Checks a bid of `price` at `nowMs` against the current highest bid. A valid bid within the last
 * `extensionWindowMs` before the deadline extends the deadline to nowMs + window (never shortens it).
 */
export function checkNftBid(
  terms: NftAuctionTerms,
  current: { readonly price: bigint; readonly bidderId: string } | null,
  bid: { readonly price: bigint; readonly bidderId: string; readonly nowMs: number },
): NftBidCheck {
  const minimum = nftMinimumBid(terms, current?.price ?? null);
  if (bid.nowMs < terms.startsAtMs) return { ok: false, reason: 'not_started', minimum };
  if (bid.nowMs >= terms.endsAtMs) return { ok: false, reason: 'ended', minimum };
  if (current !== null && current.bidderId === bid.bidderId)
    return { ok: false, reason: 'own_highest', minimum };
  if (bid.price < minimum) return { ok: false, reason: 'too_low', minimum };
  const extendTo = bid.nowMs + terms.extensionWindowMs;
  const extended = terms.endsAtMs - bid.nowMs < terms.extensionWindowMs && extendTo > terms.endsAtMs;
  return { ok: true, newEndsAtMs: extended ? extendTo : terms.endsAtMs, extended };
}

export type NftDepositFate = 'released' | 'forfeited' | 'held';

/**
 * The fate of every margin deposit of an auction (one per bidder): at the deadline every losing
 * bidder's deposit is released; the winner's stays held until the payment, then it is released
 * when paid or forfeited to the seller when the payment window passed unpaid. `winnerId` null:
 * nobody bid, nothing is held. Each deposit appears exactly once in the result.
 */
export function nftDepositFates(params: {
  readonly depositorIds: readonly string[];
  readonly winnerId: string | null;
  readonly payment: 'pending' | 'paid' | 'expired';
}): ReadonlyMap<string, NftDepositFate> {
  const fates = new Map<string, NftDepositFate>();
  for (const id of params.depositorIds) {
    invariant(!fates.has(id), 'one deposit per bidder');
    if (id !== params.winnerId) fates.set(id, 'released');
    else if (params.payment === 'pending') fates.set(id, 'held');
    else fates.set(id, params.payment === 'paid' ? 'released' : 'forfeited');
  }
  return fates;
}

/** The winner pays within this long of the deadline (one day). */
export const nftPaymentWindowMs = 86_400_000;

/** Whether the winner may still pay at `nowMs` (the window ends exclusive). */
export function nftPaymentOpen(payDeadlineMs: number, nowMs: number) {
  return nowMs < payDeadlineMs;
}

/** "u***7": the public face of a bidder in the bid records. */
export function maskNftBidder(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars.at(-1)}`;
}

// ---------------------------------------------------------------------------------------------
// Provably fair blind boxes

export const nftBoxSchemeVersion = 1;
const nftBoxDomainTag = 'fairex-nft-box-v1';

/** The published commitment to a box's secret seed. */
export function nftBoxCommit(serverSeed: string): string {
  return sha256Hex(serverSeed);
}

export type NftBoxItem = {
  /** The artwork the opening yields. */
  readonly artworkId: number;
  /** A positive whole weight; the odds of the item are weight / sum of weights. */
  readonly weight: number;
};

export type NftBoxDrawInputs = {
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly publicValue: string;
  readonly boxId: number;
  readonly nonce: number;
};

/** The digest an opening is drawn from (hex). */
export function nftBoxDigest(inputs: NftBoxDrawInputs): string {
  invariant(
    Number.isSafeInteger(inputs.boxId) && Number.isSafeInteger(inputs.nonce),
    'whole box id and nonce',
  );
  return sha256Hex(
    [
      nftBoxDomainTag,
      inputs.serverSeed,
      inputs.clientSeed,
      inputs.publicValue,
      inputs.boxId,
      inputs.nonce,
    ].join('|'),
  );
}

/** The index, in the published list, of the item `digest` selects (integer arithmetic only). */
export function nftBoxPick(items: readonly NftBoxItem[], digest: string): number {
  invariant(items.length > 0, 'a box has items');
  let total = 0n;
  for (const item of items) {
    invariant(Number.isSafeInteger(item.weight) && item.weight > 0, 'weights are positive whole numbers');
    total += BigInt(item.weight);
  }
  invariant(/^[0-9a-f]{64}$/.test(digest), 'a sha-256 hex digest');
  const r = BigInt(`0x${digest}`) % total;
  let running = 0n;
  for (let index = 0; index < items.length; index += 1) {
    running += BigInt((items[index] as NftBoxItem).weight);
    if (r < running) return index;
  }
  /* c8 ignore next */
  throw new Error('unreachable: r < total');
}

/** The draw: which item an opening yields. */
export function nftBoxDraw(items: readonly NftBoxItem[], inputs: NftBoxDrawInputs): NftBoxItem {
  return items[nftBoxPick(items, nftBoxDigest(inputs))] as NftBoxItem;
}

/** One published opening result. */
export type NftBoxOpening = {
  readonly nonce: number;
  readonly clientSeed: string;
  readonly publicValue: string;
  /** The artwork the server says it drew. */
  readonly artworkId: number;
};

export type NftBoxVerification = {
  /** The revealed seed hashes to the published commit. */
  readonly commitMatches: boolean;
  /** The openings whose recomputed item differs from the published one (nonces). */
  readonly mismatches: readonly number[];
  /** commitMatches and no mismatch. */
  readonly ok: boolean;
  /** How many of each artwork actually came out, by artwork id. */
  readonly drawnCounts: ReadonlyMap<number, number>;
};

/** Recomputes every opening of a box from its revealed seed and the public inputs. */
export function verifyNftBoxOpenings(params: {
  readonly boxId: number;
  readonly commit: string;
  readonly serverSeed: string;
  readonly items: readonly NftBoxItem[];
  readonly openings: readonly NftBoxOpening[];
}): NftBoxVerification {
  const commitMatches = nftBoxCommit(params.serverSeed) === params.commit;
  const mismatches: number[] = [];
  const drawnCounts = new Map<number, number>();
  for (const opening of params.openings) {
    const drawn = nftBoxDraw(params.items, {
      serverSeed: params.serverSeed,
      clientSeed: opening.clientSeed,
      publicValue: opening.publicValue,
      boxId: params.boxId,
      nonce: opening.nonce,
    });
    if (drawn.artworkId !== opening.artworkId) mismatches.push(opening.nonce);
    drawnCounts.set(opening.artworkId, (drawnCounts.get(opening.artworkId) ?? 0) + 1);
  }
  return { commitMatches, mismatches, ok: commitMatches && mismatches.length === 0, drawnCounts };
}

/** The odds of each item in parts per million (floor), for display beside the drawn counts. */
export function nftBoxOddsPpm(items: readonly NftBoxItem[]): number[] {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  invariant(total > 0, 'a box has weight');
  return items.map((item) => Math.floor((item.weight * 1_000_000) / total));
}

// ---------------------------------------------------------------------------------------------
// Resale

export type NftResaleRefusal = 'bad_price' | 'bad_increment' | 'end_before_start' | 'start_in_past';

/** Checks a resale listing's terms (spec section 5): a positive price; an auction also needs a positive per-bid increase and an end after its start. */
export function checkNftResale(
  terms:
    | { readonly mode: 'normal'; readonly price: bigint }
    | {
        readonly mode: 'auction';
        readonly price: bigint;
        readonly increment: bigint;
        readonly startsAtMs: number;
        readonly endsAtMs: number;
      },
  nowMs: number,
): { readonly ok: true } | { readonly ok: false; readonly reason: NftResaleRefusal } {
  if (terms.price <= 0n) return { ok: false, reason: 'bad_price' };
  if (terms.mode === 'auction') {
    if (terms.increment <= 0n) return { ok: false, reason: 'bad_increment' };
    if (terms.endsAtMs <= terms.startsAtMs) return { ok: false, reason: 'end_before_start' };
    if (terms.endsAtMs <= nowMs) return { ok: false, reason: 'start_in_past' };
  }
  return { ok: true };
}
