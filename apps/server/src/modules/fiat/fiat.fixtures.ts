import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../platform/clock';

/**
 * A local stand-in for the public rate service: a real HTTP server on 127.0.0.1 that the real
 * adapter talks to, answering as open.er-api.com does (or failing as told), and counting requests.
 */

export const recordedAsOf = new Date('2026-11-05T00:02:31Z');

/** Shaped like a recorded open.er-api.com reply, with a few awkward floats among the rates. */
export function recordedReply(overrides: { rates?: Record<string, number>; asOf?: Date } = {}) {
  const asOf = overrides.asOf ?? recordedAsOf;
  const updateUnix = Math.floor(asOf.getTime() / 1000);
  return {
    result: 'success',
    provider: 'https://www.exchangerate-api.com',
    documentation: 'https://www.exchangerate-api.com/docs/free',
    terms_of_use: 'https://www.exchangerate-api.com/terms',
    time_last_update_unix: updateUnix,
    time_last_update_utc: asOf.toUTCString(),
    time_next_update_unix: updateUnix + 86_400,
    time_next_update_utc: new Date((updateUnix + 86_400) * 1000).toUTCString(),
    time_eol_unix: 0,
    base_code: 'USD',
    rates: overrides.rates ?? {
      USD: 1,
      AED: 3.6725,
      ARS: 1452.25,
      AUD: 1.538712,
      BRL: 5.384521,
      CAD: 1.403321,
      CHF: 0.806215,
      CNY: 7.1234567891234,
      EUR: 0.1 + 0.2 + 0.56,
      GBP: 0.761934,
      HKD: 7.778812,
      IDR: 16645.123456,
      INR: 88.702114,
      JPY: 153.482199,
      KRW: 1437.55,
      MXN: 18.512377,
      PHP: 58.934501,
      SGD: 1.302245,
      THB: 32.518844,
      VND: 26312.5,
      ZWL: 26.8421,
    },
  };
}

type Respond = (request: IncomingMessage, response: ServerResponse) => void;

export const respond = {
  json:
    (body: unknown): Respond =>
    (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    },
  status:
    (statusCode: number): Respond =>
    (_request, response) => {
      response.writeHead(statusCode, { 'content-type': 'text/html' });
      response.end('<html><body>Internal Server Error</body></html>');
    },
  text:
    (text: string): Respond =>
    (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(text);
    },
  /** Accepts the request and never answers, until the server closes. */
  hang: (): Respond => () => undefined,
  after:
    (delayMs: number, then: Respond): Respond =>
    (request, response) => {
      setTimeout(() => then(request, response), delayMs);
    },
};

export type RateServer = {
  readonly url: string;
  /** How many requests have arrived so far. */
  requests(): number;
  answerWith(handler: Respond): void;
  close(): Promise<void>;
};

export async function startRateServer(initial: Respond = respond.json(recordedReply())): Promise<RateServer> {
  let handler = initial;
  let requestCount = 0;
  const server = createServer((request, response) => {
    requestCount += 1;
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v6/latest/USD`,
    requests: () => requestCount,
    answerWith(next) {
      handler = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/** A clock tests move by hand. */
export function manualClock(iso: string): Clock & { advance(ms: number): void; set(iso: string): void } {
  let current = new Date(iso);
  return {
    now: () => current,
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
    set(next) {
      current = new Date(next);
    },
  };
}
