import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneViewport } from './support/browser';
import { type RunningServer, startFairexServer } from './support/fairex-server';
import { apiCaller, type PreparedUser, prepareUser } from './support/money-fixtures';

/** Every page of the router, with the query a deep link to it carries. */
const routes = [
  'pages/index/index',
  'pages/market/market',
  'pages/transaction/index',
  'pages/financial/index',
  'pages/fund/assets',
  'pages/market/search',
  'pages/market/detail?symbol=BTC%2FUSDT',
  'pages/transaction/currency',
  'pages/transaction/currency_order',
  'pages/transaction/contract',
  'pages/transaction/contract_order',
  'pages/transaction/seconds',
  'pages/transaction/seconds_order',
  'pages/invest/invest',
  'pages/invest/purchase?id=1',
  'pages/invest/mine',
  'pages/invest/help',
  'pages/nft/nft',
  'pages/nft/search?keyword=a',
  'pages/nft/artist',
  'pages/nft/artwork',
  'pages/nft/collection?id=1',
  'pages/nft/artistDetail?id=1',
  'pages/nft/artworkDetail?id=N1',
  'pages/nft/artworkDetail_video?id=N1',
  'pages/nft/purchase?id=N1',
  'pages/nft/purchase_one?id=B1',
  'pages/nft/mine',
  'pages/nft/myNft',
  'pages/nft/resell?id=N1',
  'pages/ieo/ieo',
  'pages/ieo/subscribe',
  'pages/ieo/order',
  'pages/fund/exchange',
  'pages/setting/setting',
  'pages/common/login',
  'pages/common/register',
  'pages/common/area',
  'pages/common/forget',
  'pages/common/wallet-select',
  'pages/common/wallet-connect',
  'pages/setting/userInfo',
  'pages/setting/security',
  'pages/setting/password',
  'pages/setting/payPassword',
  'pages/setting/real',
  'pages/setting/real_mark',
  'pages/common/article?id=1',
  'pages/common/faq',
  'pages/common/aboutus',
  'pages/common/contactus',
  'pages/setting/operational_compliance',
  'pages/fund/assets_record?kind=change',
  'pages/fund/assets_all_record',
  'pages/fund/transfer',
  'pages/fund/fundTransfer',
  'pages/fund/transfer_history',
  'pages/setting/bill',
  'pages/fund/select',
  'pages/fund/receive?currency_id=3&chain=TRC20',
  'pages/fund/withdraw',
  'pages/fund/receive_withdraw_record',
  'pages/setting/wallet',
  'pages/setting/addWallet',
  'pages/setting/bank',
  'pages/setting/bank_international',
];

/**
 * Toasts a page raised, kept in the page so a quick navigation loses none. A loading toast (a
 * spinner while a money call is in flight, lib/toast.ts) is no message to the user and is left out.
 */
function recordToasts() {
  const seen: string[] = [];
  (window as unknown as { fairexToasts: string[] }).fairexToasts = seen;
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('.adm-toast-main')) {
      if (toast.querySelector('.adm-spin-loading, .adm-toast-loading')) continue;
      const entry = `${location.hash}: ${toast.textContent}`;
      if (!seen.includes(entry)) seen.push(entry);
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}

describe('moving quickly between every page, signed in', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: PreparedUser;

  beforeAll(async () => {
    server = await startFairexServer();
    browser = await launchBrowser();
    user = await prepareUser(apiCaller(server.url), server.staffToken, {
      address: 'TXYZabcdefghijkmnopqrstuvwxyz12345',
    });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists every page of the router', () => {
    const router = readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/app/router.tsx'), 'utf8');
    const declared = [...router.matchAll(/path: '(pages\/[A-Za-z_/-]+)'/g)].map((match) => match[1]);
    expect(new Set(routes.map((route) => route.split('?')[0]))).toEqual(new Set(declared));
  });

  /** One signed-in page moving through `shard` without reloading; answers its toasts and errors. */
  async function walk(
    shard: readonly string[],
    dwellMs: number,
  ): Promise<{ toasts: string[]; errors: string[] }> {
    const context = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    await context.addInitScript((session: string) => {
      window.localStorage.setItem('h5Version', '1');
      window.localStorage.setItem('token', session);
    }, user.token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${server.url}/#/pages/index/index`);
    await page.evaluate(recordToasts);
    for (const route of shard) {
      await page.evaluate((hash) => {
        window.location.hash = hash;
      }, `#/${route}`);
      await page.waitForTimeout(dwellMs);
    }
    await page.waitForTimeout(1500);
    const toasts = await page.evaluate(() => (window as unknown as { fairexToasts: string[] }).fairexToasts);
    await context.close();
    return { toasts, errors };
  }

  // Leaving a page cancels its queries mid-reply; that must not read as a server fault. Three
  // pages walk a third of the routes each at the same time: the dwell is waiting, not work.
  const shards = 3;
  for (const dwellMs of [150, 800]) {
    it(`shows no error toast and raises no script error, ${dwellMs} ms on each page`, async () => {
      const walks = await Promise.all(
        Array.from({ length: shards }, (_, shard) =>
          walk(
            routes.filter((_, index) => index % shards === shard),
            dwellMs,
          ),
        ),
      );
      expect(walks.flatMap((result) => result.toasts)).toEqual([]);
      expect(walks.flatMap((result) => result.errors)).toEqual([]);
    });
  }
});
