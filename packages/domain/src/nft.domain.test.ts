import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { announcedSeed } from './matching/book-test-support';
import {
  checkNftBid,
  checkNftResale,
  maskNftBidder,
  type NftAuctionTerms,
  type NftBoxItem,
  nftBoxCommit,
  nftBoxDigest,
  nftBoxDraw,
  nftBoxOddsPpm,
  nftBoxPick,
  nftDepositFates,
  nftMinimumBid,
  nftSaleSplit,
  nftSaleStatus,
  verifyNftBoxOpenings,
} from './nft.domain';
import { sha256Hex } from './sha256';

const seed = announcedSeed('nft rules');

describe('sha256Hex', () => {
  it('matches the FIPS 180-4 vectors and reference digests, including padding edges and multi-byte text', () => {
    const vectors: [string, string][] = [
      ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
      ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
      [
        'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        '9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318',
      ],
      [
        'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        'b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a',
      ],
      [
        'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb',
      ],
      [
        'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
        '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
      ],
      ['藝術品 🎨 é', '0a379e285fb8120dc87d2164ddd70767dbd25b25149175bbab90782dcdc84d4b'],
    ];
    for (const [text, digest] of vectors) expect(sha256Hex(text)).toBe(digest);
    // The server's tests also compare it with node:crypto on random text.
  });
});

describe('nftSaleStatus (spec section 4)', () => {
  it('is 2 before the start, the flag between start and end, 0 from the end on', () => {
    const sale = { startsAtMs: 1000, endsAtMs: 2000 };
    expect(nftSaleStatus({ ...sale, flag: 0 }, 999)).toBe(2);
    expect(nftSaleStatus({ ...sale, flag: 1 }, 999)).toBe(2);
    expect(nftSaleStatus({ ...sale, flag: 0 }, 1000)).toBe(0);
    expect(nftSaleStatus({ ...sale, flag: 1 }, 1000)).toBe(1);
    expect(nftSaleStatus({ ...sale, flag: 1 }, 1999)).toBe(1);
    expect(nftSaleStatus({ ...sale, flag: 1 }, 2000)).toBe(0);
    expect(nftSaleStatus({ ...sale, flag: 0 }, 5000)).toBe(0);
  });

  it('holds for any window and clock', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 0, max: 2e12 }),
        fc.constantFrom(0 as const, 1 as const),
        (start, length, now, flag) => {
          const status = nftSaleStatus({ startsAtMs: start, endsAtMs: start + length, flag }, now);
          if (now < start) expect(status).toBe(2);
          else if (now < start + length) expect(status).toBe(flag);
          else expect(status).toBe(0);
        },
      ),
      { seed, numRuns: 300 },
    );
  });
});

describe('nftSaleSplit', () => {
  it('fee + royalty + seller = price, none negative, no royalty on a first sale', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.boolean(),
        (price, feeBps, royaltyBps, resale) => {
          const split = nftSaleSplit({ price, feeBps, royaltyBps, resale });
          expect(split.fee + split.royalty + split.seller).toBe(price);
          expect(split.fee >= 0n && split.royalty >= 0n && split.seller >= 0n).toBe(true);
          if (!resale) expect(split.royalty).toBe(0n);
          expect(split.fee).toBe((price * BigInt(feeBps)) / 10_000n);
        },
      ),
      { seed, numRuns: 300 },
    );
  });
});

describe('auction bids', () => {
  const terms: NftAuctionTerms = {
    startPrice: 100n,
    increment: 10n,
    startsAtMs: 1000,
    endsAtMs: 100_000,
    extensionWindowMs: 5000,
  };

  it('takes the start price first, then current + increment; refuses early, late, low and self-outbids', () => {
    expect(nftMinimumBid(terms, null)).toBe(100n);
    expect(checkNftBid(terms, null, { price: 99n, bidderId: 'a', nowMs: 2000 })).toMatchObject({
      ok: false,
      reason: 'too_low',
    });
    expect(checkNftBid(terms, null, { price: 100n, bidderId: 'a', nowMs: 2000 })).toEqual({
      ok: true,
      newEndsAtMs: 100_000,
      extended: false,
    });
    const current = { price: 100n, bidderId: 'a' };
    expect(checkNftBid(terms, current, { price: 109n, bidderId: 'b', nowMs: 2000 })).toMatchObject({
      ok: false,
      reason: 'too_low',
      minimum: 110n,
    });
    expect(checkNftBid(terms, current, { price: 200n, bidderId: 'a', nowMs: 2000 })).toMatchObject({
      reason: 'own_highest',
    });
    expect(checkNftBid(terms, null, { price: 100n, bidderId: 'a', nowMs: 999 })).toMatchObject({
      reason: 'not_started',
    });
    expect(checkNftBid(terms, null, { price: 100n, bidderId: 'a', nowMs: 100_000 })).toMatchObject({
      reason: 'ended',
    });
    expect(checkNftBid(terms, current, { price: 110n, bidderId: 'b', nowMs: 97_000 })).toEqual({
      ok: true,
      newEndsAtMs: 102_000,
      extended: true,
    });
  });

  it('any sequence of bids: accepted prices rise by the increment, the deadline never shrinks and a late bid always leaves the window ahead', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            bidder: fc.constantFrom('a', 'b', 'c'),
            raise: fc.bigInt({ min: -20n, max: 50n }),
            after: fc.integer({ min: 0, max: 30_000 }),
          }),
          { maxLength: 40 },
        ),
        (bids) => {
          let endsAt = terms.endsAtMs;
          let now = terms.startsAtMs;
          let current: { price: bigint; bidderId: string } | null = null;
          for (const bid of bids) {
            now += bid.after;
            const price: bigint = nftMinimumBid(terms, current?.price ?? null) + bid.raise;
            const check = checkNftBid({ ...terms, endsAtMs: endsAt }, current, {
              price,
              bidderId: bid.bidder,
              nowMs: now,
            });
            if (check.ok) {
              if (current) expect(price - current.price >= terms.increment).toBe(true);
              expect(check.newEndsAtMs >= endsAt).toBe(true);
              expect(check.newEndsAtMs - now >= Math.min(terms.extensionWindowMs, endsAt - now)).toBe(true);
              if (endsAt - now < terms.extensionWindowMs)
                expect(check.newEndsAtMs).toBe(now + terms.extensionWindowMs);
              endsAt = check.newEndsAtMs;
              current = { price, bidderId: bid.bidder };
            } else if (now >= endsAt) {
              expect(check.reason).toBe('ended');
            }
          }
        },
      ),
      { seed, numRuns: 300 },
    );
  });

  it('every deposit is released or forfeited exactly once; only an unpaid winner forfeits', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 10 }),
        fc.nat(12),
        fc.constantFrom('pending' as const, 'paid' as const, 'expired' as const),
        (ids, winnerIndex, payment) => {
          const winnerId = ids[winnerIndex] ?? null;
          const fates = nftDepositFates({ depositorIds: ids, winnerId, payment });
          expect(fates.size).toBe(ids.length);
          for (const id of ids) {
            const fate = fates.get(id);
            if (id !== winnerId) expect(fate).toBe('released');
            else
              expect(fate).toBe(
                payment === 'pending' ? 'held' : payment === 'paid' ? 'released' : 'forfeited',
              );
          }
        },
      ),
      { seed, numRuns: 300 },
    );
  });

  it('masks bidders', () => {
    expect(maskNftBidder('user7')).toBe('u***7');
    expect(maskNftBidder('ab')).toBe('a***');
    expect(maskNftBidder('')).toBe('***');
  });
});

describe('blind box draw', () => {
  const items: NftBoxItem[] = [
    { artworkId: 1, weight: 70 },
    { artworkId: 2, weight: 25 },
    { artworkId: 3, weight: 5 },
  ];

  it('is a pure function of the published inputs', () => {
    const inputs = { serverSeed: 's', clientSeed: 'c', publicValue: 'p', boxId: 1, nonce: 1 };
    expect(nftBoxDigest(inputs)).toBe(sha256Hex('fairex-nft-box-v1|s|c|p|1|1'));
    expect(nftBoxDraw(items, inputs)).toEqual(nftBoxDraw(items, { ...inputs }));
    expect(nftBoxCommit('s')).toBe('043a718774c572bd8a25adbeb1bfcd5c0256ae11cecf9f9c3f925d0e52beaf89');
  });

  it('maps digests onto cumulative weights exactly', () => {
    const total = 100n;
    for (let r = 0n; r < total; r += 1n) {
      const digest = r.toString(16).padStart(64, '0');
      expect(nftBoxPick(items, digest)).toBe(r < 70n ? 0 : r < 95n ? 1 : 2);
    }
    expect(nftBoxOddsPpm(items)).toEqual([700_000, 250_000, 50_000]);
  });

  it('recomputation accepts the honest openings and names any altered one', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.array(
          fc.record({
            clientSeed: fc.string({ minLength: 1, maxLength: 10 }),
            publicValue: fc.string({ maxLength: 64 }),
          }),
          {
            minLength: 1,
            maxLength: 15,
          },
        ),
        fc.nat(),
        (serverSeed, buyers, tamperAt) => {
          const openings = buyers.map((buyer, index) => ({
            nonce: index + 1,
            clientSeed: buyer.clientSeed,
            publicValue: buyer.publicValue,
            artworkId: nftBoxDraw(items, { serverSeed, ...buyer, boxId: 7, nonce: index + 1 }).artworkId,
          }));
          const commit = nftBoxCommit(serverSeed);
          const honest = verifyNftBoxOpenings({ boxId: 7, commit, serverSeed, items, openings });
          expect(honest.ok).toBe(true);
          expect([...honest.drawnCounts.values()].reduce((a, b) => a + b, 0)).toBe(openings.length);
          const index = tamperAt % openings.length;
          const tampered = openings.map((opening, i) =>
            i === index ? { ...opening, artworkId: opening.artworkId === 1 ? 2 : 1 } : opening,
          );
          const caught = verifyNftBoxOpenings({ boxId: 7, commit, serverSeed, items, openings: tampered });
          expect(caught.ok).toBe(false);
          expect(caught.mismatches).toEqual([index + 1]);
          expect(
            verifyNftBoxOpenings({ boxId: 7, commit, serverSeed: `${serverSeed}x`, items, openings })
              .commitMatches,
          ).toBe(false);
        },
      ),
      { seed, numRuns: 100 },
    );
  });

  it('draws close to the published odds over many openings', () => {
    const counts = [0, 0, 0];
    for (let nonce = 1; nonce <= 4000; nonce += 1) {
      const index = nftBoxPick(
        items,
        nftBoxDigest({ serverSeed: 'seed', clientSeed: 'c', publicValue: 'p', boxId: 1, nonce }),
      );
      counts[index] = (counts[index] as number) + 1;
    }
    expect(Math.abs((counts[0] as number) - 2800)).toBeLessThan(150);
    expect(Math.abs((counts[2] as number) - 200)).toBeLessThan(60);
  });
});

describe('resale terms (spec section 5)', () => {
  it('needs a positive price; an auction a positive increase and an end after its start, in the future', () => {
    expect(checkNftResale({ mode: 'normal', price: 0n }, 0)).toEqual({ ok: false, reason: 'bad_price' });
    expect(checkNftResale({ mode: 'normal', price: 1n }, 0)).toEqual({ ok: true });
    const auction = { mode: 'auction' as const, price: 10n, increment: 1n, startsAtMs: 100, endsAtMs: 200 };
    expect(checkNftResale(auction, 50)).toEqual({ ok: true });
    expect(checkNftResale({ ...auction, increment: 0n }, 50)).toEqual({ ok: false, reason: 'bad_increment' });
    expect(checkNftResale({ ...auction, endsAtMs: 100 }, 50)).toEqual({
      ok: false,
      reason: 'end_before_start',
    });
    expect(checkNftResale(auction, 300)).toEqual({ ok: false, reason: 'start_in_past' });
  });
});
