import type { NftBoxDetail } from '@fairex/contract';
import { nftBoxCommit, nftBoxDraw } from '@fairex/domain';
import { describe, expect, it } from 'vitest';
import {
  boxProof,
  bpsText,
  countdownTarget,
  countdownText,
  ppmText,
  readCode,
  resellBody,
  salePhase,
} from './nft-rules';

const items = [
  { artworkId: 11, weight: 70 },
  { artworkId: 12, weight: 25 },
  { artworkId: 13, weight: 5 },
];

function box(seed: string | null, tamper = false): NftBoxDetail {
  const realSeed = 'revealed-seed-1';
  const openings = [1, 2, 3, 4, 5].map((nonce) => {
    const drawn = nftBoxDraw(items, {
      serverSeed: realSeed,
      clientSeed: `client-${nonce}`,
      publicValue: 'head-abc',
      boxId: 7,
      nonce,
    });
    return {
      nonce,
      owner: 'u***1',
      client_seed: `client-${nonce}`,
      public_value: 'head-abc',
      artwork_id: tamper && nonce === 3 ? (drawn.artworkId === 11 ? 12 : 11) : drawn.artworkId,
      code: `N${nonce}`,
      opened_at: 0,
    };
  });
  return {
    code: 'B7',
    id: 7,
    title: 'Box',
    description: '',
    cover: '',
    artist: { id: 1, name: 'A', avatar: '' },
    price: '10',
    currency_id: 1,
    currency: 'USDT',
    status: 0,
    starts_at: 0,
    ends_at: 1,
    supply: 10,
    sold: 5,
    items: items.map((item) => ({
      artwork_id: item.artworkId,
      title: `a${item.artworkId}`,
      cover: '',
      rarity: 'common',
      weight: item.weight,
      odds_ppm: item.weight * 10_000,
      drawn: 0,
    })),
    commit: nftBoxCommit(realSeed),
    server_seed: seed,
    revealed_at: seed ? 1 : null,
    scheme_version: 1,
    openings,
    my_unopened: [],
    favourites: 0,
    collected: false,
    now: 2,
  };
}

describe('blind box proof view model', () => {
  it('is pending until the seed is revealed', () => {
    expect(boxProof(box(null)).state).toBe('pending');
  });

  it('verifies every opening recomputed from the revealed seed', () => {
    const proof = boxProof(box('revealed-seed-1'));
    expect(proof.state).toBe('verified');
    if (proof.state === 'pending') throw new Error('unreachable');
    expect(proof.openings).toBe(5);
    expect([...proof.drawn.values()].reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('fails on a seed that does not match the commit', () => {
    const proof = boxProof(box('another-seed'));
    expect(proof.state).toBe('failed');
    if (proof.state === 'pending') throw new Error('unreachable');
    expect(proof.commitMatches).toBe(false);
  });

  it('fails and names the opening whose published item differs from the draw', () => {
    const proof = boxProof(box('revealed-seed-1', true));
    expect(proof.state).toBe('failed');
    if (proof.state === 'pending') throw new Error('unreachable');
    expect(proof.commitMatches).toBe(true);
    expect(proof.mismatches).toEqual([3]);
  });
});

describe('countdown and labels', () => {
  it('formats the time left with days, rounding up to the second', () => {
    expect(countdownText(0, 'd')).toBe('00:00:00');
    expect(countdownText(-5000, 'd')).toBe('00:00:00');
    expect(countdownText(1, 'd')).toBe('00:00:01');
    expect(countdownText(3_723_000, 'd')).toBe('01:02:03');
    expect(countdownText(86_400_000 + 61_000, '天')).toBe('1天 00:01:01');
  });

  it('runs to the start before the sale, to the end during it, and stops after', () => {
    const sale = { starts_at: 100, ends_at: 200 };
    expect(salePhase(sale, 50)).toBe('will_start');
    expect(countdownTarget(sale, 50)).toBe(100);
    expect(salePhase(sale, 100)).toBe('on_sale');
    expect(countdownTarget(sale, 150)).toBe(200);
    expect(salePhase(sale, 200)).toBe('ended');
    expect(countdownTarget(sale, 200)).toBeNull();
  });

  it('prints basis points and parts per million as percentages', () => {
    expect(bpsText(250)).toBe('2.5%');
    expect(bpsText(500)).toBe('5%');
    expect(bpsText(25)).toBe('0.25%');
    expect(ppmText(125_000)).toBe('12.5%');
    expect(ppmText(333_333)).toBe('33.33%');
    expect(ppmText(1_000_000)).toBe('100%');
  });

  it('reads only well-formed codes', () => {
    expect(readCode(new URLSearchParams('id=N12'))).toBe('N12');
    expect(readCode(new URLSearchParams('id=B3'))).toBe('B3');
    expect(readCode(new URLSearchParams('id=X1'))).toBeNull();
    expect(readCode(new URLSearchParams('id=N0'))).toBeNull();
  });
});

describe('resale form', () => {
  const now = new Date('2026-11-26T12:00').getTime();
  const base = {
    sale_mode: 'normal' as const,
    price: '',
    increment: '',
    margin: '',
    starts_at: '',
    ends_at: '',
  };

  it('takes a positive fixed price and builds the contract body', () => {
    expect(resellBody('N5', { ...base, price: '0' }, now, 6)).toEqual({
      ok: false,
      errors: { price: 'nft:resell.errors.price' },
    });
    expect(resellBody('N5', { ...base, price: 'abc' }, now, 6).ok).toBe(false);
    expect(resellBody('N5', { ...base, price: ' 12.5 ' }, now, 6)).toEqual({
      ok: true,
      body: { code: 'N5', sale_mode: 'normal', price: '12.5' },
    });
  });

  it('refuses an auction whose end is not after its start, or already past', () => {
    const auction = { ...base, sale_mode: 'auction' as const, price: '10', increment: '1' };
    expect(
      resellBody('N5', { ...auction, starts_at: '2026-11-27T10:00', ends_at: '2026-11-27T09:00' }, now, 6),
    ).toEqual({ ok: false, errors: { ends_at: 'nft:resell.errors.endBeforeStart' } });
    expect(
      resellBody('N5', { ...auction, starts_at: '2026-11-25T10:00', ends_at: '2026-11-25T11:00' }, now, 6),
    ).toEqual({ ok: false, errors: { ends_at: 'nft:resell.errors.endPast' } });
    expect(resellBody('N5', { ...auction, increment: '0', starts_at: '', ends_at: '' }, now, 6)).toEqual({
      ok: false,
      errors: {
        increment: 'nft:resell.errors.increment',
        starts_at: 'nft:resell.errors.start',
        ends_at: 'nft:resell.errors.end',
      },
    });
  });

  it('builds an auction body with times in milliseconds', () => {
    const result = resellBody(
      'N5',
      {
        ...base,
        sale_mode: 'auction',
        price: '10',
        increment: '1',
        margin: '2',
        starts_at: '2026-11-27T10:00',
        ends_at: '2026-11-28T10:00',
      },
      now,
      6,
    );
    expect(result).toEqual({
      ok: true,
      body: {
        code: 'N5',
        sale_mode: 'auction',
        price: '10',
        increment: '1',
        margin: '2',
        starts_at: new Date('2026-11-27T10:00').getTime(),
        ends_at: new Date('2026-11-28T10:00').getTime(),
      },
    });
  });
});
