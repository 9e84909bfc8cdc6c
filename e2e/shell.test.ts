import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Locale, localeCodes } from '@fairex/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktopViewport,
  launchBrowser,
  phoneViewport,
  screenshot,
  watchPageErrors,
} from './support/browser';
import { type RunningServer, startFairexServer } from './support/fairex-server';

const tabKeys = ['home', 'markets', 'trade', 'finance', 'assets'] as const;
const tabPaths: Record<(typeof tabKeys)[number], string> = {
  home: '/pages/index/index',
  markets: '/pages/market/market',
  trade: '/pages/transaction/index',
  finance: '/pages/financial/index',
  assets: '/pages/fund/assets',
};
const selectedTabColour = 'rgb(255, 215, 166)'; // #ffd7a6

function localeFile(locale: Locale, namespace: string): Record<string, unknown> {
  const file = path.resolve(import.meta.dirname, `../apps/web/src/locales/${locale}/${namespace}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

function localeText(locale: Locale, namespace: string, key: string): string {
  const value = localeFile(locale, namespace)[key];
  if (typeof value !== 'string') throw new Error(`no ${namespace}:${key} in ${locale}`);
  return value;
}

function tabLabels(locale: Locale): string[] {
  const tabs = localeFile(locale, 'common').tabs as Record<string, string>;
  return tabKeys.map((key) => tabs[key] ?? `missing ${key}`);
}

async function visibleTabLabels(page: Page): Promise<string[]> {
  return Promise.all(
    tabKeys.map((key) =>
      page
        .getByTestId(`tab-${key}`)
        .innerText()
        .then((text) => text.trim()),
    ),
  );
}

describe('the web shell in a phone-sized browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    server = await startFairexServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    page = await context.newPage();
    pageErrors = watchPageErrors(page);
    await page.goto(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows Home with the site name and logo from the server, the demo badge, banners, notices and the popup', async () => {
    await page.getByTestId('popup-notice').waitFor();
    await screenshot(page, 'home-popup-375');
    await page.getByTestId('popup-close').click();
    await page.getByTestId('popup-notice').waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('site-name').innerText()).toBe('Fairex');
    expect(await page.getByTestId('site-logo').getAttribute('src')).toBe('/logo.svg');
    await page.getByTestId('demo-badge').waitFor();
    await page.getByTestId('home-banners').waitFor();
    await page.getByTestId('home-notices').waitFor();
    await page.getByTestId('home-menu').waitFor();
    await expect.poll(() => page.getByTestId('socket-status').getAttribute('data-status')).toBe('connected');
    await screenshot(page, 'home-375');
  });

  it('shows the popup notice only once', async () => {
    await page.reload();
    await page.getByTestId('home-menu').waitFor();
    await page.waitForTimeout(800);
    expect(await page.getByTestId('popup-notice').isVisible()).toBe(false);
  });

  it('walks the five tabs in the spec order, the selected one in #ffd7a6', async () => {
    expect(await visibleTabLabels(page)).toEqual(tabLabels('en'));
    for (const key of tabKeys) {
      await page.getByTestId(`tab-${key}`).click();
      await expect.poll(() => new URL(page.url()).hash).toBe(`#${tabPaths[key]}`);
      // The label colour eases over 0.15 s: wait for it to settle on the selected colour.
      await page.waitForFunction(
        ({ testId, colour }) => {
          const label = document.querySelector(`[data-testid="${testId}"] .tab-bar-label`);
          return label !== null && getComputedStyle(label).color === colour;
        },
        { testId: `tab-${key}`, colour: selectedTabColour },
        { timeout: 5_000 },
      );
      const selectedCount = await page.evaluate(
        (colour) =>
          [...document.querySelectorAll('.tab-bar-label')].filter(
            (label) => getComputedStyle(label).color === colour,
          ).length,
        selectedTabColour,
      );
      expect(selectedCount).toBe(1);
      const text = await page.locator('main, #root').first().innerText();
      expect(text.trim().length).toBeGreaterThan(20);
      await screenshot(page, `tab-${key}-375`);
    }
  });

  it('leads every Home shortcut somewhere real or marks it as not yet available', async () => {
    await page.getByTestId('tab-home').click();
    const items = page.locator('[data-testid^="menu-"]');
    await items.first().waitFor();
    const testIds = await items.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('data-testid')),
    );
    expect(testIds.length).toBeGreaterThanOrEqual(19);
    for (const testId of testIds) {
      const shortcut = page.getByTestId(String(testId));
      const available = (await shortcut.getAttribute('data-available')) === 'true';
      const homeHash = new URL(page.url()).hash;
      await shortcut.click();
      await expect.poll(() => new URL(page.url()).hash).not.toBe(homeHash);
      if (available) {
        // A shipped feature opens its own page, not the placeholder; a private one tells a
        // visitor to log in and takes them to the login page (spec section 6).
        await page.locator('.page-header, header').first().waitFor();
        expect(await page.getByTestId('coming-soon').count()).toBe(0);
        await expect
          .poll(
            async () => {
              const atLogin = new URL(page.url()).hash.includes('/pages/common/login');
              return atLogin || (await page.locator('#root').innerText()).trim().length > 20;
            },
            { timeout: 5000, message: String(testId) },
          )
          .toBe(true);
        await page.goto(`${server.url}/#/pages/index/index`);
      } else {
        await page.getByTestId('coming-soon').waitFor();
        expect((await page.getByTestId('coming-soon').innerText()).trim().length).toBeGreaterThan(10);
        await page.goBack();
      }
      await page.getByTestId('home-menu').waitFor();
    }
  });

  it('relabels everything at once in each of the ten locales, without reload', async () => {
    await page.getByTestId('tab-home').click();
    // A marker on window survives only if the page is never reloaded.
    await page.evaluate(() => Object.assign(window, { fairexNoReload: true }));
    for (const locale of [...localeCodes.filter((code) => code !== 'en'), 'en' as const]) {
      await page.getByTestId('open-settings').click();
      await page.getByTestId('setting-language').click();
      await page.getByTestId(`lang-${locale}`).click();
      // Some locales share a title (zh and hk both say 我的): wait for the switch itself first.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe(locale);
      await expect
        .poll(() => page.locator('body').innerText())
        .toContain(localeText(locale, 'settings', 'title'));
      if (['zh', 'th', 'jp'].includes(locale)) await screenshot(page, `settings-${locale}-375`);
      await page.goBack();
      await expect.poll(() => visibleTabLabels(page)).toEqual(tabLabels(locale));
      if (['zh', 'kor'].includes(locale)) await screenshot(page, `home-${locale}-375`);
    }
    expect(await page.evaluate(() => (window as { fairexNoReload?: boolean }).fairexNoReload)).toBe(true);
  });

  it('switches the default fiat, shows the bundled rates date offline, and keeps the choice', async () => {
    await page.getByTestId('open-settings').click();
    await expect.poll(() => page.getByTestId('current-fiat').innerText()).toContain('USD');
    await page.getByTestId('setting-fiat').click();
    await page.getByTestId('fiat-EUR').click();
    await expect.poll(() => page.getByTestId('current-fiat').innerText()).toContain('EUR');
    await expect.poll(() => page.getByTestId('fiat-rates-note').innerText()).toContain('2026');
    await screenshot(page, 'settings-fiat-375');
    await page.reload();
    await expect.poll(() => page.getByTestId('current-fiat').innerText()).toContain('EUR');
    expect(await page.evaluate(() => localStorage.getItem('fiat'))).toBe('EUR');
  });

  it('lays out on a desktop-width window', async () => {
    await page.setViewportSize(desktopViewport);
    await page.goto(`${server.url}/#/pages/index/index`);
    await page.getByTestId('home-menu').waitFor();
    const width = await page
      .getByTestId('tab-bar')
      .evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(desktopViewport.width);
    await screenshot(page, 'home-desktop');
  });

  it('raised no script error on the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
