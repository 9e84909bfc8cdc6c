import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneViewport, screenshot, watchPageErrors } from './support/browser';
import { type RunningServer, startFairexServer } from './support/fairex-server';

type Reply<T> = { type: unknown; message: T };

describe('market data in a phone-sized browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];

  async function post<T>(path: string, body: Record<string, string>, token?: string): Promise<Reply<T>> {
    const response = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Reply<T>;
  }

  /** A signed-in user made through the API, with the code from the demo outbox. */
  async function registeredToken(email: string): Promise<string> {
    await post('/sms_mail', { user_string: email, scene: 'register' });
    let code: string | undefined;
    for (let attempt = 0; attempt < 50 && !code; attempt += 1) {
      const outbox = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as Reply<
        { recipient: string; body: string }[]
      >;
      const message = outbox.message.find((entry) => entry.recipient.includes(email));
      code = message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
      if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!code) throw new Error('no registration code in the outbox');
    const reply = await post<string>('/user/register', {
      user_string: email,
      code,
      password: 'market-secret-1',
      re_password: 'market-secret-1',
      type: 'email',
    });
    if (reply.type !== 'ok') throw new Error(`registration failed: ${JSON.stringify(reply)}`);
    return reply.message;
  }

  beforeAll(async () => {
    server = await startFairexServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    page = await context.newPage();
    pageErrors = watchPageErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows coins with prices that change live, and says the prices are simulated', async () => {
    await page.goto(`${server.url}/#/pages/market/market`);
    await page.getByTestId('markets-tab-coins').click();
    const price = page.getByTestId('quote-price-BTC-USDT');
    await price.waitFor();
    const first = await price.innerText();
    await expect.poll(() => price.innerText(), { timeout: 20_000, interval: 250 }).not.toBe(first);
    await page.getByTestId('simulated-prices').first().waitFor();
    expect(['up', 'zero', 'down']).toContain(
      await page.getByTestId('quote-row-BTC-USDT').getAttribute('data-direction'),
    );
    await screenshot(page, 'markets-coins-375');
    for (const tab of ['futures', 'stock'] as const) {
      await page.getByTestId(`markets-tab-${tab}`).click();
      await page.locator('[data-testid^="quote-row-"]').first().waitFor();
    }
    await screenshot(page, 'markets-stock-375');
  });

  it('draws a candlestick chart with history and switches period', async () => {
    await page.goto(`${server.url}/#/pages/market/market`);
    await page.getByTestId('markets-tab-coins').click();
    await page.getByTestId('quote-row-BTC-USDT').click();
    const chart = page.getByTestId('detail-chart');
    await chart.waitFor();
    await expect
      .poll(async () => Number(await chart.getAttribute('data-candles')), { timeout: 20_000 })
      .toBeGreaterThan(50);
    expect(await page.locator('[data-testid="detail-chart"] canvas').count()).toBeGreaterThan(0);
    await screenshot(page, 'detail-chart-375');
    await page.getByTestId('period-1h').click();
    await expect
      .poll(async () => Number(await chart.getAttribute('data-candles')), { timeout: 20_000 })
      .toBeGreaterThan(50);
    await screenshot(page, 'detail-chart-1h-375');
  });

  it('lets anyone check the recorded tick behind the last price', async () => {
    await page.getByTestId('detail-tick').click();
    const quotes = (await (await fetch(`${server.url}/api/currency/quotation_new`)).json()) as Reply<
      { symbol: string; tick_id: string }[]
    >;
    const btc = quotes.message.find((quote) => quote.symbol === 'BTC/USDT');
    const tick = (await (await fetch(`${server.url}/api/market/tick?id=${btc?.tick_id}`)).json()) as Reply<{
      symbol: string;
      source: string;
    }>;
    expect(tick).toMatchObject({ type: 'ok', message: { symbol: 'BTC/USDT', source: 'simulated' } });
  });

  it('keeps favourites across a reload', async () => {
    const token = await registeredToken('markets@example.com');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    // The app reads the stored token at start: reload so this tab starts signed in.
    await page.goto(`${server.url}/#/pages/market/detail?symbol=ETH/USDT`);
    await page.reload();
    await page.getByTestId('favourite-toggle').click();
    await expect
      .poll(async () => {
        const reply = (await (
          await fetch(`${server.url}/api/optional/list`, { headers: { authorization: token } })
        ).json()) as Reply<{ symbol: string }[]>;
        return reply.message.map((favourite) => favourite.symbol);
      })
      .toEqual(['ETH/USDT']);
    await page.goto(`${server.url}/#/pages/market/market`);
    await page.reload();
    await page.getByTestId('markets-tab-favourites').click();
    await page.getByTestId('quote-row-ETH-USDT').waitFor();
    expect(await page.locator('[data-testid^="quote-row-"]').count()).toBe(1);
    await screenshot(page, 'markets-favourites-375');
  });

  it('raised no script error on the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
