import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startFairexServer } from './support/fairex-server';

async function getJson(url: string) {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

describe('the server process as a user starts it', () => {
  // One fresh install serves the first three tests; the third restarts it on the same data.
  let first: RunningServer;
  beforeAll(async () => {
    first = await startFairexServer({ fresh: true, env: { LOG_LEVEL: 'info' } });
  }, 180_000);
  afterAll(async () => {
    if (first) rmSync(first.dataDir, { recursive: true, force: true });
  });

  it('answers before a fresh install has its price history, and says how far the history has come', async () => {
    const status = await getJson(`${first.url}/api/market/history_status`);
    expect(status.body.type).toBe('ok');
    expect(status.body.message).toMatchObject({ instruments: 50, ready: false });
    expect(first.output()).toContain('Preparing the price history of 50 markets in the background');
  });

  it('serves the web app at / and answers unknown API routes with 404', async () => {
    const page = await fetch(`${first.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await getJson(`${first.url}/api/nothing-here`)).status).toBe(404);
  });

  it('keeps its PGlite data across restarts and stops cleanly on SIGTERM', async () => {
    const dataDir = first.dataDir;
    const before = await getJson(`${first.url}/api/news/list?lang=en`);
    const siteConfig = await getJson(`${first.url}/api/getSiteConfig`);
    expect(siteConfig).toMatchObject({ status: 200, body: { type: 'ok', message: { demo: true } } });
    expect(first.output()).toContain('Fairex is running at');
    expect(await first.stop({ removeData: false })).toBe(0);

    const second = await startFairexServer({ dataDir });
    try {
      const after = await getJson(`${second.url}/api/news/list?lang=en`);
      expect(after).toEqual(before);
    } finally {
      expect(await second.stop({ removeData: false })).toBe(0);
    }
  });

  it('warns loudly when started on PGlite without demo mode', async () => {
    const server = await startFairexServer({ fresh: true, env: { DEMO: 'false' } });
    try {
      expect(server.output()).toContain('PGlite is the embedded database for trying Fairex out');
      expect((await getJson(`${server.url}/api/getSiteConfig`)).body.message.demo).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
