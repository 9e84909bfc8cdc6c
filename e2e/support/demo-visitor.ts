/**
 * The demo outbox shows a browser only the codes it asked for (an HttpOnly `fairex_outbox`
 * cookie). An e2e run plays one visitor: every browser context and every fetch to the local test
 * server carries the same cookie, so a code a page asked for can be read from the test, and the
 * other way round.
 */
import { randomBytes } from 'node:crypto';

export const demoVisitorCookie = { name: 'fairex_outbox', value: randomBytes(32).toString('base64url') };

const localServer = /^http:\/\/(127\.0\.0\.1|localhost):\d+\//;
let installed = false;

/** Makes this process's fetches to a local server carry the visitor cookie (once). */
export function installDemoVisitor(): void {
  if (installed) return;
  installed = true;
  const send = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!localServer.test(url)) return send(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (!headers.has('cookie')) headers.set('cookie', `${demoVisitorCookie.name}=${demoVisitorCookie.value}`);
    return send(input, { ...init, headers });
  };
}
