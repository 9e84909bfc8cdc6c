import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { demoVisitorCookie } from './demo-visitor';

export const artifactsDir = path.resolve(import.meta.dirname, '../artifacts');
export const phoneViewport = { width: 375, height: 812 };
export const desktopViewport = { width: 1280, height: 800 };
/**
 * How long a page action or wait may take: the first page a fresh server serves, while it seeds
 * the demo and prepares price history, can take over Playwright's 30 s on a loaded 2-core machine.
 */
const pageActionTimeoutMs = 60_000;

/**
 * Debian's Chromium with the flags this closed network needs (toolchain-facts.md); every new
 * context is the run's demo visitor (support/demo-visitor.ts).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(pageActionTimeoutMs);
    await context.addCookies([
      { ...demoVisitorCookie, domain: '127.0.0.1', path: '/api', httpOnly: true, sameSite: 'Strict' },
    ]);
    return context;
  };
  return browser;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`) });
}

/** Fails the test on any uncaught page error or console error, which a user would not see. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}
