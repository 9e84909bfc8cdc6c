import { fiatCodes, fiatRatesReplySchema } from '@fairex/contract';
import { desc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database';
import { testDatabases } from '../../test-support/test-databases';
import { bundledRates, bundledRatesAsOf } from './fiat.bundled';
import { failedFetchRetryIntervalMs, ratesRefreshIntervalMs } from './fiat.domain';
import {
  manualClock,
  type RateServer,
  recordedAsOf,
  recordedReply,
  respond,
  startRateServer,
} from './fiat.fixtures';
import { createFiatRateSource } from './fiat.http-source';
import { fiatRateAttempts, fiatRates } from './fiat.schema';
import { createFiatRatesService, type FiatRatesService } from './fiat.service';

const testTimeoutMs = 250;
const minuteMs = 60_000;

describe.each(testDatabases())('the fiat rates service on $name', (testDatabase) => {
  let database: DatabaseHandle;
  let server: RateServer;
  let clock: ReturnType<typeof manualClock>;
  const services: FiatRatesService[] = [];

  beforeAll(async () => {
    database = await testDatabase.open();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(fiatRates);
    await database.db.delete(fiatRateAttempts);
    server = await startRateServer();
    clock = manualClock('2026-11-05T08:00:00Z');
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((service) => service.close()));
    await server.close();
  });

  function startService(options: { online?: boolean } = {}): FiatRatesService {
    const source =
      options.online === false ? null : createFiatRateSource(server.url, { timeoutMs: testTimeoutMs });
    const service = createFiatRatesService({ db: database.db, clock, source });
    services.push(service);
    return service;
  }

  function rateOf(reply: { rates: Array<{ currency_code: string; rate: string }> }, code: string) {
    return reply.rates.find((rate) => rate.currency_code === code)?.rate;
  }

  async function attempts() {
    return database.db.select().from(fiatRateAttempts).orderBy(desc(fiatRateAttempts.attemptedAt));
  }

  it('answers the bundled table with its own date on first use, without waiting for the network', async () => {
    server.answerWith(respond.hang());
    const service = startService();
    const reply = await service.rates();
    expect(fiatRatesReplySchema.parse(reply)).toEqual(reply);
    expect(reply.source).toBe('bundled');
    expect(reply.as_of).toBe(bundledRatesAsOf.toISOString());
    expect(reply.rates).toEqual(fiatCodes.map((code) => ({ currency_code: code, rate: bundledRates[code] })));
  });

  it('keeps the bundled table for good without a source', async () => {
    const service = startService({ online: false });
    await service.rates();
    await service.refreshIfDue();
    expect((await service.rates()).source).toBe('bundled');
    expect(server.requests()).toBe(0);
    expect(await attempts()).toEqual([]);
  });

  it('serves live rates after a refresh: the service date, the eleven codes, USD exactly 1', async () => {
    const service = startService();
    await service.rates();
    await service.refreshIfDue();
    const reply = await service.rates();
    expect(reply.source).toBe('live');
    expect(reply.as_of).toBe(recordedAsOf.toISOString());
    expect(reply.rates.map((rate) => rate.currency_code)).toEqual([...fiatCodes]);
    expect(rateOf(reply, 'USD')).toBe('1');
    expect(rateOf(reply, 'CNY')).toBe('7.123456789123');
    expect(rateOf(reply, 'EUR')).toBe('0.86');
    expect(rateOf(reply, 'VND')).toBe('26312.5');
    expect(rateOf(reply, 'JPY')).toBe('153.482199');
    expect(await database.db.select().from(fiatRates)).toHaveLength(fiatCodes.length);
    expect((await attempts()).map((attempt) => attempt.outcome)).toEqual(['ok']);
  });

  it('fetches once however many ask at the same time', async () => {
    server.answerWith(respond.after(50, respond.json(recordedReply())));
    const service = startService();
    await Promise.all([service.rates(), service.rates(), service.refreshIfDue(), service.refreshIfDue()]);
    await service.refreshIfDue();
    expect(server.requests()).toBe(1);
  });

  it('does not fetch again within 24 hours, not even after a restart, and does after', async () => {
    const service = startService();
    await service.rates();
    await service.refreshIfDue();
    expect(server.requests()).toBe(1);

    clock.advance(ratesRefreshIntervalMs - minuteMs);
    await service.rates();
    await service.refreshIfDue();
    const restarted = startService();
    await restarted.rates();
    await restarted.refreshIfDue();
    expect(server.requests()).toBe(1);

    const nextAsOf = new Date('2026-11-06T00:02:31Z');
    server.answerWith(respond.json(recordedReply({ asOf: nextAsOf })));
    clock.advance(minuteMs);
    await restarted.rates();
    await restarted.refreshIfDue();
    expect(server.requests()).toBe(2);
    expect((await restarted.rates()).as_of).toBe(nextAsOf.toISOString());
  });

  it('keeps the stored rates when a refresh fails, and retries an hour later, not sooner', async () => {
    const service = startService();
    await service.rates();
    await service.refreshIfDue();
    const before = await service.rates();

    server.answerWith(respond.status(500));
    clock.advance(ratesRefreshIntervalMs);
    await service.refreshIfDue();
    expect(await service.rates()).toEqual(before);
    const [failed] = await attempts();
    expect(failed).toMatchObject({ outcome: 'failed', detail: 'HTTP 500' });

    clock.advance(failedFetchRetryIntervalMs - minuteMs);
    await service.refreshIfDue();
    expect(server.requests()).toBe(2);

    server.answerWith(respond.text('{"result": "success", "rates": '));
    clock.advance(minuteMs);
    await service.refreshIfDue();
    expect(server.requests()).toBe(3);
    expect((await attempts())[0]).toMatchObject({ outcome: 'failed', detail: 'reply is not JSON' });
    expect(await service.rates()).toEqual(before);
  });

  it('stays on the bundled table when the service is down from the start', async () => {
    server.answerWith(respond.hang());
    const service = startService();
    await service.rates();
    await service.refreshIfDue();
    const reply = await service.rates();
    expect(reply.source).toBe('bundled');
    expect(reply.as_of).toBe(bundledRatesAsOf.toISOString());
    expect((await attempts())[0]).toMatchObject({ outcome: 'failed', detail: 'timed out' });
  });

  it('keeps the previous value of a code the live answer lacks', async () => {
    const { THB: _missing, ...withoutThb } = recordedReply().rates;
    server.answerWith(respond.json(recordedReply({ rates: withoutThb })));
    const service = startService();
    await service.rates();
    await service.refreshIfDue();
    const reply = await service.rates();
    expect(reply.source).toBe('live');
    expect(rateOf(reply, 'THB')).toBe(bundledRates.THB);
    expect(rateOf(reply, 'CNY')).toBe('7.123456789123');
  });

  it('counts an answer without any supported fiat as a failure', async () => {
    server.answerWith(respond.json(recordedReply({ rates: { USD: 1, XAU: 0.00025 } })));
    const service = startService();
    await service.rates();
    await service.refreshIfDue();
    expect((await service.rates()).source).toBe('bundled');
    expect((await attempts())[0]).toMatchObject({
      outcome: 'failed',
      detail: 'no supported fiat in the reply',
    });
  });

  it('abandons a fetch in flight on close and writes nothing', async () => {
    server.answerWith(respond.hang());
    const service = createFiatRatesService({
      db: database.db,
      clock,
      source: createFiatRateSource(server.url, { timeoutMs: 60_000 }),
    });
    await service.rates();
    const started = Date.now();
    await service.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await attempts()).toEqual([]);
  });
});
