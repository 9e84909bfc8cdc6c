/**
 * The NFT market at 375 px: a user bids on an auction (the sheet says the margin deposit is held),
 * is outbid by another bidder and, at the deadline, sees the deposit returned; wins another auction
 * and pays it in its window, then owns the item and has the message; buys and opens a
 * blind box (reveal), and once the sale ends sees the box's proof recomputed in the browser and
 * "Verified"; lists the drawn item for resale and sees it go live after staff approve it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktopViewport,
  launchBrowser,
  phoneViewport,
  screenshot,
  watchPageErrors,
} from './support/browser';
import { e2eAdmin, type RunningServer, startFairexServer } from './support/fairex-server';
import { type ApiCaller, apiCaller, settled } from './support/money-fixtures';
import { totpCode } from './support/totp';

type Card = { code: string; title: string; cover: string };

describe('the NFT market: auction deposit, provably fair box, resale review', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let api: ApiCaller;
  let token = '';
  let rival = '';
  let auctionCode = '';
  let boxCode = '';
  let auctionEnds = 0;
  let boxEnds = 0;
  let drawnCode = '';
  let artist = { id: 0 };
  let picture = '';

  async function registered(email: string): Promise<string> {
    await api.ok('/sms_mail', { body: { user_string: email, scene: 'register' } });
    const password = 'nft-secret-1';
    const userToken = await api.ok<string>('/user/register', {
      body: {
        user_string: email,
        code: await api.freshCode(email),
        password,
        re_password: password,
        type: 'email',
      },
    });
    await api.ok('/wallet/demo_funds', {
      token: userToken,
      body: {},
      headers: { 'idempotency-key': `funds-${email}` },
    });
    return userToken;
  }

  async function cardCalled(title: string): Promise<Card> {
    const list = await api.ok<{ list: Card[] }>(`/bind_box/getBoxList?keyword=${encodeURIComponent(title)}`);
    const card = list.list.find((entry) => entry.title === title);
    if (!card) throw new Error(`no card ${title}`);
    return card;
  }

  /** Every picture on screen has arrived (cards and banners load lazily). */
  const imagesShown = () =>
    page.evaluate(() =>
      [...document.images]
        .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
        .every((image) => image.complete && image.naturalWidth > 0),
    );

  beforeAll(async () => {
    // A short anti-sniping window, so the test's bids do not move the deadline far.
    server = await startFairexServer({ env: { NFT_EXTENSION_WINDOW_MS: '1000' } });
    api = apiCaller(server.url);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: phoneViewport });
    pageErrors = watchPageErrors(page);
    const staff = server.staffToken;
    // The demo catalogue's pictures are drawn by code and served from storage: reuse one.
    picture = (await cardCalled('Orbit I')).cover;
    artist = await api.ok<{ id: number }>('/admin/nft/artists/save', {
      token: staff,
      body: { name: 'E2E Artist', avatar: picture, bios: { en: 'Draws tests.' } },
    });
    token = await registered('nft-user@example.com');
    rival = await registered('nft-rival@example.com');
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop({ removeData: true });
  });

  it('shows the market with its custodial notice', async () => {
    await page.goto(`${server.url}/#/pages/nft/nft`);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.reload();
    await page.getByTestId('nft-grid').waitFor();
    await page.getByTestId('nft-custodial').waitFor();
    await settled(page);
    await expect.poll(imagesShown).toBe(true);
    await screenshot(page, 'nft-market-375');
    await page.getByTestId('nft-tab-boxes').click();
    await page.getByTestId('nft-grid').waitFor();
    await screenshot(page, 'nft-market-boxes-375');
  });

  it('bids, is outbid, and sees the margin deposit returned at the deadline', async () => {
    // The auction's window starts now, so a slow start-up does not eat into it.
    const staff = server.staffToken;
    const now = Date.now();
    auctionEnds = now + 30_000;
    await api.ok('/admin/nft/artworks/save', {
      token: staff,
      body: {
        artist_id: artist.id,
        media_type: 'image',
        media: picture,
        cover: picture,
        titles: { en: 'Lot Alpha' },
        rarity: 'epic',
        currency_id: 3,
        editions: 1,
        sale_mode: 'auction',
        price: '100',
        increment: '10',
        margin: '20',
        starts_at: now - 60_000,
        ends_at: auctionEnds,
      },
    });
    auctionCode = (await cardCalled('Lot Alpha')).code;
    await page.goto(`${server.url}/#/pages/nft/artworkDetail?id=${auctionCode}`);
    await page.getByTestId('nft-auction').waitFor();
    await page.getByTestId('nft-bid-open').click();
    const notice = page.getByTestId('nft-margin-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('20');
    // The sheet slides up: wait until its button is on screen before the picture.
    await expect
      .poll(async () => {
        const box = await page.getByTestId('nft-bid-submit').boundingBox();
        return box !== null && box.y + box.height <= phoneViewport.height;
      })
      .toBe(true);
    await expect.poll(imagesShown).toBe(true);
    await screenshot(page, 'nft-bid-sheet-375');
    await page.getByTestId('nft-bid-submit').click();
    await page.getByTestId('nft-leading').waitFor();
    await expect.poll(() => page.getByTestId('nft-current-bid').innerText()).toContain('100');

    await api.ok('/bind_box/marginNFT', { token: rival, body: { code: auctionCode } });
    await api.ok('/bind_box/auctionNFT', { token: rival, body: { code: auctionCode, price: '110' } });
    await page.reload();
    await expect.poll(() => page.getByTestId('nft-current-bid').innerText()).toContain('110');
    expect(await page.getByTestId('nft-leading').count()).toBe(0);
    await expect.poll(() => page.getByTestId('nft-bids').locator('li').count()).toBe(2);
    await settled(page);
    await screenshot(page, 'nft-auction-outbid-375');

    await page.goto(`${server.url}/#/pages/nft/mine?tab=bids`);
    const margin = page.getByTestId('nft-margin-state').first();
    await margin.waitFor();
    expect(await margin.innerText()).toContain('held');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, auctionEnds - Date.now())));
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('nft-margin-state').first().waitFor();
          return page.getByTestId('nft-margin-state').first().innerText();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toContain('returned');
    await settled(page);
    await screenshot(page, 'nft-deposit-returned-375');
  });

  it('wins another auction, pays it within the window, and owns the item', async () => {
    const now = Date.now();
    const ends = now + 20_000;
    await api.ok('/admin/nft/artworks/save', {
      token: server.staffToken,
      body: {
        artist_id: artist.id,
        media_type: 'image',
        media: picture,
        cover: picture,
        titles: { en: 'Lot Beta' },
        rarity: 'rare',
        currency_id: 3,
        editions: 1,
        sale_mode: 'auction',
        price: '50',
        increment: '5',
        margin: '10',
        starts_at: now - 60_000,
        ends_at: ends,
      },
    });
    const code = (await cardCalled('Lot Beta')).code;
    await api.ok('/bind_box/marginNFT', { token, body: { code } });
    await api.ok('/bind_box/auctionNFT', { token, body: { code, price: '50' } });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ends - Date.now())));

    // The deadline settles on the server's schedule: the win shows as a payment due, with its window.
    await page.goto(`${server.url}/#/pages/nft/mine?tab=pay`);
    const pay = page.getByTestId('nft-pay');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('nft-orders').waitFor();
          return pay.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    expect(await page.getByTestId('nft-orders').innerText()).toContain('Pay within');
    await settled(page);
    await screenshot(page, 'nft-payment-due-375');
    await pay.click();
    await expect.poll(() => page.getByTestId('nft-orders').innerText()).toContain('Paid');
    expect(await pay.count()).toBe(0);

    await page.goto(`${server.url}/#/pages/nft/mine?tab=owned`);
    await page.getByTestId(`nft-my-${code}`).waitFor();
    await page.goto(`${server.url}/#/pages/nft/mine?tab=messages`);
    await expect
      .poll(() => page.getByTestId('nft-messages').innerText())
      .toContain('You won the auction for Lot Beta');
    await settled(page);
    await screenshot(page, 'nft-messages-375');
  });

  it('buys and opens a blind box, then sees its proof verified after the sale', async () => {
    const staff = server.staffToken;
    const now = Date.now();
    boxEnds = now + 25_000;
    const prizes: { artwork_id: number; weight: number }[] = [];
    for (const [title, weight] of [
      ['Prize Moss', 3],
      ['Prize Ember', 1],
    ] as const) {
      const artwork = await api.ok<{ id: number }>('/admin/nft/artworks/save', {
        token: staff,
        body: {
          artist_id: artist.id,
          media_type: 'image',
          media: picture,
          cover: picture,
          titles: { en: title },
          rarity: weight === 1 ? 'legendary' : 'common',
          currency_id: 3,
          editions: 0,
        },
      });
      prizes.push({ artwork_id: artwork.id, weight });
    }
    const box = await api.ok<{ code: string }>('/admin/nft/boxes/create', {
      token: staff,
      body: {
        artist_id: artist.id,
        titles: { en: 'E2E box' },
        cover: picture,
        price: '5',
        currency_id: 3,
        supply: 10,
        starts_at: now - 60_000,
        ends_at: boxEnds,
        items: prizes,
      },
    });
    boxCode = box.code;
    await page.goto(`${server.url}/#/pages/nft/artworkDetail?id=${boxCode}`);
    await page.getByTestId('nft-odds').waitFor();
    expect(await page.getByTestId('nft-proof-state').innerText()).toBe(
      'The seed is revealed when the sale ends',
    );
    await page.getByTestId('nft-box-buy').click();
    await page.getByTestId('nft-purchase').waitFor();
    await page.getByTestId('nft-client-seed').fill('my-own-seed-42');
    await expect.poll(() => page.getByTestId('nft-balance').innerText()).not.toContain('—');
    await screenshot(page, 'nft-purchase-box-375');
    await page.getByTestId('nft-purchase-confirm').click();
    await page.getByTestId('nft-open-box').click();
    const reveal = page.getByTestId('nft-reveal');
    await reveal.waitFor();
    await screenshot(page, 'nft-box-revealed-375');
    const href = (await reveal.getByRole('link').getAttribute('href')) ?? '';
    drawnCode = /id=(N\d+)/.exec(href)?.[1] ?? '';
    expect(drawnCode).toMatch(/^N\d+$/);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, boxEnds - Date.now())));
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('nft-proof-state').waitFor();
          return page.getByTestId('nft-proof-state').innerText();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('Verified');
    await page.getByTestId('nft-proof').scrollIntoViewIfNeeded();
    await screenshot(page, 'nft-box-verified-375');
  });

  it('lists the drawn item for resale, which goes live after staff approve it', async () => {
    await page.goto(`${server.url}/#/pages/nft/resell?id=${drawnCode}`);
    await page.getByTestId('nft-resell-form').waitFor();
    await page.getByTestId('nft-resell-submit').click();
    await page.getByText('Enter a price above zero').waitFor();
    await page.getByTestId('nft-resell-price').fill('12');
    await screenshot(page, 'nft-resell-375');
    await page.getByTestId('nft-resell-submit').click();
    await page.getByTestId('nft-items-resale').waitFor();
    await expect.poll(() => page.getByTestId('nft-items-resale').innerText()).toContain('In review');

    const queue = await api.ok<{ list: { id: number; code: string }[] }>(
      '/admin/nft/resales?state=pending_review',
      { token: server.staffToken },
    );
    const listing = queue.list.find((entry) => entry.code === drawnCode);
    expect(listing).toBeDefined();
    // Staff approve it in the console's review queue.
    const consolePage = await browser.newPage({ viewport: desktopViewport });
    const { secret } = JSON.parse(readFileSync(path.join(server.dataDir, 'e2e-staff.json'), 'utf8')) as {
      secret: string;
    };
    await consolePage.goto(`${server.url}/admin/`);
    await consolePage.getByTestId('login-email').fill(e2eAdmin.email);
    await consolePage.getByTestId('login-password').fill(e2eAdmin.password);
    await consolePage.getByTestId('login-code').fill(totpCode(secret));
    await consolePage.getByTestId('login-submit').click();
    await consolePage.getByTestId('console-brand').waitFor();
    await consolePage.goto(`${server.url}/admin/#/nft`);
    await consolePage.getByRole('tab', { name: 'Resale review' }).click();
    const approve = consolePage.getByTestId(`nft-approve-${listing?.id}`);
    await approve.waitFor();
    await screenshot(consolePage, 'nft-console-review');
    await approve.click();
    await expect.poll(() => approve.count()).toBe(0);
    await consolePage.close();

    await page.goto(`${server.url}/#/pages/nft/artworkDetail?id=${drawnCode}`);
    await expect.poll(() => page.getByTestId('nft-price').innerText()).toContain('12');
    expect(await page.getByTestId('nft-phase').first().innerText()).toBe('On sale');
    await settled(page);
    await screenshot(page, 'nft-resale-live-375');

    await page.setViewportSize(desktopViewport);
    await page.goto(`${server.url}/#/pages/nft/nft`);
    await page.getByTestId('nft-grid').waitFor();
    await settled(page);
    await screenshot(page, 'nft-market-desktop');
    expect(pageErrors).toEqual([]);
  });
});
