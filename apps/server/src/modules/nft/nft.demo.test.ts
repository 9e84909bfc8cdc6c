import type { NftBoxDetail, NftCard, NftDetail } from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

describe('the demo NFT catalogue', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(testDatabases()[0] as ReturnType<typeof testDatabases>[number], {
      env: { DEMO: 'true' },
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('seeds artists, collections, artworks with images drawn by code, and one blind box with a commit', async () => {
    const market = (await testApp.call({ method: 'GET', url: '/api/bind_box/getBoxList?limit=50&lang=en' }))
      .body.message as { list: NftCard[]; total: number };
    expect(market.list.filter((card) => card.kind === 'box').length).toBe(1);
    expect(new Set(market.list.map((card) => card.sale_mode))).toEqual(
      new Set(['normal', 'auction', 'blind_box']),
    );
    expect(market.list.some((card) => card.status === 2)).toBe(true);
    const artists = (await testApp.call({ method: 'GET', url: '/api/bind_box/getArtist?lang=zh' })).body
      .message as {
      list: { bio: string; avatar: string }[];
    };
    expect(artists.list.length).toBe(3);
    expect(artists.list[0]?.bio).toBe('安静几何的生成艺术家。');
    const image = await testApp.app.inject({ method: 'GET', url: artists.list[0]?.avatar as string });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const box = market.list.find((card) => card.kind === 'box') as NftCard;
    const detail = (await testApp.call({ method: 'GET', url: `/api/bind_box/getBoxDetail?id=${box.code}` }))
      .body.message as NftDetail;
    const published = detail.box as NftBoxDetail;
    expect(published.commit).toMatch(/^[0-9a-f]{64}$/);
    expect(published.server_seed).toBeNull();
    expect(published.items.map((item) => item.weight)).toEqual([70, 24, 5, 1]);
    await expectLedgerClean(testApp.database);
  });
});
