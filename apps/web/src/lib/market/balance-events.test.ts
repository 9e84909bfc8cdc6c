import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../query-client';
import { listenForUserEvents } from './balance-events';
import { spotQueryKeys } from './spot-query-keys';

// The real client pulls in the UI kit (toasts); only its invalidation is watched here.
vi.mock('../query-client', () => ({ queryClient: { invalidateQueries: vi.fn(async () => undefined) } }));

type Handler = (payload: unknown) => void;

function fakeSocket() {
  const handlers = new Map<string, Handler>();
  const socket = { on: (event: string, handler: Handler) => handlers.set(event, handler) };
  listenForUserEvents(socket as unknown as Parameters<typeof listenForUserEvents>[0]);
  return (event: string, payload?: unknown) => handlers.get(event)?.(payload);
}

describe('the user room news', () => {
  beforeEach(() => vi.mocked(queryClient.invalidateQueries).mockClear());

  it('re-reads the user data once the socket joins the room, so an event sent before is not lost', () => {
    const invalidate = vi.mocked(queryClient.invalidateQueries);
    const emit = fakeSocket();
    emit('auth:result', { ok: false });
    expect(invalidate).not.toHaveBeenCalled();
    emit('auth:result', { ok: true });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: spotQueryKeys.userData });
  });

  it('re-reads the user data when staff decide a verification', () => {
    const invalidate = vi.mocked(queryClient.invalidateQueries);
    fakeSocket()('verification:changed');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: spotQueryKeys.userData });
  });
});
