import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectGarbageOften } from '../../test-support/garbage-collector';
import { type RateServer, recordedAsOf, recordedReply, respond, startRateServer } from './fiat.fixtures';
import { createFiatRateSource } from './fiat.http-source';

/** The timeout of the tests that wait for it to fire. */
const shortTimeoutMs = 200;
/** The timeout of the others: a loaded CI machine can take longer than 200 ms to answer locally. */
const answerTimeoutMs = 10_000;

describe('the HTTP rate source against a local rate service', () => {
  let server: RateServer;
  beforeEach(async () => {
    server = await startRateServer();
  });
  afterEach(async () => {
    await server.close();
  });

  function fetchRates(signal = new AbortController().signal, timeoutMs = answerTimeoutMs) {
    return createFiatRateSource(server.url, { timeoutMs }).fetchUsdRates(signal);
  }

  it('reads the rates as exact decimal strings with the service date', async () => {
    const quote = await fetchRates();
    expect(quote.asOf).toEqual(recordedAsOf);
    expect(quote.rates.USD).toBe('1');
    expect(quote.rates.CNY).toBe('7.123456789123');
    expect(quote.rates.EUR).toBe('0.86');
    expect(quote.rates.VND).toBe('26312.5');
    expect(quote.rates.ZWL).toBe('26.8421');
    expect(server.requests()).toBe(1);
  });

  it('skips rates that are not usable numbers', async () => {
    server.answerWith(respond.json(recordedReply({ rates: { USD: 1, CNY: 7.1, BAD: 0, NEG: -2 } })));
    expect((await fetchRates()).rates).toEqual({ USD: '1', CNY: '7.1' });
  });

  it('fails on an HTTP error', async () => {
    server.answerWith(respond.status(500));
    await expect(fetchRates()).rejects.toThrow('HTTP 500');
  });

  it('fails on malformed JSON', async () => {
    server.answerWith(respond.text('{"result":"success","rates":{"USD":1,'));
    await expect(fetchRates()).rejects.toThrow('reply is not JSON');
  });

  it('fails on JSON of another shape, or a service error', async () => {
    server.answerWith(respond.json({ result: 'error', 'error-type': 'unsupported-code' }));
    await expect(fetchRates()).rejects.toThrow('reply does not have the expected shape');
    server.answerWith(respond.json({ ...recordedReply(), base_code: 'EUR' }));
    await expect(fetchRates()).rejects.toThrow('reply does not have the expected shape');
  });

  it('gives up after its timeout', async () => {
    server.answerWith(respond.hang());
    const started = Date.now();
    await expect(fetchRates(undefined, shortTimeoutMs)).rejects.toThrow('timed out');
    expect(Date.now() - started).toBeLessThan(shortTimeoutMs * 10);
  });

  it('gives up after its timeout while the garbage collector runs (Node drops weakly held timeout signals)', async () => {
    server.answerWith(respond.hang());
    const collector = collectGarbageOften();
    try {
      const started = Date.now();
      await expect(fetchRates(undefined, shortTimeoutMs)).rejects.toThrow('timed out');
      expect(Date.now() - started).toBeLessThan(shortTimeoutMs * 10);
    } finally {
      collector.stop();
    }
  });

  it('stops when the caller aborts', async () => {
    server.answerWith(respond.hang());
    const controller = new AbortController();
    const pending = fetchRates(controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow('aborted');
  });

  it('refuses a reply far larger than any rate table', async () => {
    server.answerWith(
      respond.text(JSON.stringify({ ...recordedReply(), padding: 'x'.repeat(2 * 1024 * 1024) })),
    );
    await expect(fetchRates()).rejects.toThrow('reply too large');
  });

  it('fails when nothing listens', async () => {
    const url = server.url;
    await server.close();
    server = await startRateServer();
    await expect(
      createFiatRateSource(url, { timeoutMs: shortTimeoutMs }).fetchUsdRates(new AbortController().signal),
    ).rejects.toThrow(/unreachable|timed out/);
  });
});
