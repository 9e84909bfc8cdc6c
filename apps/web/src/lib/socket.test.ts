import { beforeEach, describe, expect, it, vi } from 'vitest';
import { spotQueryKeys } from './market/spot-query-keys';
import { queryClient } from './query-client';

type Handler = (payload?: unknown) => void;
const handlers = new Map<string, Handler[]>();
const fakeSocket = {
  connected: true,
  on: (event: string, handler: Handler) => handlers.set(event, [...(handlers.get(event) ?? []), handler]),
  emit: vi.fn(),
  connect: vi.fn(),
  io: { on: vi.fn() },
};
const deliver = (event: string, payload?: unknown) => {
  for (const handler of handlers.get(event) ?? []) handler(payload);
};

vi.mock('socket.io-client', () => ({ io: () => fakeSocket }));
// The real client pulls in the UI kit (toasts); only its invalidation is watched here.
vi.mock('./query-client', () => ({ queryClient: { invalidateQueries: vi.fn(async () => undefined) } }));
vi.mock('./session', () => ({ restoreSession: vi.fn(), handleSessionEnded: vi.fn() }));

describe('the shared socket', () => {
  beforeEach(() => vi.mocked(queryClient.invalidateQueries).mockClear());

  it('listens to the user room before it connects, so the first auth:result re-reads the screens', async () => {
    const { startSocket } = await import('./socket');
    await startSocket();
    // What the server sends as soon as the connection opens, before any later task runs.
    deliver('connect');
    deliver('auth:result', { ok: true });
    expect(queryClient.invalidateQueries).toHaveBeenCalledWith({ queryKey: spotQueryKeys.userData });
  });
});
