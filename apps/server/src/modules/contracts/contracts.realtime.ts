/**
 * The contracts' push to their owners: after each commit that changes a user's position or
 * pending order (opened, filled, closed by the user or a trigger, cancelled, stops set, an
 * overnight fee), `contracts:position` and `wallet:changed` (the contract account's balance) go to
 * `user:<id>`, so the contract screens update without waiting for their next poll.
 */
import { type SocketServer, userRoom } from '../../platform/realtime/socket-server';
import { settlementCurrencyId } from './contracts.domain';
import type { ContractChange } from './contracts.service';

export function installContractsRealtime(
  io: SocketServer,
  contracts: { onChanged(listener: (change: ContractChange) => void): () => void },
): { stop(): void } {
  const rooms = io.of('/').adapter.rooms;
  const unsubscribe = contracts.onChanged((change) => {
    const room = userRoom(change.userId);
    // A user with no socket here is skipped before Socket.IO encodes anything.
    if (!rooms.has(room)) return;
    io.to(room).emit('contracts:position', { id: change.id.toString(), status: change.status });
    io.to(room).emit('wallet:changed', { currency_ids: [settlementCurrencyId] });
  });
  return {
    stop: () => {
      unsubscribe();
    },
  };
}
