import { createHash } from 'node:crypto';
import type { AdminNftArtwork, NftBoxDetail, NftDetail, NftMyItem, NftOrder } from '@fairex/contract';
import { nftBoxCommit, nftBoxDraw, sha256Hex, verifyNftBoxOpenings } from '@fairex/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../ledger-audit';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { announcedSeed, expectLedgerClean, fundUser, reportFigures } from '../../test-support/money-test';
import { composeSecondProcess, startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { userAccountBalances } from '../ledger';

const en = serverMessages.en;
const refusal = (code: string) => ({ type: 'error', message: en[`nft.errors.${code}` as keyof typeof en] });

const usdt = 3;
const oneUsdt = 1_000_000n;
const minuteMs = 60_000;
const hourMs = 3_600_000;
const dayMs = 86_400_000;
const startIso = '2026-12-01T00:00:00.000Z';
const t0 = Date.parse(startIso);

const userIds = { a: 9201, b: 9202, c: 9203, owner: 9204, poor: 9205 } as const;
const racers = Array.from({ length: 8 }, (_, index) => 9300 + index);

const principals: Record<string, Principal> = {
  'staff-content': { kind: 'staff', staffId: 91, roles: ['content'] },
  'staff-support': { kind: 'staff', staffId: 92, roles: ['support'] },
  ...Object.fromEntries(
    [...Object.entries(userIds), ...racers.map((id) => [`r${id}`, id] as const)].map(([who, userId]) => [
      `user-${who}`,
      { kind: 'user', userId, verificationLevel: 1 },
    ]),
  ),
};

describe('sha256Hex (packages/domain) against node:crypto', () => {
  it('agrees on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
      { seed: announcedSeed('nft sha256'), numRuns: 300 },
    );
  });
});

describe.each(testDatabases())('nft on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock(startIso);
  let keys = 0;

  const get = (url: string, token?: string) =>
    testApp.call({
      method: 'GET',
      url: `/api${url}${url.includes('?') ? '&' : '?'}lang=en`,
      headers: token ? { authorization: token } : {},
    });
  const post = (url: string, body: Record<string, unknown>, token?: string) =>
    testApp.call({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...(token ? { authorization: token } : {}), 'idempotency-key': `nft-test-${++keys}` },
      payload: { lang: 'en', ...body },
    });
  const okOf = async <T>(reply: ReturnType<typeof get>): Promise<T> => {
    const { status, body } = await reply;
    expect(status).toBe(200);
    expect(body.type, JSON.stringify(body)).toBe('ok');
    return body.message as T;
  };
  const balance = async (userId: number) => {
    const row = (await userAccountBalances(testApp.database.db, userId)).find(
      (r) => r.currencyId === usdt && r.kind === 2,
    );
    return row?.balance ?? 0n;
  };
  const systemBalance = async (name: string) => {
    const result = (await testApp.database.db.execute(
      `select balance::text from ledger_accounts where system_name = '${name}' and currency_id = ${usdt}`,
    )) as unknown as { rows: { balance: string }[] };
    return BigInt(result.rows[0]?.balance ?? '0');
  };
  const count = async (statement: string) => {
    const result = (await testApp.database.db.execute(statement)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  /** Everything a refused call must leave alone. */
  const snapshot = async () => ({
    balances: await Promise.all([...Object.values(userIds), ...racers].map((id) => balance(id))),
    escrow: await systemBalance('nft_escrow'),
    sales: await systemBalance('nft_sales'),
    entries: await count('select count(*)::int as n from ledger_entries'),
    listings: await count(
      `select count(*)::int as n from (select id, state, current_price, bids, ends_at from nft_listings) x`,
    ),
    state: JSON.stringify(
      (
        (await testApp.database.db.execute(
          'select id, state, current_price::text, bids, ends_at, winner_user_id, payment from nft_listings order by id',
        )) as unknown as { rows: unknown[] }
      ).rows,
    ),
    items: JSON.stringify(
      (
        (await testApp.database.db.execute(
          'select id::text, owner_user_id, opened_at from nft_items order by id',
        )) as unknown as { rows: unknown[] }
      ).rows,
    ),
    bids: await count('select count(*)::int as n from nft_bids'),
    margins: await count('select count(*)::int as n from nft_margins'),
  });

  let artistId = 0;
  let fixed: AdminNftArtwork;
  let auctioned: AdminNftArtwork;
  let unpaid: AdminNftArtwork;
  const codesOf = async (artworkId: number) => {
    const result = (await testApp.database.db.execute(
      `select id::text from nft_items where artwork_id = ${artworkId} order by id`,
    )) as unknown as { rows: { id: string }[] };
    return result.rows.map((row) => `N${row.id}`);
  };

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, staffStandIns: principals });
    for (const id of [...Object.values(userIds).filter((id) => id !== userIds.poor), ...racers]) {
      await fundUser(testApp.database, { userId: id, currencyId: usdt, units: 1000n * oneUsdt });
    }
    await fundUser(testApp.database, { userId: userIds.poor, currencyId: usdt, units: 5n * oneUsdt });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('lets only content staff build the catalogue, audited', async () => {
    const artistBody = { name: 'Test Artist', avatar: '/uploads/a.png', bios: { en: 'Bio', zh: '简介' } };
    expect((await post('/admin/nft/artists/save', artistBody, 'staff-support')).status).toBe(403);
    expect((await post('/admin/nft/artists/save', artistBody, 'user-a')).status).toBe(403);
    const artist = await okOf<{ id: number }>(post('/admin/nft/artists/save', artistBody, 'staff-content'));
    artistId = artist.id;
    const collection = await okOf<{ id: number }>(
      post(
        '/admin/nft/collections/save',
        { artist_id: artistId, names: { en: 'Series', zh: '系列' }, cover: '/uploads/c.png' },
        'staff-content',
      ),
    );
    const artwork = (extra: Record<string, unknown>) =>
      okOf<AdminNftArtwork>(
        post(
          '/admin/nft/artworks/save',
          {
            artist_id: artistId,
            collection_id: collection.id,
            media_type: 'image',
            media: '/uploads/w.png',
            cover: '/uploads/w.png',
            titles: { en: 'Work', zh: '作品' },
            rarity: 'rare',
            currency_id: usdt,
            starts_at: t0,
            ends_at: t0 + 30 * dayMs,
            ...extra,
          },
          'staff-content',
        ),
      );
    fixed = await artwork({ editions: 3, price: '100' });
    expect(fixed).toMatchObject({ editions: 3, unsold: 3, currency: 'USDT' });
    auctioned = await artwork({
      editions: 1,
      sale_mode: 'auction',
      price: '100',
      increment: '10',
      margin: '20',
      ends_at: t0 + hourMs,
    });
    unpaid = await artwork({
      editions: 1,
      sale_mode: 'auction',
      price: '50',
      increment: '5',
      margin: '15',
      ends_at: t0 + hourMs,
    });
    expect(
      (await post('/admin/nft/artworks/save', { artist_id: artistId, media_type: 'exe' }, 'staff-content'))
        .body.type,
    ).toBe('error');
    const artworksBefore = await count('select count(*)::int as n from nft_artworks');
    const wrongMedia = await post(
      '/admin/nft/artworks/save',
      {
        artist_id: artistId,
        media_type: 'video',
        media: '/uploads/w.png',
        cover: '/uploads/w.png',
        titles: { en: 'Wrong' },
        rarity: 'common',
        currency_id: usdt,
        editions: 1,
        price: '1',
      },
      'staff-content',
    );
    expect(wrongMedia.body).toEqual(refusal('media_type_mismatch'));
    expect(await count('select count(*)::int as n from nft_artworks')).toBe(artworksBefore);
    expect(await count(`select count(*)::int as n from audit_log where action like 'nft.%'`)).toBe(5);
    const market = await okOf<{ list: { code: string; status: number; sale_mode: string }[]; total: number }>(
      get('/bind_box/getBoxList?limit=50'),
    );
    expect(market.total).toBe(5);
    expect(new Set(market.list.map((card) => card.status))).toEqual(new Set([0]));
    const artistPage = await okOf<{ items: unknown[]; collections: unknown[] }>(
      get(`/bind_box/getArtistDetail?uid=${artistId}`),
    );
    expect(artistPage.items.length).toBe(5);
    expect(artistPage.collections.length).toBe(1);
  });

  it('refuses bad purchases with a localised error and changes nothing', async () => {
    const [code] = await codesOf(fixed.id);
    const before = await snapshot();
    expect((await post('/bind_box/buyNFT', { code: 'N999999' }, 'user-a')).body).toEqual(
      refusal('not_found'),
    );
    expect((await post('/bind_box/buyNFT', { code, price: '99' }, 'user-a')).body).toEqual(
      refusal('price_changed'),
    );
    expect((await post('/bind_box/buyNFT', { code }, 'user-poor')).body.type).toBe('error');
    const [auctionCode] = await codesOf(auctioned.id);
    expect((await post('/bind_box/buyNFT', { code: auctionCode }, 'user-a')).body).toEqual(
      refusal('not_fixed_price'),
    );
    expect((await post('/bind_box/buyNFT', { code: 'X1' }, 'user-a')).body.type).toBe('error');
    const zh = await testApp.call({
      method: 'POST',
      url: '/api/bind_box/buyNFT',
      headers: { authorization: 'user-a', 'idempotency-key': `nft-test-${++keys}` },
      payload: { lang: 'zh', code, price: '1' },
    });
    expect(zh.body).toEqual({ type: 'error', message: serverMessages.zh['nft.errors.price_changed'] });
    expect(await snapshot()).toEqual(before);
  });

  it('sells one item to exactly one of racing buyers, paying seller, fee and nothing else', async () => {
    const [code] = await codesOf(fixed.id);
    const salesBefore = await systemBalance('nft_sales');
    const feesBefore = await systemBalance('fees');
    const replies = await Promise.all(
      racers.map((id) => post('/bind_box/buyNFT', { code, price: '100' }, `user-r${id}`)),
    );
    const winners = replies.filter((reply) => reply.body.type === 'ok');
    expect(winners.length).toBe(1);
    for (const reply of replies.filter((r) => r.body.type !== 'ok'))
      expect(reply.body).toEqual(refusal('not_on_sale'));
    expect(winners[0]?.body.message).toMatchObject({
      code,
      price: '100.000000',
      fee: '2.500000',
      royalty: '0.000000',
    });
    const paid = (await Promise.all(racers.map((id) => balance(id)))).filter((b) => b === 900n * oneUsdt);
    expect(paid.length).toBe(1);
    expect(await systemBalance('nft_sales')).toBe(salesBefore + 97_500_000n);
    expect(await systemBalance('fees')).toBe(feesBefore + 2_500_000n);
    const detail = await okOf<NftDetail>(get(`/bind_box/getBoxDetail?id=${code}`));
    expect(detail.item).toMatchObject({
      custodial: true,
      withdrawable: true,
      listing: null,
      last_price: '100.000000',
    });
    reportFigures(testDatabase.name, [
      {
        label: 'nft parallel buys of one item',
        tried: racers.length,
        bad: winners.length - 1,
        badLabel: 'extra winners',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('holds one margin per bidder, orders bids by the increase and refuses bad bids without changes', async () => {
    const [code] = await codesOf(auctioned.id);
    clock.set(new Date(t0 + 10 * minuteMs).toISOString());
    const before = await snapshot();
    expect((await post('/bind_box/auctionNFT', { code, price: '100' }, 'user-a')).body).toEqual(
      refusal('margin_required'),
    );
    expect(await snapshot()).toEqual(before);
    const first = await okOf<{ already_paid: boolean; margin: string }>(
      post('/bind_box/marginNFT', { code }, 'user-a'),
    );
    expect(first).toMatchObject({ already_paid: false, margin: '20.000000' });
    expect(
      (await okOf<{ already_paid: boolean }>(post('/bind_box/marginNFT', { code }, 'user-a'))).already_paid,
    ).toBe(true);
    // Parallel deposits of one bidder: held once.
    await Promise.all([1, 2, 3].map(() => post('/bind_box/marginNFT', { code }, 'user-b')));
    await okOf(post('/bind_box/marginNFT', { code }, 'user-c'));
    expect(await balance(userIds.a)).toBe(980n * oneUsdt);
    expect(await balance(userIds.b)).toBe(980n * oneUsdt);
    expect(await systemBalance('nft_escrow')).toBe(60n * oneUsdt);

    const held = await snapshot();
    expect((await post('/bind_box/auctionNFT', { code, price: '99' }, 'user-a')).body).toEqual(
      refusal('too_low'),
    );
    expect((await post('/bind_box/auctionNFT', { code, price: 'abc' }, 'user-a')).body).toEqual(
      refusal('bad_price'),
    );
    expect(await snapshot()).toEqual(held);
    await okOf(post('/bind_box/auctionNFT', { code, price: '100' }, 'user-a'));
    expect((await post('/bind_box/auctionNFT', { code, price: '200' }, 'user-a')).body).toEqual(
      refusal('own_highest'),
    );
    expect((await post('/bind_box/auctionNFT', { code, price: '109' }, 'user-b')).body).toEqual(
      refusal('too_low'),
    );
    // Parallel valid bids at the same price: one is accepted, the other must now exceed it.
    const race = await Promise.all([
      post('/bind_box/auctionNFT', { code, price: '110' }, 'user-b'),
      post('/bind_box/auctionNFT', { code, price: '110' }, 'user-c'),
    ]);
    expect(race.filter((reply) => reply.body.type === 'ok').length).toBe(1);
    const log = await okOf<{ list: { bidder: string; price: string; mine: boolean }[] }>(
      post('/bind_box/getBindBoxQuotationLog', { code }, 'user-a'),
    );
    expect(log.list.map((bid) => bid.price)).toEqual(['110.000000', '100.000000']);
    expect(log.list[1]).toMatchObject({ bidder: 'u***1', mine: true });
    const messages = await okOf<{ list: { kind: string }[]; unread: number }>(
      get('/bind_box/getNFTOrderMessage', 'user-a'),
    );
    expect(messages.list.map((m) => m.kind)).toEqual(['outbid']);
    expect(messages.unread).toBe(1);
    expect(
      (await okOf<{ unread: number }>(post('/bind_box/readNFTOrderMessage', { id: 0 }, 'user-a'))).unread,
    ).toBe(0);
    await expectLedgerClean(testApp.database);
  });

  it('extends the deadline on a late bid and settles it exactly once, across a restart', async () => {
    const [code] = await codesOf(auctioned.id);
    const detail = await okOf<NftDetail>(get(`/bind_box/getBoxDetail?id=${code}`, 'user-a'));
    const leader = detail.item?.listing?.auction?.my_highest ? 'a' : 'unknown';
    expect(leader).toBe('unknown');
    clock.set(new Date(t0 + hourMs - 2 * minuteMs).toISOString());
    const late = await okOf<{ extended: boolean; ends_at: number }>(
      post('/bind_box/auctionNFT', { code, price: '130' }, 'user-a'),
    );
    expect(late).toMatchObject({ extended: true, ends_at: t0 + hourMs + 3 * minuteMs });
    const { scheduler } = testApp.services;
    clock.set(new Date(t0 + hourMs).toISOString());
    // The unpaid auction's deadline (no late bid) is due; this one moved.
    await scheduler.runDue();
    const stillLive = await okOf<NftDetail>(get(`/bind_box/getBoxDetail?id=${code}`));
    expect(stillLive.item?.listing?.state).toBe('live');
    clock.set(new Date(t0 + hourMs + 3 * minuteMs).toISOString());
    expect((await post('/bind_box/auctionNFT', { code, price: '200' }, 'user-b')).body).toEqual(
      refusal('ended'),
    );
    const restarted = (await composeSecondProcess(testApp, clock)).services.scheduler;
    await restarted.runDue();
    expect(await scheduler.runDue()).toBe(0);
    expect(await restarted.runDue()).toBe(0);
    // Losers b and c have their deposits back; the winner a keeps 20 in escrow until paying.
    expect(await balance(userIds.b)).toBe(1000n * oneUsdt);
    expect(await balance(userIds.c)).toBe(1000n * oneUsdt);
    expect(await balance(userIds.a)).toBe(980n * oneUsdt);
    const due = await okOf<{ list: NftOrder[] }>(get('/bind_box/getNeedPayNFTOrder', 'user-a'));
    const order = due.list.find((o) => o.code === code) as NftOrder;
    expect(order).toMatchObject({ state: 'due', price: '130.000000', margin: '20.000000' });
    expect(order.pay_deadline).toBe(t0 + hourMs + 3 * minuteMs + dayMs);
    const kinds = (
      await okOf<{ list: { kind: string }[] }>(get('/bind_box/getNFTOrderMessage', 'user-a'))
    ).list.map((m) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['won', 'payment_due']));
    expect((await post('/bind_box/payNFTOrder', { id: order.id }, 'user-b')).body).toEqual(
      refusal('order_not_found'),
    );
    const paid = await okOf<NftOrder>(post('/bind_box/payNFTOrder', { id: order.id }, 'user-a'));
    expect(paid.state).toBe('paid');
    expect(await balance(userIds.a)).toBe(870n * oneUsdt);
    expect((await post('/bind_box/payNFTOrder', { id: order.id }, 'user-a')).body).toEqual(
      refusal('already_paid'),
    );
    const mine = await okOf<{ list: NftMyItem[] }>(get('/bind_box/getMyNFTs', 'user-a'));
    expect(mine.list.map((item) => item.code)).toContain(code);
    await expectLedgerClean(testApp.database);
  });

  it('forfeits an unpaid winner’s deposit to the seller once and returns the item unsold', async () => {
    const [code] = await codesOf(unpaid.id);
    // Bids on the second auction were impossible after its deadline; settle it with one bid placed earlier.
    const listing = (await testApp.database.db.execute(
      `select state from nft_listings where item_id = ${code?.slice(1)}`,
    )) as unknown as { rows: { state: string }[] };
    expect(listing.rows[0]?.state).toBe('unsold');
    // A fresh auction: c bids, wins and does not pay.
    const fresh = await okOf<AdminNftArtwork>(
      post(
        '/admin/nft/artworks/save',
        {
          artist_id: artistId,
          media_type: 'audio',
          media: '/media/song.mp3',
          cover: '/uploads/s.png',
          titles: { en: 'Song' },
          rarity: 'epic',
          currency_id: usdt,
          editions: 1,
          sale_mode: 'auction',
          price: '50',
          increment: '5',
          margin: '15',
          starts_at: clock.now().getTime(),
          ends_at: clock.now().getTime() + hourMs,
        },
        'staff-content',
      ),
    );
    const [freshCode] = await codesOf(fresh.id);
    await okOf(post('/bind_box/marginNFT', { code: freshCode }, 'user-c'));
    await okOf(post('/bind_box/auctionNFT', { code: freshCode, price: '50' }, 'user-c'));
    const salesBefore = await systemBalance('nft_sales');
    clock.advance(hourMs);
    const { scheduler } = testApp.services;
    await scheduler.runDue();
    const order = (await okOf<{ list: NftOrder[] }>(get('/bind_box/getNeedPayNFTOrder', 'user-c')))
      .list[0] as NftOrder;
    clock.advance(dayMs);
    const before = await snapshot();
    // The deadline passed but the work has not run yet: paying is refused all the same.
    expect((await post('/bind_box/payNFTOrder', { id: order.id }, 'user-c')).body).toEqual(
      refusal('payment_expired'),
    );
    expect(await snapshot()).toEqual(before);
    const restarted = (await composeSecondProcess(testApp, clock)).services.scheduler;
    await Promise.all([restarted.runDue(), scheduler.runDue()]);
    expect(await scheduler.runDue()).toBe(0);
    expect(await balance(userIds.c)).toBe(985n * oneUsdt);
    expect(await systemBalance('nft_sales')).toBe(salesBefore + 15n * oneUsdt);
    const after = (await okOf<{ list: NftOrder[] }>(get('/bind_box/getNeedPayNFTOrder', 'user-c'))).list[0];
    expect(after?.state).toBe('expired');
    const detail = await okOf<NftDetail>(get(`/bind_box/getBoxDetail?id=${freshCode}`));
    expect(detail.item?.owner).toBeNull();
    expect(
      await count(
        `select count(*)::int as n from ledger_entries where reference like 'nft:margin:%:forfeit'`,
      ),
    ).toBe(1);
    reportFigures(testDatabase.name, [
      {
        label: 'nft auction deadlines and payment deadlines run by two processes',
        tried: 2,
        bad: (await count(`select count(*)::int as n from nft_margins where state = 'held'`)) - 0,
        badLabel: 'deposits still held',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('sells provably fair blind boxes: odds and commit first, draw from the published inputs, seed revealed after', async () => {
    const prizes: AdminNftArtwork[] = [];
    for (const [title, rarity] of [
      ['Common', 'common'],
      ['Rare', 'rare'],
      ['Legend', 'legendary'],
    ] as const) {
      prizes.push(
        await okOf<AdminNftArtwork>(
          post(
            '/admin/nft/artworks/save',
            {
              artist_id: artistId,
              media_type: 'image',
              media: '/uploads/p.png',
              cover: '/uploads/p.png',
              titles: { en: title },
              rarity,
              currency_id: usdt,
              editions: 0,
            },
            'staff-content',
          ),
        ),
      );
    }
    const now = clock.now().getTime();
    const box = await okOf<{ id: number; code: string; commit: string; server_seed: string | null }>(
      post(
        '/admin/nft/boxes/create',
        {
          artist_id: artistId,
          titles: { en: 'Box' },
          cover: '/uploads/b.png',
          price: '10',
          currency_id: usdt,
          supply: 3,
          starts_at: now,
          ends_at: now + dayMs,
          items: prizes.map((prize, index) => ({ artwork_id: prize.id, weight: [70, 25, 5][index] })),
        },
        'staff-content',
      ),
    );
    expect(box.server_seed).toBeNull();
    const published = (await okOf<NftDetail>(get(`/bind_box/getBoxDetail?id=${box.code}`)))
      .box as NftBoxDetail;
    expect(published).toMatchObject({ commit: box.commit, server_seed: null, supply: 3, sold: 0 });
    expect(published.items.map((item) => item.odds_ppm)).toEqual([700_000, 250_000, 50_000]);

    const tickets: string[] = [];
    for (const who of ['a', 'b', 'c'] as const) {
      const bought = await okOf<{ code: string; kind: string }>(
        post(
          '/bind_box/buyNFT',
          { code: box.code, price: '10', client_seed: `seed-of-${who}` },
          `user-${who}`,
        ),
      );
      expect(bought.kind).toBe('box_ticket');
      tickets.push(bought.code);
    }
    expect((await post('/bind_box/buyNFT', { code: box.code }, 'user-owner')).body).toEqual(
      refusal('sold_out'),
    );
    const before = await snapshot();
    expect((await post('/bind_box/openBlindBox', { code: tickets[0] }, 'user-b')).body).toEqual(
      refusal('not_your_item'),
    );
    expect(
      (await post('/bind_box/openBlindBox', { code: tickets[0], artwork_id: prizes[2]?.id }, 'user-a')).body
        .type,
    ).toBe('error');
    expect(await snapshot()).toEqual(before);
    const opened = await okOf<{
      item: NftMyItem;
      opening: { nonce: number; public_value: string; artwork_id: number };
    }>(post('/bind_box/openBlindBox', { code: tickets[0] }, 'user-a'));
    expect(opened.opening.nonce).toBe(1);
    expect(prizes.map((p) => p.id)).toContain(opened.opening.artwork_id);
    expect((await post('/bind_box/openBlindBox', { code: tickets[0] }, 'user-a')).body).toEqual(
      refusal('already_opened'),
    );
    await okOf(post('/bind_box/openBlindBox', { code: tickets[1] }, 'user-b'));
    const boxes = await okOf<{ list: { id: number; server_seed: string | null }[] }>(
      get('/admin/nft/boxes', 'staff-content'),
    );
    expect(boxes.list.find((b) => b.id === box.id)?.server_seed).toBeNull();

    clock.advance(dayMs);
    await testApp.services.scheduler.runDue();
    const revealed = (await okOf<NftDetail>(get(`/bind_box/getBoxDetail?id=${box.code}`)))
      .box as NftBoxDetail;
    expect(revealed.server_seed).not.toBeNull();
    const seed = revealed.server_seed as string;
    expect(nftBoxCommit(seed)).toBe(box.commit);
    const items = revealed.items.map((item) => ({ artworkId: item.artwork_id, weight: item.weight }));
    const verification = verifyNftBoxOpenings({
      boxId: revealed.id,
      commit: revealed.commit,
      serverSeed: seed,
      items,
      openings: revealed.openings.map((o) => ({
        nonce: o.nonce,
        clientSeed: o.client_seed,
        publicValue: o.public_value,
        artworkId: o.artwork_id,
      })),
    });
    expect(verification).toMatchObject({ ok: true, mismatches: [] });
    expect(revealed.openings.map((o) => o.client_seed).sort()).toEqual(['seed-of-a', 'seed-of-b']);
    expect(revealed.items.reduce((sum, item) => sum + item.drawn, 0)).toBe(2);
    // The third buyer opens after the reveal; the draw still is the published function.
    const late = await okOf<{ opening: { nonce: number; public_value: string; artwork_id: number } }>(
      post('/bind_box/openBlindBox', { code: tickets[2] }, 'user-c'),
    );
    expect(
      nftBoxDraw(items, {
        serverSeed: seed,
        clientSeed: 'seed-of-c',
        publicValue: late.opening.public_value,
        boxId: revealed.id,
        nonce: 3,
      }).artworkId,
    ).toBe(late.opening.artwork_id);
    await expectLedgerClean(testApp.database);
  });

  it('puts a resale live only after staff review, then pays the seller less fee and royalty', async () => {
    const [, code] = await codesOf(fixed.id);
    await okOf(post('/bind_box/buyNFT', { code }, 'user-owner'));
    const before = await snapshot();
    const now = clock.now().getTime();
    expect(
      (
        await post(
          '/bind_box/resellNFT',
          { code, sale_mode: 'auction', price: '100', increment: '5', starts_at: now + hourMs, ends_at: now },
          'user-owner',
        )
      ).body,
    ).toEqual(refusal('end_before_start'));
    expect(
      (await post('/bind_box/resellNFT', { code, sale_mode: 'auction', price: '100' }, 'user-owner')).body,
    ).toEqual(refusal('bad_increment'));
    expect(
      (await post('/bind_box/resellNFT', { code, sale_mode: 'normal', price: '0' }, 'user-owner')).body,
    ).toEqual(refusal('bad_price'));
    expect(
      (await post('/bind_box/resellNFT', { code, sale_mode: 'normal', price: '200' }, 'user-a')).body,
    ).toEqual(refusal('not_your_item'));
    expect(await snapshot()).toEqual(before);
    const listed = await okOf<{ listing_id: number; state: string }>(
      post('/bind_box/resellNFT', { code, sale_mode: 'normal', price: '200' }, 'user-owner'),
    );
    expect(listed.state).toBe('pending_review');
    expect((await post('/bind_box/buyNFT', { code }, 'user-a')).body).toEqual(refusal('not_on_sale'));
    const queue = await okOf<{ list: { id: number }[] }>(
      get('/admin/nft/resales?state=pending_review', 'staff-content'),
    );
    expect(queue.list.map((l) => l.id)).toEqual([listed.listing_id]);
    expect(
      (await post('/admin/nft/resales/approve', { id: listed.listing_id }, 'staff-support')).status,
    ).toBe(403);
    await okOf(post('/admin/nft/resales/approve', { id: listed.listing_id }, 'staff-content'));
    expect(
      (await post('/admin/nft/resales/approve', { id: listed.listing_id }, 'staff-content')).body,
    ).toEqual(refusal('not_reviewable'));
    const ownerBefore = await balance(userIds.owner);
    const royaltiesBefore = await systemBalance('nft_royalties');
    const bought = await okOf<{ fee: string; royalty: string }>(post('/bind_box/buyNFT', { code }, 'user-a'));
    expect(bought).toEqual(expect.objectContaining({ fee: '5.000000', royalty: '10.000000' }));
    expect(await balance(userIds.owner)).toBe(ownerBefore + 185n * oneUsdt);
    expect(await systemBalance('nft_royalties')).toBe(royaltiesBefore + 10n * oneUsdt);
    const detail = await okOf<NftDetail>(get(`/bind_box/getBoxDetail?id=${code}`, 'user-a'));
    expect(detail.item).toMatchObject({ mine: true, withdrawable: false });
    const kinds = (
      await okOf<{ list: { kind: string }[] }>(get('/bind_box/getNFTOrderMessage', 'user-owner'))
    ).list.map((m) => m.kind);
    expect(kinds).toEqual(['sold', 'resale_approved']);
    expect(await count(`select count(*)::int as n from audit_log where action = 'nft.resale_approve'`)).toBe(
      1,
    );

    // A rejected resale stays the seller's and never goes live.
    const [, , third] = await codesOf(fixed.id);
    await okOf(post('/bind_box/buyNFT', { code: third }, 'user-b'));
    const second = await okOf<{ listing_id: number }>(
      post('/bind_box/resellNFT', { code: third, sale_mode: 'normal', price: '150' }, 'user-b'),
    );
    expect(
      (await post('/admin/nft/resales/reject', { id: second.listing_id }, 'staff-content')).body.type,
    ).toBe('error');
    await okOf(
      post(
        '/admin/nft/resales/reject',
        { id: second.listing_id, reason: 'Price looks wrong' },
        'staff-content',
      ),
    );
    expect((await post('/bind_box/buyNFT', { code: third }, 'user-a')).body).toEqual(refusal('not_on_sale'));
    await expectLedgerClean(testApp.database);
  });

  it('keeps favourites and lists the caller’s items', async () => {
    const [code] = await codesOf(fixed.id);
    const on = await okOf<{ collected: boolean; favourites: number }>(
      post('/bind_box/collect', { code }, 'user-b'),
    );
    expect(on).toMatchObject({ collected: true, favourites: 1 });
    const list = await okOf<{ list: { code: string }[] }>(get('/bind_box/getMyCollect', 'user-b'));
    expect(list.list.map((card) => card.code)).toEqual([code]);
    const off = await okOf<{ collected: boolean }>(post('/bind_box/collect', { code }, 'user-b'));
    expect(off.collected).toBe(false);
    const boxes = await okOf<{ list: NftMyItem[] }>(get('/bind_box/getMyNFTs?tab=boxes', 'user-a'));
    expect(boxes.list.map((item) => item.state)).toEqual(['opened']);
    const bids = await okOf<{ list: { highest: boolean; margin: { state: string } | null }[] }>(
      post('/bind_box/getMyBindBoxQuotationLog', {}, 'user-a'),
    );
    expect(bids.list[0]).toMatchObject({ highest: true, margin: { state: 'released' } });
    const terms = await okOf<{ terms: { fee_bps: number; royalty_bps: number } }>(
      get('/bind_box/getNftCurrency'),
    );
    expect(terms.terms).toMatchObject({ fee_bps: 250, royalty_bps: 500 });
  });

  it('any sequence of bids: accepted prices rise by the increase, every deposit ends released or forfeited once', async () => {
    const seed = announcedSeed('nft bid sequence');
    let state = seed >>> 0 || 1;
    const random = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % n;
    };
    const start = clock.now().getTime();
    const artwork = await okOf<AdminNftArtwork>(
      post(
        '/admin/nft/artworks/save',
        {
          artist_id: artistId,
          media_type: 'video',
          media: '/media/clip.mp4',
          cover: '/uploads/v.png',
          titles: { en: 'Clip' },
          rarity: 'rare',
          currency_id: usdt,
          editions: 1,
          sale_mode: 'auction',
          price: '10',
          increment: '2',
          margin: '5',
          starts_at: start,
          ends_at: start + hourMs,
        },
        'staff-content',
      ),
    );
    const [code] = await codesOf(artwork.id);
    const bidders = racers.slice(0, 4);
    for (const id of bidders) {
      await Promise.all([1, 2].map(() => post('/bind_box/marginNFT', { code }, `user-r${id}`)));
    }
    expect(
      await count(`select count(*)::int as n from nft_margins m join nft_listings l on l.id = m.listing_id
      where l.item_id = ${code?.slice(1)}`),
    ).toBe(bidders.length);
    const accepted: bigint[] = [];
    let tried = 0;
    for (let step = 0; step < 30; step += 1) {
      const bidder = bidders[random(bidders.length)] as number;
      const last = accepted.at(-1);
      const price = last === undefined ? 8n + BigInt(random(5)) : last + BigInt(random(8)) - 2n;
      tried += 1;
      const reply = await post('/bind_box/auctionNFT', { code, price: price.toString() }, `user-r${bidder}`);
      if (reply.body.type === 'ok') accepted.push(price);
      clock.advance(random(4) * minuteMs);
    }
    const steps = accepted.slice(1).map((price, index) => price - (accepted[index] as bigint));
    const badSteps =
      steps.filter((step) => step < 2n).length + (accepted[0] !== undefined && accepted[0] < 10n ? 1 : 0);
    const log = await okOf<{ list: { price: string }[] }>(
      post('/bind_box/getBindBoxQuotationLog', { code, limit: 50 }),
    );
    expect(log.list.map((bid) => bid.price)).toEqual(
      [...accepted].reverse().map((price) => `${price}.000000`),
    );
    const detail = await okOf<NftDetail>(get(`/bind_box/getBoxDetail?id=${code}`));
    clock.set(new Date((detail.item?.listing?.ends_at ?? 0) + 1).toISOString());
    await testApp.services.scheduler.runDue();
    clock.advance(dayMs);
    await testApp.services.scheduler.runDue();
    const unsettled =
      await count(`select count(*)::int as n from nft_margins m join nft_listings l on l.id = m.listing_id
      where l.item_id = ${code?.slice(1)} and m.state = 'held'`);
    const outs = await count(`select count(*)::int as n from ledger_entries e join nft_listings l
      on e.reference in ('nft:margin:' || l.id || ':' || ${bidders[0]} || ':release', 'nft:margin:' || l.id || ':' || ${bidders[0]} || ':forfeit')
      where l.item_id = ${code?.slice(1)}`);
    expect(outs).toBe(1);
    reportFigures(testDatabase.name, [
      { label: 'nft random bids', tried, bad: badSteps, badLabel: 'accepted below the increase' },
      {
        label: 'nft deposits after deadline and payment window',
        tried: bidders.length,
        bad: unsettled,
        badLabel: 'still held',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('has no route or role that sets an outcome', () => {
    const document = testApp.app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown }>>;
    };
    const forbidden =
      /winner|outcome|result|server_seed|nonce|artwork_id|public_value|pay_deadline|settled|forfeit/;
    const offenders: string[] = [];
    for (const [url, operations] of Object.entries(document.paths)) {
      if (!/bind_box|admin\/nft/.test(url)) continue;
      for (const [method, operation] of Object.entries(operations)) {
        if (method !== 'post') continue;
        if (url === '/api/admin/nft/boxes/create' || url === '/api/admin/nft/artworks/save') continue;
        const text = JSON.stringify(operation.requestBody ?? {});
        const properties = [...text.matchAll(/"properties":\{([^}]*)/g)].map((match) => match[1] ?? '');
        if (properties.some((names) => forbidden.test(names))) offenders.push(url);
      }
    }
    expect(offenders).toEqual([]);
    const writes = testApp.app.registeredRoutes
      .filter((route) => route.method === 'POST' && /bind_box|admin\/nft/.test(route.url))
      .map((route) => route.url)
      .sort();
    expect(writes).toEqual([
      '/api/admin/nft/artists/delete',
      '/api/admin/nft/artists/save',
      '/api/admin/nft/artworks/delete',
      '/api/admin/nft/artworks/save',
      '/api/admin/nft/boxes/create',
      '/api/admin/nft/collections/delete',
      '/api/admin/nft/collections/save',
      '/api/admin/nft/resales/approve',
      '/api/admin/nft/resales/reject',
      '/api/bind_box/auctionNFT',
      '/api/bind_box/buyNFT',
      '/api/bind_box/collect',
      '/api/bind_box/getBindBoxQuotationLog',
      '/api/bind_box/getMyBindBoxQuotationLog',
      '/api/bind_box/marginNFT',
      '/api/bind_box/openBlindBox',
      '/api/bind_box/payNFTOrder',
      '/api/bind_box/readNFTOrderMessage',
      '/api/bind_box/resellNFT',
    ]);
  });

  it('has ledger checks that catch a deposit or a sale booked other than once', async () => {
    const problems = async () =>
      (await auditLedger(testApp.database.db))
        .filter((result) => result.name.startsWith('nft'))
        .flatMap((result) => result.problems);
    expect(await problems()).toEqual([]);
    await testApp.database.db.execute(
      `insert into nft_margins (listing_id, user_id, currency_id, amount, state, created_at)
       values (999999, 1, ${usdt}, 7, 'held', now())`,
    );
    const found = await problems();
    expect(found.some((problem) => problem.includes('nft escrow'))).toBe(true);
    expect(found.some((problem) => problem.includes('margin 999999/1'))).toBe(true);
    await testApp.database.db.execute('delete from nft_margins where listing_id = 999999');
    await testApp.database.db.execute(
      `update nft_listings set state = 'sold' where id = (select min(id) from nft_listings where state in ('live', 'unsold', 'rejected'))`,
    );
    const afterSale = await problems();
    expect(
      afterSale.some((problem) => /listing \d+ \(sold\): 0 purchase entries/.test(problem)),
      afterSale.join('; '),
    ).toBe(true);
  });
});
