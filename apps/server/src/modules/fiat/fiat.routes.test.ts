import { fiatCodes, fiatRatesReplySchema } from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { bundledRatesAsOf } from './fiat.bundled';
import { manualClock, type RateServer, recordedAsOf, startRateServer } from './fiat.fixtures';
import { createFiatRateSource } from './fiat.http-source';

const liveWaitMaxMs = 5_000;
const pollIntervalMs = 20;

describe.each(testDatabases())('GET /api/fiat/rates on $name', (testDatabase) => {
  let testApp: TestApp;
  let server: RateServer;

  beforeAll(async () => {
    server = await startRateServer();
    testApp = await startTestApp(testDatabase, {
      clock: manualClock('2026-11-05T08:00:00Z'),
      fiatRateSource: createFiatRateSource(server.url, { timeoutMs: 2_000 }),
    });
  });
  afterAll(async () => {
    await testApp.close();
    await server.close();
  });

  const getRates = (query = '') => testApp.call({ method: 'GET', url: `/api/fiat/rates${query}` });

  it('answers the bundled table at once, then the live one refreshed behind it', async () => {
    const first = await getRates();
    expect(first.status).toBe(200);
    expect(first.body.type).toBe('ok');
    const bundled = fiatRatesReplySchema.parse(first.body.message);
    expect(bundled).toMatchObject({ base: 'USD', source: 'bundled', as_of: bundledRatesAsOf.toISOString() });
    expect(bundled.rates.map((rate) => rate.currency_code)).toEqual([...fiatCodes]);

    const deadline = Date.now() + liveWaitMaxMs;
    let live = bundled;
    while (live.source !== 'live' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
      live = fiatRatesReplySchema.parse((await getRates()).body.message);
    }
    expect(live.source).toBe('live');
    expect(live.as_of).toBe(recordedAsOf.toISOString());
    expect(live.rates[0]).toEqual({ currency_code: 'USD', rate: '1' });
    expect(server.requests()).toBe(1);
  });

  it('accepts lang and refuses other parameters', async () => {
    expect((await getRates('?lang=zh')).body.type).toBe('ok');
    expect((await getRates('?currency=EUR')).body).toEqual({ type: 'error', message: 'Parameter error' });
  });

  it('needs no session', async () => {
    const reply = await testApp.call({
      method: 'GET',
      url: '/api/fiat/rates',
      headers: { authorization: 'not-a-session' },
    });
    expect(reply.body.type).toBe('ok');
  });
});
