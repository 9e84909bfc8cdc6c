/**
 * Spot fan-out over Socket.IO. `spot:subscribe {symbol}` puts a socket in the room `spot:<symbol>`
 * (one pair at a time); after commits, the pair's depth (20 levels) and its new trades are
 * conflated and flushed on a fixed 100 ms tick, one frame per room. A user's changed orders
 * (`spot:order`) and balances (`wallet:changed`) go to `user:<id>` after each commit.
 */
import { type SpotPublicTrade, spotDepthLevelsDefault, spotSubscribeSchema } from '@fairex/contract';
import { startFlushLoop } from '../../platform/realtime/flush-loop';
import { type SocketServer, userRoom } from '../../platform/realtime/socket-server';
import type { SpotBatchCommitted, SpotService } from './spot.service.types';

export const spotFlushIntervalMs = 100;
const roomPrefix = 'spot:';

export function spotRoom(symbol: string): string {
  return `${roomPrefix}${symbol.toUpperCase()}`;
}

export type SpotRealtime = { flush(): void; stop(): void };

export function installSpotRealtime(
  io: SocketServer,
  spot: Pick<SpotService, 'depth' | 'onCommitted'>,
  options: { readonly flushIntervalMs?: number } = {},
): SpotRealtime {
  const rooms = io.of('/').adapter.rooms;
  const dirtySymbols = new Set<string>();
  const pendingTrades = new Map<string, SpotPublicTrade[]>();

  io.on('connection', (socket) => {
    socket.on('spot:subscribe', (payload: unknown) => {
      try {
        const parsed = spotSubscribeSchema.safeParse(payload);
        if (!parsed.success) return;
        const wanted = parsed.data.symbol === null ? null : spotRoom(parsed.data.symbol);
        for (const room of socket.rooms) {
          if (room.startsWith(roomPrefix) && room !== wanted) void socket.leave(room);
        }
        if (wanted && !socket.rooms.has(wanted)) {
          void socket.join(wanted);
          // A new subscriber gets the book at once rather than at the next change.
          try {
            socket.emit('spot:depth', spot.depth(wanted.slice(roomPrefix.length), spotDepthLevelsDefault));
          } catch {
            // An unknown pair: the room stays silent.
          }
        }
      } catch {
        // A subscription never takes the server down.
      }
    });
  });

  const stopListening = spot.onCommitted((batch: SpotBatchCommitted) => {
    dirtySymbols.add(batch.symbol);
    if (batch.trades.length > 0) {
      const list = pendingTrades.get(batch.symbol) ?? [];
      list.push(...batch.trades);
      pendingTrades.set(batch.symbol, list);
    }
    // Private pushes are not conflated: each change of a user's order is news to its owner. A user
    // with no socket here is skipped before Socket.IO encodes anything for them.
    for (const order of batch.orders) {
      const { user_id: userId, ...view } = order;
      const room = userRoom(userId);
      if (rooms.has(room)) io.to(room).emit('spot:order', view);
    }
    for (const [userId, currencyIds] of batch.balanceChanges) {
      const room = userRoom(userId);
      if (rooms.has(room)) io.to(room).emit('wallet:changed', { currency_ids: [...currencyIds] });
    }
  });

  function flush(): void {
    for (const symbol of dirtySymbols) {
      const room = spotRoom(symbol);
      if (!rooms.has(room)) continue;
      io.to(room).emit('spot:depth', spot.depth(symbol, spotDepthLevelsDefault));
      const trades = pendingTrades.get(symbol);
      if (trades && trades.length > 0) io.to(room).emit('spot:trades', { symbol, trades });
    }
    dirtySymbols.clear();
    pendingTrades.clear();
  }

  return startFlushLoop(flush, options.flushIntervalMs ?? spotFlushIntervalMs, () => {
    stopListening();
    dirtySymbols.clear();
    pendingTrades.clear();
  });
}
