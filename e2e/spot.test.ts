/**
 * Issue 6's spot exchange as a user meets it, on the real server in demo mode with its market
 * maker running: a limit buy just below the best ask rests in the book and in the open orders,
 * the maker crosses it on the next tick, the balances change and the trade is in the bill; a
 * second buy far below is cancelled and exactly its hold comes back; a quick exchange is quoted
 * and confirmed. Screenshots at 375 px and 1280 px in English, Chinese and French.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktopViewport,
  launchBrowser,
  phoneViewport,
  screenshot,
  watchPageErrors,
} from './support/browser';
import { type RunningServer, startFairexServer } from './support/fairex-server';
import {
  type ApiCaller,
  apiCaller,
  type PreparedUser,
  prepareUser,
  settled,
  voucherPng,
} from './support/money-fixtures';

type Market = {
  symbol: string;
  currency_id: number;
  legal_id: number;
  tick_size: string;
  lot_size: string;
  price_decimals: number;
  price_band: string;
  reference_price: string | null;
};
type Depth = { seq: number; bids: [string, string][]; asks: [string, string][] };
type Order = { id: number; status: string; price: string; filled: string; amount: string; held: string };
type Account = { available: string; frozen: string; balance: string };

const symbol = 'BTC/USDT';
const amount = '0.001';

/** Decimal text as an integer count of 10^-scale units (test arithmetic, no floats). */
function units(text: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
}

function lower(left: bigint, right: bigint): bigint {
  return left < right ? left : right;
}

function text(value: bigint, scale: number): string {
  const digits = value.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

describe('spot exchange end to end: book, fills by the market maker, cancel, quick exchange', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiCaller;
  let user: PreparedUser;
  let market: Market;
  let pageErrors: string[];

  const spotAccount = (currency: number) =>
    api.ok<Account>('/wallet/detail', { token: user.token, body: { currency, type: 'change' } });
  const depth = () => api.ok<Depth>(`/coin/depth?symbol=${encodeURIComponent(symbol)}&limit=20`);

  beforeAll(async () => {
    server = await startFairexServer();
    api = apiCaller(server.url);
    user = await prepareUser(api, server.staffToken);
    // 2,000 USDT on the spot account: a deposit with a voucher, approved by staff.
    const voucher = await api.upload(user.token, voucherPng(), 'voucher.png');
    await api.ok('/wallet/charge_req', {
      token: user.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { amount: '2000', currency: 3, chain: 'TRC20', voucher },
    });
    const queue = await api.ok<{ list: { id: number; user_id: number }[] }>(
      '/admin/deposits?status=pending',
      {
        token: server.staffToken,
      },
    );
    for (const deposit of queue.list) {
      await api.ok('/admin/deposits/decide', {
        token: server.staffToken,
        body: { id: deposit.id, decision: 'approve' },
      });
    }
    const markets = await api.ok<Market[]>('/coin/markets');
    const found = markets.find((entry) => entry.symbol === symbol);
    if (!found) throw new Error(`no ${symbol} in ${JSON.stringify(markets)}`);
    market = found;
    // The market maker quotes once the feed has ticked.
    for (let attempt = 0; (await depth()).asks.length === 0; attempt += 1) {
      if (attempt > 300) throw new Error('the market maker never quoted');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    await context.addInitScript((session: string) => {
      if (!window.localStorage.getItem('token')) {
        window.localStorage.setItem('h5Version', '1');
        window.localStorage.setItem('token', session);
      }
    }, user.token);
    page = await context.newPage();
    pageErrors = watchPageErrors(page);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows visitors the book and recent trades, with a login button instead of the form', async () => {
    const visitor = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    const view = await visitor.newPage();
    const errors = watchPageErrors(view);
    await view.goto(`${server.url}/#/pages/transaction/index`);
    await view.getByTestId('book-ask').first().waitFor();
    await view.getByTestId('trade-login-button').waitFor();
    expect(await view.getByTestId('order-form').count()).toBe(0);
    expect(await view.getByTestId('pair-symbol').innerText()).toBe('BTC/USDT');
    await view.getByTestId('zero-fees').count();
    await settled(view);
    await screenshot(view, 'spot-visitor-375');
    expect(errors).toEqual([]);
    await visitor.close();
  });

  it('asks for the pairs and the site config while the translations are still loading', async () => {
    // Nothing renders before the translations, so calls made while they are held back were
    // started by the entry itself (app/router preloadPageAt), not by the page once rendered.
    const visitor = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    const view = await visitor.newPage();
    let releaseTranslations = () => {};
    const translationsHeld = new Promise<void>((resolve) => {
      releaseTranslations = resolve;
    });
    await view.route(/\/assets\/(zh|en|hk|th|jp|kor|fra|spa|vi|pt)-[\w-]+\.js$/, async (route) => {
      await translationsHeld;
      await route.continue();
    });
    const early = Promise.all([
      view.waitForRequest((request) => request.url().includes('/api/coin/markets'), { timeout: 15_000 }),
      view.waitForRequest((request) => request.url().includes('/api/getSiteConfig'), { timeout: 15_000 }),
    ]);
    await view.goto(`${server.url}/#/pages/transaction/index`, { waitUntil: 'commit' });
    const started = await early.finally(releaseTranslations);
    expect(started).toHaveLength(2);
    await view.getByTestId('book-ask').first().waitFor();
    expect(await view.getByTestId('pair-symbol').innerText()).toBe('BTC/USDT');
    await visitor.close();
  });

  it('places a limit buy just below the best ask; it rests in the book, the maker fills it as it sweeps, and the screen shows the fill', async () => {
    const usdtBefore = await spotAccount(3);
    const btcBefore = await spotAccount(1);
    await page.goto(`${server.url}/#/pages/transaction/currency?symbol=${encodeURIComponent(symbol)}`);
    await page.getByTestId('order-form').waitFor();
    await page.getByTestId('book-ask').first().waitFor();
    await expect.poll(() => page.getByTestId('order-available').innerText()).toContain('2,000');
    expect(await page.getByTestId('zero-fees').innerText()).toBe('Zero fees');

    // Whether an order rested is read from its fills, not from the screen: the maker sweeps it
    // on the next one-second tick, and a loaded machine may draw the book after that.
    const orderIds = async () => {
      const ids = new Set<number>();
      for (const status of ['doing', 'complete']) {
        const orders = await api.ok<{ list: Order[] }>(`/coin/list?status=${status}&limit=50`, {
          token: user.token,
        });
        for (const order of orders.list) ids.add(order.id);
      }
      return ids;
    };
    type Fill = { role: 'maker' | 'taker'; price: string };
    const detail = (id: number) =>
      api.ok<{ order: Order; fills: Fill[] }>(`/coin/order?id=${id}`, { token: user.token });

    await page.getByTestId('kind-limit').click();
    await page.getByTestId('order-amount').fill(amount);
    // One tick below the best ask on screen. Should the book move down between reading and
    // sending, the order takes liquidity at once and never rests; should the price rise past it,
    // the maker never sweeps it and it is cancelled. Either way it is tried again.
    const scale = market.price_decimals;
    const filledLimits: string[] = [];
    const tried: string[] = [];
    for (let attempt = 1; ; attempt += 1) {
      const before = await orderIds();
      const bestAsk = (await page.getByTestId('book-ask').last().getAttribute('data-price')) ?? '';
      const price = text(units(bestAsk, scale) - units(market.tick_size, scale), scale);
      await page.getByTestId('order-price').fill(price);
      if (attempt === 1) expect(await page.getByTestId('order-total').innerText()).toContain('USDT');
      await page.getByTestId('order-submit').click();
      tried.push(price);
      let placed = 0;
      await expect
        .poll(async () => {
          placed = [...(await orderIds())].find((id) => !before.has(id)) ?? 0;
          return placed;
        })
        .toBeGreaterThan(0);
      const filled = await expect
        .poll(async () => (await detail(placed)).order.status, { timeout: 15_000 })
        .toBe('filled')
        .then(() => true)
        .catch(() => false);
      if (filled) {
        filledLimits.push(price);
        const { fills } = await detail(placed);
        // A resting order is filled as maker, at its own limit.
        if (
          fills.length > 0 &&
          fills.every((fill) => fill.role === 'maker' && units(fill.price, scale) === units(price, scale))
        )
          break;
      } else {
        await api.ok('/coin/cancel', {
          token: user.token,
          headers: { 'idempotency-key': randomUUID() },
          body: { id: placed },
        });
      }
      if (attempt === 3)
        throw new Error(`no order rested and was swept in three tries at ${tried.join(', ')}`);
      await page.getByTestId('order-amount').fill(amount);
    }
    await page.getByTestId('open-orders-empty').waitFor();
    await page.getByTestId('recent-trade').first().waitFor();
    await settled(page);
    await screenshot(page, 'spot-after-fill-375');

    const usdtAfter = await spotAccount(3);
    const btcAfter = await spotAccount(1);
    expect(units(btcAfter.available, 8) - units(btcBefore.available, 8)).toBe(
      units(amount, 8) * BigInt(filledLimits.length),
    );
    // Zero fees on BTC pairs: price x amount left for each fill, never more than the limits.
    const spent = units(usdtBefore.available, 6) - units(usdtAfter.available, 6);
    const mostSpent = filledLimits.reduce(
      (sum, limit) => sum + (units(limit, 6) * units(amount, 8)) / 10n ** 8n,
      0n,
    );
    expect(spent).toBeGreaterThan(0n);
    expect(spent).toBeLessThanOrEqual(mostSpent);
    expect(usdtAfter.frozen).toMatch(/^0(\.0+)?$/);
    // The form shows the new balance without a reload (wallet:changed).
    await expect
      .poll(() => page.getByTestId('order-available').innerText())
      .toContain(
        Number(usdtAfter.available).toLocaleString('en-US', {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }),
      );
  });

  it('shows the fill in the orders history with its reference tick, and the trade in the bill', async () => {
    await page.getByTestId('trade-orders-link').click();
    await page.getByTestId('orders-tab-complete').click();
    const card = page.locator(
      '[data-testid="orders-complete"] [data-testid="order-card"][data-status="filled"]',
    );
    await card.first().waitFor();
    await card.first().getByTestId('order-open').click();
    await page.getByTestId('order-fill').first().waitFor();
    await page.getByTestId('fill-tick').first().click();
    await page.getByTestId('tick-facts').waitFor();
    expect(await page.getByTestId('tick-facts').innerText()).toContain('BTC');
    await settled(page);
    await screenshot(page, 'spot-order-detail-375');

    await page.goto(`${server.url}/#/pages/setting/bill`);
    await page.getByTestId('bill-list').waitFor();
    await expect
      .poll(() =>
        page
          .getByTestId('bill-line')
          .evaluateAll((lines) => lines.map((line) => line.getAttribute('data-kind'))),
      )
      .toContain('trade');
    await settled(page);
    await screenshot(page, 'spot-bill-375');
  });

  it('cancels a buy far below the price and gets exactly the hold back', async () => {
    const before = await spotAccount(3);
    await page.goto(`${server.url}/#/pages/transaction/currency?symbol=${encodeURIComponent(symbol)}`);
    await page.getByTestId('order-form').waitFor();
    await page.getByTestId('book-bid').first().waitFor();
    const reference = units(
      market.reference_price ?? (await depth()).bids[0]?.[0] ?? '0',
      market.price_decimals,
    );
    const bestBid = units((await depth()).bids[0]?.[0] ?? '0', market.price_decimals);
    // 5 % below the lower of reference and best bid: inside the 10 % band, far from any fill.
    const low = (lower(reference, bestBid) * 95n) / 100n;
    const price = text(low, market.price_decimals);
    await page.getByTestId('order-price').fill(price);
    await page.getByTestId('order-amount').fill(amount);
    await page.getByTestId('order-submit').click();
    const card = page.locator(
      '[data-testid="pair-open-orders"] [data-testid="order-card"][data-status="open"]',
    );
    await card.first().waitFor();
    const held = await spotAccount(3);
    expect(units(held.frozen, 6)).toBe((units(price, 6) * units(amount, 8)) / 10n ** 8n);
    await settled(page);
    await screenshot(page, 'spot-open-order-375');

    await card.first().getByTestId('order-cancel').click();
    await page.locator('.adm-dialog-button', { hasText: 'Cancel order' }).click();
    await page.getByTestId('open-orders-empty').waitFor();
    await expect.poll(async () => (await spotAccount(3)).available).toBe(before.available);
    expect((await spotAccount(3)).frozen).toMatch(/^0(\.0+)?$/);
  });

  it('quotes and confirms a quick exchange from USDT to BTC', async () => {
    const btcBefore = await spotAccount(1);
    await page.goto(`${server.url}/#/pages/fund/exchange`);
    await page.getByTestId('exchange-form').waitFor();
    await page.getByTestId('exchange-from').click();
    await page.getByTestId('exchange-from-USDT').click();
    expect(await page.getByTestId('exchange-to').innerText()).toContain('BTC');
    await page.getByTestId('exchange-amount').fill('100');
    await expect.poll(() => page.getByTestId('exchange-receive').innerText()).toMatch(/≈ 0\.00\d+/);
    expect(await page.getByTestId('exchange-rate').innerText()).toMatch(/^1 USDT ≈ 0\.0000\d+ BTC$/);
    await settled(page);
    await screenshot(page, 'spot-exchange-quote-375');
    await page.getByTestId('exchange-submit').click();
    await page.getByTestId('exchange-confirm').waitFor();
    await page.locator('.adm-dialog-button', { hasText: 'Convert now' }).click();
    await page.getByTestId('exchange-result').waitFor();
    const received = (await page.getByTestId('exchange-received').innerText()).split(' ')[0] ?? '';
    // Whole lots of BTC are bought: at most the 100 USDT asked for is spent.
    const spent = (await page.getByTestId('exchange-spent').innerText()).split(' ')[0] ?? '';
    expect(units(spent, 6)).toBeLessThanOrEqual(units('100', 6));
    expect(units(spent, 6)).toBeGreaterThan(units('99', 6));
    const btcAfter = await spotAccount(1);
    expect(units(btcAfter.available, 8) - units(btcBefore.available, 8)).toBe(units(received, 8));
    await settled(page);
    await screenshot(page, 'spot-exchange-done-375');
  });

  it('lays out the trade, orders and exchange screens at 375 px and 1280 px in three languages', async () => {
    for (const lang of ['en', 'zh', 'fra']) {
      for (const [width, viewport] of [
        [375, phoneViewport],
        [1280, desktopViewport],
      ] as const) {
        const wide = await browser.newContext({ viewport, isMobile: width === 375, hasTouch: width === 375 });
        await wide.addInitScript(
          ([session, language]) => {
            window.localStorage.setItem('h5Version', '1');
            window.localStorage.setItem('token', session);
            window.localStorage.setItem('lang', language);
          },
          [user.token, lang] as const,
        );
        const view = await wide.newPage();
        const errors = watchPageErrors(view);
        await view.goto(`${server.url}/#/pages/transaction/index`);
        await view.getByTestId('book-ask').first().waitFor();
        await view.getByTestId('order-form').waitFor();
        await view.getByTestId('share-50').click();
        await settled(view);
        await screenshot(view, `spot-trade-${lang}-${width}`);
        await view.goto(`${server.url}/#/pages/transaction/currency_order?tab=complete`);
        await view.getByTestId('order-card').first().waitFor();
        await settled(view);
        await screenshot(view, `spot-orders-${lang}-${width}`);
        await view.goto(`${server.url}/#/pages/fund/exchange`);
        await view.getByTestId('exchange-form').waitFor();
        await view.getByTestId('exchange-amount').fill('50');
        await expect.poll(() => view.getByTestId('exchange-receive').innerText()).not.toBe('--');
        await settled(view);
        await screenshot(view, `spot-exchange-${lang}-${width}`);
        expect(errors).toEqual([]);
        await wide.close();
      }
    }
  }, 120_000);

  it('raised no script error on the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
