import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('./toast', () => ({
  showToast: (text: string) => toasts.push(text),
  showLoadingToast: () => undefined,
  clearToast: () => undefined,
}));

const { ApiError, apiGet } = await import('./api-client');

const anything = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };

/**
 * A fetch whose 200 reply sends its headers and `firstChunk`, then the rest only when `finish` is
 * called; the body fails as a browser's does when the request's signal aborts, or when `drop` is.
 */
function slowReply(firstChunk: string) {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const encoder = new TextEncoder();
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        controller = stream;
        stream.enqueue(encoder.encode(firstChunk));
      },
    });
    init.signal?.addEventListener('abort', () => controller?.error(init.signal?.reason));
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    finish: (rest: string) => {
      controller?.enqueue(encoder.encode(rest));
      controller?.close();
    },
    drop: () => controller?.error(new TypeError('network error')),
  };
}

const bodyStarted = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the API transport while a reply body is still arriving', () => {
  beforeEach(() => {
    toasts.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('answers the message once the body is complete', async () => {
    const reply = slowReply('{"type":"ok",');
    const pending = apiGet('/menu', { schema: anything, empty: [] });
    await bodyStarted();
    reply.finish('"message":[1,2]}');
    expect(await pending).toEqual([1, 2]);
    expect(toasts).toEqual([]);
  });

  it('stays silent when the caller cancels mid-body (a query left behind by navigation)', async () => {
    slowReply('{"type":"ok","message":');
    const caller = new AbortController();
    const pending = apiGet('/menu', { schema: anything, empty: [], signal: caller.signal });
    await bodyStarted();
    caller.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([]);
  });

  it('calls a connection dropped mid-body a network failure, not a bad reply', async () => {
    const reply = slowReply('{"type":"ok","message":');
    const pending = apiGet('/menu', { schema: anything, empty: [] }).catch((caught: unknown) => caught);
    await bodyStarted();
    reply.drop();
    expect(await pending).toMatchObject({ kind: 'network' });
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).not.toMatch(/badReply|unexpected reply/i);
  });

  it('still calls a complete body that is not JSON a bad reply', async () => {
    const reply = slowReply('<html>');
    const pending = apiGet('/menu', { schema: anything, empty: [] }).catch((caught: unknown) => caught);
    await bodyStarted();
    reply.finish('</html>');
    expect(await pending).toMatchObject({ kind: 'bad-reply' });
    expect(toasts).toHaveLength(1);
  });
});
